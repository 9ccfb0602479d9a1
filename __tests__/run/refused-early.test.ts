/**
 * What a step can never do well is refused before any request, to the
 * service or to GitHub, so that no check run, comment or report says
 * anything of it: an output path no report can be written to (a folder
 * named as the JUnit file, a file named as the attestation's folder, a file
 * on the way to either), and a collect in a pull request's workflow. The
 * action exits 1 with one error, the CLI 2, the library's result is a usage
 * failure.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { spelling, type OptionKey } from '../../src/core/index.js'
import { collectVerdicts, deployBuild } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import {
  DEMO_API_KEY,
  expectFailure,
  freshWorkspace,
  step,
  writeArtifact
} from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 16 * 1024, workspace)
  await mkdir(join(workspace, 'reports'))
  await writeFile(join(workspace, 'notes.txt'), 'not a folder\n')
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** The option, the path it is given, and the front ends that offer it. */
type Case = [title: string, option: OptionKey, path: string, fronts: Front[]]
type Front = 'action' | 'cli' | 'library'

const CASES: Case[] = [
  ['junit-report naming a folder', 'junitReport', 'reports', ['action', 'cli']],
  ['junit-report under a file', 'junitReport', 'notes.txt/junit.xml', ['action', 'cli']],
  ['test-attestation naming a file', 'testAttestation', 'notes.txt', ['action', 'cli', 'library']],
  ['test-attestation under a file', 'testAttestation', 'notes.txt/a', ['action', 'cli', 'library']],
  ['summary-file naming a folder', 'summaryFile', 'reports', ['cli', 'library']]
]

/** Nothing was asked of the service or of GitHub, and GitHub holds nothing of the step. */
function expectNothingSent(): void {
  expect(emulator.requests).toEqual([])
  expect(emulator.github.requests).toEqual([])
  expect(emulator.github.checkRuns).toEqual([])
  expect(emulator.github.comments).toEqual([])
}

const RUNS: Record<Front, (option: OptionKey, path: string) => Promise<void>> = {
  // On a pull request with a token that writes: a check run and a comment would be written.
  async action(option, path) {
    const result = await step(
      emulator,
      { file: 'app.apk', wait: 'true', variables: run(), [spelling('action', option)]: path },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, spelling('action', option), `"${path}"`, 'nothing was sent')
    expect(result.outputs.outcome).toBe('aborted')
  },
  async cli(option, path) {
    const flag = `--${spelling('cli', option)}`
    const cli = await runCli(['deploy', '--file', 'app.apk', '--wait', flag, path], {
      env: cliEnv(emulator),
      cwd: workspace
    })
    expect(cli.exitCode).toBe(2)
    expect(cli.stderr).toContain(flag)
    expect(cli.stderr).toContain('nothing was sent')
  },
  async library(option, path) {
    const result = await deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      workingDirectory: workspace,
      file: 'app.apk',
      wait: true,
      [option]: path
    })
    expect(result).toMatchObject({ outcome: 'aborted', cause: 'usage' })
    expect(result.reason).toContain(option)
  }
}

describe('an output path no report can be written to', () => {
  it.each(
    CASES.flatMap(([title, option, path, fronts]) =>
      fronts.map(front => [title, front, option, path] as const)
    )
  )(
    '%s: refused in the %s before anything is sent or written',
    async (_title, front, option, path) => {
      await RUNS[front](option, path)
      expectNothingSent()
      // Nothing was made where the path pointed: the file stays a file, the folder empty.
      expect(await readFile(join(workspace, 'notes.txt'), 'utf8')).toBe('not a folder\n')
    }
  )

  it('a collect with a JUnit path that is a folder completes no check run', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    const before = structuredClone(emulator.github.checkRuns)
    expect(before.map(check => check.status)).toEqual(['in_progress'])
    await emulator.idle()
    emulator.requests.length = 0
    emulator.github.requests.length = 0
    const cli = await runCli(
      ['collect', '--github-repository', 'octo-org/octo-app', '--junit', 'reports'],
      {
        env: cliEnv(emulator, { GITHUB_API_URL: emulator.github.url, GITHUB_TOKEN: WRITE_TOKEN }),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(2)
    expect(cli.stderr).toContain('--junit')
    expect(emulator.requests).toEqual([])
    expect(emulator.github.requests).toEqual([])
    expect(emulator.github.checkRuns).toEqual(before)
  })
})

describe('a collect in a workflow run by a pull_request event', () => {
  const PR_ENV = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REPOSITORY: 'octo-org/octo-app' }
  const SAID = /pull_request event.*on: schedule/s

  it('is refused in the action, naming collect and a schedule', async () => {
    const result = await step(emulator, { collect: 'true' }, { env, ...pullRequest(HEAD) })
    expect(expectFailure(result, "'collect'")).toMatch(SAID)
    expectNothingSent()
  })

  it('is refused by the CLI (exit 2) and the library (a usage failure)', async () => {
    const githubEnv = { ...PR_ENV, GITHUB_API_URL: emulator.github.url, GITHUB_TOKEN: WRITE_TOKEN }
    const cli = await runCli(['collect'], { env: cliEnv(emulator, githubEnv), cwd: workspace })
    expect(cli.exitCode).toBe(2)
    expect(cli.stderr).toMatch(SAID)
    const saved = { ...process.env }
    Object.assign(process.env, githubEnv)
    try {
      const result = await collectVerdicts({ apiKey: DEMO_API_KEY, baseUrl: emulator.baseUrl })
      expect(result).toMatchObject({ conclusion: 'failure', cause: 'usage' })
      expect(result.reason).toMatch(SAID)
    } finally {
      process.env = saved
    }
    expectNothingSent()
  })
})
