import { request } from 'node:http'
import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../../emulator/server.js'
import { defaultWorkspace, DEMO_API_KEY } from '../../../emulator/workspaces.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({
    workspaces: [
      defaultWorkspace(),
      defaultWorkspace({ apiKey: 'off-key-000', teamId: 'off', enabled: false }),
      defaultWorkspace({ apiKey: 'client-key-000', teamId: 'client', answerShape: 'client' }),
      defaultWorkspace({
        apiKey: 'quiet-client-key-000',
        teamId: 'quiet',
        answerShape: 'client',
        mobileTriggersEnabled: false
      })
    ]
  })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const auth = { authorization: `Bearer ${DEMO_API_KEY}` }

async function signed(file = 'app.apk'): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(
    `${emulator.baseUrl}/api/v0/run-inputs-executables-signed-urls?file=${encodeURIComponent(file)}`,
    {
      headers: auth
    }
  )
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

/** A raw PUT, so that headers (or their absence) are exactly as given. */
function put(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  chunked = false
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, res => {
      let text = ''
      res.setEncoding('utf8').on('data', (s: string) => (text += s))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    if (chunked) req.write(body)
    req.end(chunked ? undefined : body)
  })
}

const bytes = Buffer.from('PK\u0003\u0004 build bytes')
const okHeaders = {
  'content-type': 'application/octet-stream',
  'content-length': String(bytes.length)
}

