import type { Repository } from './git-context.js'
import { ref } from './option-refs.js'

/** What the naming convention of the service needs to build a destination. */
export interface NamingParts {
  prefix: string
  environment?: string | undefined
  /** The artifact's extension, e.g. `.apk`. */
  extension: string
  /** The pull request's number, or a GitLab merge request's. */
  pullRequestNumber?: number | undefined
  repository?: Repository | undefined
}

/**
 * The destination by the service's naming convention (service spec 2.1):
 * `<prefix>-<environment><ext>` for a static environment, else
 * `<prefix>-<owner>-<repo>-pr<number><ext>` for a pull request (a GitLab
 * namespace stands for the owner, its slashes as hyphens). Returns the reason
 * when neither can be built.
 */
export function conventionalDestination(
  parts: NamingParts
): { destination: string } | { problem: string } {
  const ext = parts.extension.toLowerCase()
  if (parts.environment) return { destination: `${parts.prefix}-${parts.environment}${ext}` }
  if (parts.pullRequestNumber === undefined) {
    return {
      problem: `needs either an environment or a pull request: set ${ref('environment')} for a static environment, or run for a pull request (or set ${ref('pullRequestNumber')})`
    }
  }
  if (!parts.repository) {
    return {
      problem:
        'needs the repository for a pull-request name, and none is known (GITHUB_REPOSITORY on GitHub, the CI variables elsewhere)'
    }
  }
  const owner =
    'owner' in parts.repository
      ? parts.repository.owner
      : parts.repository.namespace.replace(/\//g, '-')
  return {
    destination: `${parts.prefix}-${owner}-${parts.repository.name}-pr${parts.pullRequestNumber}${ext}`
  }
}
