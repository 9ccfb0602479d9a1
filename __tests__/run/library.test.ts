import { onVirtualClock } from '../helpers/virtual-clock.js'
import { clock } from '../../src/core/shared/clock.js'
/**
 * The library as a TypeScript or JavaScript caller meets it, from its entry
 * point, against the emulator: it resolves for any input, a caller's callback
 * never crashes the caller, a stop is immediate and never retried, and a
 * hostile service cannot hold a wait past its timeout.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Fault } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { runDeploy } from '../../src/core/index.js'
import { LIBRARY_VOCABULARY } from '../../src/library/vocabulary.js'
import {
  deployBuild,
  junitReport,
  notifyDeployment,
  terminateEnvironment,
  uploadBuild,
  waitForVerdict,
  watchVerdict
} from '../../src/index.js'
import { viaAction, viaCli, viaLibrary, type Situation } from '../helpers/front-ends.js'
import { DEMO_API_KEY, freshWorkspace, requestsOf, writeArtifact } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = (await writeArtifact('app.apk', 4 * 1024 * 1024)).workspace
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const connection = (): { apiKey: string; baseUrl: string } => ({
  apiKey: DEMO_API_KEY,
  baseUrl: emulator.baseUrl
})
const quickRun = (lifecycle: object = {}): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 300, underReviewMs: 300, ...lifecycle })
  })

describe('every call resolves, whatever it is given', () => {
  it.each([
    ['null', null, /deployBuild takes an options object with apiKey and baseUrl, not null/],
    ['a number', 42, /not a number/],
    ['an array', [], /not an array/],
    ['no key', { baseUrl: 'https://s.example.com' }, /Option 'apiKey' is empty/],
    [
      'a key of another type',
      { apiKey: 7, baseUrl: 'https://s.example.com' },
      /Option 'apiKey' is a number, not text/
    ],
    [
      'git that is a string',
      { apiKey: 'k-12345678', baseUrl: 'https://s.example.com', git: 'main' },
      /Option 'git' is a string/
    ],
    [
      'a misspelt option',
      { apiKey: 'k-12345678', baseUrl: 'https://s.example.com', fiel: 'a.apk' },
      /Option "fiel" is not an option of deployBuild\. Did you mean 'file'\?$/
    ],
    [
      'a misspelt Git field',
      { apiKey: 'k-12345678', baseUrl: 'https://s.example.com', git: { sah: 'abc1234' } },
      /Option 'git\.sah' is not a field of git\. Did you mean 'git\.sha'\?$/
    ]
  ])('%s', async (_title, options, reason) => {
    const result = await deployBuild(options as never)
    expect(result).toMatchObject({ outcome: 'aborted', conclusion: 'failure', cause: 'usage' })
    expect(result.reason).toMatch(reason)
  })

  it("refuses another function's option at run time too", async () => {
    const result = await uploadBuild({ ...connection(), file: 'app.apk', wait: true } as never)
    expect(result.reason).toBe(
      "Option 'wait' is not an option of uploadBuild (it is one of deployBuild). Leave it out."
    )
    const notify = await notifyDeployment({ ...connection(), runId: 'run_1' } as never)
    expect(notify.reason).toMatch(
      /Option 'runId' is not an option of notifyDeployment \(it is one of waitForVerdict\)/
    )
    expect(emulator.requests).toEqual([])
  })

  it.each([
    ['no file', {}, "Option 'file' is missing"],
    [
      'an empty file',
      { file: '' },
      "Option 'file' is empty (an unset CI variable expands to nothing)"
    ]
  ])(
    'deployBuild with %s refuses before any request: a plain notification is notifyDeployment',
    async (_title, options, words) => {
      const result = await deployBuild({ ...connection(), ...options })
      expect(result).toMatchObject({ outcome: 'aborted', conclusion: 'failure', cause: 'usage' })
      expect(result.reason).toContain(words)
      expect(result.reason).toContain('use notifyDeployment')
      expect(emulator.requests).toEqual([])
    }
  )

  it("hands the run's page over as soon as the run is created, without waiting", async () => {
    const result = await deployBuild({
      ...connection(),
      file: 'app.apk',
      workingDirectory: workspace
    })
    const run = emulator.runs[0]!
    expect(result).toMatchObject({
      outcome: 'success',
      runId: run.id,
      runUrl: `${emulator.baseUrl}/runs/${run.id}`
    })
    expect(result.verdict).toBeUndefined()
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(1)
  })

  it('ends an environment and says when it was ended before', async () => {
    expect(await terminateEnvironment({ ...connection(), environmentId: 'env_staging' })).toEqual({
      outcome: 'success',
      conclusion: 'success',
      cause: 'success',
      state: 'terminated',
      environmentId: 'env_staging',
      environmentIds: 'env_staging',
      deployments: [
        {
          name: 'Mobile tests',
          environmentId: 'env_staging',
          outcome: 'success',
          conclusion: 'success',
          cause: 'success'
        }
      ]
    })
    expect(
      await terminateEnvironment({ ...connection(), environmentAlias: 'staging' })
    ).toMatchObject({
      outcome: 'success',
      state: 'already'
    })
  })
})

describe("a caller's callback never crashes the caller", () => {
  it('goes on when onProgress, onStatus and every log method throw, and reports each once', async () => {
    const thrower = (): never => {
      throw new Error('the callback broke')
    }
    const result = await deployBuild({
      ...connection(),
      file: 'app.apk',
      workingDirectory: workspace,
      wait: true,
      pollIntervalSeconds: 1,
      variables: quickRun(),
      onProgress: thrower,
      onStatus: thrower,
      log: {
        info: thrower,
        warning: thrower,
        group: thrower,
        debug: thrower,
        notice: thrower,
        mask: thrower
      }
    })
    expect(result).toMatchObject({ outcome: 'success', verdict: 'passed', conclusion: 'success' })
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^The onProgress callback threw \(the callback broke\); the deploy goes on/
        ),
        expect.stringMatching(/^The log\.info callback threw/),
        expect.stringMatching(/^The onEvent callback threw|^The log\.group callback threw/)
      ])
    )
  })

  it('treats an unexpected error as one line to report, its stack on the debug log', async () => {
    const debug: string[] = []
    const {
      facts: {
        judgement,
        deployments: [report]
      }
    } = await runDeploy(
      'notify',
      { apiKey: DEMO_API_KEY, baseUrl: emulator.baseUrl },
      {
        frontEnd: 'library',
        vocabulary: LIBRARY_VOCABULARY,
        workingDirectory: workspace,
        log: { debug: line => debug.push(line) },
        reporters: [
          {
            name: 'front end report',
            prepare: () => {
              throw new TypeError('a front end bug')
            },
            finish: () => undefined
          }
        ]
      }
    )
    expect(judgement.message).toBe(
      'Unexpected error: a front end bug. Please report it with this log.'
    )
    expect(report!.failure?.unexpected?.stack).toMatch(/TypeError: a front end bug/)
    expect(debug.join('\n')).toMatch(/TypeError: a front end bug\\n\s+at /)
    expect(emulator.requests).toEqual([])
  })
})

describe('a stop is immediate and never retried', () => {
  it('resolves within a second of an abort mid-upload, and sends nothing more', async () => {
    // The store holds its answer back, so that the upload is under way when the caller stops.
    emulator.faults.add({ route: 'upload', delayMs: 30_000 })
    const controller = new AbortController()
    const lines: string[] = []
    const result = deployBuild({
      ...connection(),
      file: 'app.apk',
      workingDirectory: workspace,
      signal: controller.signal,
      log: { info: line => lines.push(line) }
    })
    while (requestsOf(emulator, 'signed-url').length === 0)
      await new Promise(r => setTimeout(r, 10))
    await new Promise(r => setTimeout(r, 300))
    const stopped = Date.now()
    controller.abort(new Error('the caller stopped'))
    const settled = await result
    expect(Date.now() - stopped).toBeLessThan(1_000)
    expect(settled).toMatchObject({
      outcome: 'aborted',
      conclusion: 'failure',
      cause: 'canceled'
    })
    expect(settled.reason).toMatch(/stopped before it finished \(the caller stopped\)/)
    expect(lines.join('\n')).not.toMatch(/Retrying/)
    await emulator.idle()
    expect(emulator.requests.map(r => r.route)).toEqual(['signed-url', 'upload'])
  })

  it('resolves within a second of an abort mid-wait', async () => {
    const created = await notifyDeployment({
      ...connection(),
      variables: quickRun({ initializingMs: 600_000 })
    })
    const controller = new AbortController()
    const waiting = waitForVerdict({
      ...connection(),
      runId: created.runId!,
      signal: controller.signal
    })
    while (requestsOf(emulator, 'greenlight').length === 0)
      await new Promise(r => setTimeout(r, 10))
    const stopped = Date.now()
    controller.abort()
    const result = await waiting
    expect(Date.now() - stopped).toBeLessThan(1_000)
    expect(result).toMatchObject({ outcome: 'aborted', cause: 'canceled' })
  })

  it("says when a call began and how long it took, and its JUnit report's time is the wait's", async () => {
    const result = await notifyDeployment({ ...connection(), wait: true, variables: quickRun() })
    expect(result.verdict).toBe('passed')
    expect(result.seconds).toBeGreaterThan(0.5)
    expect(Date.parse(result.startedAt!)).toBeLessThan(clock.now())
    const junit = junitReport(result)
    expect(junit).toContain(`time="${result.seconds!.toFixed(3)}"`)
    expect(junit).toContain(`timestamp="${result.startedAt!.slice(0, 19)}"`)
  })

  it('keeps the outcome of a deploy whose wait was stopped: the run exists and goes on', async () => {
    const controller = new AbortController()
    const deploying = notifyDeployment({
      ...connection(),
      wait: true,
      variables: quickRun({ initializingMs: 600_000 }),
      signal: controller.signal
    })
    // The run is created once the wait asks for its verdict (the ask for its page comes first).
    while (requestsOf(emulator, 'greenlight').length < 2) await new Promise(r => setTimeout(r, 10))
    controller.abort()
    const result = await deploying
    expect(result).toMatchObject({ outcome: 'success', conclusion: 'failure', cause: 'canceled' })
    expect(result.runId).toMatch(/^run_/)
    expect(result.reason).toBe(
      `The wait for the verdict of run ${result.runId} was stopped; the run goes on at the service (${result.runUrl}). Wait for its verdict again with runId: ${result.runId}.`
    )
  })

  it('stops polling when the consumer leaves the watch loop', async () => {
    const created = await notifyDeployment({
      ...connection(),
      variables: quickRun({ initializingMs: 600_000 })
    })
    let statuses = 0
    for await (const update of watchVerdict({
      ...connection(),
      runId: created.runId!,
      pollIntervalSeconds: 1
    })) {
      if (update.kind === 'status') statuses++
      break
    }
    expect(statuses).toBe(1)
    const asked = requestsOf(emulator, 'greenlight').length
    // Two and a half intervals on the clock the watch would poll by.
    await clock.sleep(2_500)
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(asked)
  })
})

describe('a verdict answer over 8 MiB is a problem of the wait, never a failed deploy', () => {
  // One answer of 9 MiB, made once and handed to every fault.
  const body = JSON.stringify({ runStage: 'initializing', padding: 'x'.repeat(9 * 1024 * 1024) })
  const oversize = (): Fault => ({ route: 'greenlight', status: 200, body })

  it('is asked again, and the verdict is learned once the answers can be read', async () => {
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      // The run page's ask and the wait's first ask get the oversize answer.
      emulator.faults.add(oversize(), oversize())
      const outcome = await via(
        emulator,
        {
          command: 'notify',
          options: { wait: true, pollIntervalSeconds: 1, variables: quickRun() }
        },
        await freshWorkspace()
      )
      const run = emulator.runs[0]!
      expect(outcome.outputs).toMatchObject({
        outcome: 'success',
        runId: run.id,
        verdict: 'passed',
        runUrl: `${emulator.baseUrl}/runs/${run.id}`
      })
      expect(outcome.exitCode).toBe(0)
    }
  })

  it('ends as a timed-out wait naming the size when it lasts, the run id handed over', async () => {
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      for (let i = 0; i < 20; i++) emulator.faults.add(oversize())
      const outcome = await via(
        emulator,
        {
          command: 'notify',
          options: {
            wait: true,
            waitTimeoutMinutes: 0.05,
            pollIntervalSeconds: 1,
            variables: quickRun({ initializingMs: 600_000 })
          }
        },
        await freshWorkspace()
      )
      expect(outcome.outputs).toMatchObject({
        outcome: 'success',
        runId: emulator.runs[0]!.id,
        verdict: 'timed-out'
      })
      expect(outcome.text).toMatch(/timed out after 3 s; .*larger than 8 MiB/)
      // The CLI exits as a timed-out wait (4), not as a failed deploy (1).
      if (via === viaCli) expect(outcome.exitCode).toBe(EXIT['timed-out'])
    }
  })
})

describe('a hostile verdict endpoint cannot hold a wait past its timeout', () => {
  const waitSituation = (runId: string): Situation => ({
    command: 'wait',
    options: { runId, waitTimeoutMinutes: 0.05, pollIntervalSeconds: 1 }
  })

  it('follows superseding at the normal pace and ends a cycle A → B → A with a clear message', async () => {
    const answer = (relevantRunId: string): string =>
      JSON.stringify({ runStage: 'initializing', greenlight: false, relevantRunId })
    emulator.faults.add(
      { route: 'greenlight', status: 200, body: answer('run_b') },
      { route: 'greenlight', status: 200, body: answer('run_a') }
    )
    const started = clock.now()
    const result = await waitForVerdict({ ...connection(), runId: 'run_a', pollIntervalSeconds: 1 })
    expect(result.outcome).toBe('aborted')
    expect(result.reason).toMatch(/run_a → run_b → run_a.*go round in circles/)
    // One ask, an interval, the second ask: not hundreds of asks at once.
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(2)
    expect(clock.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('a new superseding run at every answer: every front end ends at the timeout', async () => {
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      for (let i = 0; i < 20; i++)
        emulator.faults.add({
          route: 'greenlight',
          status: 200,
          body: JSON.stringify({ runStage: 'initializing', relevantRunId: `run_${i + 1}` })
        })
      const started = clock.now()
      const outcome = await via(emulator, waitSituation('run_0'), await freshWorkspace())
      const seconds = (clock.now() - started) / 1000
      expect(outcome.outputs.verdict).toBe('timed-out')
      // The wait is 3 s: it ends then, not when the service lets go.
      expect(seconds).toBeGreaterThanOrEqual(2.9)
      expect(seconds).toBeLessThan(15)
      expect(requestsOf(emulator, 'greenlight').length).toBeLessThanOrEqual(6)
    }
  })
})
