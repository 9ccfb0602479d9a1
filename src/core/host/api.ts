/**
 * A code host's REST API over the product's one transport and retry rule
 * (as github/octokit.ts is GitHub's), the same for GitLab and Bitbucket:
 * each request cut at its own time limit and the call's, stopped by the
 * limits' signal, counted and asked of the budget first, its answer capped;
 * a redirect refused, not followed; an answer that is not JSON told as
 * someone else's page; and the credential sent only to the API's own
 * origin and path, a next page named elsewhere refused before anything is
 * sent. Each host gives its Dialect (words, error form) and its headers.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { withinApi, isJsonType } from '../shared/url-parts.js'
import type { CallOptions, ClientLimits } from './limits.js'
import { clock } from '../shared/clock.js'
import { isLoopback } from '../shared/name-rules.js'
import { withoutTrailingSlashes } from '../shared/text.js'
import { userAgent } from '../shared/version.js'
import { withRetry } from '../transport/retry.js'
import { labelOf, send, type HttpRequest } from '../transport/send.js'
import {
  foreignAnswer,
  HostApiError,
  HostBusyError,
  MAX_RATE_LIMIT_WAIT_MS,
  redirected,
  refusal,
  type Dialect
} from './api-errors.js'

/** Attempts per request; the longest a request may take, and a call with its retries. */
const ATTEMPTS = 3
const REQUEST_MS = 10_000
const CALL_MS = 30_000
/** A page of 100 statuses or notes is far below this; a larger answer is no API's. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS }

/** What every request of one client shares: the API, its credential's headers, the limits, and the count of requests. */
export interface Api {
  /** The API's address, without its trailing slashes. */
  url: string
  dialect: Dialect
  /** The credential's headers (`private-token`, `authorization`); none through an authenticating proxy. */
  headers: Record<string, string>
  /** A forward proxy every request goes through (Bitbucket Pipelines' authentication proxy), or none. */
  proxy?: string | undefined
  limits: ClientLimits
  requests: number
}

export interface HostAnswer {
  status: number
  headers: IncomingHttpHeaders
  json: unknown
}

/**
 * Pure: the API's address as the client uses it, or a clear error before
 * any request: https, or http only to this machine (a stand-in), as the
 * token must never cross a network in the clear; `plainHttp` lets an
 * address through that a local proxy is given (Bitbucket's, which signs it).
 */
export function apiAddress(dialect: Dialect, apiUrl: string, plainHttp = false): string {
  const { host, address, addressShape } = dialect
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    throw new Error(
      `${host}'s API address (${address}) is not a URL: give the API's own address, ${addressShape}`
    )
  }
  const local = url.protocol === 'http:' && (plainHttp || isLoopback(url.hostname))
  if (url.protocol !== 'https:' && !local)
    throw new Error(
      `${host}'s API address (${address}) must be https:// (http:// only to this machine): ${url.protocol}//${url.host} would carry the token in the clear. Give ${addressShape}`
    )
  if (url.username || url.password || url.search || url.hash)
    throw new Error(
      `${host}'s API address (${address}) must be a plain address, with no credentials, query or fragment: ${addressShape}`
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
): Promise<HostAnswer> {
  const { limits } = api
  const signal = call?.signal ? AbortSignal.any([limits.signal, call.signal]) : limits.signal
  return withRetry(
    {
      maxAttempts: ATTEMPTS,
      baseDelayMs: 1000,
      maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
      deadline: Math.min(clock.now() + CALL_MS, limits.deadline() ?? Infinity),
      signal,
      alsoTransient: error => error instanceof HostBusyError
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
): Promise<HostAnswer> {
  const label = labelOf(method, url)
  // The credential goes only where the host's API is: a next page named elsewhere is not asked.
  if (!withinApi(url, api.url))
    throw new HostApiError(
      `${api.dialect.host}'s API named ${label.slice(method.length + 1)} as a next page, outside ${api.url}: it is not asked, and the token is not sent there`,
      0
    )
  api.limits.beforeRequest?.()
  api.requests++
  const answer = await send(
    {
      method,
      url,
      headers: {
        ...api.headers,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(api.proxy ? { proxy: api.proxy } : {}),
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
): HostAnswer {
  const { status, headers, body } = answer
  const { dialect } = api
  if (status >= 300 && status < 400) throw redirected(dialect, status, headers.location, api.url)
  // A rate limiter may answer in plain text: its Retry-After is what matters.
  if (status === 429) throw refusal(dialect, status, label, undefined, headers['retry-after'])
  const contentType = String(headers['content-type'] ?? '')
  let json: unknown
  if (body.length > 0) {
    if (!isJsonType(contentType)) throw foreignAnswer(dialect, status, label, body, api.url)
    try {
      json = JSON.parse(body)
    } catch {
      throw foreignAnswer(dialect, status, label, body, api.url)
    }
  }
  if (status < 200 || status >= 300)
    throw refusal(dialect, status, label, json, headers['retry-after'])
  return { status, headers, json }
}
