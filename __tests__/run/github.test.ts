/**
 * The verdict where reviewers look, through the action's run() with the real
 * Octokit against the emulator's GitHub: a check run on the right commit per
 * event, its stages and conclusion per verdict, one comment per pull request
 * edited in place, a token that may not write, rate limits, and a step that
 * reports nothing sending nothing.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { READ_ONLY_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { commentMarker } from '../../src/action/github/content.js'
import { step, writeArtifact, type Built } from '../helpers/harness.js'
import { junitCases, junitProblems } from '../helpers/junit.js'

let emulator: Emulator
let built: Built
beforeAll(async () => {
  emulator = await startEmulator()
  built = await writeArtifact('app.apk', 64 * 1024)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const HEAD = 'feedfacefeedfacefeedfacefeedfacefeedface'
const HEAD2 = 'c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff'
const MERGE = '1111111111111111111111111111111111111111'
const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
const run = (fields: object = {}): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 300, underReviewMs: 300, ...fields })
  })

/** A pull_request event for PR #7 at `head`, the runner's GITHUB_SHA being the merge commit. */
function pullRequest(head: string) {
  return {
    eventName: 'pull_request',
    ref: 'refs/pull/7/merge',
    sha: MERGE,
    event: { number: 7, pull_request: { number: 7, head: { ref: 'feature/login', sha: head } } }
  }
}

function deploy(inputs: Record<string, string>, event: object = pullRequest(HEAD)) {
  return step(
    emulator,
    { file: 'app.apk', wait: 'true', variables: run(), ...inputs },
    { workspace: built.workspace, env, ...event }
  )
}

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
      name: 'Mobile tests',
      head_sha: sha,
      status: 'completed',
      conclusion: 'success'
    })
    // In progress as soon as the run is known, then each stage, then the verdict.
    expect(check.history[0]).toEqual({ status: 'in_progress', conclusion: null })
    expect(check.history.at(-1)).toEqual({ status: 'completed', conclusion: 'success' })
    expect(check.details_url).toBe(`${emulator.baseUrl}/runs/${emulator.runs[0]!.id}`)
    expect(check.external_id).toBe(`mobile-build-deploy:${emulator.runs[0]!.id}`)
  })

  it.each([
    [
      'failure with the bug table',
      { final: 'failed', bugs: [{ name: 'Checkout crashes', priority: 'urgent' }] },
      'failure',
      1
    ],
    ['cancelled', { final: 'canceled' }, 'cancelled', 1],
    ['timed_out', { initializingMs: 600_000 }, 'timed_out', 1]
  ])('completes as %s', async (_title, lifecycle, conclusion, exitCode) => {
    const result = await deploy({ variables: run(lifecycle), 'wait-timeout-minutes': '0.03' })
    expect(result.exitCode).toBe(exitCode)
    const check = emulator.github.checkRuns[0]!
    expect(check).toMatchObject({ status: 'completed', conclusion })
    if (conclusion === 'failure')
      expect(check.output.text).toMatch(
        /\| \[\\#1 Checkout crashes\]\(.*\/bugs\/1\) \| urgent \| yes \|/
      )
  })

  it('is taken up by a later wait-only job with the same name, never doubled', async () => {
    const first = await deploy({
      variables: run({ initializingMs: 600_000 }),
      'wait-timeout-minutes': '0.02'
    })
    expect(first.exitCode).toBe(1)
    expect(emulator.github.checkRuns[0]!.conclusion).toBe('timed_out')
    // The later job waits again for the same run, on the same commit.
    emulator.runs[0]!.lifecycle.initializingMs = 0
    const later = await step(
      emulator,
      { 'run-id': first.outputs.runId! },
      { env, ...pullRequest(HEAD) }
    )
    expect(later.exitCode).toBe(0)
    expect(emulator.github.checkRuns).toHaveLength(1)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success'
    })
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
    expect(body).toContain(commentMarker('Mobile tests'))
    expect(body).toContain(HEAD2.slice(0, 7))
    expect(body).not.toContain(HEAD.slice(0, 7))
    expect(body).toMatch(/✅ passed/)
    expect(body).toContain(`app.apk`)
    expect(body).toContain(built.sha256.slice(0, 12))
    expect(body).toContain(`(${emulator.baseUrl}/runs/${emulator.runs.at(-1)!.id})`)
  })

  it('keeps two deployments of one workflow apart by check name', async () => {
    await deploy({ 'name-prefix': 'myapp', environment: 'staging' })
    await deploy({ 'name-prefix': 'myapp', environment: 'production' })
    expect(emulator.github.comments.map(c => c.body.split('\n')[0])).toEqual([
      commentMarker('Mobile tests (staging)'),
      commentMarker('Mobile tests (production)')
    ])
    expect(emulator.github.checkRuns.map(c => c.name)).toEqual([
      'Mobile tests (staging)',
      'Mobile tests (production)'
    ])
  })

  it('names at most ten blocking bugs, and none can write a link, an image, HTML or a mention', async () => {
    const hostile = [
      '[click](https://evil.example.com)',
      '![x](https://evil.example.com/x.png)',
      '<img src=x onerror=alert(1)>',
      '@everyone look',
      ...Array.from({ length: 10 }, (_, i) => `Bug ${i}`)
    ].map(name => ({ name, priority: 'urgent' }))
    const result = await deploy({ variables: run({ final: 'failed', bugs: hostile }) })
    expect(result.exitCode).toBe(1)
    const body = emulator.github.comments[0]!.body
    expect(body).not.toMatch(/\]\(https:\/\/evil/)
    expect(body).not.toMatch(/<img/)
    expect(body).not.toMatch(/@everyone/)
    expect(body).toContain('Bug 5')
    expect(body).not.toContain('Bug 6 ')
    expect(body).toMatch(/All bugs of the run.* \(4 more blocking\)/)
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