describe('signed-URL endpoint', () => {
  it('answers the three fields with a SigV4 URL to the store', async () => {
    const { status, body } = await signed('dir/app.apk')
    expect(status).toBe(200)
    expect(body.fileLocation).toBe('team_demo/dir/app.apk')
    expect(body.playgroundFileLocation).toBe('dir/app.apk')
    const url = new URL(body.signedUrl!)
    expect(url.origin).toBe(emulator.storeUrl)
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host')
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
  })

  it.each([
    ['', 400, 'Missing'],
    ['app.exe', 400, 'Unsupported file type'],
    ['../x.apk', 400, 'Invalid file path']
  ])('file %j -> %i', async (file, status, words) => {
    const response = await fetch(
      `${emulator.baseUrl}/api/v0/run-inputs-executables-signed-urls${file ? `?file=${file}` : ''}`,
      {
        headers: auth
      }
    )
    expect(response.status).toBe(status)
    expect(((await response.json()) as { error: string }).error).toContain(words)
  })

  it('401 without a key or with an unknown one; 403 for a disabled workspace', async () => {
    const path = `${emulator.baseUrl}/api/v0/run-inputs-executables-signed-urls?file=a.apk`
    expect((await fetch(path)).status).toBe(401)
    expect((await fetch(path, { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    expect((await fetch(path, { headers: { authorization: 'Bearer off-key-000' } })).status).toBe(
      403
    )
  })

  it('500 through fault injection', async () => {
    emulator.faults.add({ route: 'signed-url', status: 500, body: '{"error":"boom"}' })
    expect((await signed()).status).toBe(500)
    expect((await signed()).status).toBe(200)
  })
})

describe('object store', () => {
  it('stores the exact bytes of a correctly signed PUT', async () => {
    const url = (await signed()).body.signedUrl!
    expect((await put(url, bytes, okHeaders)).status).toBe(200)
    const object = emulator.objects.get('team_demo/app.apk')!
    expect(object.size).toBe(bytes.length)
    expect(object.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it.each(['dir/a:b.apk', 'a #[b].apk', 'app%0A.apk', 'caf\u00e9 \u00fc.apk'])(
    'takes a correctly signed PUT to a key with escaped characters: %j',
    async file => {
      const url = (await signed(file)).body.signedUrl!
      expect((await put(url, bytes, okHeaders)).status).toBe(200)
      expect(emulator.objects.get(`team_demo/${file}`)?.size).toBe(bytes.length)
    }
  )

  it.each([
    [
      'a wrong Content-Type',
      { 'content-type': 'text/plain', 'content-length': String(bytes.length) }
    ],
    ['no Content-Type', { 'content-length': String(bytes.length) }]
  ])('refuses %s with 403 SignatureDoesNotMatch', async (_title, headers) => {
    const url = (await signed()).body.signedUrl!
    const response = await put(url, bytes, headers)
    expect(response.status).toBe(403)
    expect(response.text).toContain('<Code>SignatureDoesNotMatch</Code>')
    expect(emulator.objects.size).toBe(0)
  })

  it.each([
    ['another key', (u: URL) => (u.pathname = u.pathname.replace('app.apk', 'other.apk'))],
    ['another expiry', (u: URL) => u.searchParams.set('X-Amz-Expires', '604800')],
    ['another signature', (u: URL) => u.searchParams.set('X-Amz-Signature', '0'.repeat(64))]
  ])('refuses a URL tampered with (%s)', async (_title, tamper) => {
    const url = new URL((await signed()).body.signedUrl!)
    tamper(url)
    const response = await put(url.toString(), bytes, okHeaders)
    expect(response.status).toBe(403)
    expect(response.text).toContain('SignatureDoesNotMatch')
  })

  it('refuses an expired URL with 403', async () => {
    emulator.faults.add({ route: 'signed-url', expireUrl: true })
    const url = (await signed()).body.signedUrl!
    const response = await put(url, bytes, okHeaders)
    expect(response.status).toBe(403)
    expect(response.text).toContain('Request has expired')
  })

  it.each([
    ['accepts with 100 Continue, then stores', okHeaders, true, 200],
    [
      'refuses at once, without 100 Continue',
      { ...okHeaders, 'content-type': 'text/plain' },
      false,
      403
    ]
  ])('with Expect: 100-continue, %s', async (_title, headers, continued, status) => {
    const url = (await signed()).body.signedUrl!
    const answer = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let said100 = false
      const req = request(url, { method: 'PUT', headers: { ...headers, expect: '100-continue' } })
      // The body goes only after the go-ahead; a final answer before it ends the request unsent.
      req.on('continue', () => {
        said100 = true
        req.end(bytes)
      })
      req.on('response', res => {
        res.resume()
        resolve({ status: res.statusCode ?? 0, continued: said100 })
        req.destroy()
      })
      req.on('error', reject)
      req.flushHeaders()
    })
    expect(answer).toEqual({ status, continued })
    expect(emulator.objects.size).toBe(status === 200 ? 1 : 0)
  })

  it('answers 500 when it cannot write the object (a full disk), and stays up', async () => {
    const url = (await signed()).body.signedUrl!
    const directory = emulator.storeDirectory
    // A file where the store's directory was: every write fails, as on a full disk.
    await rm(directory, { recursive: true })
    await writeFile(directory, '')
    try {
      const answer = await put(url, bytes, okHeaders)
      expect(answer.status).toBe(500)
      expect(answer.text).toContain('<Code>InternalError</Code>')
      expect(emulator.objects.size).toBe(0)
    } finally {
      await rm(directory)
      await mkdir(directory)
    }
    expect((await put(url, bytes, okHeaders)).status).toBe(200)
  })

  it('refuses a chunked PUT without Content-Length with 411', async () => {
    const url = (await signed()).body.signedUrl!
    const response = await put(url, bytes, { 'content-type': 'application/octet-stream' }, true)
    expect(response.status).toBe(411)
    expect(response.text).toContain('MissingContentLength')
  })

  it('keeps nothing of a PUT cut in the middle', async () => {
    emulator.faults.add({ route: 'upload', reset: { afterBytes: 4 } })
    const url = (await signed()).body.signedUrl!
    await expect(put(url, bytes, okHeaders)).rejects.toThrow()
    expect(emulator.objects.size).toBe(0)
  })
})

describe('deploy webhook and runs list', () => {
  async function deploy(
    body: unknown,
    key = DEMO_API_KEY
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${emulator.baseUrl}/api/webhooks/deploy_success`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it.each([
    ['not JSON', '{'],
    ['an array', []],
    ['variables not strings', { variables: { A: 1 } }],
    ['branch not a string', { branch: 5 }]
  ])('400 for a malformed body: %s', async (_title, body) => {
    const { status, body: answer } = await deploy(body)
    expect(status).toBe(400)
    expect(answer.error).toEqual(expect.any(String))
  })

  it('chooses the environment by the naming convention and lists the run', async () => {
    const a = await deploy({
      variables: { RUN_INPUT_PATH: 'builds/myapp-production.apk' },
      branch: 'main'
    })
    const b = await deploy({
      variables: { RUN_INPUT_PATH: 'myapp-octo-app-pr12.ipa' },
      branch: 'pr'
    })
    const c = await deploy({ variables: { RUN_INPUT_PATH: 'whatever.apk' }, branch: 'x' })
    expect([a.body.environment, b.body.environment, c.body.environment]).toEqual([
      'production',
      'myapp-octo-app-pr12',
      'staging'
    ])
    const list = (await (
      await fetch(`${emulator.baseUrl}/api/v0/runs`, { headers: auth })
    ).json()) as { runs: { id: string }[] }
    expect(list.runs.map(r => r.id)).toEqual(emulator.runs.map(r => r.id))
    expect(emulator.runs.every(r => r.status === 'artifact-not-found')).toBe(true)
  })

  it('answers a path with a doubled slash, as the published clients send it', async () => {
    const response = await fetch(`${emulator.baseUrl}//api/webhooks/deploy_success`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: '{}'
    })
    expect(response.status).toBe(200)
    const get = await fetch(
      `${emulator.baseUrl}//api/v0/run-inputs-executables-signed-urls?file=a.apk`,
      { headers: auth }
    )
    expect(get.status).toBe(200)
  })

  it('error bodies carry failureCode, failureMessage and eventId', async () => {
    const { status, body } = await deploy({}, 'unknown-key')
    expect(status).toBe(401)
    expect(body).toMatchObject({
      failureCode: 'UNAUTHORIZED',
      failureMessage: expect.any(String),
      eventId: expect.stringMatching(/^evt_/)
    })
  })

  it("answers in the published client's shape when the workspace asks for it", async () => {
    const created = await deploy(
      { variables: { RUN_INPUT_PATH: 'myapp-staging.apk' } },
      'client-key-000'
    )
    expect(created.body).toMatchObject({
      environment: { id: 'env_staging', alias: 'staging', isStatic: true },
      results: [{ created_suite_id: emulator.runs[0]!.id }]
    })
    expect((created.body.results as object[])[0]).not.toHaveProperty('outcome')
    const preview = await deploy({ ephemeral_environment: true }, 'quiet-client-key-000')
    expect(preview.body).toMatchObject({
      environment: { isStatic: false },
      results: []
    })
  })

  it('supersedes by deduplication_key', async () => {
    await deploy({ deduplication_key: 'k', sha: '1' })
    await deploy({ deduplication_key: 'k', sha: '2' })
    expect(emulator.runs.map(r => r.status)).toEqual(['superseded', 'running'])
  })
})

describe('run lifecycle, ci-greenlight and environment_terminated', () => {
  async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${emulator.baseUrl}${path}`, { headers: auth })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  async function post(
    path: string,
    body: unknown
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${emulator.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const deployWith = (lifecycle: object, extra: object = {}) =>
    post('/api/webhooks/deploy_success', {
      variables: { EMULATOR_RUN: JSON.stringify(lifecycle) },
      ...extra
    })

  it('answers 404 before the run exists, then its stages, then its verdict with bugs', async () => {
    await deployWith({
      notFoundMs: 150,
      initializingMs: 150,
      underReviewMs: 150,
      final: 'failed',
      bugs: [{ name: 'Crash', priority: 'urgent' }]
    })
    const id = emulator.runs[0]!.id
    const seen: unknown[] = []
    for (let i = 0; i < 60 && seen.at(-1) !== 'completed'; i++) {
      const { status, body } = await get(`/api/v0/ci-greenlight/${id}`)
      const stage = status === 404 ? 404 : body.runStage
      if (seen.at(-1) !== stage) seen.push(stage)
      await new Promise(resolve => setTimeout(resolve, 20))
    }
    expect(seen).toEqual([404, 'initializing', 'underReview', 'completed'])
    const { body } = await get(`/api/v0/ci-greenlight/${id}`)
    expect(body).toMatchObject({
      greenlight: false,
      rootRunId: id,
      relevantRunId: id,
      blockingBugsCount: 1,
      reproducedBugs: [expect.objectContaining({ name: 'Crash', isBlocking: true })]
    })
    const runs = (await get('/api/v0/runs')).body.runs as { stage: string }[]
    expect(runs[0]!.stage).toBe('completed')
  })

  it('points a superseded run at the run that superseded it', async () => {
    await deployWith({ initializingMs: 60_000 }, { deduplication_key: 'k', sha: 'aaaaaaa' })
    await deployWith({ initializingMs: 60_000 }, { deduplication_key: 'k', sha: 'bbbbbbb' })
    const [first, second] = emulator.runs
    const { body } = await get(`/api/v0/ci-greenlight/${first!.id}`)
    expect(body).toMatchObject({ rootRunId: first!.id, relevantRunId: second!.id })
  })

  it('ends an environment once: 200, then 409; 404 for one it never saw', async () => {
    expect(
      await post('/api/webhooks/environment_terminated', { environmentId: 'env_staging' })
    ).toEqual({
      status: 200,
      body: { code: 'terminated', environmentId: 'env_staging' }
    })
    expect(
      (await post('/api/webhooks/environment_terminated', { environmentAlias: 'staging' })).status
    ).toBe(409)
    expect(
      (await post('/api/webhooks/environment_terminated', { environmentId: 'env_x' })).status
    ).toBe(404)
    expect((await post('/api/webhooks/environment_terminated', {})).status).toBe(400)
  })
})
