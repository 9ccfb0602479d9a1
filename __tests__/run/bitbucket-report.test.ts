/**
 * The verdict where Bitbucket's reviewers look: in Pipelines, a step that
 * waits writes a build status per deployment on the pipeline's commit
 * (INPROGRESS once its run exists, then its state by the one judgement) and
 * one Code Insights report of the step, with an annotation per deployment
 * and per blocking bug, within Bitbucket's limits; with a token, or through
 * Pipelines' authentication proxy; a refused token is a warning naming the
 * token to make.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { READ_ONLY_TOKEN, WRITE_TOKEN } from '../../emulator/bitbucket-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { deployBuild } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { KEYS, testWorkspaces } from '../helpers/workspaces.js'
import { bitbucketPipeline } from '../helpers/bitbucket-pipeline.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

const COMMIT = 'b1c2d3e4b1c2d3e4b1c2d3e4b1c2d3e4b1c2d3e4'
let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 8 * 1024, workspace)
  await writeArtifact('app.ipa', 8 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** A pull request's pipeline; `null`, without a token: through the proxy. */
const pipeline = (token: string | null = WRITE_TOKEN): Record<string, string> =>
  bitbucketPipeline(emulator.bitbucket.url, { commit: COMMIT, token: token ?? undefined })

const deploy = (files: string[], variables = run(), extra: Record<string, string> = {}) =>
  runCli(
    ['deploy', ...files.flatMap(file => ['--file', file]), '--wait', '--variables', variables],
    { env: cliEnv(emulator, { ...pipeline(), ...extra }), cwd: workspace }
  )

const statuses = () => emulator.bitbucket.statuses.filter(status => status.commit === COMMIT)
const reports = () => emulator.bitbucket.reports.filter(report => report.commit === COMMIT)

