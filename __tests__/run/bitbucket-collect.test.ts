/**
 * report-later and the collect on Bitbucket: a pull request's deploy leaves
 * its build statuses INPROGRESS and its report PENDING, each deployment's
 * annotation carrying its sealed facts; a scheduled pipeline's collect
 * completes each status on the deploy's commit and writes the report again;
 * a run still going stays in progress; a stranger's report under our id, a
 * collect in a pull request's pipeline or without a token, and report-later
 * on a branch are each left alone or refused before any request.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/bitbucket-api.js'
import { collectVerdicts } from '../../src/index.js'
import { clock } from '../../src/core/shared/clock.js'
import { junitProblems } from '../helpers/junit.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { run } from '../helpers/github-events.js'
import { DEMO_API_KEY } from '../helpers/harness.js'
import { collectSuite } from '../helpers/collect-suite.js'
import { bitbucketPipeline } from '../helpers/bitbucket-pipeline.js'

// The product and the suite.emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const COMMIT = 'd00dfeedd00dfeedd00dfeedd00dfeedd00dfeed'
const suite = collectSuite({
  builds: { 'app.apk': 8, 'app.ipa': 8 },
  review: emulator =>
    emulator.bitbucket.pullRequests.push({
      id: 12,
      state: 'OPEN',
      source: { branch: 'feature/login', commit: COMMIT },
      destination: { branch: 'main' }
    })
})

const pullRequestPipeline = (token: string | null = WRITE_TOKEN) =>
  bitbucketPipeline(suite.emulator.bitbucket.url, { commit: COMMIT, token: token ?? undefined })
const schedule = (token: string | null = WRITE_TOKEN) =>
  bitbucketPipeline(suite.emulator.bitbucket.url, {
    commit: 'aaaa0000aaaa0000aaaa0000aaaa0000aaaa0000',
    token: token ?? undefined,
    pullRequest: false,
    build: '57'
  })

const deployLater = (files: string[], variables = run(), env = pullRequestPipeline()) =>
  suite.deployLater(files, env, variables)
const collect = (env: Record<string, string> = schedule(), extra: string[] = []) =>
  suite.collect(env, extra)

const statuses = () => suite.emulator.bitbucket.statuses.filter(status => status.commit === COMMIT)
const reports = () => suite.emulator.bitbucket.reports.filter(report => report.commit === COMMIT)

describe('report-later in a pull request, then a scheduled collect', () => {
  it('two builds: in progress and PENDING with sealed facts; the collect completes both and the report', async () => {
    const deployed = await deployLater(['app.apk', 'app.ipa'])
    expect(deployed.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['INPROGRESS', 'INPROGRESS'])
    expect(reports()).toHaveLength(1)
    expect(reports()[0]!.fields.result).toBe('PENDING')
    const own = [...reports()[0]!.annotations.values()]
    expect(own).toHaveLength(2)
    for (const annotation of own)
      expect(String(annotation.details)).toMatch(/mobile-build-deploy facts=\S+ seal=/)
    await clock.sleep(60_000)
    const collected = await collect(schedule(), ['--junit', 'collected.xml'])
    expect(collected.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL', 'SUCCESSFUL'])
    expect(statuses()[0]!.history).toEqual(['INPROGRESS', 'SUCCESSFUL'])
    expect(reports()).toHaveLength(1)
    expect(reports()[0]!.fields.result).toBe('PASSED')
    expect([...reports()[0]!.annotations.values()].map(a => a.result)).toEqual(['PASSED', 'PASSED'])
    expect(
      await junitProblems(await readFile(join(suite.workspace, 'collected.xml'), 'utf8'))
    ).toEqual([])
    // A second collect finds nothing pending.
    const again = await collect()
    expect(again.exitCode).toBe(0)
    expect(statuses()[0]!.history).toEqual(['INPROGRESS', 'SUCCESSFUL'])
  })

  it('a failure: FAILED, never SUCCESSFUL; the report FAILED with the bug annotated', async () => {
    const failing = run({
      final: 'failed',
      bugs: [{ name: 'Checkout crashes', priority: 'urgent' }]
    })
    expect((await deployLater(['app.apk'], failing)).exitCode).toBe(0)
    await clock.sleep(60_000)
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['FAILED'])
    expect(reports()[0]!.fields.result).toBe('FAILED')
    const bug = [...reports()[0]!.annotations.values()].find(a => a.summary === 'Checkout crashes')
    expect(bug).toMatchObject({ severity: 'CRITICAL', result: 'FAILED' })
  })

  it('reads every page of open pull requests: ours behind 120 others is found', async () => {
    expect((await deployLater(['app.apk'])).exitCode).toBe(0)
    const others = Array.from({ length: 120 }, (_, i) => ({
      id: 100 + i,
      state: 'OPEN' as const,
      source: {
        branch: `feature/${i}`,
        commit: `${String(i).padStart(3, '0')}${'ab'.repeat(18)}b`
      },
      destination: { branch: 'main' }
    }))
    suite.emulator.bitbucket.pullRequests.unshift(...others)
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    const listed = suite.emulator.bitbucket.requests.filter(r => r.path.includes('/pullrequests'))
    // Bitbucket's 10 a page: no pagelen is asked where its description declares none.
    expect(listed.map(r => new URL(r.path, 'http://x').searchParams.get('page') ?? '1')).toEqual(
      Array.from({ length: 13 }, (_, i) => String(i + 1))
    )
  })

  it('a run still going stays in progress; the report PENDING', async () => {
    expect((await deployLater(['app.apk'], run({ initializingMs: 3_600_000 }))).exitCode).toBe(0)
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['INPROGRESS'])
    expect(reports()[0]!.fields.result).toBe('PENDING')
  })

  it('the library collects as the CLI does', async () => {
    expect((await deployLater(['app.apk'])).exitCode).toBe(0)
    await clock.sleep(60_000)
    const saved = { ...process.env }
    Object.assign(process.env, schedule(null))
    try {
      const result = await collectVerdicts({
        apiKey: DEMO_API_KEY,
        baseUrl: suite.emulator.baseUrl,
        bitbucketToken: WRITE_TOKEN,
        bitbucketApiUrl: suite.emulator.bitbucket.url
      })
      expect(result.conclusion).toBe('success')
      expect(result.completed.map(d => d.verdict)).toEqual(['passed'])
    } finally {
      process.env = saved
    }
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
  })
})

describe('what a collect leaves alone or refuses', () => {
  it('a stranger’s report under our id, its facts not sealed under the key: a warning, never written over', async () => {
    expect(
      (
        await deployLater(
          ['app.apk'],
          run({ final: 'failed', bugs: [{ name: 'Crash', priority: 'high' }] })
        )
      ).exitCode
    ).toBe(0)
    const ours = reports()[0]!
    // Someone with write access copies our report to another id, its facts claiming a passed run.
    const copied = {
      ...ours,
      uuid: '{stranger}',
      reportId: 'mobile-build-deploy-0000000000000000',
      fields: { ...ours.fields, external_id: 'mobile-build-deploy-0000000000000000' },
      annotations: new Map(
        [...ours.annotations].map(([id, a]) => [
          id,
          { ...a, details: String(a.details).replace(/seal=[^\s>]+/, 'seal=forged.forged') }
        ])
      )
    }
    suite.emulator.bitbucket.reports.push(copied)
    await clock.sleep(60_000)
    const collected = await collect()
    expect(collected.stdout + collected.stderr).toMatch(/does not carry the seal/)
    expect((copied.fields as Record<string, unknown>).result).toBe('PENDING')
    expect(ours.fields.result).toBe('FAILED')
    expect(statuses().map(s => s.state)).toEqual(['FAILED'])
  })

  it('a collect in a pull request’s pipeline, or without a token, is refused before any request', async () => {
    const inPullRequest = await collect(pullRequestPipeline())
    expect(inPullRequest.exitCode).toBe(2)
    expect(inPullRequest.stderr).toMatch(/pull request’s pipeline/)
    const noToken = await collect(schedule(null))
    expect(noToken.exitCode).toBe(2)
    expect(noToken.stderr).toMatch(/BITBUCKET_ACCESS_TOKEN/)
    expect(suite.emulator.bitbucket.requests).toHaveLength(0)
  })

  it('report-later in a branch’s pipeline is refused before any request', async () => {
    const result = await deployLater(['app.apk'], run(), {
      ...bitbucketPipeline(suite.emulator.bitbucket.url, {
        commit: COMMIT,
        token: WRITE_TOKEN,
        pullRequest: false
      })
    })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/BITBUCKET_PR_ID/)
    expect(suite.emulator.requests).toHaveLength(0)
  })

  it('report-later through the proxy; the collect with a token completes it', async () => {
    expect((await deployLater(['app.apk'], run(), pullRequestPipeline(null))).exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['INPROGRESS'])
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
  })
})
