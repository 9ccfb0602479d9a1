import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The HTTP plumbing the emulated service's routes share: echoes, trickles, stalls, bodies. */

/** The largest request body the emulator reads. */
const MAX_BODY = 1024 * 1024

/** A careless server's error body: the request as it came, credentials and all; first the token as `spell` gives it, when given. */
export function echoOf(req: IncomingMessage, spell?: (token: string) => string): string {
  const url = req.url ?? ''
  const token = /^bearer\s+(.*)$/i.exec(String(req.headers.authorization ?? ''))?.[1]
  const spelt = spell && token ? `Token ${spell(token)} refused.\n` : ''
  const signature = /X-Amz-Signature=([0-9a-f]+)/i.exec(url)?.[1]
  const headers = Object.entries(req.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n')
  return `${spelt}Request refused.\n${req.method} ${url}\n${headers}${signature ? `\nSignatureDoesNotMatch: provided=${signature}` : ''}\n`
}

/**
 * Takes the request whole (saying 100 Continue when asked, as a store that
 * accepts an upload does), then answers a status and one space every
 * `everyMs`, for as long as the client stays.
 */
export async function trickle(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  everyMs: number
): Promise<void> {
  if (/100-continue/i.test(String(req.headers.expect ?? ''))) res.writeContinue()
  req.resume()
  await new Promise<void>(resolve => {
    req.once('end', resolve)
    req.socket.once('close', resolve)
  })
  if (res.destroyed || req.socket.destroyed) return
  res.writeHead(status, { 'content-type': 'application/json' })
  res.write('{"runStage": "initializing" ')
  return new Promise(resolve => {
    const timer = setInterval(() => res.write(' '), everyMs)
    const stop = (): void => {
      clearInterval(timer)
      resolve()
    }
    res.once('close', stop)
    req.socket.once('close', stop)
  })
}

/**
 * Holds a request back for `ms`, or until its client gives up and closes the
 * connection. Its body is read meanwhile (kept, for the answer that follows):
 * a connection that is not read would never tell that its client left.
 */
export function stall(
  req: IncomingMessage,
  ms: number
): Promise<{ left: boolean; prefix: Buffer[] }> {
  return new Promise(resolve => {
    const prefix: Buffer[] = []
    const keep = (chunk: Buffer): number => prefix.push(chunk)
    const finish = (left: boolean): void => {
      clearTimeout(timer)
      req.off('data', keep)
      req.socket.off('close', gone)
      req.pause()
      resolve({ left, prefix })
    }
    const gone = (): void => finish(true)
    const timer = setTimeout(() => finish(req.socket.destroyed), ms)
    req.on('data', keep)
    req.socket.once('close', gone)
  })
}

/**
 * The request's URL. The service's published clients send `//api/...` (a base
 * URL with a trailing slash), which the service answers as `/api/...`; read as
 * it is, `//api` would be taken for a host.
 */
export function requestUrl(req: IncomingMessage, base: string): URL {
  return new URL((req.url ?? '/').replace(/^\/{2,}/, '/'), base)
}

export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo
      resolve(`http://${host}:${address.port}`)
    })
  })
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise(resolve => server.close(() => resolve()))
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
    req.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    if (req.destroyed) resolve('')
  })
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
