/**
 * The dry run's table, from each front end against the emulator: everything checked, nothing uploaded
 * or notified, and the same pass or failure a real deploy would come to, by what the emulator saw. The
 * loop runs it in this process (run/build-check.test.ts); the end-to-end suites run it through the
 * bundle as the runner runs it (e2e/dry-run.e2e.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { viaAction, viaCli, viaLibrary, type Situation, type Outcome } from './front-ends.js'
import { step, writeArtifact, type Built, type Runner } from './harness.js'
import { testWorkspaces } from './workspaces.js'

type Via = (emulator: Emulator, situation: Situation, workspace: string) => Promise<Outcome>
/** A front end of the dry run: its name, how it runs, and the exit code it ends with for the CLI's. */
type DryRunFrontEnd = [DryRunName, Via, (code: number) => number]
export type DryRunName = 'the action' | 'the bundle' | 'the CLI' | 'the library'

const ALL_FRONT_ENDS: DryRunFrontEnd[] = [
  ['the action', (e, s, w) => viaAction(e, s, w), code => (code === 0 ? 0 : 1)],
  ['the bundle', (e, s, w) => viaAction(e, s, w, {}, 'bundle'), code => (code === 0 ? 0 : 1)],
  ['the CLI', (e, s, w) => viaCli(e, s, w), code => code],
  ['the library', (e, s, w) => viaLibrary(e, s, w), code => (code === 0 ? 0 : 1)]
]

export interface DryRunSuite {
  /** The front ends the table runs. */
  frontEnds: DryRunName[]
  /** How the action runs on a pull request: in this process, or the bundle as the runner runs it. */
  runners: Runner[]
  /** Whether the refusals that need no process of their own run here too (the loop's, not the bundle's). */
  inProcess: boolean
}

/**
 * A dry run, from the action (in this process and as the runner runs the
 * bundle), the CLI and the library, against the emulator: everything checked,
 * nothing uploaded or notified, and the same pass or failure a real deploy
 * would come to, by what the emulator saw.
 */
