/**
 * GitLab's API over the product's one transport and retry rule (as
 * github/octokit.ts does for GitHub): each request cut at its own time
 * limit and the call's, stopped by the limits' signal, counted and asked
 * of the budget first, its answer capped; a redirect refused, not
 * followed; an answer that is not JSON told as someone else's page; and the
 * token, in `PRIVATE-TOKEN`, sent only to the API's own origin, a next page
 * named elsewhere refused before anything is sent.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { withinApi, isJsonType } from '../github/answers.js'
import type { CallOptions, ClientLimits } from '../host/limits.js'
import { clock } from '../shared/clock.js'
import { isLoopback } from '../shared/name-rules.js'
import { withoutTrailingSlashes } from '../shared/text.js'
import { userAgent } from '../shared/version.js'
import { withRetry } from '../transport/retry.js'
import { labelOf, send, type HttpRequest } from '../transport/send.js'
import {
  foreignAnswer,
  GitLabError,
  MAX_RATE_LIMIT_WAIT_MS,
  redirected,
  refusal,
  StatusBusyError
} from './errors.js'

/** Attempts per request; the longest a request may take, and a call with its retries. */
const ATTEMPTS = 3
const REQUEST_MS = 10_000
const CALL_MS = 30_000
/** A page of 100 statuses or notes is far below this; a larger answer is no API's. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS }
/** The most pages a list reads: 2,000 statuses or notes of one commit or merge request. */
export const MAX_PAGES = 20

/** What every request of one client shares: the API, the token, the limits, and the count of requests. */
export interface Api {
  /** CI_API_V4_URL, without its trailing slashes. */
  url: string
  token: string
  limits: ClientLimits
  requests: number
}

export interface GitLabAnswer {
  status: number
  headers: IncomingHttpHeaders
  json: unknown
}

/**
 * Pure: CI_API_V4_URL as the client uses it, or a clear error before any
 * request: https, or http only to this machine (a stand-in), as the token
 * must never cross a network in the clear.
 */
export function apiAddress(apiUrl: string): string {
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    throw new Error(
      `GitLab's API address (CI_API_V4_URL) is not a URL: give the API's own address, https://HOST/api/v4`
    )
  }
  const local = url.protocol === 'http:' && isLoopback(url.hostname)
  if (url.protocol !== 'https:' && !local)
    throw new Error(
      `GitLab's API address (CI_API_V4_URL) must be https:// (http:// only to this machine): ${url.protocol}//${url.host} would carry the token in the clear. Give https://HOST/api/v4`
    )
  if (url.username || url.password || url.search || url.hash)
    throw new Error(
      `GitLab's API address (CI_API_V4_URL) must be a plain address, with no credentials, query or fragment: https://HOST/api/v4`
    )
  return withoutTrailingSlashes(`${url.origin}${url.pathname}`)
}

/** One call (a request and its retries) to `url` under the API: its answer, a success; anything else thrown. */
export function request(
  api: Api,
  method: HttpRequest['method'],
  url: string,
  body?: unknown,
  call?: CallOptions
): Promise<GitLabAnswer> {
  const { limits } = api
  const signal = call?.signal ? AbortSignal.any([limits.signal, call.signal]) : limits.signal
  return withRetry(
    {
      maxAttempts: ATTEMPTS,
      baseDelayMs: 1000,
      maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
      deadline: Math.min(clock.now() + CALL_MS, limits.deadline() ?? Infinity),
      signal,
      alsoTransient: error => error instanceof StatusBusyError
    },
    () => attempt(api, method, url, body, signal),
    () => undefined
  )
}

/** One attempt: asked of the budget, counted, sent, and its answer read. */
async function attempt(
  api: Api,
  method: HttpRequest['method'],
  url: string,
  body: unknown,
  signal: AbortSignal
): Promise<GitLabAnswer> {
  const label = labelOf(method, url)
  // The token goes only where GitLab's API is: a next page named elsewhere is not asked.
  if (!withinApi(url, api.url))
    throw new GitLabError(
      `GitLab's API named ${label.slice(method.length + 1)} as a next page, outside ${api.url}: it is not asked, and the token is not sent there`,
      0
    )
  api.limits.beforeRequest?.()
  api.requests++
  const answer = await send(
    {
      method,
      url,
      headers: {
        'private-token': api.token,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      label
    },
    { timeouts: TIMEOUTS, userAgent: userAgent('action') },
    {
      signal,
      deadline: Math.min(clock.now() + REQUEST_MS, api.limits.deadline() ?? Infinity),
      maxBytes: MAX_ANSWER_BYTES
    }
  )
  return readAnswer(api, label, answer)
}

/** An answer as JSON when it is a success; every other answer thrown in the retry rule's terms. */
function readAnswer(
  api: Api,
  label: string,
  answer: { status: number; headers: IncomingHttpHeaders; body: string }
): GitLabAnswer {
  const { status, headers, body } = answer
  if (status >= 300 && status < 400) throw redirected(status, headers.location, api.url)
  // GitLab's rate limiter answers in plain text: its Retry-After is what matters.
  if (status === 429) throw refusal(status, label, undefined, headers['retry-after'])
  const contentType = String(headers['content-type'] ?? '')
  let json: unknown
  if (body.length > 0) {
    if (!isJsonType(contentType)) throw foreignAnswer(status, label, body, api.url)
    try {
      json = JSON.parse(body)
    } catch {
      throw foreignAnswer(status, label, body, api.url)
    }
  }
  if (status < 200 || status >= 300) throw refusal(status, label, json, headers['retry-after'])
  return { status, headers, json }
}

/**
 * Every page of a list, `first` being the first page's address: the next
 * one while GitLab's `X-Next-Page` names one (empty on the last), at the
 * address its `Link: rel="next"` gives (checked to be within the API) or
 * else this one with `page` moved on; never more than {@link MAX_PAGES}.
 */
export async function pages(api: Api, first: string): Promise<unknown[]> {
  const items: unknown[] = []
  let url: string | undefined = first
  for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
    const answer = await request(api, 'GET', url)
    if (!Array.isArray(answer.json))
      throw new GitLabError(`GitLab's API answered ${labelOf('GET', url)} without a list`, 0)
    items.push(...(answer.json as unknown[]))
    url = nextPage(url, answer.headers)
  }
  return items
}

/** Pure: the address of the page after `url`, or undefined on the last. */
export function nextPage(url: string, headers: IncomingHttpHeaders): string | undefined {
  const next = String(headers['x-next-page'] ?? '').trim()
  if (!next) return undefined
  const linked = /<([^>]+)>\s*;\s*rel="next"/.exec(String(headers.link ?? ''))?.[1]
  if (linked) return linked
  if (!/^\d{1,6}$/.test(next))
    throw new GitLabError(
      `GitLab's API named ${JSON.stringify(next.slice(0, 40))} as the next page`,
      0
    )
  const page = new URL(url)
  page.searchParams.set('page', next)
  return page.toString()
}
