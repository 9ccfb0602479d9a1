import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestOptions
} from 'node:http'
import type { Readable } from 'node:stream'
import { HttpClient } from '@actions/http-client'
import type { RequestHandler } from '@actions/http-client/lib/interfaces'
import { DeployError } from './errors.js'

/** One HTTP exchange as the service layer sees it. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  headers: OutgoingHttpHeaders
  /** A string, or a stream opened for this attempt only. */
  body?: string | Readable
  /** How the request is named in messages: method, origin and path, never a query string. */
  label: string
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
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 30_000, idleMs: 120_000 }

/** How every request is sent. */
export interface Transport {
  timeouts: Timeouts
  /** The product, its version and the front end, e.g. `mobile-build-deploy/1.1.0 (action)`. */
  userAgent: string
}

/** The most of a response body that is read; the service's answers are small. */
export const MAX_RESPONSE_BYTES = 1024 * 1024

/** A request that got no usable HTTP answer: refused, reset, timed out. Transient. */
export class NetworkError extends DeployError {
  override name = 'NetworkError'
}

/**
 * Sends one request through @actions/http-client (which also honours the
 * runner's proxy settings) and reads the answer with a size cap. No retries,
 * no redirects: the retry policy and the service layer decide what comes next.
 * `abort` cancels the request, e.g. when the body's source fails.
 */
export async function send(
  request: HttpRequest,
  { timeouts, userAgent }: Transport,
  abort?: AbortSignal
): Promise<HttpResponse> {
  const controller = new AbortController()
  const stop = (): void => controller.abort(abort?.reason)
  // Removed when the request ends, so a long-lived signal (the step's deadline) gathers no listeners.
  abort?.addEventListener('abort', stop, { once: true })
  if (abort?.aborted) stop()
  const client = new HttpClient(
    userAgent,
    [attemptControl(controller.signal, timeouts.connectMs)],
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
    const body = await readCapped(response.message, MAX_RESPONSE_BYTES, timeouts.idleMs)
    return { status: response.message.statusCode ?? 0, headers: response.message.headers, body }
  } catch (error) {
    const cause = controller.signal.aborted ? controller.signal.reason : error
    if (cause instanceof DeployError) throw cause
    if (cause instanceof Error && cause.message.startsWith('Request timeout')) {
      // @actions/http-client's words for a socket timeout; its message carries the path and query.
      throw new NetworkError(
        `${request.label} timed out: no connection within ${seconds(timeouts.connectMs)}, or nothing sent or received for ${seconds(timeouts.idleMs)}`
      )
    }
    throw new NetworkError(`${request.label} failed: ${describeNetworkError(cause)}`)
  } finally {
    abort?.removeEventListener('abort', stop)
    // Frees the socket at once whatever happened, so nothing keeps the process alive.
    if (!controller.signal.aborted) controller.abort(new NetworkError(`${request.label} finished`))
    client.dispose()
  }
}

/** Gives every request of the client the abort signal and a connect timeout. */
function attemptControl(signal: AbortSignal, connectMs: number): RequestHandler {
  return {
    prepareRequest(options: RequestOptions): void {
      options.signal = signal
      // `timeout` on http.request covers the connection phase; http-client's socketTimeout takes over after it.
      options.timeout = connectMs
    },
    canHandleAuthentication: () => false,
    handleAuthentication: () => Promise.reject(new Error('not supported'))
  }
}

/** Reads a response body up to `limit` bytes; a longer body, a stall or a reset is an error. */
export function readCapped(
  message: IncomingMessage,
  limit: number,
  idleMs: number
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    let timer = setTimeout(onStall, idleMs)
    function onStall(): void {
      fail(new NetworkError(`the response body stalled for ${Math.round(idleMs / 1000)} s`))
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
          new DeployError(
            `the response body is larger than ${limit} bytes, which the service never sends`
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
      fail(new NetworkError('the connection closed before the response body ended'))
    )
    message.on('error', error =>
      fail(new NetworkError(`the response body could not be read: ${describeNetworkError(error)}`))
    )
  })
}

/** A network failure in words, with any URL's query string removed (it may carry a signature). */
export function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  const text = redactQueryStrings(message)
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`
}

/**
 * Removes query strings from a text, so a signed URL never reaches a log: the
 * query of every URL, and any `?name=…` (a library may print a path with its
 * query). Any other `?` (a glob such as `app-?.apk`) stays as it is.
 */
export function redactQueryStrings(text: string): string {
  return text
    .replace(/(\b[a-z][a-z\d+.-]*:\/\/[^\s'"<>?]*)\?[^\s'"<>]+/gi, '$1?…')
    .replace(/\?[\w.%-]+=[^\s'"<>]*/g, '?…')
}

/** Method, origin and path of a URL: what may be shown of it. */
export function labelOf(method: string, url: string): string {
  const parsed = new URL(url)
  return `${method} ${parsed.origin}${parsed.pathname}`
}
