/**
 * "Re-run all jobs" after report-later: the service answers the run it
 * already had, the rebuilt bytes are other bytes. In every front end the
 * re-run continues the check already showing that run (never a second in
 * progress beside it), every check of ours claiming the run is completed
 * with its verdict, and a collect attests as passed only the bytes the run
 * tested: deploy, collect, re-run with other bytes, collect again.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { collectVerdicts, deployBuild } from '../../src/index.js'
import { clock } from '../../src/core/shared/clock.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, MERGE, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { inTotoProblems } from '../helpers/in-toto.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const REPO = 'octo-org/octo-app'
const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** One front end's deploy (report-later, on pull request #7 at HEAD) and collect (with an attestation folder). */
interface FrontEnd {
  deploy(): Promise<{ code: number; text: string }>
  collect(folder: string): Promise<{ code: number; text: string }>
}

const variables = run()
const schedule = {
  env: { ...env, GITHUB_RUN_ID: '2' },
  eventName: 'schedule',
  ref: 'refs/heads/main',
  sha: '9999999999999999999999999999999999999999',
  event: { schedule: '*/10 * * * *' }
}

const action: FrontEnd = {
  async deploy() {
    const result = await step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables },
      { workspace, env, ...pullRequest(HEAD) }
    )
    return { code: result.exitCode ?? -1, text: result.stdout }
  },
  async collect(folder) {
    const result = await step(
      emulator,
      { collect: 'true', 'test-attestation': folder },
      { workspace, ...schedule }
    )
    return { code: result.exitCode ?? -1, text: result.stdout }
  }
}

/** The CLI in a GitHub workflow's job: the runner's variables and the event's file. */
async function cliGitHubEnv(): Promise<Record<string, string>> {
  const event = join(workspace, 'event.json')
  await writeFile(event, JSON.stringify(pullRequest(HEAD).event))
  return {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REF: 'refs/pull/7/merge',
    GITHUB_SHA: MERGE,
    GITHUB_REPOSITORY: REPO,
    GITHUB_RUN_ID: '1',
    GITHUB_API_URL: emulator.github.url,
    GITHUB_TOKEN: WRITE_TOKEN
  }
}

const cli: FrontEnd = {
  async deploy() {
    const given = await cliGitHubEnv()
    const argv = ['deploy', '--file', 'app.apk', '--report-later', '--variables', variables]
    const result = await runCli(argv, { env: cliEnv(emulator, given), cwd: workspace })
    return { code: result.exitCode, text: result.stderr }
  },
  async collect(folder) {
    const given = { ...(await cliGitHubEnv()), GITHUB_EVENT_NAME: 'schedule', GITHUB_RUN_ID: '2' }
    const argv = ['collect', '--test-attestation', folder]
    const result = await runCli(argv, { env: cliEnv(emulator, given), cwd: workspace })
    return { code: result.exitCode, text: result.stderr }
  }
}

/** The library, GitHub's API told by GITHUB_API_URL as in a workflow. */
async function withApi<T>(call: () => Promise<T>): Promise<T> {
  process.env.GITHUB_API_URL = emulator.github.url
  try {
    return await call()
  } finally {
    delete process.env.GITHUB_API_URL
  }
}

const library: FrontEnd = {
  async deploy() {
    const result = await withApi(() =>
      deployBuild({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        file: 'app.apk',
        workingDirectory: workspace,
        reportLater: true,
        variables,
        githubToken: WRITE_TOKEN,
        githubRepository: REPO,
        git: { sha: HEAD, branch: 'feature/login', pullRequestNumber: 7 }
      })
    )
    return { code: result.conclusion === 'failure' ? 1 : 0, text: JSON.stringify(result) }
  },
  async collect(folder) {
    const result = await withApi(() =>
      collectVerdicts({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        githubToken: WRITE_TOKEN,
        githubRepository: REPO,
        testAttestation: join(workspace, folder)
      })
    )
    return { code: result.conclusion === 'failure' ? 1 : 0, text: JSON.stringify(result) }
  }
}

