/**
 * The run's verdict through the bundle: waiting after the notification, wait
 * only, and ending a preview environment, against runs whose lifecycle the
 * emulator plays out in about a second (the poll interval is 1 s here).
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { errorLines } from '../../emulator/github-runner.js'
import type { Lifecycle } from '../../emulator/lifecycle.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { expectFailure, foreignCommands, requestsOf, step } from '../helpers/harness.js'
import { testWorkspaces } from '../helpers/workspaces.js'
import { render } from '../helpers/markdown.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: testWorkspaces() })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const env = { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }
const quick = { initializingMs: 300, underReviewMs: 300 }

/** Notifies (no build needed) with the run's lifecycle in its variables, and waits. */
function deployAndWait(lifecycle: Partial<Lifecycle>, inputs: Record<string, string> = {}) {
  return step(
    emulator,
    {
      wait: 'true',
      variables: JSON.stringify({ EMULATOR_RUN: JSON.stringify({ ...quick, ...lifecycle }) }),
      ...inputs
    },
    { env }
  )
}

describe('wait: true', () => {
  it('passes: verdict outputs, one line per stage, the summary with the link', async () => {
    // Each stage lasts seconds, far from the asks' pace, so that every stage is seen even on a busy machine.
    const result = await deployAndWait({
      final: 'passed',
      initializingMs: 3000,
      underReviewMs: 3000
    })
    expect(result.exitCode).toBe(0)
    const runId = emulator.runs[0]!.id
    expect(result.outputs).toMatchObject({
      outcome: 'success',
      runId,
      verdict: 'passed',
      greenlight: 'true',
      runUrl: `${emulator.baseUrl}/runs/${runId}`,
      blockingBugsCount: '0',
      nonBlockingBugsCount: '0',
      bugs: '[]'
    })
    const stages = result.stdout.split('\n').filter(line => line.startsWith(`Run ${runId}:`))
    expect(stages).toEqual([
      `Run ${runId}: initializing (the flows are starting).`,
      expect.stringMatching(new RegExp(`^Run ${runId}: under review`)),
      `Run ${runId}: completed, green.`
    ])
    expect(result.summary).toContain('✅ passed')
    expect(render(result.summary).html).toContain(`<a href="${emulator.baseUrl}/runs/${runId}">`)
    expect(
      requestsOf(emulator, 'greenlight').every(r => r.headers.authorization?.startsWith('Bearer '))
    ).toBe(true)
  })

  it('fails on blocking bugs, naming them with their links', async () => {
    const result = await deployAndWait({
      final: 'failed',
      bugs: [
        { name: 'Login crashes', priority: 'urgent' },
        { name: 'Typo on the about page', priority: 'low' }
      ]
    })
    const runId = emulator.runs[0]!.id
    expectFailure(
      result,
      `Run ${runId} failed with 1 blocking bug(s): #1 "Login crashes" (urgent, new) ${emulator.baseUrl}/runs/${runId}/bugs/1.`,
      `See ${emulator.baseUrl}/runs/${runId}`
    )
    expect(result.outputs).toMatchObject({
      verdict: 'failed',
      greenlight: 'false',
      blockingBugsCount: '1',
      nonBlockingBugsCount: '1'
    })
    expect(JSON.parse(result.outputs.bugs!)).toEqual([
      {
        name: 'Login crashes',
        number: 1,
        priority: 'urgent',
        blocking: true,
        new: true,
        url: `${emulator.baseUrl}/runs/${runId}/bugs/1`
      },
      {
        name: 'Typo on the about page',
        number: 2,
        priority: 'low',
        blocking: false,
        new: true,
        url: `${emulator.baseUrl}/runs/${runId}/bugs/2`
      }
    ])
    const summary = render(result.summary).html
    expect(summary).toContain('<h4>Bugs</h4>')
    expect(summary).toContain(
      `<a href="${emulator.baseUrl}/runs/${runId}/bugs/1"><code>#1 Login crashes</code></a>`
    )
  })

  it('passes with only non-blocking bugs', async () => {
    const result = await deployAndWait({
      final: 'passed',
      bugs: [{ name: 'Typo', priority: 'low', isBlocking: false }]
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      verdict: 'passed',
      nonBlockingBugsCount: '1',
      blockingBugsCount: '0'
    })
  })

  it('fails when the run is canceled', async () => {
    const result = await deployAndWait({ final: 'canceled' })
    expectFailure(result, 'was canceled at the service')
    expect(result.outputs.verdict).toBe('canceled')
  })

  it('times out, says the run goes on, and how to wait again later', async () => {
    const result = await deployAndWait(
      { initializingMs: 600_000 },
      { 'wait-timeout-minutes': '0.02' }
    )
    const runId = emulator.runs[0]!.id
    expectFailure(
      result,
      'timed out after 1 s; the run goes on at the service',
      `run-id: ${runId}`,
      'wait-timeout-minutes'
    )
    expect(result.outputs).toMatchObject({ verdict: 'timed-out', greenlight: 'false', runId })
  })

  it('asks again while the run does not exist yet', async () => {
    const result = await deployAndWait({ notFoundMs: 800 })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('is not there yet; asking again.')
    expect(requestsOf(emulator, 'greenlight').some(r => r.status === 404)).toBe(true)
  })

  it('tells a workspace without the verdict endpoint as such, after the grace, not as a wrong address', async () => {
    emulator.faults.add({ route: 'greenlight', status: 404, times: 1000 })
    const result = await deployAndWait({})
    const error = expectFailure(
      result,
      'which this step',
      'the verdict endpoint (GET /api/v0/ci-greenlight/{runId}, docs/requests.md) is not available for this workspace',
      'The run goes on at the service',
      'Ask the service',
      'deploy without waiting for the verdict'
    )
    expect(error).not.toMatch(/base-url|Check run-id|Please report/)
    expect(result.outputs.runId).toMatch(/^run_/)
  })

  it('asks again after a 5xx while polling', async () => {
    emulator.faults.add({
      route: 'greenlight',
      status: 503,
      times: 2,
      body: '{"failureCode":"TRANSACTION_TIMEOUT"}'
    })
    const result = await deployAndWait({})
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('Asking for the verdict failed')
    expect(requestsOf(emulator, 'greenlight').filter(r => r.status === 503)).toHaveLength(2)
  })

  it('stops at once on a 401 while polling (the ask for the run page before it is only a notice)', async () => {
    emulator.faults.add({
      route: 'greenlight',
      status: 401,
      times: 2,
      body: '{"failureCode":"UNAUTHORIZED"}'
    })
    const result = await deployAndWait({})
    expectFailure(result, '401 Unauthorized', 'Check api-key')
    expect(result.stdout).toMatch(
      /::notice title=Run page unknown::The page of run run_\w+ could not be asked for/
    )
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(2)
  })

  it('does not wait when no run was created', async () => {
    const result = await step(
      emulator,
      { wait: 'true', 'fail-on-no-run': 'false', 'api-key': 'key-no-triggers-workspace-0002' },
      { env }
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('No run was created, so there is no verdict to wait for.')
    expect(requestsOf(emulator, 'greenlight')).toHaveLength(0)
  })
})

describe('run-id: wait only', () => {
  it("waits for an earlier run's verdict and sends nothing else", async () => {
    await step(emulator, { variables: JSON.stringify({ EMULATOR_RUN: JSON.stringify(quick) }) })
    const runId = emulator.runs[0]!.id
    emulator.requests.length = 0
    const result = await step(emulator, { 'run-id': runId }, { env })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verdict: 'passed', greenlight: 'true' })
    expect(new Set(emulator.requests.map(r => r.route))).toEqual(new Set(['greenlight']))
  })

  it('follows a run that superseded the one asked about', async () => {
    const slow = JSON.stringify({ EMULATOR_RUN: JSON.stringify({ initializingMs: 600_000 }) })
    await step(emulator, { variables: slow, 'deduplication-key': 'pr-7' }, { sha: 'aaaaaaa' })
    await step(
      emulator,
      {
        variables: JSON.stringify({ EMULATOR_RUN: JSON.stringify(quick) }),
        'deduplication-key': 'pr-7'
      },
      { sha: 'bbbbbbb' }
    )
    const [first, second] = emulator.runs
    const result = await step(emulator, { 'run-id': first!.id }, { env })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain(`Run ${first!.id} was superseded by run ${second!.id}`)
    expect(result.outputs).toMatchObject({
      verdict: 'passed',
      runUrl: `${emulator.baseUrl}/runs/${second!.id}`
    })
  })

  it.each([
    [{ 'run-id': 'run/x' }, "Input 'run-id'", 'not a run id'],
    [{ 'run-id': 'run_1', file: 'app.apk' }, "Input 'run-id'", 'cannot be combined with file'],
    [
      { wait: 'true', 'wait-timeout-minutes': 'soon' },
      "Input 'wait-timeout-minutes'",
      'is not a number above 0 to 360'
    ],
    [{ wait: 'maybe' }, "Input 'wait'", 'Use true or false']
  ])('refuses %j', async (inputs, named, words) => {
    const result = await step(emulator, inputs)
    expectFailure(result, named, words)
    expect(emulator.requests).toHaveLength(0)
  })
})

