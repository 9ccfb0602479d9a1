/**
 * What can go wrong on the way, told as what it is: the service's two shapes of the deploy
 * answer, every fault of each request, and the failures of the build and its answers.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { appendFile, truncate } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import {
  DEMO_API_KEY,
  expectFailure,
  requestsOf,
  step,
  stepWithBuild,
  writeArtifact,
  scalarOutputs
} from '../helpers/harness.js'
import { KEYS, testWorkspaces, bothShapes, clientKey } from '../helpers/workspaces.js'
import { errorLines } from '../../emulator/github-runner.js'
import { render } from '../helpers/markdown.js'
import type { Fault, Route } from '../../emulator/faults.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

describe('failures', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const now = { 'retry-after': '0' }

  describe('the service refuses', () => {
    it('401: says to check the api-key secret, and sends nothing else', async () => {
      const { result } = await stepWithBuild(emulator, { 'api-key': 'wrong-key-123' })
      expectFailure(result, '401 Unauthorized', 'Check api-key and the secret')
      expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    })

    it('403: the workspace is disabled, ask the service operator', async () => {
      const result = await step(emulator, { 'api-key': KEYS.disabled })
      expectFailure(result, '403 Forbidden', 'workspace is disabled', 'Ask the service operator')
    })

    it('402 on the notification: billing', async () => {
      emulator.faults.add({
        route: 'deploy',
        status: 402,
        body: '{"failureCode":"BILLING_PREVENTED","failureMessage":"Out of credits"}'
      })
      const { result } = await stepWithBuild(emulator)
      expectFailure(result, '402 Payment Required (BILLING_PREVENTED: Out of credits)', 'billing')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
      expect(result.outputs).toMatchObject({
        outcome: 'aborted',
        playgroundFileLocation: 'app.apk'
      })
    })

    it('400 on the notification: malformed', async () => {
      emulator.faults.add({
        route: 'deploy',
        status: 400,
        body: '{"error":"variables must be an object"}'
      })
      const result = await step(emulator, {})
      expectFailure(result, '400 Bad Request (variables must be an object)')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
    })

    it.each(['/api', '/api/v0/', '/testing/api/webhooks/deploy_success'])(
      'a base-url that reaches into the API (%s): refused before any request, naming the address to use',
      async path => {
        const result = await step(emulator, { 'base-url': `${emulator.baseUrl}${path}` })
        const base = `${emulator.baseUrl}${path.slice(0, path.indexOf('/api'))}`
        expectFailure(
          result,
          `Input 'base-url' "${emulator.baseUrl}${path}" reaches into the service's API`,
          `Use the address the requests start from, "${base}"`
        )
        expect(emulator.requests).toEqual([])
      }
    )

    it("a gateway's path prefix: every request keeps it; a 404 under it names both forms", async () => {
      // A gateway in front of the service: it answers under /testing, and passes the rest on.
      const seen: string[] = []
      const gateway = createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`)
        if (!req.url!.startsWith('/testing/')) return res.writeHead(404).end()
        const upstream = httpRequest(
          `${emulator.baseUrl}${req.url!.slice('/testing'.length)}`,
          { method: req.method, headers: req.headers },
          answer => {
            res.writeHead(answer.statusCode!, answer.headers)
            answer.pipe(res)
          }
        )
        req.pipe(upstream)
      })
      await new Promise<void>(done => gateway.listen(0, '127.0.0.1', done))
      const at = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
      try {
        const result = await step(emulator, { 'base-url': `${at}/testing/` })
        expect(result.exitCode).toBe(0)
        // A notification (the step's default here), then the run's page asked for: both under the prefix.
        expect(seen).toEqual([
          'POST /testing/api/webhooks/deploy_success',
          expect.stringMatching(/^GET \/testing\/api\/v0\/ci-greenlight\//)
        ])
        const wrong = await step(emulator, { 'base-url': `${at}/elsewhere` })
        expectFailure(
          wrong,
          'answered 404',
          'the service was asked under the prefix "/elsewhere"',
          "a gateway's prefix in front of it"
        )
      } finally {
        gateway.close()
      }
    })

    it('a message of hundreds of thousands of characters: cut, redacted, and told at once', async () => {
      // Under the answer cap; a run of a.a.a… once made two URL patterns read the rest of it at every letter.
      const message = `${DEMO_API_KEY} ${'a.'.repeat(250_000)} https://u:p@h.example/x?sig=1`
      emulator.faults.add({
        route: 'deploy',
        status: 400,
        body: JSON.stringify({ failureCode: 'E', failureMessage: message })
      })
      const result = await step(emulator, {})
      const error = expectFailure(result, '400 Bad Request (E: *** a.a.a.', '…)')
      expect(error.length).toBeLessThan(1_000)
      expect(error).not.toContain('p@h')
    })

    it('404: base-url does not point at the service', async () => {
      emulator.faults.add({ route: 'deploy', status: 404, times: 10 })
      const result = await step(emulator, {})
      expectFailure(result, '404 Not Found', 'check base-url')
    })

    it('5xx on every attempt: gives up after max-attempts', async () => {
      emulator.faults.add({
        route: 'signed-url',
        status: 503,
        times: 3,
        headers: now,
        body: '{"failureCode":"TRANSACTION_TIMEOUT"}'
      })
      const { result } = await stepWithBuild(emulator, { 'max-attempts': '3' })
      expectFailure(
        result,
        '503 Service Unavailable (TRANSACTION_TIMEOUT)',
        'Gave up after 3 attempts'
      )
      expect(emulator.requests.map(r => r.route)).toEqual([
        'signed-url',
        'signed-url',
        'signed-url'
      ])
    })

    it('a store that answers before the body and stops reading: the step ends at once', async () => {
      emulator.faults.add({ route: 'upload', status: 403, hold: true, body: '<Error/>' })
      // Far more than the connection's buffers take: the writes stall until the request is let go.
      const { result } = await stepWithBuild(
        emulator,
        {},
        { size: 16 * 1024 * 1024, timeoutMs: 30_000 }
      )
      expectFailure(result, '403 Forbidden')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
    })

    it('max-attempts 1: no retry', async () => {
      emulator.faults.add({ route: 'deploy', status: 500 })
      const result = await step(emulator, { 'max-attempts': '1' })
      expectFailure(result, '500 Internal Server Error', 'Gave up after 1 attempt.')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
    })

    it('a PUT refused on every attempt never leads to a notification', async () => {
      emulator.faults.add({ route: 'upload', status: 500, times: 2, headers: now })
      const { result } = await stepWithBuild(emulator, { 'max-attempts': '2' })
      expectFailure(
        result,
        'PUT http://127.0.0.1',
        '/uploads/team_demo/app.apk answered 500',
        'Gave up after 2 attempts'
      )
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.objects.size).toBe(0)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    })

    it('a signature mismatch is permanent and names the cause', async () => {
      emulator.faults.add({
        route: 'upload',
        status: 403,
        body: '<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>No match</Message></Error>'
      })
      const { result } = await stepWithBuild(emulator)
      expectFailure(result, '403 Forbidden (SignatureDoesNotMatch: No match)', 'signature mismatch')
      expect(emulator.requests.map(r => r.route)).toEqual(['signed-url', 'upload'])
    })
  })

  describe('Expect: 100-continue', () => {
    /** The bytes the store received over every connection, once all of them closed. */
    async function storeTraffic(connections: number): Promise<number> {
      for (let wait = 0; wait < 200 && emulator.storeTraffic.length < connections; wait++)
        await new Promise(resolve => setTimeout(resolve, 10))
      expect(emulator.storeTraffic).toHaveLength(connections)
      return emulator.storeTraffic.reduce((a, b) => a + b, 0)
    }

    it('a PUT the store refuses sends none of the file: an expired URL costs one upload, not two', async () => {
      emulator.faults.add({ route: 'signed-url', expireUrl: true })
      const { built, result } = await stepWithBuild(emulator, {}, { size: 16 * 1024 * 1024 })
      expect(result.exitCode).toBe(0)
      expect(requestsOf(emulator, 'upload').map(r => r.status)).toEqual([403, 200])
      const received = await storeTraffic(2)
      // The file once, and two request heads with their signed URLs; a body sent before the
      // refusal would add at least the store's first 64 KiB read.
      expect(received).toBeGreaterThan(built.size)
      expect(received).toBeLessThan(built.size + 8 * 1024)
    })
  })

  describe('hostile answers', () => {
    it.each([
      ['malformed JSON', '{"signedUrl": ', 'not JSON'],
      ['an HTML page', '<html><title>Login</title></html>', 'an HTML page titled "Login"'],
      ['no signedUrl', '{"playgroundFileLocation": "a.apk"}', 'without signedUrl'],
      [
        'a signedUrl that is not http(s)',
        '{"playgroundFileLocation": "a.apk", "signedUrl": "file:///etc/passwd"}',
        'not an https URL'
      ],
      [
        'a huge body',
        `{"x": "${'y'.repeat(2 * 1024 * 1024)}"}`,
        'answered with a body larger than 1 MiB'
      ]
    ])('signed-url answers %s: a clear error, no upload', async (_title, body, words) => {
      emulator.faults.add({ route: 'signed-url', status: 200, body })
      const { result } = await stepWithBuild(emulator)
      expectFailure(result, words)
      expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
    })

    it.each([
      ['malformed JSON', 'ok', 'not JSON'],
      ['an array', '[]', 'not an object']
    ])('deploy answers %s: aborted', async (_title, body, words) => {
      emulator.faults.add({ route: 'deploy', status: 200, body })
      const result = await step(emulator, {})
      expectFailure(result, words)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    })
  })

  describe('bad input fails before any request', () => {
    it.each<[Record<string, string>, ...string[]]>([
      [{ file: 'missing/*.apk' }, "Input 'file'", 'matched no file'],
      [{ file: '*.apk' }, "Input 'file'", 'matched 3 files', '"a.apk", "b.apk", "empty.apk"'],
      [{ file: 'dir' }, "Input 'file'", 'a directory'],
      [{ file: 'empty.apk' }, "Input 'file'", 'is empty (0 bytes)'],
      [{ file: 'notes.txt' }, "Input 'file'", 'not an accepted build type'],
      [
        { file: 'a.apk', 'name-prefix': 'myapp' },
        "Input 'name-prefix'",
        'needs either an environment or a pull request'
      ],
      [{ 'max-attempts': 'lots' }, "Input 'max-attempts'", 'whole number'],
      [{ 'base-url': 'http://service.example.com' }, "Input 'base-url'", 'Use https']
    ])('%j', async (inputs, ...phrases) => {
      const built = await writeArtifact('a.apk')
      await writeArtifact('b.apk', 10, built.workspace)
      await writeArtifact('dir/inner.apk', 10, built.workspace)
      await writeArtifact('empty.apk', 0, built.workspace)
      await writeArtifact('notes.txt', 10, built.workspace)
      const result = await step(emulator, inputs, { workspace: built.workspace })
      expectFailure(result, ...phrases)
      expect(emulator.requests).toHaveLength(0)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    })
  })

  describe('a file that changes while it is uploaded', () => {
    /** Starts the step with the store holding back its answer, and changes the file once the PUT is under way. */
    async function changeDuringUpload(change: (path: string) => Promise<void>) {
      emulator.faults.add({ route: 'upload', delayMs: 2000 })
      const built = await writeArtifact('app.apk', 16 * 1024 * 1024)
      const running = step(emulator, { file: 'app.apk' }, { workspace: built.workspace })
      while (!emulator.requests.some(r => r.route === 'signed-url'))
        await new Promise(r => setTimeout(r, 10))
      await change(built.path)
      const result = await running
      await emulator.idle()
      return result
    }

    it('is never sent short when it shrinks', async () => {
      const result = await changeDuringUpload(path => truncate(path, 1024 * 1024))
      expectFailure(result, '"app.apk" shrank', 'rebuild it')
      expect(requestsOf(emulator, 'upload')).toHaveLength(1)
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.objects.size).toBe(0)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    })

    it('is never sent long when it grows', async () => {
      const result = await changeDuringUpload(path => appendFile(path, Buffer.alloc(4096, 1)))
      expectFailure(result, '"app.apk" grew', 'rebuild it')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.objects.size).toBe(0)
    })
  })

  describe('answers with missing or wrongly typed fields', () => {
    it('results of another type: no run, the step says so', async () => {
      emulator.faults.add({ route: 'deploy', status: 200, body: '{"results": "created"}' })
      const result = await step(emulator, {})
      expectFailure(result, 'created no run', 'no trigger matched')
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'failed' })
    })

    it('a created run with an unusable id: success, empty runId, a warning', async () => {
      emulator.faults.add({
        route: 'deploy',
        status: 200,
        body: '{"results": [{"outcome": "created", "created_suite_id": {"id": 1}}]}'
      })
      const result = await step(emulator, {})
      expect(result.exitCode).toBe(0)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'success' })
      expect(result.stdout).toContain('::warning::The service reported a run without an id')
    })

    it('a signed-URL answer with fields of the wrong type', async () => {
      emulator.faults.add({
        route: 'signed-url',
        status: 200,
        body: '{"playgroundFileLocation": ["a.apk"], "signedUrl": 42}'
      })
      const { result } = await stepWithBuild(emulator)
      expectFailure(result, 'without playgroundFileLocation')
      expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
    })
  })
})

