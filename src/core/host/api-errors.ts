/**
 * What a code host's answers mean to its client, in the one retry rule's
 * terms, the same for GitLab and Bitbucket (each a Dialect): a refusal of
 * the token (told with the token to make), a rate limit worth waiting for,
 * a write the host is busy with (worth another attempt, where the host says
 * so), a redirect never followed, and an answer that is not the host's.
 */
import { DeployError, HttpStatusError, messageOf } from '../shared/errors.js'
import { formatMinutes } from '../shared/format.js'
import { bounded } from '../shared/text.js'
import { foreignWhat } from '../transport/foreign.js'
import { MAX_RETRY_DELAY_MS, parseRetryAfter } from '../transport/retry.js'

/** A code host's answer the client cannot use: its status and the host's words. */
export class HostApiError extends DeployError {
  override name = 'HostApiError'

  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

/** A write the host is busy with right now (GitLab's 409 of a status being updated): free again in a moment. */
export class HostBusyError extends HostApiError {
  override name = 'StatusBusyError'
}

/** How one host speaks: its name, where its API is said to be, its token's words, its error form. */
export interface Dialect {
  /** `GitLab`, `Bitbucket`. */
  host: string
  /** What names the API's address, for the fix: `CI_API_V4_URL`, `bitbucket-api-url`. */
  address: string
  /** The API's address as the fix gives it: `https://HOST/api/v4`. */
  addressShape: string
  /** Which token to make, said wherever the host refuses one (a 401 or 403). */
  tokenWords: string
  /** The host's own words in an error answer. */
  words(json: unknown): string | undefined
  /** A refusal the host means as "try again in a moment" (GitLab's busy status). */
  busy?(status: number, words: string): boolean
}

/** The longest Retry-After a call waits for; a longer one is told, not waited for. */
export const MAX_RATE_LIMIT_WAIT_MS = MAX_RETRY_DELAY_MS

/** Pure: a text or an object's JSON, cut to what a report shows. */
export function saidText(said: unknown): string | undefined {
  if (said === undefined || said === null) return undefined
  return bounded(typeof said === 'string' ? said : JSON.stringify(said))
}

/**
 * Pure: an answer that is no success, as the retry rule takes it: a rate
 * limit (429, Retry-After honoured when a call may wait that long) and a 5xx
 * are transient; the host's busy answer is a {@link HostBusyError};
 * 401 and 403 say which token to make; anything else is the host's refusal.
 */
export function refusal(
  dialect: Dialect,
  status: number,
  label: string,
  json: unknown,
  retryAfter: string | string[] | undefined
): Error {
  const { host } = dialect
  const words = dialect.words(json) ?? `answered ${status}`
  if (status === 429) {
    const waitMs = parseRetryAfter(retryAfter) ?? 1000
    if (waitMs <= MAX_RATE_LIMIT_WAIT_MS)
      return new HttpStatusError(`${host}'s rate limit: ${label} answered 429`, 429, waitMs)
    return new HostApiError(
      `${host}'s rate limit asks to wait ${formatMinutes(waitMs / 60_000)}, longer than a call waits (${formatMinutes(MAX_RATE_LIMIT_WAIT_MS / 60_000)}). Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`,
      429
    )
  }
  if (status >= 500) return new HttpStatusError(`${host} answered ${status}: ${words}`, status)
  if (dialect.busy?.(status, words))
    return new HostBusyError(`${host} answered ${status}: ${words}`, status)
  if (status === 401 || status === 403)
    return new HostApiError(
      `${host} refused the token (${status}: ${words.replace(/\.$/, '')}). ${dialect.tokenWords}.`,
      status
    )
  return new HostApiError(`${host} answered ${label} ${status}: ${words}`, status)
}

/** A redirect is never followed with the token: it is told, with where it leads. */
export function redirected(
  dialect: Dialect,
  status: number,
  location: unknown,
  apiUrl: string
): HostApiError {
  const to = typeof location === 'string' && location ? ` to ${bounded(location)}` : ''
  return new HostApiError(
    `${dialect.host}'s API at ${apiUrl} answered ${status}, a redirect${to}, which is not followed with the token. ${dialect.address} must be the API's own address (${dialect.addressShape})`,
    status
  )
}

/**
 * An answer that is not JSON where the host's API answers JSON (GitLab's
 * rate limiter's plain-text 429 aside, read before this): someone else's
 * page, told as what it is. A 5xx is transient, as any.
 */
export function foreignAnswer(
  dialect: Dialect,
  status: number,
  label: string,
  body: string,
  apiUrl: string
): HostApiError | HttpStatusError {
  const what = foreignWhat(body)
  const text = `${dialect.host}'s API at ${apiUrl} answered ${label} (${status}) with ${what}, where JSON was expected. ${dialect.address} must be ${dialect.host}'s API (${dialect.addressShape}), and a proxy between the runner and ${dialect.host} must pass its answers through (https_proxy, no_proxy)`
  return status >= 500 ? new HttpStatusError(text, status) : new HostApiError(text, status)
}

/**
 * Pure: what a failed request of a collect on a host comes to, by the
 * collect's one rule (as github/errors.ts's collectFailure for GitHub): the token
 * refused, a rate limit longer than a call waits, or an answer that is not
 * the host's ends the collect (every other place would meet it too);
 * anything else the host refused about one status or report is a warning,
 * and it is left as it is; the host or the service out of reach is a
 * problem, tried again next time.
 */
export function hostFailure(
  error: unknown,
  what: string
): { stop: Error } | { problem: string } | { warning: string } {
  if (!(error instanceof HostApiError)) {
    // The service's refusal of the key: every other run would meet it too; anything else is tried again.
    const status = (error as { status?: unknown }).status
    if (status === 401 || status === 403) return { stop: error as Error }
    return {
      problem: `${what} could not be collected: ${messageOf(error)} It is collected again next time.`
    }
  }
  const { status } = error
  if (status === 0 || status === 401 || status === 403 || status === 429 || status < 400)
    return { stop: new DeployError(messageOf(error)) }
  if (status >= 500)
    return {
      problem: `${what} could not be collected: ${messageOf(error)} It is collected again next time.`
    }
  return { warning: `${what} could not be collected: ${messageOf(error)} It is left as it is.` }
}
