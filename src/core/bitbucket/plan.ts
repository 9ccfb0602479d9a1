/**
 * Pure: what a step reports on Bitbucket Cloud, and where, from the
 * settings and the pipeline's variables, decided before any request. A
 * step that waits for the verdict, or reports it later, writes a build
 * status per deployment and the step's Code Insights report on the
 * pipeline's commit: with a token (a repository access token), or in
 * Pipelines without one through Pipelines' authentication proxy. A token
 * given where the repository or the commit is unknown, an API that is not
 * https (http only to a loopback host), or a proxy that is not on this
 * machine is refused then, naming the fix.
 */
import type { Settings } from '../options/resolve.js'
import { InputError } from '../shared/errors.js'
import { isLoopback } from '../shared/name-rules.js'
import { ref, setting } from '../shared/option-refs.js'
import type { Secrets } from '../shared/redact.js'
import { linkOrigins, type LinkOrigins } from '../report/links.js'
import { sealOf, type Seal } from '../report/seal.js'
import { inBitbucketPipelines } from '../host/where.js'

type Env = Record<string, string | undefined>

/** How requests reach Bitbucket: with the token, or through Pipelines' proxy, which signs them. */
export type BitbucketAuth = { token: string } | { proxy: string }

/** What the Bitbucket reporter writes, and where. */
export interface BitbucketPlan {
  auth: BitbucketAuth
  /** Bitbucket's API (`bitbucket-api-url`); over http when the proxy signs the requests. */
  apiUrl: string
  workspace: string
  repoSlug: string
  /** The pipeline's commit (BITBUCKET_COMMIT): the statuses and the report are on it. */
  commit: string
  /** A build status per deployment: for a step that waits for the verdict, or reports it later. */
  statuses: boolean
  /** A step reported later: its report carries each deployment's facts, sealed under the API key, for the collect. */
  seal?: Seal | undefined
  /** The branch the pipeline runs on, as a status's refname. */
  refname?: string | undefined
  /** The pipeline's page, linked where a run has no page. */
  pipelineUrl?: string | undefined
  /** The step's place in a parallel group (BITBUCKET_PARALLEL_STEP), or none. */
  lane?: string | undefined
  secrets: Secrets
  /** Where a status or the report may link: the service's origin and Bitbucket's. */
  origins: LinkOrigins
}

/** Pure: the plan, or undefined when nothing is reported on Bitbucket. */
export function bitbucketPlanOf(
  settings: Settings,
  secrets: Secrets,
  env: Env
): BitbucketPlan | undefined {
  const token = settings.values.bitbucketToken
  const reportLater = settings.values.reportLater === true
  if (!settings.wait && !reportLater) return undefined
  if (!token && !inBitbucketPipelines(env)) return undefined
  const commit = env.BITBUCKET_COMMIT || settings.git.sha || ''
  const { workspace, repoSlug } = repositoryOf(env, commit)
  // A collect looks at open pull requests' commits: a branch's pipeline's statuses would stay in progress for good.
  if (reportLater && !env.BITBUCKET_PR_ID) refuseReportLaterOnBranch(commit)
  const auth: BitbucketAuth = token ? { token } : { proxy: proxyOf(settings) }
  return {
    auth,
    apiUrl: apiUrlOf(settings, 'proxy' in auth),
    workspace,
    repoSlug,
    commit,
    statuses: true,
    ...(reportLater ? { seal: sealOf(settings.apiKey) } : {}),
    refname: env.BITBUCKET_BRANCH || undefined,
    pipelineUrl: pipelineUrlOf(env),
    lane: laneOf(env),
    secrets,
    origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org')
  }
}

/**
 * Pure: the workspace and repository the pipeline's variables name, checked
 * before any request: Bitbucket's own variables, all set, and the commit.
 */
