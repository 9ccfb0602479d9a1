/**
 * The verdict posted to Slack: one message a step, a section per
 * deployment, within what a Slack incoming webhook takes (the stand-in is
 * as strict as Slack), values from outside shown as code, the URL masked;
 * in every front end and in a collect.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { slackRefusal, startSlack, type SlackStandIn } from '../../emulator/slack.js'
import { deployBuild } from '../../src/index.js'
import { slackWebhook } from '../../src/core/report/slack.js'
import type { Deployment, StepFacts } from '../../src/core/report/facts.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { clock } from '../../src/core/shared/clock.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

/** A bug name that would mention everyone, link elsewhere and format, were it not shown as code. */
const HOSTILE = '<!channel> *now* `x` & <https://evil.example/|click> _here_\nsecond line'
const TOKEN = 's1ackWebh00kT0kenXyZ0123'

describe('the Slack message', () => {
  let emulator: Emulator
  let slack: SlackStandIn
  let workspace: string
  beforeAll(async () => {
    emulator = await startEmulator()
    slack = await startSlack()
    workspace = await freshWorkspace()
    await writeArtifact('app.apk', 16 * 1024, workspace)
    await writeArtifact('app.ipa', 16 * 1024, workspace)
  })
  afterAll(async () => {
    await slack.close()
    await emulator.close()
  })
  beforeEach(() => {
    emulator.reset()
    slack.messages.length = 0
    slack.refused.length = 0
    slack.answers.length = 0
  })

  const failingAndroid = run({
    byBuild: { apk: { final: 'failed', bugs: [{ name: HOSTILE, priority: 'urgent' }] } }
  })
  const sectionsOf = (message: SlackStandIn['messages'][number]) =>
    (message.blocks ?? [])
      .filter(block => block.type === 'section')
      .map(block => (block.text as { text: string }).text)

  it('the action: one message, a section per deployment with its verdict and bugs, nothing from outside as markup, the URL masked', async () => {
    const result = await step(
      emulator,
      {
        file: 'app.apk\napp.ipa',
        wait: 'true',
        variables: failingAndroid,
        'slack-webhook': slack.url
      },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(result.exitCode).toBe(1)
    expect(slack.refused).toEqual([])
    expect(slack.messages).toHaveLength(1)
    const [message] = slack.messages
    expect(message!.text).toBe('Mobile build deploy: ❌ 2 deployments: 1 failed, 1 passed')
    const [android, ios] = sectionsOf(message!)
    expect(android).toMatch(/❌ failed \(blocking bugs\)/)
    expect(ios).toMatch(/✅ passed/)
    expect(android).not.toMatch(/✅|passed/)
    // The bug's name is code: no mention, no link of its own, no formatting, one line.
    expect(android).toContain(
      '|`#1 &lt;!channel&gt; *now* ˋxˋ &amp; &lt;https://evil.example/¦click&gt; _here_ second line`>'
    )
    const everything = JSON.stringify(message)
    expect(everything).not.toMatch(/<!channel>|<https:\/\/evil/)
    // Links only to the service's runs and GitHub.
    for (const [, url] of everything.matchAll(/<(https?:\/\/[^|>]+)\|/g))
      expect([emulator.baseUrl, 'https://github.com'].some(origin => url!.startsWith(origin))).toBe(
        true
      )
    const printed = result.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
    expect(printed.join('\n')).not.toContain(TOKEN)
    expect(result.summary).not.toContain(TOKEN)
  })

  it('a collect posts what it completed, and nothing when it completed nothing', async () => {
    const event = pullRequest(HEAD)
    const later = await step(
      emulator,
      { file: 'app.apk', 'report-later': 'true', variables: failingAndroid },
      { workspace, env, ...event }
    )
    expect(later.exitCode).toBe(0)
    expect(slack.messages).toEqual([])
    const collect = () =>
      step(
        emulator,
        { collect: 'true', 'slack-webhook': slack.url },
        { env, eventName: 'schedule', ref: 'refs/heads/main', sha: 'f'.repeat(40), event: {} }
      )
    await clock.sleep(60_000)
    expect((await collect()).exitCode).toBe(0)
    expect(slack.messages).toHaveLength(1)
    expect(sectionsOf(slack.messages[0]!)[0]).toMatch(/❌ failed/)
    expect((await collect()).exitCode).toBe(0)
    expect(slack.messages).toHaveLength(1)
  })

  it('a collect of several builds is headed by the verdicts it collected', async () => {
    const later = await step(
      emulator,
      { file: 'app.apk\napp.ipa', 'report-later': 'true', variables: failingAndroid },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expect(later.exitCode).toBe(0)
    await clock.sleep(60_000)
    const collected = await step(
      emulator,
      { collect: 'true', 'slack-webhook': slack.url },
      { env, eventName: 'schedule', ref: 'refs/heads/main', sha: 'f'.repeat(40), event: {} }
    )
    expect(collected.exitCode).toBe(0)
    expect(slack.messages).toHaveLength(1)
    const [message] = slack.messages
    expect(message!.text).toBe('Mobile build collect: ❌ 2 deployments: 1 failed, 1 passed')
    expect((message!.blocks![0]!.text as { text: string }).text).toBe(message!.text)
    expect(sectionsOf(message!)[0]).toMatch(/❌ failed/)
  })

  it('the CLI and the library post the same message; a Slack that refuses is a warning, never the step', async () => {
    const cli = await runCli(
      ['deploy', '--file', 'app.apk', '--wait', '--variables', run(), '--slack-webhook', slack.url],
      { env: cliEnv(emulator, { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }), cwd: workspace }
    )
    expect(cli.exitCode).toBe(0)
    expect(sectionsOf(slack.messages[0]!)[0]).toMatch(/✅ passed/)
    expect(cli.stderr).not.toContain(TOKEN)

    slack.answers.push(404)
    const warned: string[] = []
    const result = await deployBuild({
      log: { warning: (text: string) => void warned.push(text) },
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: 'app.apk',
      workingDirectory: workspace,
      variables: run(),
      wait: true,
      pollIntervalSeconds: 1,
      slackWebhook: slack.url,
      maxAttempts: 1
    })
    expect(result.conclusion).toBe('success')
    expect(warned.join(' ')).toMatch(/Slack message \(slackWebhook\) could not be written/)
    expect(JSON.stringify(result)).not.toContain(TOKEN)
  })

  it('64 deployments of 200 long-named bugs each: one message Slack takes, every deployment counted', async () => {
    const bugs = Array.from({ length: 200 }, (_, i) => ({
      name: `${'Checkout crashes on a very long screen name '.repeat(20)}${i}`,
      number: i,
      priority: 'urgent' as const,
      blocking: true,
      new: true,
      url: `${emulator.baseUrl}/bugs/${i}`
    }))
    const deployments: Deployment[] = Array.from({ length: 64 }, (_, i) => ({
      name: `Mobile tests (Android: com.example.app${i}, ${'flavor'.repeat(8)}-${i})`,
      failOnNoRun: true,
      warnings: [],
      runId: `run_${i}`,
      runUrl: `${emulator.baseUrl}/runs/run_${i}`,
      verdict: {
        verdict: 'failed',
        greenlight: false,
        runId: `run_${i}`,
        runUrl: `${emulator.baseUrl}/runs/run_${i}`,
        bugs,
        blockingBugs: bugs,
        timeoutMs: 60_000,
        answered: true
      },
      judgement: { conclusion: 'failure', cause: 'run-failed' }
    }))
    const facts: StepFacts = {
      deployments,
      judgement: { conclusion: 'failure', cause: 'run-failed' },
      warnings: []
    }
    const bodies: string[] = []
    await slackWebhook(slack.url, {
      frontEnd: 'cli',
      workingDirectory: workspace,
      log: { info: () => undefined } as never,
      secrets: { redactValue: (text: string) => text } as never,
      origins: [new URL(emulator.baseUrl).origin],
      workflowRunUrl: 'https://github.com/octo-org/octo-app/actions/runs/1',
      send: async request => {
        bodies.push(request.body)
        return { status: 200, body: 'ok' }
      }
    }).finish(facts)
    expect(bodies).toHaveLength(1)
    expect(slackRefusal(bodies[0]!)).toBeUndefined()
    const message = JSON.parse(bodies[0]!) as SlackStandIn['messages'][number]
    const sections = sectionsOf(message)
    expect(message.blocks!.length).toBeLessThanOrEqual(50)
    // 47 deployments shown, the other 17 counted and linked.
    expect(sections).toHaveLength(48)
    expect(sections.at(-1)).toMatch(
      /^And 17 more deployment\(s\) \(17 of them not passed\): <https:\/\/github\.com\/octo-org\/octo-app\/actions\/runs\/1\|the workflow run>/
    )
    for (const text of sections.slice(0, -1)) {
      expect(text).toMatch(/❌ failed/)
      // A code span is never cut open.
      expect((text.match(/`/g) ?? []).length % 2).toBe(0)
    }
  })

  it('64 deployments, one failed in the middle: the failed one shown in full, the fold only passed ones, the verdict first', async () => {
    const url = (i: number) => `${emulator.baseUrl}/runs/run_${i}`
    const deployments: Deployment[] = Array.from({ length: 64 }, (_, i) => {
      const failed = i === 52
      const bugs = failed
        ? [
            {
              name: 'Login crashes',
              number: 1,
              priority: 'urgent' as const,
              blocking: true,
              new: true,
              url: url(i)
            }
          ]
        : []
      return {
        name: `Mobile tests (${i === 52 ? 'iOS' : 'Android'}: com.example.app${i}, ${'フレーバー'.repeat(30)}-${i})`,
        failOnNoRun: true,
        warnings: [],
        runId: `run_${i}`,
        runUrl: url(i),
        verdict: {
          verdict: failed ? 'failed' : 'passed',
          greenlight: !failed,
          runId: `run_${i}`,
          runUrl: url(i),
          bugs,
          blockingBugs: bugs,
          timeoutMs: 60_000,
          answered: true
        },
        judgement: failed
          ? { conclusion: 'failure', cause: 'run-failed' }
          : { conclusion: 'success', cause: 'success' }
      }
    })
    const bodies: string[] = []
    await slackWebhook(slack.url, {
      frontEnd: 'cli',
      workingDirectory: workspace,
      log: { info: () => undefined } as never,
      secrets: { redactValue: (text: string) => text } as never,
      origins: [new URL(emulator.baseUrl).origin],
      workflowRunUrl: 'https://github.com/octo-org/octo-app/actions/runs/1',
      send: async request => {
        bodies.push(request.body)
        return { status: 200, body: 'ok' }
      }
    }).finish({
      deployments,
      judgement: { conclusion: 'failure', cause: 'run-failed' },
      warnings: []
    })
    expect(slackRefusal(bodies[0]!)).toBeUndefined()
    const message = JSON.parse(bodies[0]!) as SlackStandIn['messages'][number]
    expect(message.text).toBe('Mobile build deploy: ❌ 64 deployments: 1 failed, 63 passed')
    const sections = sectionsOf(message)
    const failed = sections.filter(text => text.includes('com.example.app52'))
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatch(/❌ failed \(blocking bugs\)/)
    expect(failed[0]).toMatch(/Login crashes/)
    expect(sections.at(-1)).toMatch(/^And \d+ more deployment\(s\), each ✅ passed: /)
    for (const text of sections.slice(0, -1).filter(text => text !== failed[0]))
      expect(text).toMatch(/✅ passed/)
  })

  it("a message Slack would refuse is refused by the stand-in, in Slack's words", () => {
    const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } })
    expect(slackRefusal('{')).toBe('invalid_payload')
    expect(slackRefusal(JSON.stringify({ blocks: Array(51).fill(section('x')) }))).toBe(
      'invalid_blocks'
    )
    expect(slackRefusal(JSON.stringify({ blocks: [section('x'.repeat(3001))] }))).toMatch(
      /over 3000/
    )
    expect(slackRefusal(JSON.stringify({ blocks: Array(5).fill(section('x'.repeat(2900))) }))).toBe(
      'msg_blocks_too_long'
    )
    expect(
      slackRefusal(
        JSON.stringify({ blocks: [{ type: 'header', text: { type: 'mrkdwn', text: 'x' } }] })
      )
    ).toMatch(/plain_text/)
    expect(slackRefusal(JSON.stringify({ text: 'fine' }))).toBeUndefined()
  })
})
