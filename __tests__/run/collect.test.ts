/**
 * The collect, a mode of the one orchestrator: what a step reported later
 * is completed on GitHub as a waiting step would have, by a check it can
 * verify, and every report the collect's options ask for receives the
 * collected verdicts.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN, type GitHubCheckRun } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { collectVerdicts } from '../../src/index.js'
import {
  DEMO_API_KEY,
  freshWorkspace,
  step,
  writeArtifact,
  requestsOf
} from '../helpers/harness.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { env, HEAD, HEAD2, pullRequest, run } from '../helpers/github-events.js'
import { useEmulatorClock } from '../../emulator/clock.js'
import { clock } from '../../src/core/shared/clock.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

describe('the collect', () => {
  let emulator: Emulator
  let workspace: string
  let ahead = 0
  let restoreClock: () => void
  beforeAll(async () => {
    emulator = await startEmulator()
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 64 * 1024, workspace)
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

  const HOUR = 60 * 60 * 1000
  const hourLong = (fields: object = {}) =>
    run({ initializingMs: HOUR / 2, underReviewMs: HOUR / 2, ...fields })

  function deployLater(head = HEAD, number = 7, inputs: Record<string, string> = {}) {
    const event = pullRequest(head)
    return step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables: hourLong(), ...inputs },
      {
        workspace,
        env,
        ...event,
        ref: `refs/pull/${number}/merge`,
        event: { number, pull_request: { ...event.event.pull_request, number } }
      }
    )
  }

  function collect(inputs: Record<string, string> = {}, runId = '1') {
    return step(
      emulator,
      { collect: 'true', ...inputs },
      {
        env: { ...env, GITHUB_RUN_ID: runId },
        eventName: 'schedule',
        ref: 'refs/heads/main',
        sha: '9999999999999999999999999999999999999999',
        event: { schedule: '*/10 * * * *' }
      }
    )
  }

  /** A check run of our app, our name and our external_id, written by another workflow of the repository. */
  function plant(fields: Partial<GitHubCheckRun> & { summary: string }): GitHubCheckRun {
    const check: GitHubCheckRun = {
      id: 90_000 + emulator.github.checkRuns.length,
      name: 'Mobile tests (Android: com.example.inspect)',
      head_sha: HEAD,
      status: 'in_progress',
      conclusion: null,
      external_id: 'mobile-build-deploy:run_planted:1:abc',
      details_url: null,
      started_at: new Date(clock.now()).toISOString(),
      completed_at: null,
      output: { title: 'x', summary: fields.summary },
      app: { slug: 'github-actions' },
      history: [],
      ...fields
    }
    emulator.github.checkRuns.unshift(check)
    return check
  }

  const factsLine = (value: unknown) =>
    `<!-- mobile-build-deploy facts=${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`

  describe('report-later only where a collect looks', () => {
    const push = (branch: string, sha: string) => ({
      eventName: 'push',
      ref: `refs/heads/${branch}`,
      sha,
      event: { ref: `refs/heads/${branch}`, after: sha, repository: { default_branch: 'main' } }
    })

    it.each([
      ['a push to a release branch', push('release/2.1', HEAD), /branch "release\/2\.1"/],
      [
        'a tag',
        {
          eventName: 'push',
          ref: 'refs/tags/v2.1.0',
          sha: HEAD,
          event: { ref: 'refs/tags/v2.1.0', after: HEAD, repository: { default_branch: 'main' } }
        },
        /no branch \(a tag/
      ],
      [
        'a merge queue',
        {
          eventName: 'merge_group',
          ref: 'refs/heads/gh-readonly-queue/main/pr-7-abc',
          sha: HEAD,
          event: {
            merge_group: { head_sha: HEAD, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-abc' },
            repository: { default_branch: 'main' }
          }
        },
        /a merge queue's branch/
      ]
    ])('is refused before any request on %s, naming wait', async (_title, event, where) => {
      const result = await step(
        emulator,
        { file: 'app.apk', 'report-later': 'true', variables: hourLong() },
        { workspace, env, ...event }
      )
      expect(result.exitCode).toBe(1)
      expect(result.stdout).toMatch(
        /::error title=Invalid input::Input 'report-later' is true for commit/
      )
      expect(result.stdout).toMatch(where)
      expect(result.stdout).toMatch(
        /neither an open pull request's head nor the default branch \("main"\)/
      )
      expect(result.stdout).toMatch(/Set wait: true/)
      expect(emulator.requests).toHaveLength(0)
      expect(emulator.github.requests.filter(r => r.method !== 'GET')).toEqual([])
    })

    it('is taken on a push to the default branch, and the collect finds it there', async () => {
      emulator.github.repository.commits.push(HEAD2)
      const deployed = await step(
        emulator,
        { file: 'app.apk', 'report-later': 'true', variables: hourLong() },
        { workspace, env, ...push('main', HEAD2) }
      )
      expect(deployed.exitCode).toBe(0)
      ahead = 2 * HOUR
      expect((await collect()).exitCode).toBe(0)
      expect(emulator.github.checkRuns[0]).toMatchObject({
        head_sha: HEAD2,
        status: 'completed',
        conclusion: 'success'
      })
    })
  })

  describe('a collect that meets what is not GitHub', () => {
    it('stops at a proxy’s page or a long secondary rate limit, telling which, asking no report', async () => {
      emulator.github.faults.add({
        status: 200,
        page: '<html><title>Sign in to the proxy</title></html>',
        times: 100
      })
      const paged = await collect()
      expect(paged.exitCode).toBe(1)
      expect(paged.stdout).toMatch(
        /::error title=Collect failed::Collecting stopped: GitHub's API at http:\/\/127\.0\.0\.1:\d+ answered GET .* with an HTML page titled "Sign in to the proxy", where JSON was expected/
      )
      expect(paged.stdout).not.toMatch(/Please report|Unexpected error|<html/)
      emulator.github.reset()
      emulator.github.faults.add({
        status: 403,
        headers: { 'retry-after': '900' },
        body: { message: 'You have exceeded a secondary rate limit.' },
        times: 100
      })
      const limited = await collect()
      expect(limited.exitCode).toBe(1)
      expect(limited.stdout).toMatch(
        /Collecting stopped: GitHub's rate limit asks to wait 15 min, longer than a call waits/
      )
      expect(limited.stdout).not.toMatch(/Please report|Unexpected error|refused the token/)
    })
  })

  describe('a collect no check can stop', () => {
    it('a poisoned check before a genuine ended one: warned, left alone; the genuine one completed; the collect succeeds', async () => {
      await deployLater()
      const poisoned = plant({
        summary: factsLine({
          deployment: {
            name: 'Mobile tests (Android: com.example.inspect)',
            runId: 'run_planted',
            reportLater: true,
            git: { pullRequestNumber: '7 **bold**' },
            verdict: { verdict: 'failed', blockingBugs: [{ name: 'x', priority: '<img src=x>' }] }
          },
          names: ['Mobile tests (Android: com.example.inspect)']
        })
      })
      ahead = 2 * HOUR
      const result = await collect()
      expect(result.exitCode).toBe(0)
      // Written without the API key: its seal is missing, so nothing it carries is read.
      expect(result.stdout).toMatch(
        /::warning title=Not collected::Check run "Mobile tests \(Android: com\.example\.inspect\)" on pull request #7 is not collected: its facts line carries no seal/
      )
      expect(poisoned.status).toBe('in_progress')
      const genuine = emulator.github.checkRuns.find(c => c !== poisoned)!
      expect(genuine).toMatchObject({ status: 'completed', conclusion: 'success' })
      expect(emulator.github.comments[0]!.body).not.toMatch(/img|\*\*bold/)
      // The next collect meets the same check, and still goes on.
      const again = await collect()
      expect(again.exitCode).toBe(0)
    })

    it('a check copying a failing deployment with a passing run’s id is refused; the failure is what GitHub and the comment show', async () => {
      const failing = await deployLater(HEAD, 7, {
        variables: hourLong({
          final: 'failed',
          bugs: [{ name: 'Login crashes', priority: 'urgent' }]
        })
      })
      expect(failing.exitCode).toBe(0)
      // On a branch of its own: a run of the same branch and environment would supersede the failing one.
      const passing = await deployLater(HEAD2, 8, { branch: 'feature/other' })
      const genuine = emulator.github.checkRuns.find(c => c.head_sha === HEAD)!
      const passingRun = passing.outputs.runId!
      const forged = plant({
        name: genuine.name,
        summary: genuine.output.summary!,
        external_id: genuine.external_id!.replace(failing.outputs.runId!, passingRun)
      })
      ahead = 2 * HOUR
      const result = await collect()
      expect(result.exitCode).toBe(0)
      expect(result.stdout).toMatch(
        new RegExp(
          `is not collected: its external_id names run ${passingRun}, its sealed facts run ${failing.outputs.runId}`
        )
      )
      expect(forged.status).toBe('in_progress')
      expect(genuine).toMatchObject({ status: 'completed', conclusion: 'failure' })
      const comment = emulator.github.comments.find(c => c.issue === 7)!.body
      expect(comment).toMatch(/❌ failed/)
      expect(comment).not.toMatch(/✅|\bpassed\b/)
    })

    it('facts sealed under a key rotated since are told as such and left alone; a wrong key stops the collect', async () => {
      await deployLater()
      ahead = 2 * HOUR
      const wrong = await collect({ 'api-key': 'sk_wrong_key_000000000000000000000000' })
      expect(wrong.exitCode).toBe(1)
      expect(wrong.stdout).toMatch(/::error title=Collect failed::Collecting stopped: .*401/)
      // The workspace's key rotated since the deploy: the service takes the new one, the check's seal is the old one's.
      emulator.workspaces[0]!.apiKey = 'a-rotated-api-key-0123456789'
      const rotated = await collect({ 'api-key': 'a-rotated-api-key-0123456789' }).finally(
        () => (emulator.workspaces[0]!.apiKey = DEMO_API_KEY)
      )
      expect(rotated.exitCode).toBe(0)
      expect(rotated.stdout).toMatch(/sealed under another API key than this collect has/)
      expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
    })

    it('a run the service no longer reports on (410) is ended: its check timed out with the service words, its comment row final', async () => {
      await deployLater()
      ahead = 10 * 60 * 1000
      emulator.faults.add({ route: 'greenlight', status: 410, times: 1 })
      const result = await collect()
      expect(result.exitCode).toBe(0)
      const [check] = emulator.github.checkRuns
      expect(check).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
      expect(check!.output.summary).toMatch(/410 Gone/)
      expect(check!.output.title).toMatch(/no verdict/)
      expect(emulator.github.comments[0]!.body).not.toMatch(/pending/)
      // Nothing is left for the next collect.
      const early = emulator.github.requests.length
      expect((await collect()).exitCode).toBe(0)
      expect(emulator.github.requests.slice(early).filter(r => r.method !== 'GET')).toEqual([])
    })

    it('a run that answers 404 long after its deploy is ended; a young one waits', async () => {
      await deployLater()
      // The collect judges a run's age by its check run's start, on its own clock, against wait-timeout-minutes.
      const timeout = { 'wait-timeout-minutes': '1' }
      emulator.faults.add({ route: 'greenlight', status: 404, times: 1 })
      expect((await collect(timeout)).exitCode).toBe(0)
      expect(emulator.github.checkRuns[0]!.status).toBe('in_progress')
      await clock.sleep(2 * 60 * 1000)
      emulator.faults.add({ route: 'greenlight', status: 404, times: 1 })
      expect((await collect(timeout)).exitCode).toBe(0)
      const [check] = emulator.github.checkRuns
      expect(check).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
      expect(check!.output.summary).toMatch(/verdict endpoint/)
      expect(check!.output.summary).not.toMatch(/base-url/)
    })

    it('a thousand and more check runs on one pull request: the budget holds page by page, and the other pull request gets its turn', async () => {
      await deployLater(HEAD2, 8)
      for (let i = 0; i < 1500; i++)
        plant({ name: `lint ${i}`, external_id: null, app: { slug: 'other-ci' }, summary: 'lint' })
      emulator.github.pulls.push({
        number: 7,
        state: 'open',
        head: { ref: 'busy', sha: HEAD, owner: 'octo-org' }
      })
      ahead = 2 * HOUR
      const budget = 12
      const seen: number[] = []
      for (const runId of ['1', '2']) {
        const before = emulator.github.requests.length
        const result = await collect({ 'collect-max-requests': String(budget) }, runId)
        expect(result.exitCode).toBe(0)
        seen.push(emulator.github.requests.length - before)
      }
      // Never past the budget, pages included; and within two collects the genuine check is completed.
      for (const count of seen) expect(count).toBeLessThanOrEqual(budget)
      const genuine = emulator.github.checkRuns.find(c => c.head_sha === HEAD2)!
      expect(genuine).toMatchObject({ status: 'completed', conclusion: 'success' })
      expect(requestsOf(emulator, 'greenlight').length).toBeGreaterThan(0)
    })
  })
})

