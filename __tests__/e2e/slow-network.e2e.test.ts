/**
 * The network's own time limits, on real time: an answer that never comes,
 * a store or a service that trickles. Each case waits seconds for a timer
 * that stands for a network that does not answer, so they run with the
 * long suites; the quick loop's fault suite covers every other fault.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault, Route } from '../../emulator/faults.js'
import { startBlackhole } from '../../emulator/blackhole.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { viaAction, viaCli, viaLibrary } from '../helpers/front-ends.js'
import {
  expectFailure,
  freshWorkspace,
  requestsOf,
  stepWithBuild,
  scalarOutputs
} from '../helpers/harness.js'
import { testWorkspaces } from '../helpers/workspaces.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const debug = { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' }
// The idle timeout is shortened, and the store stalls ten times longer than it: a machine that
// pauses the step or the emulator for a second or two trips neither.
const IDLE_SECONDS = 3
const STALL_MS = IDLE_SECONDS * 10 * 1000

describe('an answer delayed past the idle timeout', () => {
  it.each<Route>(['signed-url', 'upload', 'deploy'])(
    'on %s: tried again, and one run with the exact bytes',
    async route => {
      emulator.faults.add({ route, delayMs: STALL_MS })
      const env = { ...debug, MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) }
      const { built, result } = await stepWithBuild(emulator, {}, { size: 512 * 1024, env })
      // A request the fault delayed may still be answered after the step gave up on it.
      await emulator.idle()
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({ outcome: 'success', artifactSha256: built.sha256 })
      expect(emulator.objects.get('team_demo/app.apk')).toMatchObject({
        size: built.size,
        sha256: built.sha256
      })
      expect(emulator.runs).toHaveLength(1)
      expect(emulator.faults.pending).toBe(0)
      expect(result.stdout).toMatch(/Attempt 1 of 5 failed/)
    }
  )
})

describe("the PUT's total time", () => {
  // A 512 KiB build at 100,000 KiB/s takes 5 ms: each attempt gets the request limit of 3 s, plus that.
  // The store takes the file, then trickles its answer a byte every 200 ms, so no idle timer ever trips.
  const inputs = { 'min-upload-kib-per-second': '100000', 'max-attempts': '2' }
  const env = { ...debug, MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS: '3' }
  const trickling = (times: number): Fault => ({ route: 'upload', trickleMs: 200, times })

  it('cuts a store that answers and then trickles, and tries again', async () => {
    emulator.faults.add(trickling(1))
    const { built, result } = await stepWithBuild(emulator, inputs, { size: 512 * 1024, env })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(
      /Attempt 1 of 2 failed: PUT http:\/\/127\.0\.0\.1:\d+\/uploads\/team_demo\/app\.apk did not finish within 3\.0 s: the time 512 KiB takes at min-upload-kib-per-second \(100000 KiB\/s\), plus the request time limit of 3\.0 s/
    )
    expect(requestsOf(emulator, 'upload')).toHaveLength(2)
    expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    expect(emulator.runs).toHaveLength(1)
  })

  it('cuts a trickling answer at the idle limit after the last byte, long before the size-based allowance', async () => {
    emulator.faults.add(trickling(1))
    // 512 KiB at 1 KiB/s: an allowance of 8.5 minutes; the answer is owed within 3 s of the last byte.
    const slow = { 'min-upload-kib-per-second': '1', 'max-attempts': '2' }
    const { built, result } = await stepWithBuild(emulator, slow, {
      size: 512 * 1024,
      env: { ...debug, MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) }
    })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(
      /Attempt 1 of 2 failed: PUT http:\/\/127\.0\.0\.1:\d+\/uploads\/team_demo\/app\.apk sent the whole file, and the store's answer did not end within 3\.0 s of the last byte/
    )
    expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    expect(emulator.runs).toHaveLength(1)
  })

  it('fails after the last attempt naming the option, and never notifies', async () => {
    emulator.faults.add(trickling(2))
    const { result } = await stepWithBuild(emulator, inputs, { size: 512 * 1024, env })
    expectFailure(
      result,
      'did not finish within 3.0 s',
      'on a slow link, lower min-upload-kib-per-second',
      'Gave up after 2 attempts'
    )
    expect(requestsOf(emulator, 'upload')).toHaveLength(2)
    expect(requestsOf(emulator, 'deploy')).toHaveLength(0)
    expect(result.outputs.outcome).toBe('aborted')
  })
})

describe('a verdict answer that trickles one byte a second', () => {
  it('every front end ends at the timeout, not when the service lets go', async () => {
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      for (let i = 0; i < 20; i++) emulator.faults.add({ route: 'greenlight', trickleMs: 1000 })
      const started = Date.now()
      const outcome = await via(
        emulator,
        {
          command: 'wait',
          options: { runId: 'run_0', waitTimeoutMinutes: 0.05, pollIntervalSeconds: 1 }
        },
        await freshWorkspace()
      )
      const seconds = (Date.now() - started) / 1000
      expect(outcome.outputs.verdict).toBe('timed-out')
      expect(seconds).toBeGreaterThanOrEqual(2.9)
      expect(seconds).toBeLessThan(15)
      expect(requestsOf(emulator, 'greenlight').length).toBeLessThanOrEqual(6)
    }
  })
})

describe('a connection that never comes up, a store that never says 100 Continue', () => {
  it('a service that never completes the connection: each attempt ends at the connect timeout', async () => {
    const blackhole = await startBlackhole()
    try {
      const { result } = await stepWithBuild(
        emulator,
        { 'base-url': blackhole.url, 'max-attempts': '2' },
        // Without the connect timeout, the kernel's SYN retries alone would take about two minutes.
        { env: { MOBILE_DEPLOY_CONNECT_TIMEOUT_SECONDS: '1' }, timeoutMs: 30_000 }
      )
      expectFailure(result, 'timed out: no connection within 1 s', 'Gave up after 2 attempts')
      expect(result.stdout).toContain('Attempt 1 of 2 failed')
      expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'aborted' })
    } finally {
      await blackhole.close()
    }
  })

  it('a store that never says 100 Continue gets the body after a short wait', async () => {
    emulator.faults.add({ route: 'upload', ignoreExpect: true })
    const { built, result } = await stepWithBuild(emulator, {}, { timeoutMs: 30_000 })
    expect(result.exitCode).toBe(0)
    expect(emulator.faults.pending).toBe(0)
    expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
  })
})