describe('terminate-environment', () => {
  it('ends an environment once (200), then finds it ended (409), and sends nothing else', async () => {
    const inputs = { 'terminate-environment': 'true', 'environment-id': 'env_staging' }
    const first = await step(emulator, inputs)
    expect(first.exitCode).toBe(0)
    expect(first.stdout).toContain('is ended (env_staging); the service stops testing it.')
    expect(requestsOf(emulator, 'terminate')[0]!.body).toEqual({ environmentId: 'env_staging' })
    const again = await step(emulator, inputs)
    expect(again.exitCode).toBe(0)
    expect(again.stdout).toContain('was already ended.')
    expect(new Set(emulator.requests.map(r => r.route))).toEqual(new Set(['terminate']))
    expect(again.summary).toContain('already ended before')
  })

  it('by alias or by deployment URL', async () => {
    const byAlias = await step(emulator, {
      'terminate-environment': 'true',
      'environment-alias': 'production'
    })
    expect(byAlias.exitCode).toBe(0)
    expect(requestsOf(emulator, 'terminate')[0]!.body).toEqual({ environmentAlias: 'production' })
  })

  it('fails on 404 with advice', async () => {
    const result = await step(emulator, {
      'terminate-environment': 'true',
      'environment-id': 'env_gone'
    })
    expectFailure(
      result,
      '404 Not Found',
      'no environment with this environmentId',
      'Check environment-id'
    )
  })

  it.each([
    [
      {},
      'Name the environment to end with exactly one of environment-id, environment-alias, deployment-url or name-prefix'
    ],
    [{ 'environment-id': 'env_a', 'environment-alias': 'a' }, 'is set beside environment-id'],
    [
      { 'environment-id': 'env_a', file: 'app.apk' },
      'cannot be combined with terminate-environment: true'
    ]
  ])('refuses %j', async (inputs, words) => {
    const result = await step(emulator, { 'terminate-environment': 'true', ...inputs })
    expectFailure(result, words)
    expect(emulator.requests).toHaveLength(0)
  })
})

it('prints no workflow command from the service in any of this', async () => {
  const result = await deployAndWait({
    final: 'failed',
    bugs: [{ name: 'x\n::stop-commands::t\n##[add-mask]y', priority: 'urgent' }]
  })
  expect(result.exitCode).toBe(1)
  expect(errorLines(result.stdout)).toHaveLength(1)
  expect(foreignCommands(result)).toEqual([])
})
