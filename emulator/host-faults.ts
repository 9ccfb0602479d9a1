/**
 * The faults a test arms on a code host's stand-in (GitLab's, Bitbucket's),
 * each for the next requests whose method and path match: an answer in the
 * route's place (a status, a body, headers), the host's rate limiter (429
 * with `Retry-After`, in the host's own form), or a delay before the route
 * answers (long enough for a second update of one status to meet the
 * first: GitLab's 409), or a hold until the test lets it go.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GitLabFault } from './gitlab-state.js'
import { emulatorNow } from './clock.js'

type Answer = (status: number, body: unknown, headers?: Record<string, string>) => void

/** A host's faults as a test armed them, each with the requests it has left. */
export interface Armed {
  armed: { fault: GitLabFault; left: number }[]
}

/** How a host's rate limiter answers a throttled request. */
export type Throttle = (
  res: ServerResponse,
  retryAfter: number,
  headers?: Record<string, string>
) => void

/** Whether an armed fault answered the request (after its delay, if it has one). */
export async function faulted(
  state: Armed,
  request: string,
  req: IncomingMessage,
  res: ServerResponse,
  {
    answer,
    entry,
    throttle = gitlabThrottle
  }: { answer: Answer; entry: { status: number }; throttle?: Throttle }
): Promise<boolean> {
  const armed = state.armed.find(a => a.left > 0 && (!a.fault.match || a.fault.match.test(request)))
  if (!armed) return false
  armed.left--
  const { delayMs, until, retryAfter, status, headers, body }: GitLabFault = armed.fault
  if (delayMs && !(await delay(req, delayMs))) return true
  if (until) await until
  if (retryAfter !== undefined) {
    entry.status = 429
    throttle(res, retryAfter, headers)
    return true
  }
  if (status === undefined) return false
  answer(status, body ?? {}, headers)
  return true
}

/** GitLab's rate limiter: plain text, `Retry later`, with its RateLimit-* headers. */
export const gitlabThrottle: Throttle = (res, retryAfter, headers) =>
  res
    .writeHead(429, { 'content-type': 'text/plain', ...rateLimitHeaders(retryAfter), ...headers })
    .end('Retry later\n')

/** The headers GitLab's rate limiter answers a throttled request with. */
function rateLimitHeaders(retryAfter: number): Record<string, string> {
  const reset = Math.ceil(emulatorNow() / 1000) + retryAfter
  return {
    'retry-after': String(retryAfter),
    'ratelimit-name': 'throttle_authenticated_api',
    'ratelimit-limit': '2000',
    'ratelimit-observed': '2001',
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(reset),
    'ratelimit-resettime': new Date(reset * 1000).toUTCString()
  }
}

/** Waits `ms`, or until the client closes the connection: then false. */
function delay(req: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise(resolve => {
    const timer = setTimeout(() => {
      req.socket.off('close', gone)
      resolve(true)
    }, ms)
    const gone = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    req.socket.once('close', gone)
  })
}
