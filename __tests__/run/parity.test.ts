import { onVirtualClock } from '../helpers/virtual-clock.js'
import { clock } from '../../src/core/shared/clock.js'
/**
 * One product from three front ends: the same situation, asked of the action,
 * the CLI and the library, gives the same outputs, the same outcome and the
 * same pass or failure (the CLI's exit code by cause), against the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { comparable, viaAction, viaCli, viaLibrary, type Situation } from '../helpers/front-ends.js'
import { freshWorkspace, writeArtifact, scalarOutputs } from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { render } from '../helpers/markdown.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  workspace = (await writeArtifact('app.apk', 96 * 1024)).workspace
})
afterAll(() => emulator.close())

const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
const run = (lifecycle: object): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200, ...lifecycle })
  })

const situations: [string, Situation, number][] = [
  [
    'a deploy that creates a run',
    {
      command: 'deploy',
      options: { file: 'app.apk', namePrefix: 'myapp', environment: 'staging' }
    },
    EXIT.success
  ],
  [
    'an upload only',
    { command: 'upload', options: { file: 'app.apk', destination: 'setup/app.apk' } },
    EXIT.success
  ],
  [
    'a notification with an earlier upload',
    { command: 'notify', options: { runInputPath: 'setup/app.apk', runVariable: 'BUILD_PATH' } },
    EXIT.success
  ],
  ['a plain notification', { command: 'notify', options: {} }, EXIT.success],
  [
    'a notification that creates no run',
    { command: 'notify', options: { apiKey: KEYS.noTriggers } },
    EXIT['deploy-failed']
  ],
  [
    'no run, made a warning',
    { command: 'notify', options: { apiKey: KEYS.noTriggers, failOnNoRun: false } },
    EXIT.success
  ],
  [
    'a deploy whose run passes',
    {
      command: 'deploy',
      options: { file: 'app.apk', wait: true, variables: run({ final: 'passed' }) }
    },
    EXIT.success
  ],
  [
    'a deploy whose run fails with blocking bugs',
    {
      command: 'deploy',
      options: {
        file: 'app.apk',
        wait: true,
        variables: run({
          final: 'failed',
          bugs: [{ name: 'Checkout crashes', priority: 'urgent' }]
        })
      }
    },
    EXIT['run-failed']
  ],
  [
    'a deploy whose run is canceled',
    { command: 'notify', options: { wait: true, variables: run({ final: 'canceled' }) } },
    EXIT.canceled
  ],
  [
    'a wait that times out',
    {
      command: 'notify',
      options: { wait: true, waitTimeoutMinutes: 0.02, variables: run({ initializingMs: 600_000 }) }
    },
    EXIT['timed-out']
  ],
  [
    'ending an environment',
    { command: 'terminate', options: { environmentId: 'env_staging' } },
    EXIT.success
  ],
  [
    'a key the service refuses',
    { command: 'notify', options: { apiKey: 'not-a-known-key-1234' } },
    EXIT['deploy-failed']
  ],
  [
    'a dry run of a deploy',
    {
      command: 'deploy',
      options: { file: 'app.apk', namePrefix: 'myapp', environment: 'staging', dryRun: true }
    },
    EXIT.success
  ],
  [
    'a dry run of an upload',
    { command: 'upload', options: { file: 'app.apk', dryRun: true } },
    EXIT.success
  ],
  [
    'a dry run with a key the service refuses',
    {
      command: 'deploy',
      options: { file: 'app.apk', apiKey: 'not-a-known-key-1234', dryRun: true }
    },
    EXIT['deploy-failed']
  ],
  [
    'an option that cannot be used',
    { command: 'deploy', options: { file: 'app.apk', maxAttempts: 0 } },
    EXIT.usage
  ]
]

describe('the same situation from the action, the CLI and the library', () => {
  it.each(situations)('%s', async (_title, situation, exitCode) => {
    const outcomes = []
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      if (situation.command === 'notify' && situation.options.runInputPath)
        await viaLibrary(
          emulator,
          { command: 'upload', options: { file: 'app.apk', destination: 'setup/app.apk' } },
          workspace
        )
      outcomes.push(await via(emulator, situation, workspace, env))
    }
    const [action, cli, library] = outcomes
    expect(comparable(cli!.outputs)).toEqual(comparable(action!.outputs))
    expect(comparable(library!.outputs)).toEqual(comparable(action!.outputs))
    expect(cli!.exitCode).toBe(exitCode)
    // The action and the library pass or fail together with the CLI.
    expect(action!.exitCode).toBe(exitCode === EXIT.success ? 0 : 1)
    expect(library!.exitCode).toBe(exitCode === EXIT.success ? 0 : 1)
  })

  it('sets the same outputs in wait-only mode: outcome skipped, the run id, the verdict', async () => {
    emulator.reset()
    const created = await viaLibrary(
      emulator,
      { command: 'notify', options: { variables: run({ final: 'passed' }) } },
      workspace
    )
    const runId = created.outputs.runId!
    const situation: Situation = { command: 'wait', options: { runId } }
    const [action, cli, library] = [
      await viaAction(emulator, situation, workspace, env),
      await viaCli(emulator, situation, workspace, env),
      await viaLibrary(emulator, situation, workspace, env)
    ]
    expect(action.outputs).toMatchObject({
      outcome: 'skipped',
      runId,
      verdict: 'passed',
      greenlight: 'true'
    })
    expect(cli.outputs).toEqual(action.outputs)
    expect(library.outputs).toEqual(action.outputs)
    expect([action.exitCode, cli.exitCode, library.exitCode]).toEqual([0, 0, 0])
  })

  it("hands over the run's page as soon as the run is created, without waiting, in all three", async () => {
    const situation: Situation = { command: 'deploy', options: { file: 'app.apk' } }
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      const outcome = await via(emulator, situation, workspace, env)
      const runId = emulator.runs[0]!.id
      expect(outcome.outputs).toMatchObject({
        outcome: 'success',
        runId,
        runUrl: `${emulator.baseUrl}/runs/${runId}`
      })
      expect(outcome.outputs.verdict).toBeUndefined()
      expect(emulator.requests.filter(r => r.route === 'greenlight')).toHaveLength(1)
      if ('summary' in outcome)
        expect(render(outcome.summary).html).toContain(
          `<a href="${emulator.baseUrl}/runs/${runId}"><code>${runId}</code></a>`
        )
    }
  })

  it('takes a failed ask for the run page as a notice, never a failure, in all three', async () => {
    const situation: Situation = { command: 'deploy', options: { file: 'app.apk' } }
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      emulator.faults.add({ route: 'greenlight', status: 500, body: '{}' })
      const outcome = await via(emulator, situation, workspace, env)
      expect(outcome.exitCode).toBe(0)
      expect(outcome.outputs).toMatchObject({ outcome: 'success', runId: emulator.runs[0]!.id })
      expect(outcome.outputs.runUrl).toBeUndefined()
      // The library's notices go to its log, which this call does not pass.
      if (via !== viaLibrary)
        expect(outcome.text).toContain('runUrl is empty. The deploy itself is done.')
    }
  })

  it('refuses a deploy without a build in the CLI and the library; the action notifies without one, as documented', async () => {
    const situation: Situation = { command: 'deploy', options: { file: '' } }
    emulator.reset()
    const action = await viaAction(emulator, situation, workspace, env)
    expect(action.exitCode).toBe(0)
    expect(emulator.requests.map(r => r.route)).toContain('deploy')
    for (const via of [viaCli, viaLibrary]) {
      emulator.reset()
      const outcome = await via(emulator, situation, workspace, env)
      expect(scalarOutputs(outcome.outputs)).toEqual({ outcome: 'aborted' })
      expect(outcome.text).toContain('is empty (an unset CI variable expands to nothing)')
      expect(emulator.requests).toEqual([])
    }
    emulator.reset()
    expect((await viaCli(emulator, situation, workspace, env)).exitCode).toBe(EXIT.usage)
  })

  it('limits the wait by its own timeout in all three, not by the time limit of the upload', async () => {
    // A delivery limit of 0.02 minutes (1.2 s) and a wait of 0.05 minutes (3 s) for a run that never ends.
    const limits = { ...env, MOBILE_DEPLOY_STEP_TIMEOUT_MINUTES: '0.02' }
    const situation: Situation = {
      command: 'notify',
      options: { wait: true, waitTimeoutMinutes: 0.05, variables: run({ initializingMs: 600_000 }) }
    }
    for (const via of [viaAction, viaCli, viaLibrary]) {
      emulator.reset()
      const started = clock.now()
      const outcome = await via(emulator, situation, await freshWorkspace(), limits)
      const seconds = (clock.now() - started) / 1000
      expect(outcome.outputs.verdict).toBe('timed-out')
      // Ended by the wait's 3 s, not the delivery's 1.2 s, and the message says 3 s.
      expect(seconds).toBeGreaterThanOrEqual(2.9)
      expect(outcome.text).toContain('timed out after 3 s')
    }
  })
})