describe('a pipeline that waits', () => {
  it('a pass: a status INPROGRESS, then SUCCESSFUL; one report PASSED with its data', async () => {
    const result = await deploy(['app.apk'])
    expect(result.exitCode).toBe(0)
    expect(statuses()).toHaveLength(1)
    const [status] = statuses()
    expect(status).toMatchObject({ state: 'SUCCESSFUL', history: ['INPROGRESS', 'SUCCESSFUL'] })
    expect(status!.key).toMatch(/^mobile-build-deploy-[0-9a-f]{20}$/)
    expect(status!.name).toMatch(/^Mobile tests/)
    expect(status!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(status!.description).toMatch(/passed/)
    expect(reports()).toHaveLength(1)
    const [report] = reports()
    expect(report!.fields).toMatchObject({
      report_type: 'TEST',
      result: 'PASSED',
      reporter: 'mobile-build-deploy'
    })
    const data = report!.fields.data as {
      title: string
      type: string
      value: { text: string; href: string }
    }[]
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({
      title: status!.name,
      type: 'LINK',
      value: { href: status!.url }
    })
    expect(data[0]!.value.text).toMatch(/passed/)
    expect(report!.fields.details).toMatch(/passed/)
    expect([...report!.annotations.values()].map(a => a.result)).toEqual(['PASSED'])
    expect(result.stderr + result.stdout).not.toContain(WRITE_TOKEN)
    expect(emulator.bitbucket.requests.every(r => r.credential === `Bearer ${WRITE_TOKEN}`)).toBe(
      true
    )
  })

  it('a failure with 150 blocking bugs: FAILED, never SUCCESSFUL; every bug annotated, 100 a request', async () => {
    const bugs = Array.from({ length: 150 }, (_, i) => ({
      name: `Bug ${i + 1}: checkout crashes`,
      priority: (['urgent', 'high'] as const)[i % 2]
    }))
    const result = await deploy(['app.apk'], run({ final: 'failed', bugs }))
    expect(result.exitCode).not.toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['FAILED'])
    expect(statuses()[0]!.history).not.toContain('SUCCESSFUL')
    const [report] = reports()
    expect(report!.fields.result).toBe('FAILED')
    const annotations = [...report!.annotations.values()]
    expect(annotations).toHaveLength(151)
    const bugNotes = annotations.filter(a => String(a.summary).startsWith('Bug '))
    expect(bugNotes).toHaveLength(150)
    expect(new Set(bugNotes.map(a => a.severity))).toEqual(new Set(['CRITICAL', 'HIGH']))
    for (const a of annotations) {
      expect(String(a.summary).length).toBeGreaterThan(0)
      expect(String(a.summary).length).toBeLessThanOrEqual(450)
    }
    const posts = emulator.bitbucket.requests.filter(
      r => r.method === 'POST' && r.path.endsWith('/annotations')
    )
    for (const post of posts) expect((post.body as unknown[]).length).toBeLessThanOrEqual(100)
    expect(report!.fields.details).toMatch(/blocking bugs/)
  })

  it('two builds: a status each under its own key, one report for the step', async () => {
    const result = await deploy(['app.apk', 'app.ipa'])
    expect(result.exitCode).toBe(0)
    expect(statuses()).toHaveLength(2)
    expect(new Set(statuses().map(s => s.key)).size).toBe(2)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL', 'SUCCESSFUL'])
    expect(reports()).toHaveLength(1)
    expect(reports()[0]!.annotations.size).toBe(2)
  })

  it('a deployment that created no run never reads SUCCESSFUL', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(emulator, { ...pipeline(), SERVICE_API_KEY: KEYS.noTriggers }),
      cwd: workspace
    })
    expect(result.exitCode).not.toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['FAILED'])
    expect(statuses()[0]!.history).not.toContain('INPROGRESS')
    expect(reports()[0]!.fields.result).toBe('FAILED')
  })

  it('a rerun overwrites its status and its report, the bugs of the earlier run no longer annotated', async () => {
    const bugs = [1, 2, 3].map(i => ({ name: `Crash ${i}`, priority: 'high' }))
    await deploy(['app.apk'], run({ final: 'failed', bugs }))
    expect(reports()[0]!.annotations.size).toBe(4)
    // Other bytes of the same app: a run of their own, under the same name, which passes.
    await writeArtifact('again.apk', 9 * 1024, workspace)
    await deploy(['again.apk'])
    expect(statuses()).toHaveLength(1)
    expect(statuses()[0]!.history).toEqual(['INPROGRESS', 'FAILED', 'INPROGRESS', 'SUCCESSFUL'])
    expect(reports()).toHaveLength(1)
    expect(reports()[0]!.fields.result).toBe('PASSED')
    expect([...reports()[0]!.annotations.values()].map(a => a.result)).toEqual(['PASSED'])
  })
})

