// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The bundle against both shapes of the deploy answer: as documented (spec
 * Part 2) and as the service's published client reads it (Part 3). Every
 * no-run case gets advice that matches its cause.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { errorLines } from '../../emulator/github-runner.js'
import { expectFailure, step, scalarOutputs } from '../helpers/harness.js'
import { bothShapes, clientKey, KEYS } from '../helpers/workspaces.js'
import { render } from '../helpers/markdown.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ workspaces: bothShapes() })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const shapes: [string, (key: string) => string][] = [
  ['documented answer', key => key],
  ["published client's answer", clientKey]
]

describe.each(shapes)('%s', (_shape, keyOf) => {
  it('a created run: runId and environmentId', async () => {
    const result = await step(emulator, { 'api-key': keyOf(KEYS.main) })
    expect(result.exitCode).toBe(0)
    const run = emulator.runs[0]!
    expect(result.outputs).toMatchObject({
      outcome: 'success',
      runId: run.id,
      environmentId: 'env_staging'
    })
    expect(result.stdout).toContain(`Run ${run.id} created on environment "staging".`)
    expect(render(result.summary).html).toContain('<code>env_staging</code>')
  })

  it('a repeated notification names the same run', async () => {
    const first = await step(emulator, { 'api-key': keyOf(KEYS.main) })
    const again = await step(emulator, { 'api-key': keyOf(KEYS.main) })
    expect(again.outputs.runId).toBe(first.outputs.runId)
    expect(again.stdout).toContain('the run already existed for this deployment')
  })

  it('no trigger matched: talks about mobile triggers and deployment-type', async () => {
    const result = await step(emulator, {
      'api-key': keyOf(KEYS.labelled),
      'deployment-type': 'ios'
    })
    expectFailure(
      result,
      'The service created no run: no trigger matched this deployment.',
      'mobile triggers are enabled',
      'deployment-type ("ios") matches its label'
    )
    expect(result.outputs).toMatchObject({ outcome: 'failed' })
    expect(result.outputs.runId).toBeUndefined()
  })

  it('billing: talks about billing only', async () => {
    const result = await step(emulator, { 'api-key': keyOf(KEYS.failing) })
    const error = expectFailure(result, 'billing-prevented', 'The plan has no runs left', 'billing')
    expect(error).not.toMatch(/mobile triggers|deployment-type/)
    expect(result.outputs).toMatchObject({ outcome: 'failed', environmentId: 'env_staging' })
  })

  it("a skipped deployment: gives the service's reason", async () => {
    const result = await step(emulator, { 'api-key': keyOf(KEYS.skipping) })
    const error = expectFailure(
      result,
      'the service skipped the deployment: Deployments are paused — paused'
    )
    expect(error).not.toMatch(/mobile triggers|deployment-type/)
  })

  it('no environment matched: talks about the naming convention', async () => {
    const result = await step(emulator, { 'api-key': keyOf(KEYS.noEnvironment) })
    const error = expectFailure(result, 'no environment matched this deployment', 'name-prefix')
    expect(error).not.toMatch(/mobile triggers|deployment-type/)
    expect(scalarOutputs(result.outputs)).toEqual({ outcome: 'failed' })
  })

  it('no run with fail-on-no-run: false is a warning', async () => {
    const result = await step(emulator, {
      'api-key': keyOf(KEYS.noTriggers),
      'fail-on-no-run': 'false'
    })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/^::warning title=No run created::The service created no run/m)
    expect(errorLines(result.stdout)).toEqual([])
  })
})

describe('a preview environment with no trigger', () => {
  const inputs = { 'ephemeral-environment': 'true' }

  it("is a success without a run in the published client's answer", async () => {
    const result = await step(emulator, { 'api-key': clientKey(KEYS.noTriggers), ...inputs })
    expect(result.exitCode).toBe(0)
    expect(scalarOutputs(result.outputs)).toEqual({
      outcome: 'success',
      environmentId: 'env_staging'
    })
    expect(result.stdout).toMatch(
      /^::notice title=No run for this preview::No run was created for this preview deployment on environment "staging"/m
    )
    expect(result.summary).toContain('preview deployment, no run')
    expect(emulator.runs).toHaveLength(0)
  })

  it('is no run in the documented answer, which has no preview flag', async () => {
    const result = await step(emulator, { 'api-key': KEYS.noTriggers, ...inputs })
    expectFailure(result, 'no trigger matched', 'mobile triggers are enabled')
  })
})

describe('error bodies', () => {
  it('quote the event id for support', async () => {
    const result = await step(emulator, { 'api-key': 'not-a-key-of-any-workspace' })
    expectFailure(
      result,
      'answered 401 Unauthorized (UNAUTHORIZED: API key missing or invalid)',
      'Check api-key and the secret',
      'give this id to support'
    )
    expect(errorLines(result.stdout)[0]).toMatch(/Event id evt_[0-9a-f]{12}: give this id/)
  })
})