/** The pull request GitHub knows: open, its head at HEAD (the action's runner tells it; the others are told here). */
function openPull(): void {
  if (!emulator.github.pulls.some(p => p.number === 7))
    emulator.github.pulls.push({
      number: 7,
      state: 'open',
      head: { ref: 'feature/login', sha: HEAD, owner: 'octo-org' }
    })
}

const attested = async (folder: string) =>
  JSON.parse(await readFile(join(workspace, folder, 'statement.json'), 'utf8')) as {
    predicate: { result: string; passedTests: string[]; failedTests: string[] }
  }

const ours = () => emulator.github.checkRuns.filter(c => c.head_sha === HEAD)
const inProgress = () => ours().filter(c => c.status === 'in_progress')

describe.each([
  ['the action', action],
  ['the CLI', cli],
  ['the library', library]
])('%s, re-run after report-later', (_name, frontEnd) => {
  it('deploy, collect, re-run with other bytes, collect again: only the tested bytes are attested as passed', async () => {
    openPull()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    const first = await sha256(join(workspace, 'app.apk'))
    expect((await frontEnd.deploy()).code).toBe(0)
    await clock.sleep(60_000)
    expect((await frontEnd.collect('one')).code).toBe(0)
    const one = await attested('one')
    expect(inTotoProblems(one)).toEqual([])
    expect(one.predicate).toMatchObject({
      result: 'PASSED',
      passedTests: [`app.apk@sha256:${first}`]
    })
    expect(inProgress()).toEqual([])

    // The job run again: the app rebuilt (other bytes), the service answers the run it had.
    await writeArtifact('app.apk', 20 * 1024, workspace)
    const second = await sha256(join(workspace, 'app.apk'))
    expect(second).not.toBe(first)
    const again = await frontEnd.deploy()
    expect(again.code).toBe(0)
    expect(inProgress()).toHaveLength(1)
    await clock.sleep(60_000)
    expect((await frontEnd.collect('two')).code).toBe(0)
    const two = await attested('two')
    expect(inTotoProblems(two)).toEqual([])
    expect(two.predicate).toMatchObject({
      result: 'FAILED',
      passedTests: [],
      failedTests: [`app.apk@sha256:${second}`]
    })
    expect(inProgress()).toEqual([])
    // The run's verdict is what every check of it shows.
    expect(ours().map(c => c.conclusion)).toEqual(ours().map(() => 'success'))
  })

  it('a re-run before the collect continues the check already showing the run, and says so; the collect completes it', async () => {
    openPull()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    expect((await frontEnd.deploy()).code).toBe(0)
    await writeArtifact('app.apk', 24 * 1024, workspace)
    const rebuilt = await sha256(join(workspace, 'app.apk'))
    const again = await frontEnd.deploy()
    expect(again.code).toBe(0)
    expect(ours()).toHaveLength(1)
    expect(inProgress()).toHaveLength(1)
    if (frontEnd !== library) expect(again.text).toMatch(/already existed .* is continued/)
    await clock.sleep(60_000)
    expect((await frontEnd.collect('after')).code).toBe(0)
    expect(ours()).toEqual([
      expect.objectContaining({ status: 'completed', conclusion: 'success' })
    ])
    // The check showed the rebuilt bytes last: the run tested the first ones, so none passed.
    expect((await attested('after')).predicate).toMatchObject({
      result: 'FAILED',
      passedTests: [],
      failedTests: [`app.apk@sha256:${rebuilt}`]
    })
  })
})

describe('checks of ours claiming one run', () => {
  it('copies with valid seals are all completed with the run’s verdict; none is left in progress', async () => {
    openPull()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    expect((await action.deploy()).code).toBe(0)
    const genuine = ours()[0]!
    const copy = { ...genuine, id: genuine.id + 1000, history: [] }
    emulator.github.checkRuns.unshift(copy)
    await clock.sleep(60_000)
    const collected = await action.collect('copies')
    expect(collected.code).toBe(0)
    expect(collected.text).toMatch(/the check run and a copy of it are completed as success/)
    expect(collected.text).not.toMatch(/not collected/)
    expect(genuine).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(copy).toMatchObject({ status: 'completed', conclusion: 'success' })
    // One deployment, attested once.
    expect((await attested('copies')).predicate.passedTests).toHaveLength(1)
  })
})
