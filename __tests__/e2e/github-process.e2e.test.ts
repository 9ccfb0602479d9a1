/**
 * The action's bundle as the runner starts it, against a GitHub that hangs
 * and a runner that cancels the job: what only real time and a real process
 * show (each GitHub request's own time limit, the lookup's, the signals).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { writeArtifact, type Built } from '../helpers/harness.js'
import { deployer, HEAD, pullRequest, run, until } from '../helpers/github-events.js'

let emulator: Emulator
let built: Built
beforeAll(async () => {
  emulator = await startEmulator()
  built = await writeArtifact('app.apk', 64 * 1024)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const deploy = deployer(
  () => emulator,
  () => built
)

describe('beside the deploy, bounded, and final however the job ends', () => {
  it('a GitHub that never answers: the upload and the verdict go on, and the step ends a few seconds after the verdict', async () => {
    emulator.github.faults.add({ hang: true, times: 1000 })
    const result = await deploy({}, { ...pullRequest(HEAD), runner: 'bundle' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.verdict).toBe('passed')
    expect(emulator.requests.filter(r => r.route === 'upload' && r.status === 200)).toHaveLength(1)
    // Each request is given up after 10 s, and the last writes 5 s after the verdict; before, this took minutes.
    expect(result.durationMs).toBeLessThan(45_000)
    expect(result.stdout).toMatch(
      /::warning title=Not shown on GitHub::The check run could not be written: GitHub's API did not answer within 5 s of the step's end/
    )
    expect(emulator.github.requests.every(r => r.status <= 0)).toBe(true)
  })

  it("a fork's workflow_run whose pull request cannot be looked up: the lookup gives up in seconds, and the deploy goes on", async () => {
    emulator.github.faults.add({ hang: true, times: 1000 })
    const result = await deploy(
      { wait: 'false' },
      {
        runner: 'bundle',
        eventName: 'workflow_run',
        event: {
          workflow_run: {
            event: 'pull_request',
            head_sha: HEAD,
            head_branch: 'fix',
            head_repository: { full_name: 'fork-owner/octo-app', owner: { login: 'fork-owner' } },
            pull_requests: []
          }
        }
      }
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs.runId).toBeTruthy()
    expect(result.durationMs).toBeLessThan(40_000)
    expect(result.stdout).toMatch(/::notice title=Pull request unknown::/)
  })

  it.each(['SIGTERM', 'SIGINT'] as const)(
    "%s (the runner's cancel or timeout): the check run completes as cancelled and the comment is final within seconds",
    async signal => {
      let signalled = 0
      const result = await deploy(
        { variables: run({ initializingMs: 600_000 }) },
        {
          ...pullRequest(HEAD),
          runner: 'bundle',
          onStart: child => {
            void (async () => {
              // Once the check is in progress and the comment written, the runner cancels the job.
              await until(
                () =>
                  emulator.github.checkRuns[0]?.status === 'in_progress' &&
                  emulator.github.comments.length === 1
              )
              signalled = Date.now()
              child.kill(signal)
            })()
          }
        }
      )
      expect(signalled).toBeGreaterThan(0)
      expect(Date.now() - signalled).toBeLessThan(15_000)
      expect(result.exitCode).toBe(130)
      expect(emulator.github.checkRuns).toHaveLength(1)
      expect(emulator.github.checkRuns[0]).toMatchObject({
        status: 'completed',
        conclusion: 'cancelled'
      })
      const body = emulator.github.comments[0]!.body
      expect(body).toMatch(/⏹️ not known: the wait was stopped/)
      expect(body).not.toMatch(/awaited/)
      // The run exists and goes on: the stop is named, and how to wait for the verdict again.
      expect(result.stdout).toMatch(
        /The wait for the verdict of run run_\w+ was stopped \(the job was canceled: SIG(TERM|INT)\); the run goes on at the service .*Wait for its verdict again with run-id: run_\w+\./
      )
    }
  )
})
