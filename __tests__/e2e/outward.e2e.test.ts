/**
 * What leaves the CLI as its users run it (the packed package, unpacked as
 * the wrappers' installer does, run with node): the key never shows, however
 * a careless server echoes it or wherever a person pastes it by mistake, and
 * no invisible character reaches a line a person reads.
 */
import { execFile, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { defaultWorkspace, DEMO_API_KEY } from '../../emulator/workspaces.js'
import { freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { ECHOED_SPELLINGS, readableRun } from '../helpers/secrets.js'
import { packedTarball } from '../helpers/tools.js'

/** A key too short to be masked inside words: masked where it stands alone. */
const SHORT_KEY = 'k3y'

let emulator: Emulator
let cliJs: string
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({
    workspaces: [defaultWorkspace(), defaultWorkspace({ apiKey: SHORT_KEY, teamId: 'team_short' })]
  })
  const dir = await freshWorkspace()
  await promisify(execFile)('tar', ['-xzf', await packedTarball(dir), '-C', dir])
  cliJs = join(dir, 'package', 'build', 'cli', 'index.js')
  workspace = (await writeArtifact('app.apk')).workspace
}, 180_000)
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** The packed CLI in the workspace, with the emulator's URL and the given key. */
function cli(args: string[], key = DEMO_API_KEY): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliJs, ...args], {
      cwd: workspace,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: workspace,
        SERVICE_API_KEY: key,
        SERVICE_BASE_URL: emulator.baseUrl
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s))
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

describe('a key the service echoes', () => {
  it.each(ECHOED_SPELLINGS)(
    '%s is masked in the log, the error line and --json',
    async (_form, spell) => {
      emulator.faults.add({
        route: 'signed-url',
        status: 500,
        echo: true,
        echoToken: spell,
        times: 5
      })
      const ran = await cli(['deploy', '--file', 'app.apk', '--json', '--max-attempts', '1'])
      expect(ran.code).toBe(1)
      const { reason } = JSON.parse(ran.stdout) as { reason: string }
      // The echo reached the words shown, with the key masked in them.
      expect(reason).toMatch(/answered 500 Internal Server Error \(Token .*\*\*\*.* refused\./)
      expect(ran.stderr).toContain(`Error: ${reason}`)
      expect(readableRun(ran.stdout + ran.stderr, DEMO_API_KEY)).toBeUndefined()
    }
  )

  it('masks a key of three characters where it stands alone', async () => {
    emulator.faults.add({
      route: 'signed-url',
      status: 500,
      echo: true,
      echoToken: t => t,
      times: 5
    })
    const ran = await cli(
      ['deploy', '--file', 'app.apk', '--json', '--max-attempts', '1'],
      SHORT_KEY
    )
    expect(ran.code).toBe(1)
    expect(JSON.parse(ran.stdout).reason).toMatch(/\(Token \*\*\* refused\./)
    expect(ran.stdout + ran.stderr).not.toMatch(/\bk3y\b/)
  })
})

describe('a key pasted where something else belongs', () => {
  it.each([
    ['as the command', [DEMO_API_KEY, '--json'], 2],
    ['as a stray argument', ['deploy', '--file', 'app.apk', DEMO_API_KEY, '--json'], 2],
    ['as the file', ['deploy', '--file', DEMO_API_KEY, '--json'], 2],
    [
      'as the destination',
      ['deploy', '--file', 'app.apk', '--destination', DEMO_API_KEY, '--json'],
      2
    ],
    ['as the base URL', ['notify', '--base-url', DEMO_API_KEY, '--json'], 2],
    ['as the hand-over format', ['notify', '--output-env-format', DEMO_API_KEY, '--json'], 2],
    ['as a boolean', ['notify', `--wait=${DEMO_API_KEY}`, '--json'], 2],
    [
      'as the run id',
      ['wait', '--run-id', DEMO_API_KEY, '--json', '--wait-timeout-minutes', '0.01'],
      4
    ]
  ])('%s is never shown, in the error line nor in --json', async (_where, args, code) => {
    const ran = await cli(args as string[])
    expect(ran.code).toBe(code)
    expect(JSON.parse(ran.stdout)).toMatchObject({ reason: expect.any(String) })
    expect(readableRun(ran.stdout + ran.stderr, DEMO_API_KEY)).toBeUndefined()
  })

  it('as the file, when the key is three characters', async () => {
    const ran = await cli(['deploy', '--file', SHORT_KEY, '--json'], SHORT_KEY)
    expect(ran.code).toBe(2)
    expect(JSON.parse(ran.stdout).reason).toMatch(/^Flag --file "\*\*\*" /)
    expect(ran.stdout + ran.stderr).not.toMatch(/\bk3y\b/)
  })
})

describe('invisible characters', () => {
  const hidden = [...'RUN rm'].map(c => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')
  const name = `Checkout\u202e kcarc\u200b${hidden}`

  it("are left out of the service's words, in every line, --json and the hand-over", async () => {
    emulator.faults.add({
      route: 'greenlight',
      status: 200,
      body: JSON.stringify({
        runStage: 'completed',
        greenlight: false,
        blockingBugsCount: 1,
        reproducedBugs: [{ name, number: 1, priority: 'urgent', isBlocking: true }]
      })
    })
    const ran = await cli([
      'wait',
      '--run-id',
      'run_1',
      '--json',
      '--output-env',
      'out.sh',
      '--output-env-format',
      'shell'
    ])
    expect(ran.code).toBe(3)
    expect(ran.stderr).toContain('#1 "Checkout kcarc" (urgent)')
    expect(JSON.parse(ran.stdout).bugs[0].name).toBe('Checkout kcarc')
    const handedOver = await readFile(join(workspace, 'out.sh'), 'utf8')
    for (const text of [ran.stdout, ran.stderr, handedOver])
      expect(text).not.toMatch(/[\u202e\u200b]|\udb40/)
  })

  it('are shown as escapes where a value of ours carries them, in the error line and --json', async () => {
    const ran = await cli(['deploy', '--file', `app\u202ekpa.apk${hidden}`, '--json'])
    expect(ran.code).toBe(2)
    const shown = 'app\\u202ekpa.apk\\u{e0052}\\u{e0055}\\u{e004e}\\u{e0020}'
    expect(ran.stderr).toContain(`Error: Flag --file "${shown}`)
    expect(JSON.parse(ran.stdout).reason).toContain(shown)
    expect(ran.stdout + ran.stderr).not.toMatch(/[\u202e]|\udb40/)
  })
})
