// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * A collect no check can stop: each pending check run is collected on its
 * own, so that a check another workflow wrote with our app and our name
 * (facts of the wrong shape), a run the service no longer reports on, or a
 * pull request with hundreds of check runs never keeps the genuine ones
 * from their verdict, nor every later collect from theirs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import type { GitHubCheckRun } from '../../emulator/github-api.js'
import { clock } from '../../src/core/shared/clock.js'
import { env, HEAD, HEAD2, pullRequest, run } from '../helpers/github-events.js'
import { freshWorkspace, requestsOf, step, writeArtifact } from '../helpers/harness.js'

let emulator: Emulator
let workspace: string
let ahead = 0
let restoreClock: () => void
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
  restoreClock = useEmulatorClock(() => clock.now() + ahead)
})
afterAll(async () => {
  restoreClock()
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
  ahead = 0
})

const HOUR = 60 * 60 * 1000
const hourLong = (fields: object = {}) =>
  run({ initializingMs: HOUR / 2, underReviewMs: HOUR / 2, ...fields })

function deployLater(head = HEAD, number = 7, inputs: Record<string, string> = {}) {
  const event = pullRequest(head)
  return step(
    emulator,
    { file: 'app.apk', 'report-later': 'true', variables: hourLong(), ...inputs },
    {
      workspace,
      env,
      ...event,
      ref: `refs/pull/${number}/merge`,
      event: { number, pull_request: { ...event.event.pull_request, number } }
    }
  )
}

function collect(inputs: Record<string, string> = {}, runId = '1') {
  return step(
    emulator,
    { collect: 'true', ...inputs },
    {
      env: { ...env, GITHUB_RUN_ID: runId },
      eventName: 'schedule',
      ref: 'refs/heads/main',
      sha: '9999999999999999999999999999999999999999',
      event: { schedule: '*/10 * * * *' }
    }
  )
}

/** A check run of our app, our name and our external_id, written by another workflow of the repository. */
function plant(fields: Partial<GitHubCheckRun> & { summary: string }): GitHubCheckRun {
  const check: GitHubCheckRun = {
    id: 90_000 + emulator.github.checkRuns.length,
    name: 'Mobile tests (Android: com.example.inspect)',
    head_sha: HEAD,
    status: 'in_progress',
    conclusion: null,
    external_id: 'mobile-build-deploy:run_planted:1:abc',
    details_url: null,
    started_at: new Date(clock.now()).toISOString(),
    completed_at: null,
    output: { title: 'x', summary: fields.summary },
    app: { slug: 'github-actions' },
    history: [],
    ...fields
  }
  emulator.github.checkRuns.unshift(check)
  return check
}

const factsLine = (value: unknown) =>
  `<!-- mobile-build-deploy facts=${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`

describe('a collect no check can stop', () => {
  it('a poisoned check before a genuine ended one: warned, left alone; the genuine one completed; the collect succeeds', async () => {
    await deployLater()
    const poisoned = plant({
      summary: factsLine({
        deployment: {
          name: 'Mobile tests (Android: com.example.inspect)',
          runId: 'run_planted',
          reportLater: true,
          git: { pullRequestNumber: '7 **bold**' },
          verdict: { verdict: 'failed', blockingBugs: [{ name: 'x', priority: '<img src=x>' }] }
        },
        names: ['Mobile tests (Android: com.example.inspect)']
      })
    })
    ahead = 2 * HOUR
    const result = await collect()
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(
      /::warning title=Not collected::Check run "Mobile tests \(Android: com\.example\.inspect\)" on pull request #7 is not collected: its facts line is refused: facts\.deployment\.git\.pullRequestNumber is not a whole number/
    )
    expect(poisoned.status).toBe('in_progress')
    const genuine = emulator.github.checkRuns.find(c => c !== poisoned)!
    expect(genuine).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(emulator.github.comments[0]!.body).not.toMatch(/img|\*\*bold/)
    // The next collect meets the same check, and still goes on.
    const again = await collect()
    expect(again.exitCode).toBe(0)
  })

  it('a run the service no longer reports on (410) is ended: its check timed out with the service words, its comment row final', async () => {
    await deployLater()
    ahead = 10 * 60 * 1000
    emulator.faults.add({ route: 'greenlight', status: 410, times: 1 })
    const result = await collect()
    expect(result.exitCode).toBe(0)
    const [check] = emulator.github.checkRuns
    expect(check).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
    expect(check!.output.summary).toMatch(/410 Gone/)
    expect(check!.output.title).toMatch(/no verdict/)
    expect(emulator.github.comments[0]!.body).not.toMatch(/pending/)
    // Nothing is left for the next collect.
    const early = emulator.github.requests.length
    expect((await collect()).exitCode).toBe(0)
    expect(emulator.github.requests.slice(early).filter(r => r.method !== 'GET')).toEqual([])
  })

  it('a run that answers 404 long after its deploy is ended; a young one waits', async () => {
    await deployLater()
    // The collect judges a run's age by its check run's start, on its own clock, against wait-timeout-minutes.
    const timeout = { 'wait-timeout-minutes': '1' }
    emulator.faults.add({ route: 'greenlight', status: 404, times: 1 })
    expect((await collect(timeout)).exitCode).toBe(0)
    expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
    await clock.sleep(2 * 60 * 1000)
    emulator.faults.add({ route: 'greenlight', status: 404, times: 1 })
    expect((await collect(timeout)).exitCode).toBe(0)
    const [check] = emulator.github.checkRuns
    expect(check).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
    expect(check!.output.summary).toMatch(/verdict endpoint/)
    expect(check!.output.summary).not.toMatch(/base-url/)
  })

  it('a thousand and more check runs on one pull request: the budget holds page by page, and the other pull request gets its turn', async () => {
    await deployLater(HEAD2, 8)
    for (let i = 0; i < 1500; i++)
      plant({ name: `lint ${i}`, external_id: null, app: { slug: 'other-ci' }, summary: 'lint' })
    emulator.github.pulls.push({
      number: 7,
      state: 'open',
      head: { ref: 'busy', sha: HEAD, owner: 'octo-org' }
    })
    ahead = 2 * HOUR
    const budget = 12
    const seen: number[] = []
    for (const runId of ['1', '2']) {
      const before = emulator.github.requests.length
      const result = await collect({ 'collect-max-requests': String(budget) }, runId)
      expect(result.exitCode).toBe(0)
      seen.push(emulator.github.requests.length - before)
    }
    // Never past the budget, pages included; and within two collects the genuine check is completed.
    for (const count of seen) expect(count).toBeLessThanOrEqual(budget)
    const genuine = emulator.github.checkRuns.find(c => c.head_sha === HEAD2)!
    expect(genuine).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(requestsOf(emulator, 'greenlight').length).toBeGreaterThan(0)
  })
})