export function repositoryOf(env: Env, commit: string): { workspace: string; repoSlug: string } {
  const [owner, slug] = (env.BITBUCKET_REPO_FULL_NAME ?? '').split('/')
  const workspace = env.BITBUCKET_WORKSPACE || owner || ''
  const repoSlug = env.BITBUCKET_REPO_SLUG || slug || ''
  const missing = [
    ...(workspace ? [] : ['BITBUCKET_WORKSPACE']),
    ...(repoSlug ? [] : ['BITBUCKET_REPO_SLUG']),
    ...(commit ? [] : ['BITBUCKET_COMMIT'])
  ]
  if (missing.length > 0)
    throw new InputError(
      'bitbucketToken',
      `is given, or the step runs in Bitbucket Pipelines, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set: Bitbucket's own variables say where the statuses and the report are written`,
      `Run the step in Bitbucket Pipelines, which sets them, or set them (BITBUCKET_WORKSPACE, BITBUCKET_REPO_SLUG, BITBUCKET_COMMIT) where the CLI runs elsewhere; or leave ${ref('bitbucketToken')} out`
    )
  return { workspace, repoSlug }
}

/** Pure: the API's address, https (http only to a loopback host); through the proxy, the same address over http. */
export function apiUrlOf(settings: Settings, proxied: boolean): string {
  const given = String(settings.values.bitbucketApiUrl ?? 'https://api.bitbucket.org/2.0')
  const url = parsed(given)
  const local = url?.protocol === 'http:' && isLoopback(url.hostname)
  if (
    !url ||
    (url.protocol !== 'https:' && !local) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  )
    throw new InputError(
      'bitbucketApiUrl',
      `is ${JSON.stringify(given.slice(0, 200))}, not an https address of Bitbucket's API`,
      `Give https://api.bitbucket.org/2.0 (the default), or a stand-in's address on this machine over http`
    )
  const address = `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  // The proxy signs what it reads: it takes the API's address over plain http, and talks TLS to Bitbucket itself.
  return proxied && url.protocol === 'https:' ? address.replace(/^https:/, 'http:') : address
}

/** Pure: the proxy's address: a loopback host over http (the proxy is Pipelines' own, beside the step). */
function proxyOf(settings: Settings): string {
  const given = String(settings.values.bitbucketProxy ?? 'http://localhost:29418')
  const url = parsed(given)
  if (
    !url ||
    url.protocol !== 'http:' ||
    !isLoopback(url.hostname) ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search
  )
    throw new InputError(
      'bitbucketProxy',
      `is ${JSON.stringify(given.slice(0, 200))}, not the http address of a proxy on this machine (no path, no credentials)`,
      `Leave it out for Pipelines' own (http://localhost:29418), or give ${ref('bitbucketToken')}: ${setting('bitbucketToken', '$BITBUCKET_ACCESS_TOKEN')}`
    )
  return url.origin
}

function refuseReportLaterOnBranch(commit: string): never {
  throw new InputError(
    'reportLater',
    `is true on Bitbucket in a pipeline of no pull request (commit ${commit.slice(0, 12)}, no BITBUCKET_PR_ID): a collect on Bitbucket finds a deployment on an open pull request's commit, so this one's status would stay in progress for good`,
    `Use ${ref('reportLater')} in the pull-requests pipelines of bitbucket-pipelines.yml, or set ${setting('wait', 'true')} to hold the step for the verdict`
  )
}

/** Pure: the step's place in a parallel group, by Bitbucket's own variable, or none. */
export function laneOf(env: Env): string | undefined {
  const lane = env.BITBUCKET_PARALLEL_STEP
  return lane && /^\d{1,3}$/.test(lane) ? lane : undefined
}

/** Pure: the pipeline's page, from Bitbucket's variables, or none. */
function pipelineUrlOf(env: Env): string | undefined {
  const origin = env.BITBUCKET_GIT_HTTP_ORIGIN
  const build = env.BITBUCKET_BUILD_NUMBER
  if (!origin || !build || !/^\d{1,12}$/.test(build)) return undefined
  const url = parsed(origin)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/pipelines/results/${build}`
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
