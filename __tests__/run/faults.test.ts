// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The fault-injection suite: every transient fault on each of the three
 * requests ends in success with the exact bytes stored and one run; every
 * permanent one fails with the contract's message after a bounded number of
 * attempts, and a failed upload never notifies. Debug logging is on
 * throughout, so the leak check of `step` also covers debug lines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault, Route } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { expectFailure, requestsOf, stepWithBuild } from '../helpers/harness.js'
import { testWorkspaces } from '../helpers/workspaces.js'

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
  const { built, result } = await stepWithBuild(emulator, inputs, { size: 512 * 1024, env: debug })
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
