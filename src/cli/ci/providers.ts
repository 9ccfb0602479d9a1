import {
  asObject,
  githubContext,
  messageOf,
  repositoryOfSlug,
  type CiContext,
  type GitContext,
  type GitHubContext,
  type JsonObject
} from '../../core/index.js'
import { commitUrlOfClone, hostingOf, repositoryOfUrl } from './repository.js'

/** The environment a CI gives the job; passed in, so that each provider is tested alone. */
export type Env = Record<string, string | undefined>

/** What a provider found: the CI's context for the deploy, and notes worth a line in the log. */
export interface Found extends CiContext {
  notes: string[]
}

/** One CI: how to know it is running, and the Git context it gives (undefined for what it does not say). */
export interface Provider {
  name: string
  detect(env: Env): boolean
  context(env: Env, readFile: (path: string) => string): Found
}

/** A provider whose context is its variables alone. */
function byVariables(
  name: string,
  detect: (env: Env) => boolean,
  context: (env: Env) => GitContext
): Provider {
  return { name, detect, context: env => ({ git: context(env), notes: [] }) }
}

/**
 * The CIs whose variables are read, first match wins. Variable names checked
 * against each CI's documentation, with env-ci, ci-info and danger-js as
 * references; where those get a CI wrong (GitLab's merge request number, the
 * branch of a CircleCI pull request, Bitrise's repository) the CI's own
 * documentation decides.
 */
