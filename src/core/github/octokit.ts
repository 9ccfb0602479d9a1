/**
 * @actions/github's Octokit over the product's one transport: its requests
 * sent by @actions/http-client (the runner's proxy settings, a time limit on
 * each request) under the one retry policy, each asking for the API version
 * the client is written for, a redirect refused rather than followed, and
 * every answer read back as the client's own types.
 */
import { getOctokit } from '@actions/github'
import { clock } from '../shared/clock.js'
import { userAgent } from '../shared/version.js'
import { withRetry } from '../transport/retry.js'
import { labelOf, send, type HttpRequest } from '../transport/send.js'
import {
  API_VERSION,
  classify,
  foreignAnswer,
  isJsonType,
  MAX_RATE_LIMIT_WAIT_MS,
  redirected,
  withinApi
} from './answers.js'
import { GitHubError } from './errors.js'
import type { CheckRun, ClientLimits, IssueComment, RateLimit } from './resources.js'

/** Attempts per request; the longest a request may take, and the longest a call may take with its retries. */
const ATTEMPTS = 3
export const REQUEST_MS = 10_000
const CALL_MS = 30_000
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS }

/**
 * Octokit's fetch, as our transport: @actions/http-client honours the
 * runner's proxy settings without the second HTTP stack (undici) that
 * @actions/github would bring, and each request is cut at its time limit.
 */
function transportFetch(limits: ClientLimits, baseUrl: string) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = String(url)
    // Octokit follows a page's `Link: rel="next"` as GitHub gives it: the token goes only where GitHub's API is.
    if (!withinApi(target, baseUrl))
      throw new GitHubError(
        `GitHub's API named ${labelOf('GET', target).slice(4)} as a next page, outside ${baseUrl}: it is not asked, and the token is not sent there`,
        0
      )
    const method = (init.method ?? 'GET').toUpperCase() as HttpRequest['method']
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const own = init.signal ? AbortSignal.any([limits.signal, init.signal]) : limits.signal
    const answer = await send(
      {
        method,
        url: target,
        headers,
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
        label: labelOf(method, target)
      },
      { timeouts: TIMEOUTS, userAgent: userAgent('action') },
      {
        signal: own,
        deadline: Math.min(clock.now() + REQUEST_MS, limits.deadline() ?? Infinity),
        maxBytes: MAX_ANSWER_BYTES
      }
    )
    const empty = answer.status === 204 || answer.status === 304
    // GitHub's API answers JSON, its errors too: anything else is someone else's page.
    const contentType = String(answer.headers['content-type'] ?? '')
    if (!empty && answer.body.length > 0 && !isJsonType(contentType))
      throw foreignAnswer(answer.status, labelOf(method, target), contentType, answer.body, baseUrl)
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
    const response = new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: responseHeaders
    })
    // Octokit's pagination reads the page's own address from the response, as fetch gives it.
    Object.defineProperty(response, 'url', { value: target })
    return response
  }
}

export type Octokit = ReturnType<typeof getOctokit>

/** What the client has seen of GitHub: its requests, and the rate limit its last answer told. */
export interface Seen {
  requests: number
  rateLimit?: RateLimit
}

/**
 * Octokit over our transport: every request names the API version, is
 * retried by the one retry rule within its own time limit and the step's,
 * and a redirect is refused rather than followed.
 */
export function connect(token: string, baseUrl: string, limits: ClientLimits, seen: Seen): Octokit {
  const octokit = getOctokit(token, {
    baseUrl,
    userAgent: userAgent('action'),
    request: { fetch: transportFetch(limits, baseUrl) }
  })
  octokit.hook.before('request', options => {
    options.headers['x-github-api-version'] = API_VERSION
  })
  octokit.hook.wrap('request', (request, options) => {
    const own = (options.request as { signal?: AbortSignal } | undefined)?.signal
    return withRetry(
      {
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
        deadline: Math.min(clock.now() + CALL_MS, limits.deadline() ?? Infinity),
        signal: own ? AbortSignal.any([limits.signal, own]) : limits.signal
      },
      async () => {
        let response: Awaited<ReturnType<typeof request>>
        limits.beforeRequest?.()
        seen.requests++
        try {
          response = await request(options)
        } catch (error) {
          const headers = (error as { response?: { headers?: Record<string, unknown> } }).response
            ?.headers
          if (headers) noteRateLimit(seen, headers)
          throw classify(error)
        }
        noteRateLimit(seen, response.headers)
        if (response.status >= 300 && response.status < 400)
          throw redirected(response.status, response.headers.location, baseUrl)
        return response
      },
      () => undefined
    )
  })
  return octokit
}

/** The primary rate limit from an answer's `x-ratelimit-limit` and `x-ratelimit-remaining`. */
function noteRateLimit(seen: Seen, headers: Record<string, unknown>): void {
  const limit = Number(headers['x-ratelimit-limit'])
  const remaining = Number(headers['x-ratelimit-remaining'])
  if (headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining))
    seen.rateLimit = { limit: Number.isFinite(limit) ? limit : remaining, remaining }
}

export function checkRunOf(raw: unknown): CheckRun {
  const check = object(raw, 'check run')
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value : undefined
  const app = check.app && typeof check.app === 'object' ? object(check.app, 'app') : {}
  return {
    id: Number(check.id),
    name: text(check.name),
    status: text(check.status),
    conclusion: text(check.conclusion),
    externalId: text(check.external_id),
    app: text(app.slug),
    startedAt: text(check.started_at),
    headSha: text(check.head_sha),
    summary:
      check.output && typeof check.output === 'object'
        ? text((check.output as Record<string, unknown>).summary)
        : undefined
  }
}

export function commentOf(raw: unknown): IssueComment {
  const comment = object(raw, 'comment')
  const user = comment.user && typeof comment.user === 'object' ? object(comment.user, 'user') : {}
  return {
    id: Number(comment.id),
    body: typeof comment.body === 'string' ? comment.body : '',
    author: typeof user.login === 'string' ? user.login : undefined
  }
}

/** An answer that should be a JSON object; a proxy's page or an empty body is told as such, not as a type error. */
export function object(value: unknown, what: string): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>
  throw new GitHubError(`GitHub's API answered without the ${what} it should name`, 0)
}

export function list(value: unknown, what: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.map(item => object(item, what))
  throw new GitHubError(`GitHub's API answered without the list of ${what} it should give`, 0)
}
