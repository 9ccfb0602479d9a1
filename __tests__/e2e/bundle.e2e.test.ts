/**
 * The committed bundle, dist/index.js, started as a GitHub runner starts a
 * node24 action (under Node 24 when NODE24_BINARY names it): the situations of
 * the parity suite give the outputs the in-process runs give, hostile names
 * stay inert, faults are survived, and no secret reaches what it prints.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { comparable, viaAction, viaLibrary, type Situation } from '../helpers/front-ends.js'
import {
  expectFailure,
  foreignCommands,
  requestsOf,
  step,
  stepWithBuild,
  writeArtifact
} from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'

const WINDOWS = process.platform === 'win32'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  workspace = (await writeArtifact('app.apk', 256 * 1024)).workspace
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
const lifecycle = (fields: object): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 200, underReviewMs: 200, ...fields })
  })

describe('the bundle gives what the core gives', () => {
  const situations: [string, Situation][] = [
    [
      'a deploy',
      {
        command: 'deploy',
        options: { file: 'app.apk', namePrefix: 'myapp', environment: 'staging' }
      }
    ],
    ['an upload only', { command: 'upload', options: { file: 'app.apk' } }],
    ['no run created', { command: 'notify', options: { apiKey: KEYS.noTriggers } }],
    [
      'a verdict with blocking bugs',
      {
        command: 'notify',
        options: {
          wait: true,
          variables: lifecycle({ final: 'failed', bugs: [{ name: 'Crash' }] })
        }
      }
    ],
    ['ending an environment', { command: 'terminate', options: { environmentAlias: 'staging' } }],
    ['a bad option', { command: 'deploy', options: { file: 'app.apk', waitTimeoutMinutes: 0 } }]
  ]

  it.each(situations)('%s', async (_title, situation) => {
    const bundle = await viaAction(emulator, situation, workspace, env, 'bundle')
    emulator.reset()
    const library = await viaLibrary(emulator, situation, workspace, env)
    expect(comparable(bundle.outputs)).toEqual(comparable(library.outputs))
    expect(bundle.exitCode).toBe(library.exitCode)
    expect(foreignCommands({ stdout: bundle.text, stderr: '' } as never)).toEqual([])
  })
})

describe('the bundle under faults and hostile names', () => {
  it('uploads whole after the store cuts the connection mid-body, with debug lines on and no secret in them', async () => {
    emulator.faults.add({ route: 'upload', reset: { afterBytes: 64 * 1024 } })
    const { built, result } = await stepWithBuild(
      emulator,
      {},
      { runner: 'bundle', size: 512 * 1024, env: { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' } }
    )
    expect(result.exitCode).toBe(0)
    expect(emulator.objects.get('team_demo/app.apk')?.sha256).toBe(built.sha256)
    expect(result.stdout).toMatch(/^::debug::/m)
  })

  it('fails with one error line and no stack when the service refuses the key', async () => {
    const result = await step(
      emulator,
      { 'api-key': 'not-a-key-of-any-workspace' },
      { runner: 'bundle' }
    )
    expectFailure(result, '401 Unauthorized', 'api-key')
    expect(requestsOf(emulator, 'deploy')).toHaveLength(1)
  })

  const names = WINDOWS ? describe.skip : describe
  names('names a fork can choose', () => {
    it.each(['\n::stop-commands::token\n', ' ##[add-mask]z', '\u202egnp.apk'])(
      'a file named app%j.apk and a branch of the same name write no command',
      async name => {
        const built = await writeArtifact(`app${name}.apk`)
        const result = await step(
          emulator,
          { file: '*.apk', destination: 'app.apk' },
          {
            runner: 'bundle',
            workspace: built.workspace,
            eventName: 'pull_request',
            event: { pull_request: { number: 3, head: { ref: `x${name}`, sha: 'abcdef0' } } }
          }
        )
        expect(result.exitCode).toBe(0)
        expect(foreignCommands(result)).toEqual([])
        expect(result.stdout).not.toMatch(/[\u202a-\u202e]/)
      }
    )
  })
})
