/** What the emulated service keeps of each request it received, for tests to assert on. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Route } from './faults.js'

/** A request as the emulator saw it. */
export interface RecordedRequest {
  route: Route | 'runs' | 'unknown'
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  /** The parsed JSON body of a deploy notification. */
  body?: unknown
  /** The bytes of an upload body the store received completely. */
  bytes?: number
  status: number
  /** When the request arrived and how long its answer took, in epoch and elapsed milliseconds. */
  startedAt: number
  durationMs: number
}

/** The record of a request answered (status 0 when it never was), with what its route kept of it. */
export function recordOf(
  req: IncomingMessage,
  res: ServerResponse,
  route: RecordedRequest['route'],
  url: URL,
  startedAt: number,
  kept: Partial<RecordedRequest>
): RecordedRequest {
  return {
    route,
    method: req.method ?? '',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
    status: res.headersSent ? res.statusCode : 0,
    startedAt,
    durationMs: Date.now() - startedAt,
    ...kept
  }
}
