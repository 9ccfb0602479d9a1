import { getEventListeners } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { AbortedError, DeployError, NetworkError } from '../../../../src/core/shared/errors.js'
import {
  DEFAULT_TIMEOUTS,
  labelOf,
  MAX_RESPONSE_BYTES,
  send
} from '../../../../src/core/transport/send.js'

const transport = { timeouts: DEFAULT_TIMEOUTS, userAgent: 'test/1.0' }

let server: Server
let base: string
let hits = 0
const trickles = new Set<NodeJS.Timeout>()

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++
    if (req.url === '/huge') res.end('x'.repeat(MAX_RESPONSE_BYTES + 1))
    else if (req.url === '/redirect')
      res.writeHead(302, { location: 'https://elsewhere.example.com/x?sig=1' }).end()
    else if (req.url === '/trickle') {
      // One byte every 100 ms, for ever: the idle timer never trips, only a total limit ends it.
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => res.write(' '), 100)
      trickles.add(timer)
      res.on('close', () => {
        clearInterval(timer)
        trickles.delete(timer)
      })
    } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const timer of trickles) clearInterval(timer)
  server.closeAllConnections()
  await new Promise<void>(resolve => server.close(() => resolve()))
})

const get = (path: string, origin = base) => ({
  method: 'GET' as const,
  url: `${origin}${path}`,
  headers: {},
  label: `GET ${origin}${path}`
})

describe('send', () => {
  it('returns the status and the body', async () => {
    const response = await send(get('/ok'), transport)
    expect(response.status).toBe(200)
    expect(response.body).toBe('{"ok":true}')
  })

  it('does not follow redirects', async () => {
    expect((await send(get('/redirect'), transport)).status).toBe(302)
  })

  it('refuses a body over the cap, naming the request', async () => {
    await expect(send(get('/huge'), transport)).rejects.toThrow(
      `GET ${base}/huge answered with a body larger than 1 MiB`
    )
  })

  it('never starts a request whose signal is already aborted, and says why', async () => {
    const before = hits
    const reason = new DeployError('The upload reached its time limit')
    await expect(send(get('/ok'), transport, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason
    )
    expect(hits).toBe(before)
  })

  it('ends with an error that is never retried when a caller aborts for a reason of its own', async () => {
    const controller = new AbortController()
    const sent = send(get('/trickle'), transport, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('the user pressed stop')), 200)
    const error = await sent.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect((error as Error).message).toContain('the user pressed stop')
  })

  it('cuts an answer that trickles past the deadline, though bytes keep coming', async () => {
    const started = Date.now()
    const error = await send(get('/trickle'), transport, { deadline: Date.now() + 500 }).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toMatch(/did not finish within 0\.5 s/)
    // Far from the trickle's own pace: it would never end by itself.
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it('leaves no listener on a long-lived signal', async () => {
    const signal = new AbortController().signal
    for (let i = 0; i < 3; i++) await send(get('/ok'), transport, { signal })
    await expect(send(get('/huge'), transport, { signal })).rejects.toThrow()
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it('names a refused connection without the query', async () => {
    const url = 'http://127.0.0.1:1/upload?X-Amz-Signature=secret'
    await expect(
      send({ method: 'GET', url, headers: {}, label: labelOf('GET', url) }, transport)
    ).rejects.toThrow(/^GET http:\/\/127\.0\.0\.1:1\/upload failed: .*ECONNREFUSED/)
  })

  it('connects to an IPv6 loopback literal, [::1]', async () => {
    const v6 = createServer((_req, res) => res.end('{"v6":true}'))
    const listening = await new Promise<boolean>(resolve => {
      v6.once('error', () => resolve(false))
      v6.listen(0, '::1', () => resolve(true))
    })
    // A machine without IPv6 on loopback cannot run this case; every CI runner has it.
    if (!listening) return
    try {
      const origin = `http://[::1]:${(v6.address() as AddressInfo).port}`
      expect((await send(get('/', origin), transport)).body).toBe('{"v6":true}')
    } finally {
      v6.close()
    }
  })
})

describe('labelOf', () => {
  it('labels a URL by origin and path only', () => {
    expect(labelOf('PUT', 'https://s.example.com/b/k.apk?X-Amz-Signature=abc')).toBe(
      'PUT https://s.example.com/b/k.apk'
    )
  })
})
