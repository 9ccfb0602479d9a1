// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
import { appendFile, truncate } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import {
  expectFailure,
  requestsOf,
  step,
  stepWithBuild,
  writeArtifact,
  scalarOutputs
} from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

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
    expect(result.outputs).toMatchObject({ outcome: 'aborted', playgroundFileLocation: 'app.apk' })
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

  it('404: base-url does not point at the service', async () => {
    const result = await step(emulator, { 'base-url': `${emulator.baseUrl}/wrong` })
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
    expect(emulator.requests.map(r => r.route)).toEqual(['signed-url', 'signed-url', 'signed-url'])
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
