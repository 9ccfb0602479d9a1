/**
 * The verdict where reviewers look: the check runs and the comment a step keeps, and the collect
 * that completes what a step reported later.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  ACTIONS_BOT,
  PERSON,
  PERSONAL_TOKEN,
  READ_ONLY_TOKEN,
  WRITE_TOKEN
} from '../../emulator/github-api.js'
import { errorLines } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { carriesMarker, commentMarker } from '../../src/core/report/comment.js'
import { parseExternalId } from '../../src/core/report/identity.js'
import { safeHref } from '../../src/core/report/markdown.js'
import {
  DEMO_API_KEY,
  freshWorkspace,
  step,
  writeArtifact,
  type Built
} from '../helpers/harness.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { INVISIBLE, markupProblems, render } from '../helpers/markdown.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { deployer, env, HEAD, HEAD2, pullRequest, run } from '../helpers/github-events.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

/**
 * The verdict where reviewers look, through the action's run() with the real
 * Octokit against the emulator's GitHub: a check run on the right commit per
 * event, its stages and conclusion per verdict, one comment per pull request
 * edited in place, a token that may not write, rate limits, and a step that
 * reports nothing sending nothing.
 */
describe('GitHub reporting', () => {
  let emulator: Emulator
  let built: Built
  beforeAll(async () => {
    emulator = await startEmulator()
    built = await writeArtifact('app.apk', 64 * 1024)
  })
  afterAll(() => emulator.close())
  beforeEach(() => emulator.reset())

  /** The default name of the deployment of the test's build (an APK of com.example.inspect). */
  const NAME = 'Mobile tests (Android: com.example.inspect)'
  const named = (environment: string): string =>
    `Mobile tests (Android: com.example.inspect, ${environment})`

  const deploy = deployer(
    () => emulator,
    () => built
  )

  describe('a check run on the right commit', () => {
    it.each([
      ['pull_request: the head, never the merge commit', pullRequest(HEAD), HEAD],
      [
        'push: the pushed commit',
        { eventName: 'push', sha: HEAD2, event: { ref: 'refs/heads/main', after: HEAD2 } },
        HEAD2
      ],
      [
        'merge_group: the group head',
        {
          eventName: 'merge_group',
          event: {
            merge_group: {
              head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${HEAD}`,
              head_sha: HEAD
            }
          }
        },
        HEAD
      ]
    ])('%s', async (_title, event, sha) => {
      const result = await deploy({}, event)
      expect(result.exitCode).toBe(0)
      expect(emulator.github.checkRuns).toHaveLength(1)
      const check = emulator.github.checkRuns[0]!
      expect(check).toMatchObject({
        name: NAME,
        head_sha: sha,
        status: 'completed',
        conclusion: 'success'
      })
      // In progress as soon as the run is known, then each stage, then the verdict.
      expect(check.history[0]).toEqual({ status: 'in_progress', conclusion: null })
      expect(check.history.at(-1)).toEqual({ status: 'completed', conclusion: 'success' })
      expect(check.details_url).toBe(`${emulator.baseUrl}/runs/${emulator.runs[0]!.id}`)
      expect(parseExternalId(check.external_id)).toEqual({
        runId: emulator.runs[0]!.id,
        workflowRunId: expect.any(String),
        build: expect.stringMatching(/^[0-9a-f]{12}$/)
      })
    })

    it.each([
      [
        'failure with the bug table',
        { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
        'failure',
        1,
        '5'
      ],
      ['cancelled', { final: 'canceled' }, 'cancelled', 1, '5'],
      // Waits cost no real time here; a process paused on a loaded machine still moves the clock, so only the
      // timeout's own case waits a short time.
      ['timed_out', { initializingMs: 600_000 }, 'timed_out', 1, '0.03']
    ])('completes as %s', async (_title, lifecycle, conclusion, exitCode, minutes) => {
      const result = await deploy({ variables: run(lifecycle), 'wait-timeout-minutes': minutes })
      expect(result.exitCode).toBe(exitCode)
      const check = emulator.github.checkRuns[0]!
      expect(check).toMatchObject({ status: 'completed', conclusion })
      if (conclusion === 'failure')
        expect(check.output.text).toMatch(
          /\| \[` #1 Checkout crashes `\]\(.*\/bugs\/1\) \| urgent \| yes \|/
        )
    })

    it('a later wait-only job shows its verdict with a check run of its own; the completed one is never written again', async () => {
      const first = await deploy({
        variables: run({ initializingMs: 600_000 }),
        'wait-timeout-minutes': '0.02'
      })
      expect(first.exitCode).toBe(1)
      const earlier = emulator.github.checkRuns[0]!
      expect(earlier).toMatchObject({ status: 'completed', conclusion: 'timed_out' })
      // The later job waits again for the same run, on the same commit.
      emulator.runs[0]!.lifecycle.initializingMs = 0
      const before = emulator.github.requests.length
      const later = await step(
        emulator,
        { 'run-id': first.outputs.runId! },
        { env, ...pullRequest(HEAD) }
      )
      expect(later.exitCode).toBe(0)
      expect(emulator.github.checkRuns).toHaveLength(2)
      const own = emulator.github.checkRuns[1]!
      // The newest check run of a name is the one GitHub shows on the commit.
      expect(own).toMatchObject({
        name: earlier.name,
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'success'
      })
      expect(own.history[0]).toEqual({ status: 'in_progress', conclusion: null })
      const touched = emulator.github.requests
        .slice(before)
        .filter(r => r.path.endsWith(`/check-runs/${earlier.id}`))
      expect(touched).toEqual([])
      expect(earlier.history.map(h => h.status)).toEqual(
        earlier.history.map((_h, i) =>
          i === earlier.history.length - 1 ? 'completed' : 'in_progress'
        )
      )
    })

    it('is not made by a step that does not wait, which would leave it pending', async () => {
      const result = await deploy({ wait: 'false' })
      expect(result.exitCode).toBe(0)
      expect(emulator.github.checkRuns).toEqual([])
      // The pull request still gets its comment.
      expect(emulator.github.comments).toHaveLength(1)
    })

    it('completes as skipped when the waiting step created no run, so a required check never stays pending', async () => {
      emulator.workspaces[0]!.mobileTriggersEnabled = false
      try {
        const result = await deploy({ 'fail-on-no-run': 'false' })
        expect(result.exitCode).toBe(0)
      } finally {
        emulator.workspaces[0]!.mobileTriggersEnabled = true
      }
      expect(emulator.github.checkRuns[0]).toMatchObject({
        status: 'completed',
        conclusion: 'skipped'
      })
    })
  })

  describe('one comment per pull request, edited in place', () => {
    it('keeps one comment across two pushes, on the newer commit', async () => {
      await deploy({})
      await deploy({}, pullRequest(HEAD2))
      const comments = emulator.github.comments
      expect(comments).toHaveLength(1)
      const body = comments[0]!.body
      expect(body).toContain(commentMarker([NAME]))
      expect(body).toContain(HEAD2.slice(0, 7))
      expect(body).not.toContain(HEAD.slice(0, 7))
      expect(body).toMatch(/✅ passed/)
      expect(body).toContain(`app.apk`)
      expect(body).toContain(built.sha256.slice(0, 12))
      expect(body).toContain(
        `(${safeHref(`${emulator.baseUrl}/runs/${emulator.runs.at(-1)!.id}`)})`
      )
    })

    it('keeps two deployments of one workflow apart by check name', async () => {
      await deploy({ 'name-prefix': 'myapp', environment: 'staging' })
      await deploy({ 'name-prefix': 'myapp', environment: 'production' })
      expect(emulator.github.comments.map(c => c.body.split('\n')[0])).toEqual([
        commentMarker([named('staging')]),
        commentMarker([named('production')])
      ])
      expect(emulator.github.checkRuns.map(c => c.name)).toEqual([
        named('staging'),
        named('production')
      ])
    })

    it("never edits a comment it did not write, whatever marker it carries, nor another check's", async () => {
      const marker = commentMarker([NAME])
      const stranger = { login: 'mallory', id: 666, type: 'User' as const }
      emulator.github.comments.push(
        { id: 1, issue: 7, body: `${marker}\nI am not yours`, user: stranger },
        {
          id: 2,
          issue: 7,
          body: `${commentMarker(['Mobile tests (production)'])}\nThe other check`,
          user: ACTIONS_BOT
        },
        { id: 3, issue: 7, body: `Quoting: ${marker}`, user: ACTIONS_BOT }
      )
      const first = await deploy({ wait: 'false' })
      expect(first.exitCode).toBe(0)
      const untouched = emulator.github.comments.slice(0, 3).map(c => c.body)
      expect(untouched).toEqual([
        `${marker}\nI am not yours`,
        `${commentMarker(['Mobile tests (production)'])}\nThe other check`,
        `Quoting: ${marker}`
      ])
      expect(emulator.github.comments).toHaveLength(4)
      const ours = emulator.github.comments[3]!
      expect(ours.user).toEqual(ACTIONS_BOT)
      expect(carriesMarker(ours.body, [NAME])).toBe(true)
      // The next step of the same check edits ours, and only ours.
      await deploy({ wait: 'false' }, pullRequest(HEAD2))
      expect(emulator.github.comments).toHaveLength(4)
      expect(emulator.github.comments[3]!.body).toContain(HEAD2.slice(0, 7))
      expect(emulator.github.comments.slice(0, 3).map(c => c.body)).toEqual(untouched)
      const edits = emulator.github.requests.filter(r => r.method === 'PATCH')
      expect(edits.every(r => r.path.endsWith(`/issues/comments/${ours.id}`))).toBe(true)
    })

    it("a file named after another check's marker: each check's step edits its own comment only", async () => {
      const other = commentMarker(['Mobile tests (production)'])
      const named = await writeArtifact(`${other}.apk`, 1024, built.workspace)
      const file = named.path.slice(built.workspace.length + 1)
      await deploy({ file, wait: 'false', 'check-name': 'Mobile tests (staging)' })
      await deploy({ wait: 'false', 'check-name': 'Mobile tests (production)' })
      await deploy(
        { file, wait: 'false', 'check-name': 'Mobile tests (staging)' },
        pullRequest(HEAD2)
      )
      const [staging, production] = emulator.github.comments
      expect(emulator.github.comments).toHaveLength(2)
      expect(carriesMarker(staging!.body, ['Mobile tests (staging)'])).toBe(true)
      expect(staging!.body).toContain(HEAD2.slice(0, 7))
      expect(staging!.body).not.toContain(other)
      expect(carriesMarker(production!.body, ['Mobile tests (production)'])).toBe(true)
      expect(production!.body).toContain(HEAD.slice(0, 7))
    })

    it("a person's token: its own earlier comment is found by GET /user's login; the check, which only an app may write, is told", async () => {
      const marker = commentMarker([NAME])
      emulator.github.comments.push(
        { id: 1, issue: 7, body: `${marker}\nby the bot`, user: ACTIONS_BOT },
        { id: 2, issue: 7, body: `${marker}\nby the person`, user: PERSON }
      )
      const result = await deploy({ 'github-token': PERSONAL_TOKEN })
      expect(result.exitCode).toBe(0)
      expect(emulator.github.comments).toHaveLength(2)
      expect(emulator.github.comments[0]!.body).toBe(`${marker}\nby the bot`)
      expect(emulator.github.comments[1]!.body).toMatch(/✅ passed/)
      expect(emulator.github.requests.filter(r => r.path === '/user')).toHaveLength(1)
      expect(result.stdout).toMatch(
        /::notice title=Not shown on GitHub::The check run could not be written: GitHub answered 403 \(You must authenticate via a GitHub App\)/
      )
    })

    it('names at most ten blocking bugs; no name or link of a hostile service makes markup, and no secret reaches GitHub', async () => {
      const secret = DEMO_API_KEY
      const evil = 'https://evil.example.com'
      const names = [
        `[click](${evil})`,
        `![x](${evil}/x.png)`,
        '<img src=x onerror=alert(1)>',
        '@everyone look',
        'fixes #12, GH-34 and octo-org/octo-app#56',
        `<!-- mobile-build-deploy check=Mobile%20tests (production) --> ${commentMarker(['Other'])}`,
        `hidden\u{e0041}\u00ad\u3164\u115f\u1160\uffa0\u202e\u2066\u200b\u2060\ufeffend`,
        `key ${secret} api_key=${secret}`,
        ...Array.from({ length: 6 }, (_, i) => `Bug ${i}`)
      ]
      const hostileRun = `${evil}/runs/${secret}/a)b](javascript:alert(1))?token=${WRITE_TOKEN}`
      const answer = (stage: string) => ({
        runStage: stage,
        greenlight: false,
        relevantRunId: 'run_hostile',
        relevantRunUrl: hostileRun,
        relevantRunWithBugsUrl: `${evil}/bugs?api_key=${secret}&q='"<>|*_\`[]`,
        ...(stage === 'completed'
          ? {
              blockingBugsCount: names.length,
              nonBlockingBugsCount: 0,
              reproducedBugs: names.map((name, i) => ({
                name,
                number: i + 1,
                priority: 'urgent',
                isBlocking: true,
                applicationUrl: `${evil}/bugs/${i}?x=(1)&sig=${secret}`
              }))
            }
          : { workflowsUnderInvestigationCount: 2 })
      })
      emulator.faults.add(
        { route: 'greenlight', status: 200, body: JSON.stringify(answer('underReview')), times: 2 },
        { route: 'greenlight', status: 200, body: JSON.stringify(answer('completed')), times: 50 }
      )
      const result = await deploy({}, { ...pullRequest(HEAD) })
      expect(result.exitCode).toBe(1)
      expect(result.outputs.verdict).toBe('failed')

      // Every write, the first check run and each update included, went through the redaction.
      const written = emulator.github.requests.filter(r => r.method !== 'GET')
      expect(written.length).toBeGreaterThanOrEqual(4)
      for (const request of written) {
        const sent = JSON.stringify(request.body)
        expect(sent).not.toContain(secret)
        expect(sent).not.toContain(WRITE_TOKEN)
        expect(request.apiVersion).toBe('2022-11-28')
      }
      // A link of the service's words leads only to the service's own origin or GitHub's: evil.example.com is no link.
      expect(emulator.github.checkRuns[0]!.details_url).toBe(
        'https://github.com/octo-org/octo-app/actions/runs/1'
      )

      // Links to GitHub's server or the service's own origin only (evil.example.com is neither), every character outside the safe set encoded; `***` is the redaction's mask.
      const evilOrOurs = (href: string): boolean =>
        /^https:\/\/github\.com\/[A-Za-z0-9\-./:?#=&%+,;@!$~_]*$/.test(href.replace(/\*\*\*/g, ''))
      const body = emulator.github.comments[0]!.body
      const check = emulator.github.checkRuns[0]!.output
      for (const markdown of [body, check.summary!, check.text!]) {
        const rendered = render(markdown)
        expect(markupProblems(rendered, evilOrOurs)).toEqual([])
        expect(markdown).not.toMatch(INVISIBLE)
        expect(markdown.split('<!--').length - 1).toBe(markdown === body ? 2 : 0)
      }
      expect(carriesMarker(body, [NAME])).toBe(true)
      expect(carriesMarker(body, ['Other'])).toBe(false)
      const comment = render(body)
      expect(comment.codes).toContain('#10 Bug 1')
      expect(comment.codes.join('\n')).not.toContain('Bug 2')
      expect(comment.prose).toMatch(/All bugs of the run\s+\(4 more blocking\)/)
    })
  })

  describe("GitHub's limits and rules", () => {
    it('a hundred blocking bugs with long CJK and emoji names: the check completes, its text cut within 65,535 bytes with a line to the rest', async () => {
      const bugs = Array.from({ length: 120 }, (_, i) => ({
        name: (i % 2 ? '漢字' : '🐛').repeat(150).slice(0, 300),
        number: i + 1,
        priority: 'urgent',
        isBlocking: true,
        applicationUrl: `${emulator.baseUrl}/runs/run_many/bugs/${i + 1}`
      }))
      emulator.faults.add({
        route: 'greenlight',
        status: 200,
        times: 50,
        body: JSON.stringify({
          runStage: 'completed',
          greenlight: false,
          relevantRunId: 'run_many',
          relevantRunUrl: `${emulator.baseUrl}/runs/run_many`,
          relevantRunWithBugsUrl: `${emulator.baseUrl}/runs/run_many/bugs`,
          blockingBugsCount: bugs.length,
          nonBlockingBugsCount: 0,
          reproducedBugs: bugs
        })
      })
      const result = await deploy({}, { ...pullRequest(HEAD) })
      expect(result.exitCode).toBe(1)
      expect(result.outputs.verdict).toBe('failed')
      expect(result.stdout).not.toMatch(/Not shown on GitHub/)
      const check = emulator.github.checkRuns[0]!
      expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' })
      const bytes = Buffer.byteLength(check.output.text!, 'utf8')
      expect(bytes).toBeLessThanOrEqual(65_535)
      expect(bytes).toBeGreaterThan(60_000)
      expect(check.output.text!.split('\n').at(-1)).toBe(
        `The rest is on [the run’s page](${emulator.baseUrl}/runs/run_many/bugs) and in [the job summary](https://github.com/octo-org/octo-app/actions/runs/1).`
      )
      // The job summary the line points to names every bug.
      for (const bug of bugs) expect(result.summary).toContain(bug.applicationUrl)
    })
  })

  describe('never in the way', () => {
    it('a read-only token (a fork, Dependabot): the step passes, one notice per kind names the permission', async () => {
      const result = await deploy({ 'github-token': READ_ONLY_TOKEN })
      expect(result.exitCode).toBe(0)
      expect(result.outputs.verdict).toBe('passed')
      const notices = result.stdout
        .split('\n')
        .filter(line => line.startsWith('::notice title=Not shown on GitHub::'))
      expect(notices).toHaveLength(2)
      expect(notices.filter(n => n.includes('permissions: checks: write'))).toHaveLength(1)
      expect(notices.filter(n => n.includes('permissions: pull-requests: write'))).toHaveLength(1)
      expect(notices.join('\n')).toContain('The verdict is in the job summary')
      expect(result.summary).toContain('✅ passed')
    })

    it('waits out a secondary rate limit as GitHub asks, and retries a 5xx', async () => {
      emulator.github.faults.add(
        {
          status: 403,
          match: /^POST .*check-runs$/,
          headers: { 'retry-after': '1' },
          body: {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
          }
        },
        { status: 502, match: /^PATCH .*check-runs/ }
      )
      const result = await deploy({})
      expect(result.exitCode).toBe(0)
      expect(emulator.github.checkRuns[0]).toMatchObject({ conclusion: 'success' })
      expect(result.stdout).not.toMatch(/Not shown on GitHub/)
    })

    it('tells a proxy’s page and a secondary rate limit longer than a call waits as what they are', async () => {
      const page =
        '<html><head><title>Proxy sign-in</title></head><body>::error::injected</body></html>'
      emulator.github.faults.add({ status: 200, page, match: /check-runs|comments/, times: 50 })
      const paged = await deploy({})
      expect(paged.exitCode).toBe(0)
      const warnings = paged.stdout.split('\n').filter(l => l.startsWith('::warning'))
      expect(warnings.length).toBeGreaterThan(0)
      for (const warning of warnings) {
        expect(warning).toContain(
          'with an HTML page titled "Proxy sign-in", where JSON was expected'
        )
        expect(warning).toContain('GITHUB_API_URL must be GitHub')
        expect(warning).not.toMatch(/Please report|<html|token needs/)
      }
      expect(paged.stdout).not.toMatch(/^::error::injected/m)
      emulator.github.reset()
      emulator.github.faults.add({
        status: 403,
        match: /^POST .*check-runs$/,
        headers: { 'retry-after': '600' },
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
        },
        times: 10
      })
      const limited = await deploy({ 'pr-comment': 'false' })
      expect(limited.exitCode).toBe(0)
      const told = limited.stdout.split('\n').filter(l => /Not shown on GitHub/.test(l))
      expect(told).toEqual([
        expect.stringMatching(
          /^::warning title=Not shown on GitHub::The check run could not be written: GitHub's rate limit asks to wait 10 min, longer than a call waits \(1 min\): You have exceeded a secondary rate limit\..*Nothing is wrong with the token/
        )
      ])
      expect(told[0]).not.toMatch(/token needs|Please report/)
    })

    it('sends nothing to GitHub with reporting off', async () => {
      const result = await deploy({ check: 'false', 'pr-comment': 'false' })
      expect(result.exitCode).toBe(0)
      expect(emulator.github.requests).toEqual([])
    })

    it('finds the pull request of a fork for a workflow_run, for the comment and the name', async () => {
      emulator.github.pulls.push({
        number: 12,
        state: 'open',
        head: { ref: 'fix', sha: HEAD, owner: 'fork-owner' }
      })
      const result = await deploy(
        { 'name-prefix': 'myapp' },
        {
          eventName: 'workflow_run',
          event: {
            workflow_run: {
              event: 'pull_request',
              head_sha: HEAD,
              head_branch: 'fix',
              head_repository: { full_name: 'fork-owner/octo-app', owner: { login: 'fork-owner' } },
              pull_requests: []
            }
          }
        }
      )
      expect(result.exitCode).toBe(0)
      expect(result.outputs.playgroundFileLocation).toBe('myapp-octo-org-octo-app-pr12.apk')
      expect(emulator.github.comments[0]!.issue).toBe(12)
      expect(emulator.github.checkRuns[0]!.head_sha).toBe(HEAD)
    })
  })

  describe('beside the deploy, bounded', () => {
    it('never follows a next page to another host, nor sends the token there', async () => {
      const elsewhere: { path: string; authorization: string | undefined }[] = []
      const other = createServer((request, response) => {
        elsewhere.push({ path: request.url ?? '', authorization: request.headers.authorization })
        response.writeHead(200, { 'content-type': 'application/json' }).end('[]')
      })
      await new Promise<void>(resolve => other.listen(0, '127.0.0.1', resolve))
      const { port } = other.address() as AddressInfo
      try {
        emulator.github.faults.add({
          status: 200,
          body: [],
          headers: {
            link: `<http://127.0.0.1:${port}/repos/octo-org/octo-app/issues/7/comments?page=2>; rel="next"`
          },
          match: /^GET .*\/comments$/,
          times: 1000
        })
        const result = await deploy({}, { ...pullRequest(HEAD) })
        expect(result.exitCode).toBe(0)
        expect(elsewhere).toEqual([])
        expect(result.stdout).toMatch(
          /as a next page, outside http:\/\/127\.0\.0\.1:\d+: it is not asked, and the token is not sent there/
        )
        expect(emulator.github.comments).toEqual([])
      } finally {
        await new Promise(resolve => other.close(resolve))
      }
    })

    it('a redirect from GitHub is told as one notice that names it, and never followed', async () => {
      emulator.github.faults.add({
        status: 301,
        headers: { location: 'https://elsewhere.example.com/api/v3/repos/octo-org/octo-app' },
        times: 1000
      })
      const result = await deploy({}, { ...pullRequest(HEAD) })
      expect(result.exitCode).toBe(0)
      const notices = result.stdout
        .split('\n')
        .filter(line => line.startsWith('::notice title=Not shown on GitHub::'))
      expect(notices).toHaveLength(2)
      for (const notice of notices)
        expect(notice).toMatch(
          /answered 301, a redirect to https:\/\/elsewhere\.example\.com\/api\/v3\/repos\/octo-org\/octo-app, which is not followed/
        )
      expect(result.stdout + result.stderr).not.toMatch(/is not a function/)
    })

    it('a stage that keeps changing is written at most once per change, never twice within ten seconds', async () => {
      const stage = (count: number) =>
        JSON.stringify({
          runStage: 'underReview',
          greenlight: false,
          workflowsUnderInvestigationCount: count
        })
      // The service's answer changes with every ask, then the verdict.
      for (let i = 0; i < 8; i++)
        emulator.faults.add({ route: 'greenlight', status: 200, body: stage(i % 3) })
      const result = await deploy({}, { ...pullRequest(HEAD) })
      expect(errorLines(result.stdout)).toEqual([])
      expect(result.exitCode).toBe(0)
      const asks = emulator.requests.filter(r => r.route === 'greenlight').length
      expect(asks).toBeGreaterThan(8)
      for (const kind of [/\/check-runs\/\d+$/, /\/issues\/comments\/\d+$/]) {
        const writes = emulator.github.requests.filter(
          r => r.method === 'PATCH' && kind.test(r.path)
        )
        const updates = writes.slice(0, -1)
        for (let i = 1; i < updates.length; i++)
          expect(updates[i]!.at - updates[i - 1]!.at).toBeGreaterThanOrEqual(9_000)
        expect(writes.length).toBeLessThanOrEqual(Math.ceil(result.durationMs / 10_000) + 1)
      }
    })
  })

  describe('the JUnit report', () => {
    it('is written for a verdict with blocking bugs, valid, and agrees with the step', async () => {
      const result = await deploy({
        'junit-report': 'reports/mobile.xml',
        variables: run({
          final: 'failed',
          bugs: [
            { name: 'Crash', priority: 'urgent' },
            { name: 'Typo', priority: 'low' }
          ]
        })
      })
      expect(result.exitCode).toBe(1)
      const xml = await readFile(join(built.workspace, 'reports/mobile.xml'), 'utf8')
      expect(await junitProblems(xml)).toEqual([])
      expect(junitCases(xml)).toEqual([
        { name: 'Verdict', failure: 'BlockingBugs' },
        { name: '#1 Crash', failure: 'BlockingBug' },
        { name: '#2 Typo' }
      ])
    })

    it('is written when the wait times out too', async () => {
      const result = await deploy({
        'junit-report': 'timeout.xml',
        'wait-timeout-minutes': '0.02',
        variables: run({ initializingMs: 600_000 })
      })
      expect(result.exitCode).toBe(1)
      const xml = await readFile(join(built.workspace, 'timeout.xml'), 'utf8')
      expect(junitCases(xml)[0]).toMatchObject({ failure: 'WaitTimedOut' })
    })
  })

  describe('the CLI in the same workflow decides as the action does', () => {
    /** The CLI's command as a GitHub workflow's `run:` step starts it, on `event`. */
    async function cliInWorkflow(eventName: string, event: object, extra: string[] = []) {
      const cwd = built.workspace
      const eventPath = join(await freshWorkspace(), 'event.json')
      await writeFile(eventPath, JSON.stringify(event))
      const env = cliEnv(emulator, {
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REPOSITORY: 'octo-org/octo-app',
        GITHUB_SHA: HEAD,
        GITHUB_API_URL: emulator.github.url,
        GITHUB_TOKEN: WRITE_TOKEN
      })
      return runCli(['deploy', '--file', 'app.apk', '--json', ...extra], { env, cwd })
    }

    it("finds a fork's pull request for a workflow_run, and names the build after it", async () => {
      emulator.github.pulls.push({
        number: 12,
        state: 'open',
        head: { ref: 'fix', sha: HEAD, owner: 'fork-owner' }
      })
      const result = await cliInWorkflow(
        'workflow_run',
        {
          workflow_run: {
            event: 'pull_request',
            head_sha: HEAD,
            head_branch: 'fix',
            head_repository: { full_name: 'fork-owner/octo-app', owner: { login: 'fork-owner' } },
            pull_requests: []
          }
        },
        ['--name-prefix', 'myapp']
      )
      expect(result.exitCode).toBe(0)
      expect(JSON.parse(result.stdout).playgroundFileLocation).toBe(
        'myapp-octo-org-octo-app-pr12.apk'
      )
      expect(result.stderr).not.toContain(WRITE_TOKEN)
    })

    it('sends nothing for an unhealthy deployment_status, with the same notice', async () => {
      const result = await cliInWorkflow('deployment_status', {
        deployment: { sha: HEAD, ref: 'main' },
        deployment_status: { state: 'failure' }
      })
      expect(result.exitCode).toBe(0)
      expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'skipped', conclusion: 'success' })
      expect(result.stderr).toMatch(
        /reports the state "failure", not success, so nothing was uploaded/
      )
      expect(emulator.requests).toEqual([])
    })
  })
})

/**
 * A collect no check can stop: each pending check run is collected on its
 * own, so that a check another workflow wrote with our app and our name
 * (facts of the wrong shape), a run the service no longer reports on, or a
 * pull request with hundreds of check runs never keeps the genuine ones
 * from their verdict, nor every later collect from theirs.
 */
