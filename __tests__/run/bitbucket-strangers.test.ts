/**
 * What a Bitbucket collect never does, whoever wrote on the commit: take
 * part of a step for the whole (a sibling's annotation removed), complete a
 * status from facts replayed from an earlier run (under another report id,
 * or under ours), or leave a rerun's failure hidden behind the earlier
 * run's pass when the rerun lands while it collects; and two parallel steps
 * of one app each keep a status and a report of their own.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/bitbucket-api.js'
import { clock } from '../../src/core/shared/clock.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { run } from '../helpers/github-events.js'
import { collectSuite } from '../helpers/collect-suite.js'
import { bitbucketPipeline } from '../helpers/bitbucket-pipeline.js'

// The product and the suite.emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const COMMIT = 'faded000faded000faded000faded000faded000'
const suite = collectSuite({
  builds: { 'app.apk': 8, 'again.apk': 9, 'app.ipa': 8 },
  review: emulator =>
    emulator.bitbucket.pullRequests.push({
      id: 12,
      state: 'OPEN',
      source: { branch: 'feature/login', commit: COMMIT },
      destination: { branch: 'main' }
    })
})

const pullRequest = (extra: Record<string, string> = {}) => ({
  ...bitbucketPipeline(suite.emulator.bitbucket.url, { commit: COMMIT, token: WRITE_TOKEN }),
  ...extra
})
const schedule = () =>
  bitbucketPipeline(suite.emulator.bitbucket.url, {
    commit: 'aaaa0000aaaa0000aaaa0000aaaa0000aaaa0000',
    token: WRITE_TOKEN,
    pullRequest: false,
    build: '57'
  })
const deploy = (files: string[], how: string, variables = run(), extra = {}) =>
  runCli(['deploy', ...files.flatMap(f => ['--file', f]), how, '--variables', variables], {
    env: cliEnv(suite.emulator, pullRequest(extra)),
    cwd: suite.workspace
  })
const later = (files: string[], variables = run()) => deploy(files, '--report-later', variables)
const collect = () => suite.collect(schedule())
const statuses = () => suite.emulator.bitbucket.statuses.filter(s => s.commit === COMMIT)
const reports = () => suite.emulator.bitbucket.reports.filter(r => r.commit === COMMIT)
const failing = run({ final: 'failed', bugs: [{ name: 'Crash on start', priority: 'urgent' }] })

describe('facts a stranger moved or removed decide nothing', () => {
  it('a step with a sibling’s annotation removed is not the whole step: never PASSED', async () => {
    const twoBuilds = run({
      byBuild: { ipa: { final: 'failed', bugs: [{ name: 'Crash', priority: 'urgent' }] } }
    })
    expect((await later(['app.apk', 'app.ipa'], twoBuilds)).exitCode).toBe(0)
    const ours = reports()[0]!
    const ios = [...ours.annotations].find(([, a]) => /iOS/.test(String(a.summary)))![0]
    ours.annotations.delete(ios)
    await clock.sleep(60_000)
    const collected = await collect()
    expect(collected.stdout + collected.stderr).toMatch(/not the whole step/)
    expect(ours.fields.result).toBe('PENDING')
    expect(statuses().map(s => s.state)).toEqual(['INPROGRESS', 'INPROGRESS'])
  })

  it('an earlier run’s facts replayed, under another id or under ours, never complete the rerun’s status', async () => {
    expect((await later(['app.apk'])).exitCode).toBe(0)
    const snapshot = new Map([...reports()[0]!.annotations].map(([k, v]) => [k, { ...v }]))
    const fields = { ...reports()[0]!.fields }
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect((await later(['again.apk'], failing)).exitCode).toBe(0)
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses()[0]!.state).toBe('FAILED')
    // Under an id of ours that is not the step's, then over our own report.
    suite.emulator.bitbucket.reports.push({
      uuid: '{stranger}',
      commit: COMMIT,
      reportId: 'mobile-build-deploy-ffffffffffffffff',
      fields: { ...fields, external_id: 'mobile-build-deploy-ffffffffffffffff' },
      annotations: new Map(snapshot),
      created_on: '',
      updated_on: ''
    })
    const moved = await collect()
    expect(moved.stdout + moved.stderr).toMatch(/not the whole step sealed for this report/)
    const ours = reports().find(r => r.reportId !== 'mobile-build-deploy-ffffffffffffffff')!
    ours.annotations = new Map(snapshot)
    const replayed = await collect()
    expect(replayed.stdout + replayed.stderr).toMatch(/shows another run now/)
    expect(statuses()[0]!.history).toEqual(['INPROGRESS', 'SUCCESSFUL', 'INPROGRESS', 'FAILED'])
  })
})

describe('a rerun while a collect writes', () => {
  it('the earlier run’s pass is put back in progress, and the next collect shows the rerun’s failure', async () => {
    expect((await later(['app.apk'])).exitCode).toBe(0)
    await clock.sleep(60_000)
    let release!: () => void
    const held = new Promise<void>(resolve => (release = resolve))
    suite.emulator.bitbucket.faults.add({ match: /^POST .*statuses/, until: held, times: 1 })
    const collecting = collect()
    while (!suite.emulator.bitbucket.requests.some(r => r.method === 'POST'))
      await new Promise(resolve => setTimeout(resolve, 5))
    expect((await later(['again.apk'], failing)).exitCode).toBe(0)
    release()
    const first = await collecting
    expect(first.stdout + first.stderr).toMatch(/in progress again/)
    expect(statuses()[0]!.state).toBe('INPROGRESS')
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses()[0]!.state).toBe('FAILED')
    expect(reports()[0]!.fields.result).toBe('FAILED')
  })
})

describe('parallel steps of one app', () => {
  it('each keeps its status and its report: one’s failure is never the other’s pass', async () => {
    const [one, two] = await Promise.all([
      deploy(['app.apk'], '--wait', failing, { BITBUCKET_PARALLEL_STEP: '0' }),
      deploy(['again.apk'], '--wait', run(), { BITBUCKET_PARALLEL_STEP: '1' })
    ])
    expect([one!.exitCode, two!.exitCode]).toEqual([3, 0])
    expect(
      statuses()
        .map(s => s.state)
        .sort()
    ).toEqual(['FAILED', 'SUCCESSFUL'])
    expect(new Set(statuses().map(s => s.key)).size).toBe(2)
    expect(
      reports()
        .map(r => r.fields.result)
        .sort()
    ).toEqual(['FAILED', 'PASSED'])
  })
})