/**
 * The bundle against both shapes of the deploy answer: as documented (spec
 * Part 2) and as the service's published client reads it (Part 3). Every
 * no-run case gets advice that matches its cause.
 */
describe('answers', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: bothShapes() })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const shapes: [string, (key: string) => string][] = [
    ['documented answer', key => key],
    ["published client's answer", clientKey]
  ]

  describe.each(shapes)('%s', (_shape, keyOf) => {
    it('a created run: runId and environmentId', async () => {
      const result = await step(emulator, { 'api-key': keyOf(KEYS.main) })
      expect(result.exitCode).toBe(0)
      const run = emulator.runs[0]!
      expect(result.outputs).toMatchObject({
        outcome: 'success',
        runId: run.id,
        environmentId: 'env_staging'
      })
      expect(result.stdout).toContain(`Run ${run.id} created on environment "staging".`)
      expect(render(result.summary).html).toContain('<code>env_staging</code>')
    })

    it('a repeated notification names the same run', async () => {
      const first = await step(emulator, { 'api-key': keyOf(KEYS.main) })
      const again = await step(emulator, { 'api-key': keyOf(KEYS.main) })
      expect(again.outputs.runId).toBe(first.outputs.runId)
      expect(again.stdout).toMatch(/Run run_\w+ already existed for this deployment on environment/)
    })

    it('no trigger matched: talks about mobile triggers and deployment-type', async () => {
      const result = await step(emulator, {
        'api-key': keyOf(KEYS.labelled),
        'deployment-type': 'ios'
      })
      expectFailure(
        result,
        'The service created no run: no trigger matched this deployment.',
        'mobile triggers are enabled',
        'deployment-type ("ios") matches its label'
      )
      expect(result.outputs).toMatchObject({ outcome: 'failed' })
      expect(result.outputs.runId).toBeUndefined()
    })

    it('billing: talks about billing only', async () => {
      const result = await step(emulator, { 'api-key': keyOf(KEYS.failing) })
      const error = expectFailure(
        result,
        'billing-prevented',
        'The plan has no runs left',
        'billing'
      )
      expect(error).not.toMatch(/mobile triggers|deployment-type/)
      expect(result.outputs).toMatchObject({ outcome: 'failed', environmentId: 'env_staging' })
    })

    it("a skipped deployment: gives the service's reason", async () => {
      const result = await step(emulator, { 'api-key': keyOf(KEYS.skipping) })
      const error = expectFailure(
        result,
        'the service skipped the deployment: Deployments are paused — paused'
      )
      expect(error).not.toMatch(/mobile triggers|deployment-type/)
    })

    it('no environment matched: talks about the naming convention', async () => {
      const result = await step(emulator, { 'api-key': keyOf(KEYS.noEnvironment) })
      const error = expectFailure(result, 'no environment matched this deployment', 'name-prefix')
      expect(error).not.toMatch(/mobile triggers|deployment-type/)
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'failed' })
    })

    it('no run with fail-on-no-run: false is a warning', async () => {
      const result = await step(emulator, {
        'api-key': keyOf(KEYS.noTriggers),
        'fail-on-no-run': 'false'
      })
      expect(result.exitCode).toBe(0)
      expect(result.stdout).toMatch(/^::warning title=No run created::The service created no run/m)
      expect(errorLines(result.stdout)).toEqual([])
    })
  })

  describe('a preview environment with no trigger', () => {
    const inputs = { 'ephemeral-environment': 'true' }

    it("is a success without a run in the published client's answer", async () => {
      const result = await step(emulator, { 'api-key': clientKey(KEYS.noTriggers), ...inputs })
      expect(result.exitCode).toBe(0)
      expect(scalarOutputs(result.outputs)).toEqual({
        outcome: 'success',
        environmentId: 'env_staging',
        environmentIds: 'env_staging'
      })
      expect(result.stdout).toMatch(
        /^::notice title=No run for this preview::No run was created for this preview deployment on environment "staging"/m
      )
      expect(result.summary).toContain('preview deployment, no run')
      expect(emulator.runs).toHaveLength(0)
    })

    it('is no run in the documented answer, which has no preview flag', async () => {
      const result = await step(emulator, { 'api-key': KEYS.noTriggers, ...inputs })
      expectFailure(result, 'no trigger matched', 'mobile triggers are enabled')
    })
  })

  describe('error bodies', () => {
    it('quote the event id for support', async () => {
      const result = await step(emulator, { 'api-key': 'not-a-key-of-any-workspace' })
      expectFailure(
        result,
        'answered 401 Unauthorized (UNAUTHORIZED: API key missing or invalid)',
        'Check api-key and the secret',
        'give this id to support'
      )
      expect(errorLines(result.stdout)[0]).toMatch(/Event id evt_[0-9a-f]{12}: give this id/)
    })
  })
})

