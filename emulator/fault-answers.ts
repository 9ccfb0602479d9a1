/**
 * What an armed fault (faults.ts) makes of a request to the service or the
 * store: held back, then left to its route, or answered in the route's
 * place (a status, an echo of the request, a body that never ends, a reset
 * connection, an answer on a connection then left open).
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Fault } from './faults.js'
import { echoOf, readBody, safeJson, stall, trickle } from './http.js'
import type { RecordedRequest } from './recorded.js'

/** The fault's answer and what the record keeps of it; `undefined` leaves the answer to the route, with the bytes a delay read first. */
export async function answerFault(
  req: IncomingMessage,
  res: ServerResponse,
  route: RecordedRequest['route'],
  fault: Fault
): Promise<{ kept: Partial<RecordedRequest> } | { prefix: Buffer[] | undefined }> {
  let prefix: Buffer[] | undefined
  if (fault.delayMs) {
    const held = await stall(req, fault.delayMs)
    prefix = held.prefix
    // The client gave up while the answer was held back: there is no one to answer.
    if (held.left) res.destroy()
  }
  // Recorded with status 0.
  if (res.destroyed) return { kept: {} }
  const kept: Partial<RecordedRequest> = {}
  const notification = route === 'deploy' || route === 'terminate'
  if (fault.trickleMs !== undefined) {
    kept.status = fault.status ?? 200
    await trickle(req, res, kept.status, fault.trickleMs)
  } else if (fault.status !== undefined && fault.echo) {
    if (notification) kept.body = safeJson(await readBody(req))
    else req.resume()
    res
      .writeHead(fault.status, { 'content-type': 'text/plain', ...fault.headers })
      .end(echoOf(req, fault.echoToken))
  } else if (fault.reset === true) req.socket.destroy()
  else if (fault.status === undefined) return { prefix }
  else if (fault.hold) {
    // Answered on the raw connection, which then stays open and unread: an HTTP answer
    // would make the server close it.
    const body = String(fault.body ?? '')
    req.socket.pause()
    req.socket.write(
      `HTTP/1.1 ${fault.status} ${STATUS_CODES[fault.status]}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    )
    kept.status = fault.status
  } else {
    if (notification) kept.body = safeJson(await readBody(req))
    res
      .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
      .end(fault.body ?? '')
  }
  return { kept }
}
