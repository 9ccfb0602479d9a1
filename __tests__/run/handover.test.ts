// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The CLI's hand-over files as the later steps read them: within the limits
 * of the readers (GitLab's dotenv size, the argument-list limit every later
 * command of a job shares), the most needed values kept, and only at a path
 * that is a regular file or nothing yet.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { HAND_OVER_LIMIT_BYTES } from '../../src/core/report/handover.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { gitlabDotenv } from '../helpers/gitlab-dotenv.js'
import { junitProblems, junitSuite } from '../helpers/junit.js'
import { freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

async function cli(argv: string[], cwd: string) {
  return runCli(argv, { env: cliEnv(emulator), cwd })
}

/** The service's answer for a finished run with `count` blocking bugs of long names, and the given link. */
function finishedRun(count: number, runUrl = 'https://app.example.com/runs/run_1') {
  return JSON.stringify({
    runStage: 'completed',
    greenlight: false,
    relevantRunUrl: runUrl,
    blockingBugsCount: count,
    nonBlockingBugsCount: 0,
    reproducedBugs: Array.from({ length: count }, (_, i) => ({
      name: `Checkout crashes when the basket holds item ${i} ${'and a long description of the steps '.repeat(6)}`,
      number: i + 1,
      priority: 'urgent',
      isBlocking: true,
      applicationUrl: `https://app.example.com/runs/run_1/bugs/${i + 1}`
    }))
  })
}

/** Runs a script in bash in `cwd`; resolves with its exit code and output, never rejecting on a failed exit. */
async function bash(script: string, cwd: string) {
  try {
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd, encoding: 'utf8' })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

describe('the shell hand-over of a run with 500 bugs', () => {
  it('leaves the bugs out past its limit, so that the job can still start a command; the JUnit report carries them', async () => {
    emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(500) })
    const cwd = await freshWorkspace()
    const result = await cli(
      [
        'wait',
        '--run-id',
        'run_1',
        '--output-env',
        'mobile.sh',
        '--output-env-format',
        'shell',
        '--junit',
        'junit.xml'
      ],
      cwd
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    expect(result.stderr).toMatch(
      /Warning \(Output left out\): The bugs output is left out of the shell hand-over: the file would reach the hand-over limit of 64 KiB \(the JUnit report, --junit, carries the bugs\)/
    )
    expect((await stat(join(cwd, 'mobile.sh'))).size).toBeLessThan(HAND_OVER_LIMIT_BYTES)
    // Sourced, and a later command of the job started with that environment.
    const sourced = await bash(
      '. ./mobile.sh && echo ok && env | grep -c "^blockingBugsCount=500$" && /usr/bin/env true && echo later',
      cwd
    )
    expect(sourced).toEqual({ code: 0, output: 'ok\n1\nlater\n' })
    const xml = await readFile(join(cwd, 'junit.xml'), 'utf8')
    expect(junitSuite(xml)).toMatchObject({ tests: 501, failures: 501 })
    expect(await junitProblems(xml)).toEqual([])
  })

  it('would stop every later command of the job if the bugs were exported whole', async () => {
    // The reason for the limit, shown on this machine: the same bugs as one exported variable.
    const cwd = await freshWorkspace()
    const bugs = JSON.stringify(JSON.parse(finishedRun(500)).reproducedBugs)
    await writeFile(join(cwd, 'whole.sh'), `export bugs='${bugs.replace(/'/g, `'\\''`)}'\n`)
    const sourced = await bash('. ./whole.sh && echo ok && /usr/bin/env true && echo later', cwd)
    expect(sourced.code).not.toBe(0)
    expect(sourced.output).toMatch(/^ok\n.*Argument list too long/s)
  })

  it('keeps envman within the same limit, the bugs left out first', async () => {
    emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(500) })
    const cwd = await freshWorkspace()
    const result = await cli(
      ['wait', '--run-id', 'run_1', '--output-env', 'out.nul', '--output-env-format', 'envman'],
      cwd
    )
    expect(result.exitCode).toBe(EXIT['run-failed'])
    const fields = (await readFile(join(cwd, 'out.nul'), 'utf8')).split('\0')
    const names = fields.filter((_, i) => i % 2 === 0 && i < fields.length - 1)
    expect(names).toEqual(expect.arrayContaining(['runId', 'verdict', 'blockingBugsCount']))
    expect(names).not.toContain('bugs')
    expect(result.stderr).toContain('The bugs output is left out of the envman hand-over')
  })
})

describe("the dotenv hand-over, as GitLab's reader reads it", () => {
  it('keeps the counts when a long link does not fit, and leaves the link out', async () => {
    const long = `https://app.example.com/runs/run_1?${'context=a-very-long-tracking-parameter&'.repeat(130)}end=1`
    emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(2, long) })
    const cwd = await freshWorkspace()
    const result = await cli(['wait', '--run-id', 'run_1', '--output-env', 'wait.env'], cwd)
    expect(result.exitCode).toBe(EXIT['run-failed'])
    const read = gitlabDotenv(await readFile(join(cwd, 'wait.env'), 'utf8'))
    expect(read).toMatchObject({
      runId: 'run_1',
      verdict: 'failed',
      blockingBugsCount: '2',
      nonBlockingBugsCount: '0',
      greenlight: 'false'
    })
    expect(read.runUrl).toBeUndefined()
    expect(result.stderr).toContain(
      "The runUrl output is left out of the dotenv hand-over: the file would reach GitLab's limit of 5 KiB"
    )
  })

  it('writes a link with # and quotes that GitLab reads back exactly', async () => {
    const runUrl = `https://app.example.com/#/runs/run_1?tab="bugs"&x='1'`
    emulator.faults.add({ route: 'greenlight', status: 200, body: finishedRun(1, runUrl) })
    const cwd = await freshWorkspace()
    const result = await cli(['wait', '--run-id', 'run_1', '--output-env', 'wait.env'], cwd)
    expect(result.exitCode).toBe(EXIT['run-failed'])
    expect(gitlabDotenv(await readFile(join(cwd, 'wait.env'), 'utf8')).runUrl).toBe(runUrl)
    expect(result.stderr).not.toContain('left out')
  })
})

