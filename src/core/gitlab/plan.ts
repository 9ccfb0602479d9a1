/**
 * Pure: what a step reports on GitLab, and where, from the settings and the
 * pipeline's variables, decided before any request. A token given outside a
 * pipeline that tells where it runs, or an API that is not https (http only
 * to a loopback host), is refused then, naming the fix: a report target
 * refused while it prepares never writes at the step's end.
 */
import type { Settings } from '../options/resolve.js'
import { InputError } from '../shared/errors.js'
import { missingTokenWords } from './errors.js'
import { isLoopback } from '../shared/name-rules.js'
import { ref } from '../shared/option-refs.js'
import type { Secrets } from '../shared/redact.js'
import { withoutTrailingSlashes } from '../shared/text.js'
import { linkOrigins, type LinkOrigins } from '../report/links.js'
import { sealOf, type Seal } from '../report/seal.js'
import { setting } from '../shared/option-refs.js'

type Env = Record<string, string | undefined>

/** What the GitLab reporter writes, and where. */
export interface GitLabPlan {
  token: string
  /** GitLab's API (CI_API_V4_URL); the token goes nowhere else. */
  apiUrl: string
  /** The project (CI_PROJECT_ID). */
  project: string
  /** The pipeline's commit (CI_COMMIT_SHA): the statuses join its pipeline. */
  sha: string
  /** A commit status per deployment: for a step that waits for the verdict, or reports it later. */
  statuses: boolean
  /** A step reported later: its note carries each deployment's facts, sealed under the API key, for the collect. */
  seal?: Seal | undefined
  /** The merge request (CI_MERGE_REQUEST_IID; on a branch, CI_OPEN_MERGE_REQUESTS's of this project) whose one note the step writes; none else. */
  mergeRequest?: number | undefined
  /** The pipeline's page (CI_PIPELINE_URL), linked where a run has no page. */
  pipelineUrl?: string | undefined
  pipelineId?: number | undefined
  ref?: string | undefined
  secrets: Secrets
  /** Where a status or the note may link: the service's origin and GitLab's server. */
  origins: LinkOrigins
}

/** Pure: the plan, or undefined when no GitLab token is given. */
export function gitlabPlanOf(
  settings: Settings,
  secrets: Secrets,
  env: Env
): GitLabPlan | undefined {
  const token = settings.values.gitlabToken
  if (!token) {
    // In a GitLab pipeline, report-later's verdict can only arrive on GitLab (github/plan.ts leaves it here).
    if (settings.values.reportLater && env.GITLAB_CI === 'true' && !settings.values.githubToken)
      throw new InputError(
        'gitlabToken',
        `is empty, and ${ref('reportLater')} in a GitLab pipeline leaves each deployment's status running for a collect to complete with it`,
        `${missingTokenWords(env)}; or set ${setting('wait', 'true')} to hold the job for the verdict`
      )
    return undefined
  }
  const sha = env.CI_COMMIT_SHA || settings.git.sha || ''
  const { apiUrl, project } = gitlabProjectOf(env, sha ? [] : ['CI_COMMIT_SHA'])
  const pipelineId = idOf(env.CI_PIPELINE_ID)
  // A wait-only step's settings carry no Git context: the pipeline's own variable names its merge request.
  const mergeRequest =
    settings.git.mergeRequestNumber ?? idOf(env.CI_MERGE_REQUEST_IID) ?? openMergeRequestOf(env)
  const reportLater = settings.values.reportLater === true
  if (reportLater && mergeRequest === undefined) refuseReportLaterOnBranch(sha)
  return {
    token,
    apiUrl,
    project,
    sha,
    statuses: settings.wait || reportLater,
    ...(reportLater ? { seal: sealOf(settings.apiKey) } : {}),
    mergeRequest,
    pipelineUrl: env.CI_PIPELINE_URL || undefined,
    ...(pipelineId !== undefined ? { pipelineId } : {}),
    ref: env.CI_COMMIT_REF_NAME || undefined,
    secrets,
    origins: linkOrigins(settings.baseUrl, env.CI_SERVER_URL || originOf(apiUrl))
  }
}

/**
 * Pure: GitLab's API and the project a pipeline's variables name, checked
 * before any request: all set (`also` names more that must be), the API
 * https (http only to this machine).
 */
export function gitlabProjectOf(
  env: Env,
  also: readonly string[] = []
): { apiUrl: string; project: string } {
  const apiUrl = withoutTrailingSlashes(env.CI_API_V4_URL ?? '')
  const project = env.CI_PROJECT_ID ?? ''
  if (!apiUrl || !project || also.length > 0)
    throw new InputError(
      'gitlabToken',
      `is given outside a GitLab pipeline: ${[['CI_API_V4_URL', 'CI_PROJECT_ID', ...also].slice(0, -1).join(', '), also[0] ?? 'CI_PROJECT_ID'].join(' and ')} say where it writes, and they are not all set`,
      `Use ${ref('gitlabToken')} in a GitLab CI/CD job, or leave it out`
    )
  refuseUnsafeApi(apiUrl)
  return { apiUrl, project }
}

/**
 * A collect finds what a step left for it in the step's note on its merge
 * request: a branch's pipeline with no open merge request has none, so its
 * statuses would stay running and hold the pipeline for good.
 */
function refuseReportLaterOnBranch(sha: string): never {
  throw new InputError(
    'reportLater',
    `is true with ${ref('gitlabToken')} in a pipeline of no merge request (commit ${sha.slice(0, 12)}): a collect on GitLab finds a deployment by the facts in its merge request's note, so this one's status would stay running and hold the pipeline for good`,
    `Use ${ref('reportLater')} in merge-request pipelines (rules: if: $CI_PIPELINE_SOURCE == "merge_request_event"), or set ${setting('wait', 'true')} to hold the job for the verdict`
  )
}

/** The token is sent only over https, or to a loopback host over http (a stand-in on this machine). */
function refuseUnsafeApi(apiUrl: string): void {
  let url: URL | undefined
  try {
    url = new URL(apiUrl)
  } catch {
    url = undefined
  }
  const safe = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopback(url.hostname))
  if (!safe)
    throw new InputError(
      'gitlabToken',
      `would be sent to CI_API_V4_URL ${JSON.stringify(apiUrl)}, which is not https`,
      'Run the job on a GitLab instance served over https (CI_API_V4_URL is GitLab’s own variable), or leave the token out'
    )
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Pure: in a branch's pipeline, the merge request this branch is the source
 * of, by GitLab's CI_OPEN_MERGE_REQUESTS (`group/project!iid`, up to four,
 * comma-separated): the first of this very project (CI_PROJECT_PATH), so
 * that a branch's pipeline shows its verdict on the merge request too.
 */
export function openMergeRequestOf(env: Env): number | undefined {
  const project = env.CI_PROJECT_PATH
  if (!project) return undefined
  for (const reference of (env.CI_OPEN_MERGE_REQUESTS ?? '').split(',')) {
    const bang = reference.lastIndexOf('!')
    if (bang > 0 && reference.slice(0, bang).trim() === project)
      return idOf(reference.slice(bang + 1).trim())
  }
  return undefined
}

/** Pure: an id the pipeline's variables give (a merge request's iid, the pipeline's), when it is one: digits only. */
function idOf(value: string | undefined): number | undefined {
  const number = Number(value)
  return value && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(number) ? number : undefined
}
