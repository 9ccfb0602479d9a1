import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestOptions
} from 'node:http'
import type { Readable } from 'node:stream'
import { HttpClient } from '@actions/http-client'
import type { RequestHandler } from '@actions/http-client/lib/interfaces'
import { DeployError, NetworkError } from '../shared/errors.js'
import { redactShapes } from '../shared/redact.js'
import { abortError, clock } from '../shared/clock.js'

/** One HTTP exchange as the service layer sees it. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  headers: OutgoingHttpHeaders
  /** A string, or a stream opened for this attempt only. */
  body?: string | Readable
  /** How the request is named in messages: method, origin and path, never a query string. */
  label: string
  /**
   * A plain-http forward proxy on this machine the request goes through
   * (Bitbucket Pipelines' authentication proxy, which signs what it
   * forwards): the request is sent to it in absolute form.
   */
  proxy?: string | undefined
}

export interface HttpResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** Time limits of one request. */
export interface Timeouts {
  /** From the start of the request until the TCP/TLS connection is up. */
  connectMs: number
  /** The longest silence on the socket while sending or waiting; a moving upload never trips it. */
  idleMs: number
  /** The longest a request to the service may take in all, however it trickles. */
  requestMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 30_000, idleMs: 120_000, requestMs: 300_000 }

/** How every request is sent. */
export interface Transport {
  timeouts: Timeouts
  /** The product, its version and the front end, e.g. `mobile-build-deploy/1.2.0 (action)`. */
  userAgent: string
}

/** What ends a request early: the deploy's stop signal, and the moment it must be over by. */
export interface RequestControl {
  /** Aborts the request at once; the reason is thrown, never retried unless it is the core's transient error. */
  signal?: AbortSignal | undefined
  /** Epoch ms: the request is cut at this moment, however it trickles. */
  deadline?: number | undefined
  /** The most of the answer's body that is read; the service's answers are small. */
  maxBytes?: number | undefined
}

/** The most of a response body that is read; the service's answers are small. */
export const MAX_RESPONSE_BYTES = 1024 * 1024

/** The longest a timer of Node's can be (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * An answer whose body is larger than the request's cap: not read, and not
 * retried by the retry policy (a wrong address answering with a page). The
 * wait for the verdict takes it as a problem of that one ask.
 */
export class OversizeAnswerError extends DeployError {
  override name = 'OversizeAnswerError'
}

/**
 * Sends one request through @actions/http-client (which also honours the
 * runner's proxy settings) and reads the answer with a size cap. No retries,
 * no redirects: the retry policy and the service layer decide what comes next.
 */
export async function send(
  request: HttpRequest,
  { timeouts, userAgent }: Transport,
  { signal, deadline, maxBytes = MAX_RESPONSE_BYTES }: RequestControl = {}
): Promise<HttpResponse> {
  if (signal?.aborted) throw abortError(signal)
  const controller = new AbortController()
  const stop = (): void => controller.abort(signal!.reason)
  // Removed when the request ends, so a long-lived signal (the deploy's) gathers no listeners.
  signal?.addEventListener('abort', stop, { once: true })
  const cut = deadlineTimer(controller, request.label, deadline)
  const client = new HttpClient(
    userAgent,
    [attemptControl(controller.signal, timeouts.connectMs, request.proxy)],
    {
      socketTimeout: timeouts.idleMs,
      allowRedirects: false,
      allowRetries: false,
      keepAlive: false
    }
  )
  try {
    const response = await client.request(
      request.method,
      request.url,
      request.body ?? null,
      request.headers
    )
    const body = await readCapped(response.message, maxBytes, timeouts.idleMs, request)
    return { status: response.message.statusCode ?? 0, headers: response.message.headers, body }
  } catch (error) {
    if (signal?.aborted) throw abortError(signal)
    throw failureOf(controller.signal.aborted ? controller.signal.reason : error, request, timeouts)
  } finally {
    clearTimeout(cut)
    signal?.removeEventListener('abort', stop)
    // Frees the socket at once whatever happened, so nothing keeps the process alive.
    if (!controller.signal.aborted) controller.abort(new NetworkError(`${request.label} finished`))
    client.dispose()
  }
}