describe('an output path that is not a regular file', () => {
  const kinds: [string, (path: string) => Promise<void>][] = [
    ['a symbolic link', async path => symlink(join(path, '..', 'elsewhere'), path)],
    ['a FIFO', async path => void execFileSync('mkfifo', [path])],
    ['a folder', async path => mkdir(path)]
  ]

  it.each(
    kinds.flatMap(([kind, make]) =>
      ['--output-env', '--junit'].map((flag): [string, string, (p: string) => Promise<void>] => [
        flag,
        kind,
        make
      ])
    )
  )('%s naming %s is refused before any request: exit 2', async (flag, kind, make) => {
    const built = await writeArtifact('app.apk')
    const path = join(built.workspace, 'out.txt')
    await make(path)
    const result = await cli(
      ['deploy', '--file', 'app.apk', flag, 'out.txt', '--json'],
      built.workspace
    )
    expect(result.exitCode).toBe(EXIT.usage)
    expect(result.stderr).toContain(`Error: ${flag} names "${path}"`.replace(`"${path}"`, '"'))
    expect(result.stderr).toContain(`, which is ${kind}, not a regular file; nothing was sent.`)
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'aborted' })
    expect(emulator.requests).toEqual([])
    // Nothing was written through the link, nor left waiting on the FIFO.
    expect(existsSync(join(built.workspace, 'elsewhere'))).toBe(false)
  })

  it("is refused for the action's junit-report too, naming the input", async () => {
    const built = await writeArtifact('app.apk')
    execFileSync('mkfifo', [join(built.workspace, 'junit.xml')])
    const result = await step(
      emulator,
      { file: 'app.apk', 'junit-report': 'junit.xml' },
      {
        workspace: built.workspace
      }
    )
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(
      /::error title=Invalid input::junit-report names ".*junit\.xml", which is a FIFO, not a regular file/
    )
    expect(emulator.requests).toEqual([])
  })
})
