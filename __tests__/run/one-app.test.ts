// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * Several builds of one app in one step (an APK beside its AAB of the same
 * application id): each a deployment of its own, named apart before the
 * first request, with its own check run, comment row, JUnit suite and
 * `deployments` entry, waiting or reported later and collected, so that a
 * passing build never hides the other's failure where GitHub shows it; and
 * their log lines each naming their build.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { clock } from '../../src/core/shared/clock.js'
import { carriesMarker } from '../../src/core/report/github.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { junitSuite } from '../helpers/junit.js'

let emulator: Emulator
let workspace: string
let ahead = 0
let restoreClock: () => void
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
  await writeArtifact('app.aab', 64 * 1024, workspace)
  // The emulated runs move on by the product's clock, and a test moves them further by `ahead`.
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

const APK = 'Mobile tests (Android: com.example.inspect, staging, app.apk)'
const AAB = 'Mobile tests (Android: com.example.inspect, staging, app.aab)'
/** The APK's run finds a blocking bug; the AAB's passes. */
const APK_FAILS = {
  byBuild: {
    apk: { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
    aab: { final: 'passed' }
  }
}

/** The newest check run of each name on the commit: what GitHub shows, and what a required check reads. */
function shownChecks(sha: string): Record<string, string | null> {
  const shown: Record<string, string | null> = {}
  for (const check of [...emulator.github.checkRuns].reverse())
    if (check.head_sha === sha && !(check.name in shown)) shown[check.name] = check.conclusion
  return shown
}

const bothBuilds = {
  file: 'app.apk\napp.aab',
  'name-prefix': 'android:myapp',
  environment: 'android:staging',
  // An APK and an AAB of one prefix and environment go to two destinations: their extensions differ.
  'junit-report': 'junit.xml'
}

describe('an APK beside its AAB, waiting', () => {
  it('two names told apart by the file, two check runs, two rows, two suites: the failure shows', async () => {
    const result = await step(
      emulator,
      { ...bothBuilds, wait: 'true', variables: run(APK_FAILS) },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    expect(shownChecks(HEAD)).toEqual({ [APK]: 'failure', [AAB]: 'success' })
    expect(emulator.github.comments).toHaveLength(1)
    const comment = emulator.github.comments[0]!.body
    expect(carriesMarker(comment, [APK, AAB])).toBe(true)
    expect(comment).toMatch(/❌ failure: the run found blocking bugs/)
    expect(comment).toMatch(/✅ success/)
    expect(JSON.parse(result.outputs.deployments!).map((d: { name: string }) => d.name)).toEqual([
      APK,
      AAB
    ])
    const junit = await readFile(join(workspace, 'junit.xml'), 'utf8')
    expect([junitSuite(junit, 0), junitSuite(junit, 1)]).toEqual([
      expect.objectContaining({ name: APK, failures: 2 }),
      expect.objectContaining({ name: AAB, failures: 0 })
    ])
    // No warning of a shared name: the names were told apart in the step, not by reading GitHub.
    expect(result.stdout).not.toMatch(/Check name shared/)
  })

  it('each log line names its build; each created run is named with its build', async () => {
    const result = await step(
      emulator,
      { ...bothBuilds, variables: run() },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(0)
    const runOf = (ext: string) => emulator.runs.find(r => r.runInputPath?.endsWith(ext))!.id
    const lines = result.stdout.split('\n')
    const created = lines.filter(line => / created on environment /.test(line))
    expect(created).toEqual([
      expect.stringMatching(new RegExp(`^\\[android app\\.(apk|aab)\\] Run run_`)),
      expect.stringMatching(new RegExp(`^\\[android app\\.(apk|aab)\\] Run run_`))
    ])
    expect(created.find(line => line.startsWith('[android app.apk]'))).toContain(runOf('.apk'))
    expect(created.find(line => line.startsWith('[android app.aab]'))).toContain(runOf('.aab'))
    // No group of one build holds another's lines: with several builds no build opens a group.
    expect(lines.filter(line => line.startsWith('::group::'))).toEqual([])
    for (const line of lines.filter(line => /^(Upload|Signed URL|SHA-256)/.test(line)))
      throw new Error(`a build's line without its label: ${line}`)
  })
})

describe('an APK beside its AAB, reported later and collected', () => {
  const collect = () =>
    step(
      emulator,
      { collect: 'true' },
      {
        env,
        eventName: 'schedule',
        ref: 'refs/heads/main',
        sha: '9999999999999999999999999999999999999999',
        event: { schedule: '*/10 * * * *' }
      }
    )

  it('both checks pending with a neutral mark; the collect completes each with its own verdict, the failure shown', async () => {
    const hour = 60 * 60 * 1000
    const deployed = await step(
      emulator,
      {
        ...bothBuilds,
        'report-later': 'true',
        variables: run({ initializingMs: hour / 2, underReviewMs: hour / 2, ...APK_FAILS })
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    expect(shownChecks(HEAD)).toEqual({ [APK]: null, [AAB]: null })
    const pending = emulator.github.comments[0]!.body
    expect(pending).toMatch(/verdict pending/)
    expect(pending).not.toMatch(/✅/)
    expect(deployed.summary).not.toMatch(/✅ success/)
    ahead = 2 * hour
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(shownChecks(HEAD)).toEqual({ [APK]: 'failure', [AAB]: 'success' })
    expect(emulator.github.comments).toHaveLength(1)
    const comment = emulator.github.comments[0]!.body
    expect(carriesMarker(comment, [APK, AAB])).toBe(true)
    expect(comment).toMatch(/❌ failure: the run found blocking bugs/)
    expect(comment).toMatch(/Checkout crashes/)
  })
})
