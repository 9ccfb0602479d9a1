import { laterHostOf } from '../host/where.js'
import type { Settings } from '../options/resolve.js'
import { repositoryOfSlug } from '../ci/github.js'
import { InputError } from '../shared/errors.js'
import { ref, setting } from '../shared/option-refs.js'
import type { Secrets } from '../shared/redact.js'
import type { FrontEnd } from '../shared/version.js'
import type { Repo } from './client.js'
import { linkOrigins, type LinkOrigins } from '../report/links.js'
import { sealOf, type Seal } from '../report/seal.js'
import { withoutTrailingSlashes } from '../shared/text.js'

type Env = Record<string, string | undefined>

/** What the step reports where reviewers look, and where. */
export interface ReportingPlan {
  token: string
  /** A check run on the commit for each deployment: for a step that waits for the verdict, or leaves it to a collect. */
  check: boolean
  /** The verdict is left to a collect: the check run is the only way it reaches the pull request, so not writing it fails the step. */
  reportLater: boolean
  /** The pull request to keep one comment on; none outside a pull request. */
  pullRequest?: number | undefined
  repo: Repo
  /** The commit the checks are on: the pull request's head, never the merge commit. */
  sha?: string | undefined
  /** GitHub's API, GITHUB_API_URL (GitHub Enterprise Server included). */
  apiUrl: string
  /** This workflow run's page, linked from the check and the comment. */
  workflowRunUrl?: string | undefined
  /** This workflow run's id (GITHUB_RUN_ID): a check run of another deployment of the same run tells a collision. */
  workflowRunId?: string | undefined
  /** The deploy's one redaction, told every secret the deploy registers: every field written to GitHub goes through it. */
  secrets: Secrets
  /** Where a check run or a comment may link: the service's origin and GitHub's server (report/links.ts). */
  origins: LinkOrigins
  /** The seal, under the API key, of the facts a check run reported later carries (report/seal.ts). */
  seal: Seal
}

/** GitHub's API: GITHUB_API_URL (GitHub Enterprise Server included), else api.github.com. */
export function apiUrlOf(env: Env): string {
  return withoutTrailingSlashes(env.GITHUB_API_URL || 'https://api.github.com')
}

/** This workflow run's page, when the step runs in one. */
export function workflowRunUrlOf(env: Env): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: id } = env
  return repository && id
    ? `${withoutTrailingSlashes(server || 'https://github.com')}/${repository}/actions/runs/${id}`
    : undefined
}

/** The repository the check runs are on: the option given, else the workflow's; undefined when neither names one. */
export function githubRepoOf(settings: Settings, env: Env): Repo | undefined {
  const slug = settings.values.githubRepository ?? env.GITHUB_REPOSITORY
  const repo = repositoryOfSlug(slug)
  if (slug && settings.values.githubRepository && !(repo && 'owner' in repo))
    throw new InputError(
      'githubRepository',
      'is not owner/name',
      'Give the GitHub repository as owner/name, e.g. octo-org/octo-app'
    )
  return repo && 'owner' in repo ? { owner: repo.owner, repo: repo.name } : undefined
}

/**
 * Pure: what a deploy reports on GitHub. The action keeps a check run while
 * it waits (or, with report-later, until a collect completes it) and a
 * comment on the pull request; the CLI and the library only with
 * report-later. Report-later leaves the verdict to a check run a scheduled
 * collect completes, so it is refused before any request, in every front
 * end, where that check run cannot be written: no check (`check: false`),
 * no token, no repository, no commit (unless GitLab keeps it: a GitLab
 * token given). Undefined when nothing is reported.
 */
export function reportingPlanOf(
  frontEnd: FrontEnd,
  settings: Settings,
  secrets: Secrets,
  env: Env
): ReportingPlan | undefined {
  if (frontEnd !== 'action' && !settings.values.reportLater) return undefined
  const repo = githubRepoOf(settings, env)
  // A GitLab or Bitbucket step reported later keeps its verdict there (its plan decides); GitHub's is then only beside it.
  if (settings.values.reportLater && laterHostOf(settings.values, env) === 'github')
    refuseUnreportable(frontEnd, settings, repo)
  if (!settings.values.githubToken || !repo) return undefined
  const reportLater = settings.values.reportLater === true
  const check = settings.check && (settings.wait || reportLater)
  const pullRequest = settings.prComment ? settings.git.pullRequestNumber : undefined
  if (!check && pullRequest === undefined) return undefined
  return {
    token: settings.values.githubToken,
    check,
    reportLater,
    pullRequest,
    repo,
    sha: settings.git.sha,
    apiUrl: apiUrlOf(env),
    workflowRunUrl: workflowRunUrlOf(env),
    workflowRunId: env.GITHUB_RUN_ID || undefined,
    secrets,
    origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
    seal: sealOf(settings.apiKey)
  }
}

/** Report-later where its verdict could never arrive: bad usage, naming what is missing and the fix. */
function refuseUnreportable(frontEnd: FrontEnd, settings: Settings, repo: Repo | undefined): void {
  const instead = `or leave ${setting('reportLater', 'true')} out (${setting('wait', 'true')} holds the job for the verdict instead)`
  if (!settings.check)
    throw new InputError(
      'check',
      `is false, and ${setting('reportLater', 'true')} leaves the verdict to the check run a scheduled collect completes: nothing would ever bring it`,
      `Keep ${setting('check', 'true')} with report-later, ${instead}`
    )
  const token =
    frontEnd === 'action'
      ? `the workflow's token with permissions: checks: write`
      : "a token that may write checks: a GitHub App's, or the workflow's GITHUB_TOKEN"
  if (!settings.values.githubToken)
    throw new InputError(
      'githubToken',
      `is empty, and ${ref('reportLater')} writes the check run with it`,
      `Give ${ref('githubToken')} (${token}), ${instead}`
    )
  if (!repo)
    throw new InputError(
      'githubRepository',
      `is empty, and ${ref('reportLater')} writes the check run there`,
      frontEnd === 'action'
        ? `Run the step in a GitHub workflow (GITHUB_REPOSITORY names the repository), ${instead}`
        : `Give ${ref('githubRepository')} as owner/name, ${instead}`
    )
  if (!settings.git.sha)
    throw new InputError(
      'sha',
      `is unknown, and ${ref('reportLater')} writes the check run on that commit`,
      `Pass ${ref('sha')}, ${instead}`
    )
}