export const PROVIDERS: Provider[] = [
  byVariables(
    'GitLab CI',
    env => env.GITLAB_CI === 'true',
    env => {
      // In a merge request pipeline the source branch and its head, never the merged result.
      const sha = env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA || env.CI_COMMIT_SHA
      return {
        branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_BRANCH,
        sha,
        // The project-scoped number (IID), not the instance-wide id.
        mergeRequestNumber: number(env.CI_MERGE_REQUEST_IID),
        repository:
          env.CI_PROJECT_NAMESPACE && env.CI_PROJECT_NAME
            ? { namespace: env.CI_PROJECT_NAMESPACE, name: env.CI_PROJECT_NAME }
            : undefined,
        commitUrl: env.CI_PROJECT_URL && sha ? `${env.CI_PROJECT_URL}/-/commit/${sha}` : undefined,
        hostingService: 'GitLab'
      }
    }
  ),
  {
    // The action's own derivation, from the event the runner describes: a pull request's head, never its merge commit.
    name: 'GitHub Actions',
    detect: env => env.GITHUB_ACTIONS === 'true',
    context: (env, readFile) => {
      const { payload, note } = eventOf(env, readFile)
      const found: GitHubContext = githubContext(env.GITHUB_EVENT_NAME ?? '', payload, env)
      return { ...found, notes: note ? [note, ...found.notes] : found.notes }
    }
  },
  byVariables(
    'Bitrise',
    env => env.BITRISE_IO === 'true' || env.BITRISE_BUILD_NUMBER !== undefined,
    env => {
      const sha = env.BITRISE_GIT_COMMIT || env.GIT_CLONE_COMMIT_HASH
      // BITRISE_APP_SLUG names the Bitrise app, not the repository: the clone URL does.
      return fromUrl(env.GIT_REPOSITORY_URL, sha, {
        branch: env.BITRISE_GIT_BRANCH,
        pullRequestNumber: number(env.BITRISE_PULL_REQUEST)
      })
    }
  ),
  byVariables(
    'CircleCI',
    env => env.CIRCLECI === 'true',
    env =>
      fromUrl(env.CIRCLE_REPOSITORY_URL, env.CIRCLE_SHA1, {
        // CIRCLE_BRANCH is the pull request's head branch too.
        branch: env.CIRCLE_BRANCH,
        pullRequestNumber:
          number(env.CIRCLE_PR_NUMBER) ??
          number(/\/(\d+)$/.exec(env.CIRCLE_PULL_REQUEST ?? '')?.[1]),
        repository:
          env.CIRCLE_PROJECT_USERNAME && env.CIRCLE_PROJECT_REPONAME
            ? { owner: env.CIRCLE_PROJECT_USERNAME, name: env.CIRCLE_PROJECT_REPONAME }
            : undefined
      })
  ),
  byVariables(
    'Jenkins',
    env => env.JENKINS_URL !== undefined,
    env =>
      fromUrl(env.GIT_URL, env.GIT_COMMIT, {
        // A multibranch pull request job names its source in CHANGE_BRANCH.
        branch: env.CHANGE_BRANCH || env.BRANCH_NAME || env.GIT_BRANCH?.replace(/^origin\//, ''),
        pullRequestNumber: number(env.CHANGE_ID)
      })
  ),
  byVariables(
    'Azure Pipelines',
    env => env.TF_BUILD?.toLowerCase() === 'true',
    env => {
      const provider = env.BUILD_REPOSITORY_PROVIDER
      return {
        ...fromUrl(env.BUILD_REPOSITORY_URI, env.BUILD_SOURCEVERSION, {}),
        branch: branchOfRef(env.SYSTEM_PULLREQUEST_SOURCEBRANCH || env.BUILD_SOURCEBRANCH),
        pullRequestNumber:
          number(env.SYSTEM_PULLREQUEST_PULLREQUESTNUMBER) ??
          number(env.SYSTEM_PULLREQUEST_PULLREQUESTID),
        repository:
          provider === 'GitHub'
            ? repositoryOfSlug(env.BUILD_REPOSITORY_NAME)
            : repositoryOfUrl(env.BUILD_REPOSITORY_URI),
        hostingService:
          provider === 'GitHub'
            ? 'GitHub'
            : provider === 'Bitbucket'
              ? 'Bitbucket'
              : provider === 'TfsGit'
                ? 'Azure Repos'
                : undefined
      }
    }
  ),
  byVariables(
    'Buildkite',
    env => env.BUILDKITE === 'true',
    env =>
      fromUrl(env.BUILDKITE_REPO, env.BUILDKITE_COMMIT, {
        branch: env.BUILDKITE_BRANCH,
        // "false" when the build is not for a pull request.
        pullRequestNumber: number(env.BUILDKITE_PULL_REQUEST)
      })
  ),
  byVariables(
    'Codemagic',
    env => env.CM_BUILD_ID !== undefined,
    env => ({
      branch: env.CM_BRANCH,
      sha: env.CM_COMMIT,
      // CM_PULL_REQUEST is the string "true" only for a pull request build.
      pullRequestNumber:
        env.CM_PULL_REQUEST === 'true' ? number(env.CM_PULL_REQUEST_NUMBER) : undefined,
      repository: repositoryOfSlug(env.CM_REPO_SLUG)
    })
  ),
  byVariables(
    'Xcode Cloud',
    // CI_* names are generic; CI_XCODEBUILD_ACTION is set in every Xcode Cloud build.
    env => env.CI_XCODEBUILD_ACTION !== undefined && env.GITLAB_CI === undefined,
    env => ({
      branch: env.CI_PULL_REQUEST_SOURCE_BRANCH || env.CI_BRANCH,
      sha: env.CI_PULL_REQUEST_SOURCE_COMMIT || env.CI_COMMIT,
      pullRequestNumber: number(env.CI_PULL_REQUEST_NUMBER),
      repository: repositoryOfSlug(env.CI_PULL_REQUEST_SOURCE_REPO)
    })
  ),
  byVariables(
    'Bitbucket Pipelines',
    env => env.BITBUCKET_BUILD_NUMBER !== undefined,
    env => ({
      branch: env.BITBUCKET_BRANCH,
      sha: env.BITBUCKET_COMMIT,
      pullRequestNumber: number(env.BITBUCKET_PR_ID),
      repository: repositoryOfSlug(env.BITBUCKET_REPO_FULL_NAME),
      commitUrl:
        env.BITBUCKET_GIT_HTTP_ORIGIN && env.BITBUCKET_COMMIT
          ? `${env.BITBUCKET_GIT_HTTP_ORIGIN}/commits/${env.BITBUCKET_COMMIT}`
          : undefined,
      hostingService: 'Bitbucket'
    })
  )
]

/** The CI this job runs on, by its variables; undefined outside a known CI. */
export function detectProvider(env: Env): Provider | undefined {
  return PROVIDERS.find(provider => provider.detect(env))
}

/** Repository, commit URL and host from a clone URL, under the given fields. */
function fromUrl(url: string | undefined, sha: string | undefined, fields: GitContext): GitContext {
  return {
    sha,
    repository: repositoryOfUrl(url),
    commitUrl: commitUrlOfClone(url, sha),
    hostingService: hostingOf(url),
    ...withoutUndefined(fields)
  }
}

function withoutUndefined(fields: GitContext): GitContext {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as GitContext
}

/** A branch from a ref: `refs/heads/x` or `x`; a tag is no branch. */
function branchOfRef(ref: string | undefined): string | undefined {
  if (!ref || ref.startsWith('refs/tags/')) return undefined
  return ref.replace(/^refs\/heads\//, '')
}

/** A positive whole number from a variable; anything else ("false", "", "12a") is none. */
function number(value: string | undefined): number | undefined {
  const n = /^\d+$/.test(value ?? '') ? Number(value) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** The event payload GITHUB_EVENT_PATH names; unreadable means empty, with a note. */
function eventOf(
  env: Env,
  readFile: (path: string) => string
): { payload: JsonObject; note?: string } {
  const path = env.GITHUB_EVENT_PATH
  if (!path) return { payload: {} }
  try {
    return { payload: asObject(JSON.parse(readFile(path))) }
  } catch (error) {
    return {
      payload: {},
      note: `The workflow's event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    }
  }
}
