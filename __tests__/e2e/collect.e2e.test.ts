/**
 * The verdict without a waiting runner, as users run it: the bundle deploys
 * with `report-later` on a pull request and ends; a scheduled collect (the
 * bundle again, `collect: true`) completes the check run and the comment
 * once the emulated run has ended. The emulated service's runs are moved on
 * by its clock, which the test controls.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import type { GitHubRequest } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { expectFailure, requestsOf, step, writeArtifact, type Built } from '../helpers/harness.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'

let emulator: Emulator
let built: Built
let ahead = 0
let restoreClock: () => void
beforeAll(async () => {
  emulator = await startEmulator()
  built = await writeArtifact('app.apk', 64 * 1024)
  restoreClock = useEmulatorClock(() => Date.now() + ahead)
})
afterAll(async () => {
  restoreClock()
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
  ahead = 0
  // Pull request #7 is open as GitHub knows it once its event runs the deploy (github-runner.ts).
  emulator.github.repository.commits.push('9999999999999999999999999999999999999999')
})
afterEach(() => expect(emulator.github.takeViolations()).toEqual([]))

const HOUR = 60 * 60 * 1000
/** A run that takes an hour: under way until the test moves the emulator's clock past it. */
const hourLong = (fields: object = {}) =>
  run({ initializingMs: HOUR / 2, underReviewMs: HOUR / 2, ...fields })

function deployLater(inputs: Record<string, string> = {}) {
  return step(
    emulator,
    { file: 'app.apk', 'report-later': 'true', variables: hourLong(), ...inputs },
    { workspace: built.workspace, env, runner: 'bundle', ...pullRequest(HEAD) }
  )
}

function collectNow(inputs: Record<string, string> = {}) {
  return step(
    emulator,
    { collect: 'true', ...inputs },
    {
      env,
      runner: 'bundle',
      eventName: 'schedule',
      ref: 'refs/heads/main',
      sha: '9999999999999999999999999999999999999999',
      event: { schedule: '*/10 * * * *' }
    }
  )
}

/** What was written to GitHub: every request that is no read. */
const writes = (requests: GitHubRequest[]) => requests.filter(r => r.method !== 'GET')

describe('report-later: the deploy ends after the notification', () => {
  it('leaves its check run in progress, naming and linking the run, and the comment says the verdict is pending', async () => {
    const result = await deployLater()
    expect(result.exitCode).toBe(0)
    const runId = result.outputs.runId!
    expect(runId).toBeTruthy()
    expect(result.outputs.verdict).toBe('pending')
    // No wait: at most the one ask for the run's link.
    expect(emulator.requests.filter(r => r.route === 'greenlight').length).toBeLessThanOrEqual(1)
    const [check] = emulator.github.checkRuns
    expect(emulator.github.checkRuns).toHaveLength(1)
    expect(check).toMatchObject({ status: 'in_progress', head_sha: HEAD, conclusion: null })
    expect(check!.external_id).toContain(`mobile-build-deploy:${runId}:`)
    expect(check!.details_url).toContain(`/runs/${runId}`)
    expect(check!.output.title).toBe('⏳ pending (a scheduled collect brings it)')
    expect(check!.output.summary).toMatch(/The verdict is pending/)
    const body = emulator.github.comments[0]!.body
    expect(emulator.github.comments).toHaveLength(1)
    expect(body).toMatch(/The verdict is pending/)
    // What the check carries for the collect: never the key, the token or a signed URL.
    const carried = /facts=([A-Za-z0-9_-]+)/.exec(check!.output.summary!)![1]!
    const facts = Buffer.from(carried, 'base64url').toString('utf8')
    expect(facts).toContain(runId)
    for (const secret of [
      ...emulator.workspaces.map(w => w.apiKey),
      ...emulator.github.tokens.keys()
    ])
      expect(facts).not.toContain(secret)
    expect(facts).not.toMatch(/X-Amz-Signature|Signature=/i)
  })

  it('wait and report-later together are refused as bad usage, before anything is sent', async () => {
    const result = await deployLater({ wait: 'true' })
    expectFailure(result, "Input 'report-later'", 'wait')
    expect(emulator.requests).toHaveLength(0)
  })
})

