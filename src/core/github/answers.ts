/**
 * What GitHub's answers mean to the client, in the one retry rule's terms:
 * a refusal, a rate limit worth waiting for, a redirect never followed, and
 * an address outside GitHub's API that the token is never sent to.
 */
import { HttpStatusError, NetworkError, messageOf } from '../shared/errors.js'
import { parseRetryAfter } from '../transport/retry.js'
import { GitHubError } from './errors.js'

/** The longest wait a rate limit may ask for before the write is given up. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000

/** Whether `url` is GitHub's API at `baseUrl`: the same origin, under the same path. */
export function withinApi(url: string, baseUrl: string): boolean {
  try {
    const target = new URL(url)
    const base = new URL(baseUrl)
    const path = base.pathname.replace(/\/+$/, '')
    return (
      target.origin === base.origin &&
      (target.pathname === path || target.pathname.startsWith(`${path}/`))
    )
  } catch {
    return false
  }
}

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
  const githubMessage = String(failed.response?.data?.message ?? failed.message ?? messageOf(error))
  if (
    error instanceof NetworkError ||
    error instanceof HttpStatusError ||
    error instanceof GitHubError
  )
    return error
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
    return new GitHubError(`GitHub's rate limit: ${githubMessage}`, status)
  }
  if (status >= 500)
    return new HttpStatusError(`GitHub answered ${status}: ${githubMessage}`, status)
  return new GitHubError(githubMessage, status, headers['x-accepted-github-permissions'])
}
