import { getEventListeners } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DeployError } from '../../src/core/errors.js'
import { DEFAULT_TIMEOUTS } from '../../src/core/http.js'

const transport = { timeouts: DEFAULT_TIMEOUTS, userAgent: 'test/1.0' }
import {
  describeNetworkError,
  labelOf,
  MAX_RESPONSE_BYTES,
  redactQueryStrings,
  send
} from '../../src/core/http.js'

let server: Server
let base: string
let hits = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++
    if (req.url === '/huge') res.end('x'.repeat(MAX_RESPONSE_BYTES + 1))
    else if (req.url === '/redirect')
      res.writeHead(302, { location: 'https://elsewhere.example.com/x?sig=1' }).end()
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

const get = (path: string) => ({
  method: 'GET' as const,
  url: `${base}${path}`,
  headers: {},
  label: `GET ${base}${path}`
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

  it('refuses a body over the cap', async () => {
    await expect(send(get('/huge'), transport)).rejects.toThrow(
      `larger than ${MAX_RESPONSE_BYTES} bytes`
    )
  })

  it('never starts a request whose signal is already aborted, and says why', async () => {
    const before = hits
    const reason = new DeployError('The step reached its time limit')
    await expect(send(get('/ok'), transport, AbortSignal.abort(reason))).rejects.toBe(reason)
    expect(hits).toBe(before)
  })

  it('leaves no listener on a long-lived signal', async () => {
    const signal = new AbortController().signal
    for (let i = 0; i < 3; i++) await send(get('/ok'), transport, signal)
    await expect(send(get('/huge'), transport, signal)).rejects.toThrow()
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it('names a refused connection without the query', async () => {
    const url = 'http://127.0.0.1:1/upload?X-Amz-Signature=secret'
    await expect(
      send({ method: 'GET', url, headers: {}, label: labelOf('GET', url) }, transport)
    ).rejects.toThrow(/^GET http:\/\/127\.0\.0\.1:1\/upload failed: .*ECONNREFUSED/)
  })
})

describe('redaction', () => {
  it.each([
    ['Request timeout: /b/k?X-Amz-Signature=abc&x=1', 'Request timeout: /b/k?…'],
    ['see "https://s.example.com/a?sig=1" now', 'see "https://s.example.com/a?…" now'],
    ['no query here', 'no query here'],
    ['see "http://127.0.0.1:9/a?b" now', 'see "http://127.0.0.1:9/a?…" now'],
    [
      'Input \'file\' "build/app-?.apk" matched no file',
      'Input \'file\' "build/app-?.apk" matched no file'
    ],
    ['what? where?', 'what? where?']
  ])('%s', (text, expected) => {
    expect(redactQueryStrings(text)).toBe(expected)
    expect(describeNetworkError(new Error(text))).toBe(expected)
  })

  it('labels a URL by origin and path only', () => {
    expect(labelOf('PUT', 'https://s.example.com/b/k.apk?X-Amz-Signature=abc')).toBe(
      'PUT https://s.example.com/b/k.apk'
    )
  })
})
