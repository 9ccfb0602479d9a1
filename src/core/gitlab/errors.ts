/**
 * What GitLab's answers mean to the client, in the one retry rule's terms:
 * a refusal of the token (told with the token to make), a rate limit worth
 * waiting for, a status being updated at that moment (409, worth another
 * attempt), a redirect never followed, and an answer that is not GitLab's.
 */
import { collectFailure } from '../github/errors.js'
import { messageOf } from '../shared/errors.js'
import { foreignWhat } from '../transport/foreign.js'
import { HttpStatusError } from '../shared/errors.js'
import { DeployError } from '../shared/errors.js'
import { formatMinutes } from '../shared/format.js'
import { bounded } from '../shared/text.js'
import { MAX_RETRY_DELAY_MS, parseRetryAfter } from '../transport/retry.js'

/** A GitLab answer the client cannot use: its status and GitLab's words. */
export class GitLabError extends DeployError {
  override name = 'GitLabError'

  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

/** Which token a GitLab step needs, and where it is kept: said wherever GitLab refuses one. */
export const TOKEN_WORDS =
  'The step needs a project (or group) access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN (protected only where every branch whose pipelines report is protected: GitLab gives a protected variable to protected refs only); CI_JOB_TOKEN cannot write commit statuses or merge-request notes'

/** Pure: why a pipeline has no GITLAB_TOKEN, where GitLab's variables tell: a protected variable withheld from an unprotected ref. */
export function missingTokenWords(env: Record<string, string | undefined>): string {
  return env.CI_COMMIT_REF_PROTECTED === 'false'
    ? `${TOKEN_WORDS}. This ref is not protected, so GitLab withholds a protected GITLAB_TOKEN from its pipelines: clear "Protect variable" on it (Settings, CI/CD, Variables) or protect the branch`
    : TOKEN_WORDS
}

/** GitLab's words for a status that another request is updating right now: it is free again in a moment. */
const STATUS_BUSY = /another update to this commit status is in progress/i

/** The longest Retry-After a call waits for; a longer one is told, not waited for. */
export const MAX_RATE_LIMIT_WAIT_MS = MAX_RETRY_DELAY_MS

/** Pure: GitLab's own words in an error answer (`message`, `error`, `error_description`), cut to what a report shows. */
export function gitlabWords(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined
  const { message, error, error_description } = json as Record<string, unknown>
  const said = message ?? error_description ?? error
  if (said === undefined || said === null) return undefined
  // A validation refusal names its fields: {"message": {"name": ["is too long"]}}.
  return bounded(typeof said === 'string' ? said : JSON.stringify(said))
}

/**
 * Pure: an answer that is no success, as the retry rule takes it: a rate
 * limit (429, Retry-After honoured when a call may wait that long) and a 5xx
 * are transient; a 409 for a status being updated is a {@link StatusBusyError};
 * 401 and 403 say which token to make; anything else is GitLab's refusal.
 */
export function refusal(
  status: number,
  label: string,
  json: unknown,
  retryAfter: string | string[] | undefined
): Error {
  const words = gitlabWords(json) ?? `answered ${status}`
  if (status === 429) {
    const waitMs = parseRetryAfter(retryAfter) ?? 1000
    if (waitMs <= MAX_RATE_LIMIT_WAIT_MS)
      return new HttpStatusError(`GitLab's rate limit: ${label} answered 429`, 429, waitMs)
    return new GitLabError(
      `GitLab's rate limit asks to wait ${formatMinutes(waitMs / 60_000)}, longer than a call waits (${formatMinutes(MAX_RATE_LIMIT_WAIT_MS / 60_000)}). Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`,
      429
    )
  }
  if (status >= 500) return new HttpStatusError(`GitLab answered ${status}: ${words}`, status)
  if (status === 409 && STATUS_BUSY.test(words))
    return new StatusBusyError(`GitLab answered 409: ${words}`, status)
  if (status === 401 || status === 403)
    return new GitLabError(
      `GitLab refused the token (${status}: ${words.replace(/\.$/, '')}). ${TOKEN_WORDS}`,
      status
    )
  return new GitLabError(`GitLab answered ${label} ${status}: ${words}`, status)
}

/** GitLab's 409 for a status another request is updating: another attempt after a short backoff goes through. */
export class StatusBusyError extends GitLabError {
  override name = 'StatusBusyError'
}

/** A redirect is never followed with the token: it is told, with where it leads. */
export function redirected(status: number, location: unknown, apiUrl: string): GitLabError {
  const to = typeof location === 'string' && location ? ` to ${bounded(location)}` : ''
  return new GitLabError(
    `GitLab's API at ${apiUrl} answered ${status}, a redirect${to}, which is not followed with the token. CI_API_V4_URL must be the API's own address (https://HOST/api/v4)`,
    status
  )
}

/**
 * An answer that is not JSON where GitLab's API answers JSON (its rate
 * limiter's plain-text 429 aside, read before this): someone else's page,
 * told as what it is. A 5xx is transient, as any.
 */
export function foreignAnswer(
  status: number,
  label: string,
  body: string,
  apiUrl: string
): GitLabError | HttpStatusError {
  const what = foreignWhat(body)
  const text = `GitLab's API at ${apiUrl} answered ${label} (${status}) with ${what}, where JSON was expected. CI_API_V4_URL must be GitLab's API (https://HOST/api/v4), and a proxy between the runner and GitLab must pass its answers through (https_proxy, no_proxy)`
  return status >= 500 ? new HttpStatusError(text, status) : new GitLabError(text, status)
}

/**
 * Pure: what a failed request of a collect on GitLab comes to, by the
 * collect's one rule (github/errors.ts's collectFailure): the token refused,
 * a rate limit longer than a call waits, or an answer that is not GitLab's
 * ends the collect (every other note would meet it too); anything else
 * GitLab refused about one status or note is a warning, and it is left as
 * it is; GitLab or the service out of reach is a problem, tried again next
 * time.
 */
export function gitlabFailure(
  error: unknown,
  what: string
): { stop: Error } | { problem: string } | { warning: string } {
  if (!(error instanceof GitLabError)) return collectFailure(error, what)
  const { status } = error
  if (status === 0 || status === 401 || status === 403 || status === 429 || status < 400)
    return { stop: new DeployError(messageOf(error)) }
  if (status >= 500)
    return {
      problem: `${what} could not be collected: ${messageOf(error)} It is collected again next time.`
    }
  return { warning: `${what} could not be collected: ${messageOf(error)} It is left as it is.` }
}
