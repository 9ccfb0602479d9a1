// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * run() in-process, against the emulator on loopback: the real @actions/http-client
 * on the wire, nothing mocked. The full matrix runs on the bundle in e2e/.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
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
import { writeBuild } from '../helpers/builds.js'
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
  await writeBuild(join(dir, 'app.apk'), 4096)
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
    await writeBuild(join(dir, 'app.apk'), 3 * 1024 * 1024)
    process.env['INPUT_MAX-ATTEMPTS'] = faults.some(f => f.status === 503) ? '2' : '1'
    emulator.faults.add(...faults)
    const before = liveResources()
    await run(undefined, process.env)
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

  it.each([
    ['a folder', (): string => dir],
    ['a file that is not there', (): string => join(dir, 'gone', 'output')]
  ])('refuses a GITHUB_OUTPUT that is %s before any request', async (_, path) => {
    process.env.GITHUB_OUTPUT = path()
    await run(undefined, process.env)
    expect(process.exitCode).toBe(1)
    expect(emulator.requests).toEqual([])
    expect(errorLines(printed)).toEqual([
      expect.stringMatching(/^GITHUB_OUTPUT names .* which cannot be written .*nothing was sent\./)
    ])
  })

  it("counts the blocking bugs the answer lists when it gives no count, never '0 blocking'", async () => {
    emulator.faults.add({
      route: 'greenlight',
      status: 200,
      body: JSON.stringify({
        runStage: 'completed',
        greenlight: false,
        reproducedBugs: [
          { name: 'Crash', priority: 'urgent' },
          { name: 'Typo', priority: 'low' }
        ]
      })
    })
    process.env.INPUT_FILE = ''
    process.env['INPUT_RUN-ID'] = 'run_1'
    await run(undefined, process.env)
    expect(process.exitCode).toBe(1)
    expect(await outputs()).toMatchObject({ blockingBugsCount: '1', nonBlockingBugsCount: '1' })
    expect(await readFile(join(dir, 'summary'), 'utf8')).toContain('1 blocking, 1 non-blocking')
  })

  it('names the target of an artifact reached through a link that leaves the workspace', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'outside-'))
    try {
      await writeBuild(join(outside, 'real.apk'), 4096)
      await symlink(join(outside, 'real.apk'), join(dir, 'linked.apk'))
      process.env.INPUT_FILE = 'linked.apk'
      await run(undefined, process.env)
      expect(process.exitCode).toBeUndefined()
      expect(printed).toMatch(
        new RegExp(
          `::notice title=Artifact outside the workspace::The artifact is a link that leads out of the working directory, to ".*real\\.apk"`
        )
      )
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('reads its own working directory as a path, never as a glob', async () => {
    // A checkout in a folder named build{1,2} next to build1/: the pattern is the user's alone.
    const parent = await mkdtemp(join(tmpdir(), 'parent-'))
    try {
      const workspace = join(parent, 'build{1,2}')
      await mkdir(workspace)
      await mkdir(join(parent, 'build1'))
      await writeBuild(join(workspace, 'app.apk'), 8192)
      await writeBuild(join(parent, 'build1', 'other.apk'), 4096)
      process.env.GITHUB_WORKSPACE = workspace
      process.env.INPUT_FILE = '*.apk'
      await run(undefined, process.env)
      expect(process.exitCode).toBeUndefined()
      expect(requestsOfRoute('signed-url')[0]!.query.file).toBe('app.apk')
      expect(emulator.objects.get('team_demo/app.apk')?.size).toBe(8192)
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  })
})

function requestsOfRoute(route: string) {
  return emulator.requests.filter(r => r.route === route)
}
