/**
 * One road: the JUnit report a collect writes for the deployments it
 * completes is the one a step that waited for the same builds' verdicts
 * writes, suite for suite and property for property; and the library's
 * junitReport() renders a collect's result with the verdicts it collected.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import { WRITE_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { SAMPLE_BUGS } from '../../emulator/workspaces.js'
import { collectVerdicts, junitReport } from '../../src/index.js'
import { clock } from '../../src/core/shared/clock.js'
import { env, HEAD, pullRequest } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { junitCases, junitProblems } from '../helpers/junit.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const HOUR = 60 * 60 * 1000
/**
 * Two builds whose runs fail, each with two blocking bugs and one that does
 * not block, within seconds: a waiting step polls every second of them.
 */
const FAILING = JSON.stringify({
  EMULATOR_RUN: JSON.stringify({
    initializingMs: 3_000,
    underReviewMs: 3_000,
    final: 'failed',
    bugs: SAMPLE_BUGS
  })
})

describe('a collected JUnit report', () => {
  let emulator: Emulator
  let workspace: string
  let ahead = 0
  let restoreClock: () => void
  beforeAll(async () => {
    emulator = await startEmulator()
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    await writeArtifact('app.ipa', 16 * 1024, workspace)
    restoreClock = useEmulatorClock(() => clock.now() + ahead)
  })
  afterAll(async () => {
    restoreClock()
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    ahead = 0
  })

  /** A deploy of both builds on the pull request's head, with `inputs`. */
  const deploy = (inputs: Record<string, string>) =>
    step(
      emulator,
      { file: 'app.ipa\napp.apk', variables: FAILING, ...inputs },
      { workspace, env, ...pullRequest(HEAD) }
    )

  const collect = (inputs: Record<string, string>) =>
    step(
      emulator,
      { collect: 'true', ...inputs },
      {
        workspace,
        env: { ...env, GITHUB_RUN_ID: '1' },
        eventName: 'schedule',
        ref: 'refs/heads/main',
        sha: '9999999999999999999999999999999999999999',
        event: { schedule: '*/10 * * * *' }
      }
    )

  /** The report with what differs between two steps by nature made alike: each run's id and page, the suites' time and timestamp. */
  function alike(xml: string, runIds: string[]): string {
    let made = xml
      .replace(/ timestamp="[^"]*"/g, ' timestamp="T"')
      .replace(/ time="[^"]*"/g, ' time="S"')
    runIds.forEach((runId, i) => (made = made.split(runId).join(`run-${i}`)))
    return made
  }

  it('equals the report of a step that waited for the same builds: suites in build order, every property', async () => {
    const waited = await deploy({ wait: 'true', 'junit-report': 'waited.xml' })
    expect(waited.exitCode).toBe(1)
    const waitedXml = await readFile(join(workspace, 'waited.xml'), 'utf8')

    emulator.reset()
    const later = await deploy({ 'report-later': 'true' })
    expect(later.exitCode).toBe(0)
    ahead = HOUR
    const collected = await collect({ 'junit-report': 'collected.xml' })
    expect(collected.exitCode).toBe(0)
    const collectedXml = await readFile(join(workspace, 'collected.xml'), 'utf8')

    expect(await junitProblems(collectedXml)).toEqual([])
    expect(alike(collectedXml, later.outputs.runIds!.split(' '))).toBe(
      alike(waitedXml, waited.outputs.runIds!.split(' '))
    )
  })

  it("the library's junitReport() of a collect's result: a failed run is a failure, not skipped", async () => {
    await deploy({ 'report-later': 'true' })
    ahead = HOUR
    // The library speaks to the GitHub process.env names: the emulator's stand-in.
    const saved = process.env.GITHUB_API_URL
    process.env.GITHUB_API_URL = emulator.github.url
    const result = await collectVerdicts({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      githubToken: WRITE_TOKEN,
      githubRepository: 'octo-org/octo-app'
    }).finally(() => {
      if (saved === undefined) delete process.env.GITHUB_API_URL
      else process.env.GITHUB_API_URL = saved
    })
    expect(result.completed.map(d => d.verdict)).toEqual(['failed', 'failed'])
    const xml = junitReport(result)
    expect(await junitProblems(xml)).toEqual([])
    const verdicts = junitCases(xml).filter(c => c.name === 'Verdict')
    expect(verdicts).toHaveLength(2)
    for (const verdict of verdicts) {
      expect(verdict.skipped).toBeUndefined()
      expect(verdict.failure).toBe('BlockingBugs')
    }
    for (const { runId } of result.completed)
      expect(xml).toContain(`failure message="Run ${runId}: verdict failed."`)
  })
})