/**
 * One road for the verdict: a collect's options ask for the same reports a
 * deploy's do, and each receives the collected verdicts, judged by the one
 * rule, while the collect itself passes by its own success.
 */
describe('a collected verdict reaches every report a waited one reaches', () => {
  let emulator: Emulator
  let workspace: string
  let ahead = 0
  let restoreClock: () => void
  let hook: Server
  let hookUrl: string
  const received: string[] = []
  beforeAll(async () => {
    emulator = await startEmulator()
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    restoreClock = useEmulatorClock(() => clock.now() + ahead)
    hook = createServer((req: IncomingMessage, res) => {
      let body = ''
      req.setEncoding('utf8').on('data', chunk => (body += chunk))
      req.on('end', () => {
        received.push(body)
        res.writeHead(200).end('ok')
      })
    })
    await new Promise<void>(resolve => hook.listen(0, '127.0.0.1', resolve))
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/services/T0123/B0456/sEcReT`
  })
  afterAll(async () => {
    restoreClock()
    hook.closeAllConnections()
    hook.close()
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    received.length = 0
    ahead = 0
  })

  const HOUR = 60 * 60 * 1000
  const failing = run({
    initializingMs: HOUR / 2,
    underReviewMs: HOUR / 2,
    final: 'failed',
    bugs: [{ name: 'Login crashes', priority: 'urgent' }]
  })

  async function deployLater(): Promise<string> {
    const deployed = await step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables: failing },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    expect(deployed.outputs.verdict).toBe('pending')
    ahead = 2 * HOUR
    return deployed.outputs.runId!
  }

  it('the action: the webhook, the JUnit report, the outputs and the job summary get the failed verdict; the collect passes', async () => {
    const runId = await deployLater()
    const result = await step(
      emulator,
      { collect: 'true', 'result-webhook': hookUrl, 'junit-report': 'collected.xml' },
      {
        workspace,
        env: { ...env, GITHUB_RUN_ID: '2' },
        eventName: 'schedule',
        ref: 'refs/heads/main',
        sha: '9999999999999999999999999999999999999999',
        event: { schedule: '*/10 * * * *' }
      }
    )
    expect(result.exitCode).toBe(0)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'failure'
    })
    // The webhook: the collect's result, with the collected deployment's verdict.
    expect(received).toHaveLength(1)
    const posted = JSON.parse(received[0]!) as Record<string, unknown>
    expect(posted).toMatchObject({
      conclusion: 'success',
      pending: 0,
      completed: [expect.objectContaining({ runId, verdict: 'failed', conclusion: 'failure' })]
    })
    // The JUnit report: the verdict's case fails, the bug named.
    const xml = await readFile(join(workspace, 'collected.xml'), 'utf8')
    expect(await junitProblems(xml)).toEqual([])
    const cases = junitCases(xml)
    expect(cases[0]!.failure).toBeDefined()
    expect(cases.map(c => c.name)).toContain('#1 Login crashes')
    // The outputs and the job summary: the verdict, and no pass mark beside it.
    expect(result.outputs.verdict).toBe('failed')
    expect(result.outputs.runIds).toBe(runId)
    expect(result.summary).toMatch(
      /Mobile build collect: ➖ 1 verdict\(s\) collected, 0 still pending/
    )
    expect(result.summary).toMatch(/❌ failed \(blocking bugs\)/)
    expect(result.summary).not.toMatch(/✅|\bpassed\b/)
  })

  it('the CLI and the library: --json, the webhook, the summary file and JUnit say the same collected verdict', async () => {
    const runId = await deployLater()
    const cli = await runCli(
      [
        'collect',
        '--github-repository',
        'octo-org/octo-app',
        '--json',
        '--result-webhook',
        hookUrl,
        '--summary-file',
        'summary.md',
        '--junit',
        'junit.xml'
      ],
      {
        env: cliEnv(emulator, { GITHUB_API_URL: emulator.github.url, GITHUB_TOKEN: WRITE_TOKEN }),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(0)
    const json = JSON.parse(cli.stdout) as Record<string, unknown>
    expect(json).toMatchObject({
      conclusion: 'success',
      completed: [expect.objectContaining({ runId, verdict: 'failed' })]
    })
    expect(JSON.parse(received[0]!)).toEqual(json)
    expect(await readFile(join(workspace, 'summary.md'), 'utf8')).toMatch(/❌ failed/)
    expect(
      junitCases(await readFile(join(workspace, 'junit.xml'), 'utf8'))[0]!.failure
    ).toBeDefined()
    // Nothing left: a library collect now completes nothing, and says so.
    process.env.GITHUB_API_URL = emulator.github.url
    const again = await collectVerdicts({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      githubToken: WRITE_TOKEN,
      githubRepository: 'octo-org/octo-app',
      resultWebhook: hookUrl
    })
    delete process.env.GITHUB_API_URL
    expect(again).toMatchObject({ conclusion: 'success', completed: [], pending: 0 })
    expect(JSON.parse(received[1]!)).toMatchObject({ completed: [] })
  })
})
