import nodePath from 'node:path'
import type { Repository } from './git.js'
import type { Words } from './words.js'

/** The service's file types, lower case with the dot (service spec 2.1). */
export const ACCEPTED_EXTENSIONS = ['.apk', '.aab', '.deb', '.ipa', '.zip', '.csv', '.pdf'] as const

const MAX_PATH_LENGTH = 1024

// C0 controls, DEL and C1 controls: never valid in a name, a path or a header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value)
}

/** The accepted extension `name` ends with (lower case), or undefined. */
export function acceptedExtension(name: string): string | undefined {
  const lower = name.toLowerCase()
  return ACCEPTED_EXTENSIONS.find(ext => lower.endsWith(ext) && lower.length > ext.length)
}

/**
 * Why `path` cannot be a destination in the workspace's storage, or undefined when it can.
 * The reason is phrased to follow "is not a valid destination: ".
 */
export function destinationProblem(path: string): string | undefined {
  if (path.length === 0) return 'it is empty'
  if (path.length > MAX_PATH_LENGTH) return `it is longer than ${MAX_PATH_LENGTH} characters`
  if (hasControlCharacter(path)) return 'it contains a control character'
  if (path.includes('\\')) return 'it contains a backslash; separate directories with /'
  if (path.startsWith('/')) return 'it starts with /; give a path relative to the storage root'
  const segments = path.split('/')
  if (segments.some(s => s === '..')) return 'it contains a .. segment'
  if (segments.some(s => s === '' || s === '.')) return 'it contains an empty or . segment'
  if (segments.some(s => s.trim() !== s)) return 'a segment starts or ends with white space'
  if (!acceptedExtension(segments[segments.length - 1] ?? '')) {
    return `it does not end with a file name and one of ${ACCEPTED_EXTENSIONS.join(' ')}`
  }
  return undefined
}

/** What the naming convention of the service needs to build a destination. */
export interface NamingParts {
  prefix: string
  environment: string
  /** The artifact's extension, e.g. `.apk`. */
  extension: string
  /** The pull request's number, or a GitLab merge request's. */
  pullRequestNumber?: number
  repository?: Repository
}

/**
 * The destination by the service's naming convention (service spec 2.1):
 * `<prefix>-<environment><ext>` for a static environment, else
 * `<prefix>-<owner>-<repo>-pr<number><ext>` for a pull request (a GitLab
 * namespace stands for the owner, its slashes as hyphens). Returns the reason,
 * in the front end's words, when neither can be built.
 */
export function conventionalDestination(
  parts: NamingParts,
  words: Words
): { destination: string } | { problem: string } {
  const ext = parts.extension.toLowerCase()
  if (parts.environment) return { destination: `${parts.prefix}-${parts.environment}${ext}` }
  if (parts.pullRequestNumber === undefined) {
    return {
      problem: `needs either an environment or a pull request: set ${words.name('environment')} for a static environment, or run for a pull request (or set ${words.name('pullRequestNumber')})`
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

/**
 * A local file's own name, by the rules of the machine it is on (a Windows
 * runner separates folders with \\ as well as /). `paths` is there for tests.
 */
export function fileName(
  path: string,
  paths: Pick<typeof nodePath, 'basename'> = nodePath
): string {
  return paths.basename(path)
}
