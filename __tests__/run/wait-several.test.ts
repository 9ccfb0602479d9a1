// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * A wait of its own for any number of builds: a deploy of two builds hands
 * over `runIds`, and a later step or job waits for every one of them, each
 * judged on its own (its own check run and comment row), the exit code the
 * most severe cause.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { waitForVerdict } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
  await writeArtifact('app.ipa', 64 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** The APK's run finds a blocking bug; the IPA's passes. */
const APK_FAILS = run({
  byBuild: {
    apk: { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
    ipa: { final: 'passed' }
  }
})

describe('two builds deployed, then a wait of their own', () => {
  it('the CLI: deploy hands runIds over in its shell file; wait --run-id "$runIds" judges both, the exit code the failure', async () => {
    const deployed = await runCli(
      [
        'deploy',
        '--file',
        'app.apk',
        '--file',
        'app.ipa',
        '--variables',
        APK_FAILS,
        '--output-env',
        'deploy.sh',
        '--output-env-format',
        'shell'
      ],
      { env: cliEnv(emulator), cwd: workspace }
    )
    expect(deployed.exitCode).toBe(EXIT.success)
    // As a later CI step reads it: the file sourced by the shell.
    const runIds = execFileSync(
      'bash',
      ['-c', 'source "$1"; printf %s "$runIds"', '-', join(workspace, 'deploy.sh')],
      {
        encoding: 'utf8'
      }
    )
    expect(runIds.split(' ').sort()).toEqual(emulator.runs.map(r => r.id).sort())
    const waited = await runCli(['wait', '--run-id', runIds, '--json'], {
      env: { ...cliEnv(emulator), MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' },
      cwd: workspace
    })
    expect(waited.exitCode).toBe(EXIT['run-failed'])
    const result = JSON.parse(waited.stdout)
    expect(result.runIds).toBe(runIds)
    expect(result.deployments.map((d: { verdict: string }) => d.verdict).sort()).toEqual([
      'failed',
      'passed'
    ])
    // The flag may repeat as well.
    const repeated = await runCli(
      ['wait', ...runIds.split(' ').flatMap(id => ['--run-id', id]), '--json'],
      { env: { ...cliEnv(emulator), MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }, cwd: workspace }
    )
    expect(JSON.parse(repeated.stdout).runIds).toBe(runIds)
  })

  it('the action: run-id with two runs gives a check run each and one comment with a row each; the failure fails the step', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk\napp.ipa', variables: APK_FAILS },
      { workspace, env, ...pullRequest(HEAD) }
    )
    const runIds = deployed.outputs.runIds!
    expect(runIds.split(' ')).toHaveLength(2)
    const waited = await step(emulator, { 'run-id': runIds }, { env, ...pullRequest(HEAD) })
    expect(waited.exitCode).toBe(1)
    const checks = emulator.github.checkRuns.filter(c => c.head_sha === HEAD)
    expect(checks.map(c => c.conclusion).sort()).toEqual(['failure', 'success'])
    expect(new Set(checks.map(c => c.name)).size).toBe(2)
    expect(emulator.github.comments).toHaveLength(1)
    const body = emulator.github.comments[0]!.body
    for (const id of runIds.split(' ')) expect(body).toContain(id)
    expect(waited.outputs.runIds).toBe(runIds)
    expect(waited.outputs.verdict).toBe('failed')
  })

  it('the library: runId takes a list', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk\napp.ipa', variables: APK_FAILS },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    const result = await waitForVerdict({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      runId: deployed.outputs.runIds!.split(' '),
      pollIntervalSeconds: 1
    })
    expect(result).toMatchObject({ conclusion: 'failure', cause: 'run-failed', verdict: 'failed' })
    expect(result.deployments).toHaveLength(2)
  })
})
