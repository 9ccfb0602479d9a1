/**
 * run() in-process, against the emulator on loopback: the real @actions/http-client
 * on the wire, nothing mocked. The full matrix runs on the bundle in e2e/.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest
} from '@jest/globals'
import { errorLines, parseFileCommand } from '../../emulator/github-runner.js'
import type { Fault } from '../../emulator/faults.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY } from '../../emulator/workspaces.js'
import { run } from '../../src/action/main.js'

let emulator: Emulator
let dir: string
let printed: string
const saved = { ...process.env }

beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())

beforeEach(async () => {
  emulator.reset()
  printed = ''
  // The step's log is captured, as the runner captures it.
  jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
    printed += String(chunk)
    return true
  })
  dir = await mkdtemp(join(tmpdir(), 'run-'))
  await writeFile(join(dir, 'app.apk'), 'PK build')
  await writeFile(join(dir, 'output'), '')
  await writeFile(join(dir, 'summary'), '')
  Object.assign(process.env, {
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REPOSITORY: 'octo/app',
    'INPUT_API-KEY': DEMO_API_KEY,
    'INPUT_BASE-URL': emulator.baseUrl,
    INPUT_FILE: 'app.apk'
  })
})

afterEach(async () => {
  jest.restoreAllMocks()
  process.env = { ...saved }
  process.exitCode = undefined
  await rm(dir, { recursive: true, force: true })
})

async function outputs(): Promise<Record<string, string>> {
  return parseFileCommand(await readFile(join(dir, 'output'), 'utf8'))
}

/** The sockets, timers and threads alive now, by kind. */
function liveResources(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const kind of process.getActiveResourcesInfo()) {
    if (/TCPSocketWrap|Timeout|Worker|MessagePort|FileHandle/.test(kind))
      counts[kind] = (counts[kind] ?? 0) + 1
  }
  return counts
}

describe('run', () => {
  it.each<[string, Fault[], number | undefined]>([
    ['after a success', [], undefined],
    ['when the signed URL is refused', [{ route: 'signed-url', status: 403 }], 1],
    [
      'when the store cuts the connection before reading the body',
      [{ route: 'upload', reset: true }],
      1
    ],
    [
      'when the store cuts the connection mid-body',
      [{ route: 'upload', reset: { afterBytes: 1024 * 1024 } }],
      1
    ],
    ['after a retried upload', [{ route: 'upload', status: 503 }], undefined]
  ])('leaves no socket, timer, thread or open file behind %s', async (_, faults, exitCode) => {
    await writeFile(join(dir, 'app.apk'), Buffer.alloc(3 * 1024 * 1024, 7))
    process.env['INPUT_MAX-ATTEMPTS'] = faults.some(f => f.status === 503) ? '2' : '1'
    emulator.faults.add(...faults)
    const before = liveResources()
    await run()
    expect(process.exitCode).toBe(exitCode)
    // Kinds that outnumber what was alive before the step; timers of the test harness may end meanwhile.
    const added = (): string[] =>
      Object.entries(liveResources())
        .filter(([kind, count]) => count > (before[kind] ?? 0))
        .map(([kind]) => kind)
    // The hashing thread and the file belong to the action alone: gone when the step returns.
    expect(added().filter(kind => /Worker|MessagePort|FileHandle/.test(kind))).toEqual([])
    // The emulator's side of each connection closes a little after the action's, later on a busy machine;
    // anything of the action's (a 30 s connect timer, a 120 s idle timer) outlives this wait.
    for (let wait = 0; wait < 200 && added().length > 0; wait++) {
      await new Promise(resolve => setTimeout(resolve, 10))
    }
    expect(added()).toEqual([])
  })

  it('uploads, notifies and sets the outputs', async () => {
    await run()
    expect(process.exitCode).toBeUndefined()
    expect(await outputs()).toMatchObject({
      outcome: 'success',
      runId: emulator.runs[0]!.id,
      playgroundFileLocation: 'app.apk'
    })
    expect(emulator.objects.get('team_demo/app.apk')?.size).toBe(8)
    expect(await readFile(join(dir, 'summary'), 'utf8')).toContain(emulator.runs[0]!.id)
  })

  it('fails on 401 and sends nothing after the first request', async () => {
    process.env['INPUT_API-KEY'] = 'wrong-key'
    await run()
    expect(process.exitCode).toBe(1)
    expect(emulator.requests.map(r => r.route)).toEqual(['signed-url'])
    expect(await outputs()).toEqual({ outcome: 'aborted' })
    expect(errorLines(printed)).toEqual([expect.stringContaining('401 Unauthorized')])
  })

  it('fails on invalid input before any request', async () => {
    process.env['INPUT_MAX-ATTEMPTS'] = 'many'
    await run()
    expect(process.exitCode).toBe(1)
    expect(emulator.requests).toHaveLength(0)
    expect(errorLines(printed)).toEqual([expect.stringContaining("Input 'max-attempts'")])
  })

  it('never notifies after a failed upload', async () => {
    process.env['INPUT_MAX-ATTEMPTS'] = '1'
    emulator.faults.add({ route: 'upload', status: 500 })
    await run()
    expect(process.exitCode).toBe(1)
    expect(emulator.requests.map(r => r.route)).toEqual(['signed-url', 'upload'])
  })

  it('fails when no run is created, with the outputs of the upload set', async () => {
    emulator.workspaces[0]!.mobileTriggersEnabled = false
    try {
      await run()
    } finally {
      emulator.workspaces[0]!.mobileTriggersEnabled = true
    }
    expect(process.exitCode).toBe(1)
    expect(await outputs()).toMatchObject({ outcome: 'failed', playgroundFileLocation: 'app.apk' })
  })

  it.each([
    ['a folder', (): string => dir],
    ['a file that is not there', (): string => join(dir, 'gone', 'output')]
  ])('refuses a GITHUB_OUTPUT that is %s before any request', async (_, path) => {
    process.env.GITHUB_OUTPUT = path()
    await run()
    expect(process.exitCode).toBe(1)
    expect(emulator.requests).toEqual([])
    expect(errorLines(printed)).toEqual([
      expect.stringMatching(/^GITHUB_OUTPUT names .* which cannot be written .*nothing was sent\./)
    ])
  })
})