/**
 * The fault-injection suite: every transient fault on each of the three
 * requests ends in success with the exact bytes stored and one run; every
 * permanent one fails with the contract's message after a bounded number of
 * attempts, and a failed upload never notifies. Debug logging is on
 * throughout, so the leak check of `step` also covers debug lines.
 */
describe('faults', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ workspaces: testWorkspaces() })
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  const ROUTES: Route[] = ['signed-url', 'upload', 'deploy']
  const now = { 'retry-after': '0' }
  const debug = { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' }

  async function deployWith(fault: Fault, inputs: Record<string, string> = {}) {
    emulator.faults.add(fault)
    const { built, result } = await stepWithBuild(emulator, inputs, {
      size: 512 * 1024,
      env: debug
    })
    // A request a fault delayed may still be answered after the step gave up on it.
    await emulator.idle()
    return { built, result }
  }

  describe('transient faults end in success with one run', () => {
    const cases: [string, Fault][] = []
    for (const route of ROUTES) {
      for (const status of [500, 502, 503, 504]) {
        for (const times of [1, 2])
          cases.push([
            `${status} ${times === 1 ? 'once' : 'twice'} on ${route}`,
            { route, status, times, headers: now }
          ])
      }
      cases.push([
        `429 with Retry-After on ${route}`,
        {
          route,
          status: 429,
          headers: { 'retry-after': '1' },
          body: '{"failureCode":"RATE_LIMITED"}'
        }
      ])
      cases.push([
        `a connection reset on ${route}`,
        { route, reset: route === 'upload' ? { afterBytes: 128 * 1024 } : true }
      ])
    }
    cases.push(['an expired signed URL', { route: 'signed-url', expireUrl: true }])

    it.each(cases)('%s', async (_title, fault) => {
      const { built, result } = await deployWith(fault)
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({ outcome: 'success', artifactSha256: built.sha256 })
      expect(emulator.objects.get('team_demo/app.apk')).toMatchObject({
        size: built.size,
        sha256: built.sha256
      })
      expect(emulator.runs).toHaveLength(1)
      expect(emulator.runs[0]!.id).toBe(result.outputs.runId)
      expect(emulator.faults.pending).toBe(0)
      expect(result.stdout).toMatch(/Attempt 1 of 5 failed|The signed URL expired/)
    })

    it('backs off without Retry-After, and honours it when given', async () => {
      const { result } = await deployWith({ route: 'deploy', status: 503, times: 2 })
      expect(result.exitCode).toBe(0)
      const waits = [...result.stdout.matchAll(/Retrying in ([\d.]+) s/g)].map(m => Number(m[1]))
      expect(waits).toHaveLength(2)
      expect(waits[0]).toBeGreaterThanOrEqual(0.5)
      expect(waits[1]).toBeGreaterThanOrEqual(1)
      expect(waits[1]).toBeLessThanOrEqual(2)
    })
  })

  describe('permanent faults fail after a bounded number of attempts', () => {
    it.each(ROUTES)('5xx on every attempt on %s', async route => {
      const { result } = await deployWith(
        { route, status: 500, times: 3, headers: now },
        { 'max-attempts': '3' }
      )
      expectFailure(result, '500 Internal Server Error', 'Gave up after 3 attempts')
      expect(requestsOf(emulator, route)).toHaveLength(3)
      if (route !== 'deploy') expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(result.outputs.outcome).toBe('aborted')
    })

    it.each<[Route, number, string]>([
      ['signed-url', 400, '400 Bad Request'],
      ['signed-url', 401, 'Check api-key and the secret'],
      ['signed-url', 402, 'billing'],
      ['signed-url', 403, 'Ask the service operator'],
      ['deploy', 400, '400 Bad Request'],
      ['deploy', 401, 'Check api-key and the secret'],
      ['deploy', 402, 'billing'],
      ['deploy', 403, 'Ask the service operator'],
      ['upload', 400, 'the store refused the upload'],
      ['upload', 403, 'signature mismatch']
    ])('%s answering %i: one attempt, the contract message', async (route, status, words) => {
      const { result } = await deployWith({ route, status, body: '{"error":"refused"}' })
      expectFailure(result, `${status}`, words)
      expect(requestsOf(emulator, route)).toHaveLength(1)
      if (route !== 'deploy') expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.runs).toHaveLength(0)
    })

    it('a PUT refused on every attempt never notifies', async () => {
      const { result } = await deployWith({ route: 'upload', status: 503, times: 5, headers: now })
      expectFailure(result, '503 Service Unavailable', 'Gave up after 5 attempts')
      expect(requestsOf(emulator, 'upload')).toHaveLength(5)
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
      expect(emulator.objects.size).toBe(0)
    })

    it('a signed URL that keeps expiring gives up', async () => {
      const { result } = await deployWith(
        { route: 'signed-url', expireUrl: true, times: 2 },
        { 'max-attempts': '2' }
      )
      expectFailure(result, 'the signed URL expired', 'Gave up after 2 attempts')
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
    })
  })

  describe('the PUT and its signed URL', () => {
    it('417 Expectation Failed: the same PUT again at once, without Expect', async () => {
      const { built, result } = await deployWith({ route: 'upload', status: 417 })
      expect(result.exitCode).toBe(0)
      const puts = requestsOf(emulator, 'upload')
      expect(puts.map(p => [p.status, p.headers.expect])).toEqual([
        [417, '100-continue'],
        [200, undefined]
      ])
      expect(result.stdout).toContain(
        'answered 417 Expectation Failed. Sending the file again without Expect.'
      )
      expect(result.stdout).not.toMatch(/Retrying in/)
      expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    })

    it('a fresh signed URL costs the upload attempt it is asked for in, not a retry loop of its own', async () => {
      emulator.faults.add(
        { route: 'signed-url', expireUrl: true },
        { route: 'signed-url', status: 503, times: 10, headers: now }
      )
      const { result } = await stepWithBuild(emulator, { 'max-attempts': '3' }, { env: debug })
      expectFailure(result, '503 Service Unavailable', 'Gave up after 3 attempts')
      // The first URL, then one request in each of the two later attempts.
      expect(requestsOf(emulator, 'signed-url')).toHaveLength(3)
      expect(requestsOf(emulator, 'upload')).toHaveLength(1)
      expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
    })
  })
})
