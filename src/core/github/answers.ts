/**
 * What GitHub's answers mean to the client, in the one retry rule's terms:
 * a refusal, a rate limit worth waiting for, a redirect never followed, and
 * an address outside GitHub's API that the token is never sent to.
 */
import { foreignWhat } from '../transport/foreign.js'
import { HttpStatusError, NetworkError, messageOf } from '../shared/errors.js'
import { formatMinutes } from '../shared/format.js'
import { bounded } from '../shared/text.js'
import { parseRetryAfter } from '../transport/retry.js'
export { isJsonType, withinApi } from '../shared/url-parts.js'
import { ForeignAnswerError, GitHubError, GitHubRateLimitError } from './errors.js'

/** The REST API version the client is written for; GitHub answers each request by the version it asks for. */
export const API_VERSION = '2022-11-28'

/** The longest wait a rate limit may ask for before the write is given up. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000

/** A redirect is never followed with the token: it is told, with where it leads. */
export function redirected(status: number, location: unknown, baseUrl: string): GitHubError {
  const to = typeof location === 'string' && location ? ` to ${location}` : ''
  return new GitHubError(
    `GitHub's API at ${baseUrl} answered ${status}, a redirect${to}, which is not followed with the token. GITHUB_API_URL must be the API's own address (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server)`,
    status
  )
}

/**
 * An Octokit failure in the retry policy's terms: a 5xx or a failed
 * connection is transient; a rate limit (429, or 403 with GitHub's
 * rate-limit words or headers) is transient after the wait GitHub asks for,
 * when that is not too long; anything else is permanent.
 */
export function classify(error: unknown): Error {
  const failed = error as {
    status?: number
    message?: string
    response?: { headers?: Record<string, string | undefined>; data?: { message?: string } }
  }
  const status = typeof failed.status === 'number' ? failed.status : 0
  const headers = failed.response?.headers ?? {}
  // Cut where it comes in: a match, the redaction and the formatters read no more of it than a report shows.
  const githubMessage = bounded(
    String(failed.response?.data?.message ?? failed.message ?? messageOf(error))
  )
  if (
    error instanceof NetworkError ||
    error instanceof HttpStatusError ||
    error instanceof GitHubError
  )
    return error
  // What the fetch itself threw (an answer that is not GitHub's, a page outside the API):
  // Octokit wraps it as a failed request; it is told as it was thrown.
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof GitHubError || cause instanceof HttpStatusError) return cause
  if (!failed.response) return new NetworkError(`GitHub could not be reached: ${githubMessage}`)
  const limited =
    status === 429 ||
    (status === 403 &&
      (/rate limit/i.test(githubMessage) || headers['x-ratelimit-remaining'] === '0'))
  if (limited) {
    const retryAfter =
      parseRetryAfter(headers['retry-after']) ??
      (headers['x-ratelimit-reset']
        ? Math.max(0, Number(headers['x-ratelimit-reset']) * 1000 - Date.now())
        : 60_000)
    if (retryAfter <= MAX_RATE_LIMIT_WAIT_MS)
      return new HttpStatusError(`GitHub's rate limit: ${githubMessage}`, 429, retryAfter)
    return new GitHubRateLimitError(
      `GitHub's rate limit asks to wait ${formatMinutes(retryAfter / 60_000)}, longer than a call waits (${formatMinutes(MAX_RATE_LIMIT_WAIT_MS / 60_000)}): ${githubMessage.replace(/\.$/, '')}. Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`,
      status,
      retryAfter
    )
  }
  if (status >= 500)
    return new HttpStatusError(`GitHub answered ${status}: ${githubMessage}`, status)
  const permissions = headers['x-accepted-github-permissions']
  return new GitHubError(githubMessage, status, permissions && bounded(permissions))
}

/**
 * An answer that is not JSON, where GitHub's API always answers JSON: told
 * as what it is (a page's title, the start of a text), with where to look.
 * A 5xx is transient, as any; anything else is permanent.
 */
export function foreignAnswer(
  status: number,
  label: string,
  contentType: string,
  body: string,
  baseUrl: string
): GitHubError | HttpStatusError {
  const what = foreignWhat(body, contentType)
  const text = `GitHub's API at ${baseUrl} answered ${label} (${status}) with ${what}, where JSON was expected. GITHUB_API_URL must be GitHub's API (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server), and a proxy between the runner and GitHub must pass its answers through (https_proxy, no_proxy)`
  return status >= 500 ? new HttpStatusError(text, status) : new ForeignAnswerError(text, status)
}