export function dryRunSuite({ frontEnds, runners, inProcess }: DryRunSuite): void {
  describe('the dry run', () => {
    let emulator: Emulator
    let built: Built
    beforeAll(async () => {
      emulator = await startEmulator({ workspaces: testWorkspaces() })
      built = await writeArtifact('app.apk', 96 * 1024)
    })
    afterAll(() => emulator.close())

    const FRONT_ENDS = ALL_FRONT_ENDS.filter(([name]) => frontEnds.includes(name))

    /** What changed at the service: uploads, notifications, stored objects. */
    function written(): { puts: number; notifications: number; objects: number } {
      return {
        puts: emulator.requests.filter(r => r.route === 'upload').length,
        notifications: emulator.requests.filter(r => r.route === 'deploy').length,
        objects: emulator.objects.size
      }
    }
    const NOTHING = { puts: 0, notifications: 0, objects: 0 }

    describe.each(FRONT_ENDS)('a dry run from %s', (name, via, exitOf) => {
      it('with a key the service accepts: passes, tells the plan, uploads and notifies nothing', async () => {
        emulator.reset()
        const situation: Situation = {
          command: 'deploy',
          options: {
            file: 'app.apk',
            namePrefix: 'myapp',
            environment: 'staging',
            wait: true,
            dryRun: true
          }
        }
        const outcome = await via(emulator, situation, built.workspace)
        expect(outcome.exitCode).toBe(exitOf(EXIT.success))
        expect(outcome.outputs.outcome).toBe('skipped')
        expect(outcome.outputs.runId).toBeUndefined()
        expect(outcome.outputs.artifactSha256).toBeUndefined()
        expect(written()).toEqual(NOTHING)
        // The CLI's --json and the library's result carry the plan; the action's outputs are outputs.
        if (name === 'the action' || name === 'the bundle') expect(outcome.plan).toBeUndefined()
        else
          expect(outcome.plan).toEqual([
            {
              name: expect.stringContaining('Mobile tests'),
              destination: 'myapp-staging.apk',
              artifactSha256: built.sha256,
              artifactSize: expect.any(Number),
              notification: expect.objectContaining({
                deduplication_key: expect.stringMatching(/myapp-staging\.apk$/),
                variables: { RUN_INPUT_PATH: 'myapp-staging.apk' }
              }),
              wait: true
            }
          ])
        // The key was checked by the signed-URL request for the destination a real deploy would use.
        const signed = emulator.requests.filter(r => r.route === 'signed-url')
        expect(signed.map(r => [r.status, r.query.file])).toEqual([[200, 'myapp-staging.apk']])
        if (outcome.text) {
          // The library's log is not passed here; the action and the CLI tell the plan.
          expect(outcome.text).toContain(built.sha256)
          expect(outcome.text).toContain('Would send the deploy notification')
          expect(outcome.text).toContain('Would wait up to')
          // The signed URL is told to the runner only to be masked; no other line carries it.
          const lines = outcome.text.split('\n').filter(line => !line.startsWith('::add-mask::'))
          expect(lines.join('\n')).not.toMatch(/X-Amz-Signature/i)
        }
      })

      it('with a key the service refuses: fails as a real deploy would, naming the key', async () => {
        emulator.reset()
        const situation: Situation = {
          command: 'deploy',
          options: { file: 'app.apk', apiKey: 'not-a-known-key-1234', dryRun: true }
        }
        const outcome = await via(emulator, situation, built.workspace)
        expect(outcome.exitCode).toBe(exitOf(EXIT['deploy-failed']))
        expect(outcome.outputs.outcome).toBe('aborted')
        expect(written()).toEqual(NOTHING)
        expect(emulator.requests.map(r => [r.route, r.status])).toEqual([['signed-url', 401]])
        const reason =
          'result' in outcome
            ? String((outcome as { result: { reason?: unknown } }).result.reason)
            : outcome.text
        expect(reason).toContain('the API key is missing or invalid')
      })

      it('with no such build: bad usage before any request', async () => {
        emulator.reset()
        const situation: Situation = {
          command: 'deploy',
          options: { file: 'missing.apk', dryRun: true }
        }
        const outcome = await via(emulator, situation, built.workspace)
        expect(outcome.exitCode).toBe(exitOf(EXIT.usage))
        expect(emulator.requests).toHaveLength(0)
      })

      it('a notification with an earlier upload: checks the key, notifies nothing', async () => {
        emulator.reset()
        const situation: Situation = {
          command: 'notify',
          options: { runInputPath: 'setup/app.apk', dryRun: true }
        }
        const outcome = await via(emulator, situation, built.workspace)
        expect(outcome.exitCode).toBe(exitOf(EXIT.success))
        expect(outcome.outputs.outcome).toBe('skipped')
        expect(written()).toEqual(NOTHING)
        expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
      })
    })

    if (inProcess)
      describe('a dry run where it cannot check without doing', () => {
        it.each([
          ['waiting for a run', { runId: 'run_0123456789abcdef', dryRun: true }],
          [
            'ending an environment',
            { terminateEnvironment: true, environmentId: 'env_staging', dryRun: true }
          ]
        ])('is refused with %s, before any request', async (_what, inputs) => {
          emulator.reset()
          const outcome = await viaAction(
            emulator,
            { command: 'notify', options: inputs },
            built.workspace
          )
          expect(outcome.exitCode).toBe(1)
          expect(outcome.text).toContain("Input 'dry-run'")
          expect(emulator.requests).toHaveLength(0)
        })
      })

    describe('a dry run on a pull request, from the action', () => {
      const pullRequest = {
        eventName: 'pull_request',
        ref: 'refs/pull/7/merge',
        sha: '1111111111111111111111111111111111111111',
        event: {
          number: 7,
          pull_request: {
            number: 7,
            head: { ref: 'feature/login', sha: 'feedfacefeedfacefeedfacefeedfacefeedface' }
          }
        }
      }

      it.each(runners)(
        'writes no check run and no comment, names the permissions, and reads the comments (%s)',
        async runner => {
          emulator.reset()
          const result = await step(
            emulator,
            { file: 'app.apk', 'name-prefix': 'myapp', wait: 'true', 'dry-run': 'true' },
            { workspace: built.workspace, runner, ...pullRequest }
          )
          expect(result.exitCode).toBe(0)
          expect(result.outputs.outcome).toBe('skipped')
          expect(written()).toEqual(NOTHING)
          expect(emulator.github.checkRuns).toEqual([])
          expect(emulator.github.comments).toEqual([])
          expect(emulator.github.requests.map(r => [r.method, r.status])).toEqual([['GET', 200]])
          expect(result.stdout).toContain('checks: write')
          expect(result.stdout).toContain('pull-requests: write')
          expect(result.stdout).toContain('unknown until the first write')
          expect(result.stdout).toContain('GitHub accepted the token')
        }
      )

      if (inProcess)
        it('with a token GitHub refuses: a notice, as reporting never decides the deploy', async () => {
          emulator.reset()
          const result = await step(
            emulator,
            {
              file: 'app.apk',
              'name-prefix': 'myapp',
              'dry-run': 'true',
              'github-token': 'ghs_unknownToken0123456789abcdef'
            },
            { workspace: built.workspace, ...pullRequest }
          )
          expect(result.exitCode).toBe(0)
          expect(emulator.github.comments).toEqual([])
          expect(result.stdout).toContain('could not be read with the token')
        })
    })
  })
}