describe('how requests reach Bitbucket', () => {
  it('without a token, through Pipelines’ proxy: no credential sent, Bitbucket’s API named whole', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(emulator, pipeline(null)),
      cwd: workspace
    })
    expect(result.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(reports()[0]!.fields.result).toBe('PASSED')
    expect(emulator.bitbucket.requests.length).toBeGreaterThan(0)
    expect(emulator.bitbucket.requests.map(r => r.credential)).toEqual(
      emulator.bitbucket.requests.map(() => undefined)
    )
  })

  it('a token Bitbucket does not know: a warning naming the token to make; the verdict stands', async () => {
    const result = await deploy(['app.apk'], run(), {
      BITBUCKET_ACCESS_TOKEN: 'ATCTT3xFfGN0unknown'
    })
    expect(result.exitCode).toBe(0)
    expect(result.stdout + result.stderr).toMatch(/refused the token \(401/)
    expect(result.stdout + result.stderr).toMatch(
      /repository access token with the repository:write/
    )
    expect(statuses()).toHaveLength(0)
  })

  it('a read-only token: 403, a warning; nothing written', async () => {
    const result = await deploy(['app.apk'], run(), { BITBUCKET_ACCESS_TOKEN: READ_ONLY_TOKEN })
    expect(result.exitCode).toBe(0)
    expect(result.stdout + result.stderr).toMatch(/refused the token \(403/)
    expect(statuses()).toHaveLength(0)
    expect(result.stdout + result.stderr).not.toContain(READ_ONLY_TOKEN)
  })

  it('Bitbucket’s 429: waited for by its Retry-After, then written', async () => {
    emulator.bitbucket.faults.add({ match: /^POST .*statuses/, retryAfter: 1, times: 1 })
    const result = await deploy(['app.apk'])
    expect(result.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(emulator.bitbucket.requests.some(r => r.status === 429)).toBe(true)
    expect(result.stdout + result.stderr).not.toMatch(/could not be written/)
  })

  it('a step that does not wait writes nothing on Bitbucket', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--variables', run()], {
      env: cliEnv(emulator, pipeline()),
      cwd: workspace
    })
    expect(result.exitCode).toBe(0)
    expect(emulator.bitbucket.requests).toHaveLength(0)
  })

  it('a token outside Pipelines without the repository’s variables is refused before any request', async () => {
    const result = await runCli(['deploy', '--file', 'app.apk', '--wait', '--variables', run()], {
      env: cliEnv(emulator, {
        BITBUCKET_ACCESS_TOKEN: WRITE_TOKEN,
        BITBUCKET_API_URL: emulator.bitbucket.url
      }),
      cwd: workspace
    })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/BITBUCKET_WORKSPACE/)
    expect(emulator.requests).toHaveLength(0)
  })
})

describe('skip', () => {
  it('writes a STOPPED status per app under the keys a deploy would give, its reason in it; never over one there', async () => {
    const skip = () =>
      runCli(
        [
          'skip',
          '--expected-app-id',
          'android:com.example.inspect ios:com.example.inspect',
          '--skip-reason',
          'docs only'
        ],
        { env: cliEnv(emulator, pipeline()), cwd: workspace }
      )
    const result = await skip()
    expect(result.exitCode).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['STOPPED', 'STOPPED'])
    for (const status of statuses()) expect(status.description).toMatch(/docs only/)
    expect(emulator.requests).toHaveLength(0)
    // The deploy's name gives the same key: a deploy that waits writes over the skip, and a skip never over a deploy.
    await deploy(['app.apk'])
    const again = await skip()
    expect(again.exitCode).toBe(0)
    expect(again.stdout + again.stderr).toMatch(/already on commit/)
    expect(
      statuses()
        .map(s => s.state)
        .sort()
    ).toEqual(['STOPPED', 'SUCCESSFUL'])
  })
})

describe('skip without a token', () => {
  it('in Pipelines names the Bitbucket token, not GitHub’s, before any request', async () => {
    const result = await runCli(['skip', '--expected-app-id', 'android:com.example.inspect'], {
      env: cliEnv(emulator, pipeline(null)),
      cwd: workspace
    })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/BITBUCKET_ACCESS_TOKEN/)
    expect(result.stderr).not.toMatch(/GITHUB_TOKEN|checks: write/)
    expect(emulator.bitbucket.requests).toHaveLength(0)
  })
})

describe('the library', () => {
  it('reports with bitbucketToken, as the CLI does', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, pipeline(null))
    delete process.env.BITBUCKET_PROXY
    try {
      const result = await deployBuild({
        apiKey: DEMO_API_KEY,
        baseUrl: emulator.baseUrl,
        file: `${workspace}/app.apk`,
        wait: true,
        variables: JSON.parse(run()) as Record<string, string>,
        bitbucketToken: WRITE_TOKEN,
        bitbucketApiUrl: emulator.bitbucket.url
      })
      expect(result.conclusion).toBe('success')
    } finally {
      process.env = saved
    }
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(reports()).toHaveLength(1)
  })
})
