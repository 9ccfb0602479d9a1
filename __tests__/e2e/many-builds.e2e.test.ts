/**
 * The most a step takes, reported later and collected: 64 builds whose
 * names are long and not Latin keep one pull-request comment, which the
 * collect continues with every row's verdict (in-process, the action's
 * steps; here rather than in the unit loop for its seconds of work).
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { useEmulatorClock } from '../../emulator/clock.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { clock } from '../../src/core/shared/clock.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const HOUR = 60 * 60 * 1000
let emulator: Emulator
let ahead = 0
let restoreClock: () => void
beforeAll(async () => {
  emulator = await startEmulator()
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

const hourLong = () => run({ initializingMs: HOUR / 2, underReviewMs: HOUR / 2 })

function collect(runId: string) {
  return step(
    emulator,
    { collect: 'true' },
    {
      env: { ...env, GITHUB_RUN_ID: runId },
      eventName: 'schedule',
      ref: 'refs/heads/main',
      sha: '9999999999999999999999999999999999999999',
      event: { schedule: '*/10 * * * *' }
    }
  )
}

describe('a step of 64 builds with long names in Japanese', () => {
  // The longest check-name, 100 characters: each build's name is some 140 (its app and file after it), 340 bytes of UTF-8.
  const checkName = 'モバイル端末での受け入れテスト（決済と会員登録の流れ）'.repeat(4).slice(0, 100)
  const files = Array.from({ length: 64 }, (_, i) => `builds/app-${i}.apk`)

  it('gets one comment, continued by the collect, with every row’s verdict', async () => {
    const dir = await freshWorkspace()
    for (const file of files) await writeArtifact(file, 4 * 1024, dir)
    const event = pullRequest(HEAD)
    const deployed = await step(
      emulator,
      {
        file: files.join('\n'),
        'check-name': checkName,
        'report-later': 'true',
        variables: hourLong()
      },
      { workspace: dir, env, ...event, ref: 'refs/pull/7/merge' }
    )
    expect(deployed.exitCode).toBe(0)
    expect(emulator.github.checkRuns).toHaveLength(64)
    ahead = 2 * HOUR
    // A collect's budget may stop it early: the next one goes on, as a schedule's would.
    for (let i = 0; i < 4 && emulator.github.checkRuns.some(c => c.status !== 'completed'); i++)
      expect((await collect(String(i + 1))).exitCode).toBe(0)
    expect(emulator.github.checkRuns.filter(c => c.status !== 'completed')).toEqual([])
    const comments = emulator.github.comments.filter(c => c.issue === 7)
    expect(comments).toHaveLength(1)
    const body = comments[0]!.body
    expect(body.length).toBeLessThanOrEqual(65_536)
    const rows = body.split('\n').filter(line => line.startsWith('| `'))
    expect(rows).toHaveLength(64)
    for (const row of rows) expect(row).toMatch(/✅ passed/)
    expect(body).not.toMatch(/pending/)
  })
})