/** The timer that cuts the request at the deadline; none without one. */
function deadlineTimer(
  controller: AbortController,
  label: string,
  deadline: number | undefined
): NodeJS.Timeout | undefined {
  if (deadline === undefined) return undefined
  const leftMs = Math.min(MAX_TIMER_MS, Math.max(0, deadline - clock.now()))
  return setTimeout(
    () => controller.abort(new NetworkError(`${label} did not finish within ${seconds(leftMs)}`)),
    leftMs
  )
}

/** What a request that failed is told as: our own error as it is, a socket's timeout or failure in words that name the request. */
function failureOf(cause: unknown, request: HttpRequest, timeouts: Timeouts): Error {
  if (cause instanceof DeployError) return cause
  if (cause instanceof Error && cause.message.startsWith('Request timeout'))
    // @actions/http-client's words for a socket timeout; its message carries the path and query.
    return new NetworkError(
      `${request.label} timed out: no connection within ${seconds(timeouts.connectMs)}, or nothing sent or received for ${seconds(timeouts.idleMs)}`
    )
  return new NetworkError(`${request.label} failed: ${describeNetworkError(cause)}`)
}

/** Gives every request of the client the abort signal, a connect timeout, and an IPv6 literal host it can connect to. */
function attemptControl(
  signal: AbortSignal,
  connectMs: number,
  proxy: string | undefined
): RequestHandler {
  return {
    prepareRequest(options: RequestOptions): void {
      if (proxy) throughProxy(options, proxy)
      options.signal = signal
      // `timeout` on http.request covers the connection phase; http-client's socketTimeout takes over after it.
      options.timeout = connectMs
      // http-client passes a URL's hostname, which keeps an IPv6 literal's brackets ([::1]); Node wants the address.
      if (typeof options.host === 'string' && /^\[.*\]$/.test(options.host))
        options.host = options.host.slice(1, -1)
    },
    canHandleAuthentication: () => false,
    handleAuthentication: () => Promise.reject(new Error('not supported'))
  }
}

/**
 * Sends the request to a plain-http forward proxy in absolute form (the
 * request line names the whole URL, `Host` the target), as RFC 9112 has a
 * proxy take it; only over http: the proxy reads what it signs.
 */
function throughProxy(options: RequestOptions, proxy: string): void {
  const via = new URL(proxy)
  const target = new URL(`http://${String(options.host)}:${String(options.port ?? 80)}`)
  options.headers = { ...options.headers, host: target.host }
  options.path = `${target.origin}${options.path ?? '/'}`
  options.host = via.hostname.replace(/^\[(.*)\]$/, '$1')
  options.port = via.port || 80
  options.agent = undefined
}

/** Reads a response body up to `limit` bytes; a longer body, a stall or a reset is an error that names the request. */
export function readCapped(
  message: IncomingMessage,
  limit: number,
  idleMs: number,
  request: Pick<HttpRequest, 'label'>
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    let timer = setTimeout(onStall, idleMs)
    function onStall(): void {
      fail(
        new NetworkError(
          `${request.label}: the answer's body stalled for ${Math.round(idleMs / 1000)} s`
        )
      )
    }
    // The first failure is the one reported: destroying the message emits further events.
    function fail(error: Error): void {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(error)
      message.destroy()
    }
    message.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        fail(
          new OversizeAnswerError(
            `${request.label} answered with a body larger than ${limit / (1024 * 1024)} MiB, which it never sends. Check the address it was sent to.`
          )
        )
        return
      }
      chunks.push(chunk)
      clearTimeout(timer)
      timer = setTimeout(onStall, idleMs)
    })
    message.on('end', () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    message.on('aborted', () =>
      fail(new NetworkError(`${request.label}: the connection closed before the answer ended`))
    )
    message.on('error', error =>
      fail(
        new NetworkError(
          `${request.label}: the answer could not be read: ${describeNetworkError(error)}`
        )
      )
    )
  })
}

/** A network failure in words, with anything shaped like a credential removed (a URL's query may carry a signature). */
export function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  const text = redactShapes(message)
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`
}

/** Method, origin and path of a URL: what may be shown of it. */
export function labelOf(method: string, url: string): string {
  const parsed = new URL(url)
  return `${method} ${parsed.origin}${parsed.pathname}`
}