describe('collect: a scheduled job completes what the deploys left pending', () => {
  it('before the run ends it writes nothing; after, it completes the check and the comment as a waiting step would; again, nothing', async () => {
    const deployed = await deployLater()
    expect(deployed.exitCode).toBe(0)

    const early = emulator.github.requests.length
    const before = await collectNow()
    expect(before.exitCode).toBe(0)
    expect(writes(emulator.github.requests.slice(early))).toEqual([])
    expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
    expect(before.stdout).toMatch(/0 check run\(s\) completed, 1 still waiting/)

    ahead = 2 * HOUR
    const after = await collectNow()
    expect(after.exitCode).toBe(0)
    const [check] = emulator.github.checkRuns
    expect(check).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(check!.output.title).toBe('✅ passed')
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body).toMatch(/✅ passed/)
    expect(emulator.github.comments[0]!.body).not.toMatch(/pending/)
    expect(after.summary).toMatch(/✅ passed/)

    const later = emulator.github.requests.length
    const again = await collectNow()
    expect(again.exitCode).toBe(0)
    expect(writes(emulator.github.requests.slice(later))).toEqual([])
    expect(check!.history.filter(h => h.status === 'completed')).toHaveLength(1)
  })

  it('a run with blocking bugs fails its check, with the bugs in the comment; the collecting job itself succeeds', async () => {
    await deployLater({
      variables: hourLong({
        final: 'failed',
        bugs: [{ name: 'Login button hidden', priority: 'high' }]
      })
    })
    ahead = 2 * HOUR
    const result = await collectNow()
    expect(result.exitCode).toBe(0)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'failure'
    })
    expect(emulator.github.comments[0]!.body).toMatch(/Login button hidden/)
  })

  it('a run canceled at the service is cancelled; a run past wait-timeout-minutes is timed out, with advice', async () => {
    await deployLater({ variables: hourLong({ final: 'canceled' }) })
    ahead = 2 * HOUR
    await collectNow()
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'cancelled'
    })

    emulator.reset()
    ahead = 0
    await deployLater()
    await new Promise(resolve => setTimeout(resolve, 1200))
    const result = await collectNow({ 'wait-timeout-minutes': '0.01' })
    expect(result.exitCode).toBe(0)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'timed_out'
    })
    expect(emulator.github.checkRuns[0]!.output.summary).toMatch(/wait-timeout-minutes/)
  })

  it('a superseded run: the check is completed with the verdict of the run that superseded it', async () => {
    const first = await deployLater({ 'deduplication-key': 'login' })
    // The same deployment again with another build path: a new run, which supersedes the first.
    const second = await deployLater({
      'deduplication-key': 'login',
      destination: 'builds/again.apk',
      variables: hourLong({ final: 'failed', bugs: [{ name: 'Crash on start' }] })
    })
    expect(first.outputs.runId).not.toBe(second.outputs.runId)
    ahead = 2 * HOUR
    const result = await collectNow()
    expect(result.exitCode).toBe(0)
    const checks = emulator.github.checkRuns
    expect(checks).toHaveLength(2)
    for (const check of checks) {
      // The verdict of the run that decides; the check keeps naming the run its deploy created.
      expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' })
      expect(check.output.summary).toContain(second.outputs.runId)
    }
  })

  it('two collects at once: the check is completed once and the comment stays one', async () => {
    await deployLater()
    ahead = 2 * HOUR
    const [a, b] = await Promise.all([collectNow(), collectNow()])
    expect(a.exitCode).toBe(0)
    expect(b.exitCode).toBe(0)
    const [check] = emulator.github.checkRuns
    expect(check!.history.filter(h => h.status === 'completed')).toHaveLength(1)
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body).toMatch(/✅ passed/)
  })

  it('a token near its rate limit: the collect stops with a notice before spending it, writes nothing, and succeeds', async () => {
    await deployLater()
    ahead = 2 * HOUR
    emulator.github.rateLimit = { limit: 1000, remaining: 52 }
    const early = emulator.github.requests.length
    const result = await collectNow()
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/::notice title=Collect stopped early::.*requests an hour left/)
    expect(writes(emulator.github.requests.slice(early))).toEqual([])
    expect(emulator.github.rateLimit.remaining).toBeGreaterThan(0)
  })

  it("another app's check run of the same name is never touched", async () => {
    const deployed = await deployLater()
    const ours = emulator.github.checkRuns[0]!
    emulator.github.checkRuns.push({
      ...structuredClone(ours),
      id: 99_999,
      app: { slug: 'someone-elses-app' },
      history: []
    })
    ahead = 2 * HOUR
    const result = await collectNow()
    expect(result.exitCode).toBe(0)
    expect(deployed.exitCode).toBe(0)
    expect(ours.status).toBe('completed')
    const theirs = emulator.github.checkRuns.find(c => c.id === 99_999)!
    expect(theirs.status).toBe('in_progress')
    expect(theirs.history).toEqual([])
    expect(
      emulator.github.requests.some(r => r.path.includes('/check-runs/99999') && r.method !== 'GET')
    ).toBe(false)
  })

  it('a key the service refuses: the collecting job stops at the first ask, saying so, and leaves the check as it was', async () => {
    await deployLater()
    ahead = 2 * HOUR
    const asked = requestsOf(emulator, 'greenlight').length
    const result = await collectNow({
      'api-key': 'sk_wrong_key_000000000000000000000000',
      'max-attempts': '1'
    })
    // Every other check would meet the same refusal: one error, naming the key.
    expectFailure(result, 'Collecting stopped', '401', 'Check api-key')
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(asked + 1)
    expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
  })

  it('a service out of reach for one run: the collecting job fails, naming the check, and leaves it as it was', async () => {
    await deployLater()
    ahead = 2 * HOUR
    emulator.faults.add({ route: 'greenlight', status: 503, times: 50 })
    const result = await collectNow({ 'max-attempts': '1' })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(
      /::error title=Collect failed::1 verdict\(s\) could not be collected; they are collected again next time/
    )
    expect(result.stdout).toMatch(
      /Check run "Mobile tests[^"]*" on pull request #7 \(run run_\w+\) could not be collected/
    )
    expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
  })
})
