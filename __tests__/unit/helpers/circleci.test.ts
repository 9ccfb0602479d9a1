/**
 * The stand-in that runs the orb (helpers/circleci.ts) refuses what CircleCI
 * refuses, before any step runs: a step named like a built-in step that
 * would have to be the orb's command, an unknown key in a step, a command or a
 * job, a missing required parameter, a value of the wrong type or outside its
 * enum. Each refusal is shown beside the accepted form it differs from, on the
 * packed orb or a copy of it changed in one place.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from '@jest/globals'
import {
  checkOrb,
  compileConfigSteps,
  compileOrbJob,
  compileWorkflow,
  packedOrb,
  Refused,
  runJob,
  type CompiledStep,
  type Orb
} from '../../../emulator/circleci.js'
import { freshWorkspace } from '../../helpers/harness.js'

let orb: Orb
beforeAll(async () => {
  orb = await packedOrb()
})

/** The packed orb, changed by `change`. */
function changed(change: (copy: Orb) => void): Orb {
  const copy = structuredClone(orb)
  change(copy)
  return copy
}

const deployStep = (given: Record<string, unknown>) => [
  { 'mobile-build-deploy/deploy_build': given }
]
const runs = (steps: CompiledStep[]) => steps.flatMap(s => (s.kind === 'run' ? [s] : []))

/** The job running the orb's job `deploy` after a build job, as a config's workflow gives it. */
const workflow = (given: Record<string, unknown>) => ({
  version: 2.1,
  orbs: { 'mobile-build-deploy': 'owner/mobile-build-deploy@1' },
  workflows: { build: { jobs: [{ 'mobile-build-deploy/deploy': given }] } }
})

async function refusal(compiling: Promise<unknown>): Promise<string> {
  const error = await compiling.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(Refused)
  return (error as Refused).message
}

describe('a step named like a built-in step', () => {
  it("is CircleCI's built-in: the orb's job reaches its command by the command's own name", async () => {
    const steps = await compileOrbJob(orb, 'deploy', { file: 'app.apk' })
    expect(runs(steps).map(s => s.name)).toContain('Deploy the build to the test service')
  })

  it('an orb naming a command like a built-in is refused; a job calling it gets the built-in, which takes no file', async () => {
    const named = changed(copy => {
      copy.commands.deploy = copy.commands.deploy_build!
      delete copy.commands.deploy_build
      copy.jobs.deploy!.steps = copy.jobs.deploy!.steps.map(step =>
        step && typeof step === 'object' && 'deploy_build' in step
          ? { deploy: (step as { deploy_build: unknown }).deploy_build }
          : step
      )
    })
    expect(await refusal(checkOrb(named))).toMatch(
      "The orb's command deploy is named like CircleCI's built-in step deploy"
    )
    expect(await refusal(compileOrbJob(named, 'deploy', { file: 'app.apk' }))).toMatch(
      /the built-in step deploy in the orb's job deploy takes no .*\bfile, .*name_prefix, .*CircleCI runs its built-in deploy/
    )
    // A config's own step `deploy` is the built-in too.
    expect(await refusal(compileConfigSteps(orb, [{ deploy: { file: 'app.apk' } }]))).toMatch(
      'the built-in step deploy in the job takes no file'
    )
  })
})

describe('an unknown key', () => {
  it("in a built-in step: a run takes CircleCI's keys only", async () => {
    const accepted = await compileConfigSteps(orb, [
      { run: { name: 'Build', command: 'true', when: 'always' } }
    ])
    expect(runs(accepted)).toHaveLength(1)
    expect(
      await refusal(compileConfigSteps(orb, [{ run: { command: 'true', comand: 'x' } }]))
    ).toMatch('the built-in step run in the job takes no comand')
  })

  it("in a command's invocation: a parameter the command does not declare", async () => {
    expect(runs(await compileConfigSteps(orb, deployStep({ file: 'a.apk' }))).length).toBe(2)
    expect(
      await refusal(compileConfigSteps(orb, deployStep({ file: 'a.apk', wait_timeout: 5 })))
    ).toMatch('Parameter wait_timeout is not defined for command deploy_build')
    expect(await refusal(compileWorkflow(orb, workflow({ file: 'a.apk', fil: 'b' })))).toMatch(
      'Parameter fil is not defined for job deploy'
    )
  })

  it("in a command's or a job's definition: CircleCI's schema has no such key", async () => {
    await expect(checkOrb(orb)).resolves.toBeUndefined()
    const command = changed(copy => {
      ;(copy.commands.wait as unknown as Record<string, unknown>).shell = '/bin/sh'
    })
    expect(await refusal(checkOrb(command))).toMatch(
      '/commands/wait must NOT have additional properties {"additionalProperty":"shell"}'
    )
    const job = changed(copy => {
      copy.jobs.deploy!.timeout = '10m'
    })
    expect(await refusal(checkOrb(job))).toMatch(
      '/jobs/deploy must NOT have additional properties {"additionalProperty":"timeout"}'
    )
  })
})

describe('a missing required parameter', () => {
  it("of a command or of the orb's job is refused", async () => {
    const skip = [{ 'mobile-build-deploy/skip': { skip_reason: 'docs only' } }]
    expect(await refusal(compileConfigSteps(orb, skip))).toMatch(
      'Parameter expected_app_id is required for command skip'
    )
    // The orb's job requires none (a deploy of an earlier upload gives no file): one made required.
    const fileRequired = changed(copy => {
      delete (copy.jobs.deploy!.parameters!.file as { default?: unknown }).default
    })
    expect(await refusal(compileWorkflow(fileRequired, workflow({ wait: true })))).toMatch(
      'Parameter file is required for job deploy'
    )
    await expect(compileWorkflow(orb, workflow({ wait: true }))).resolves.toHaveLength(1)
  })
})

describe('a value of the wrong type', () => {
  const environmentOf = async (given: Record<string, unknown>) =>
    runs(await compileConfigSteps(orb, deployStep({ file: 'a.apk', ...given })))[0]!.environment

  it('a boolean: true/false or a YAML 1.1 word, which CircleCI gives a step as 1 or 0', async () => {
    expect((await environmentOf({ wait: true })).PARAM_WAIT).toBe('1')
    expect((await environmentOf({ wait: 'off' })).PARAM_WAIT).toBe('0')
    expect(await refusal(environmentOf({ wait: 'maybe' }))).toMatch(
      'Parameter wait of command deploy_build must be a boolean, not "maybe"'
    )
  })

  it('an integer, a string, an environment variable name', async () => {
    expect((await environmentOf({ wait_timeout_minutes: 5 })).PARAM_WAIT_TIMEOUT_MINUTES).toBe('5')
    expect(await refusal(environmentOf({ wait_timeout_minutes: '5' }))).toMatch(
      'must be an integer, not "5"'
    )
    expect(await refusal(environmentOf({ wait_timeout_minutes: 1.5 }))).toMatch(
      'must be an integer, not 1.5'
    )
    // An unquoted `true` or 2024 is not a string for CircleCI.
    expect(await refusal(environmentOf({ environment: 2024 }))).toMatch(
      'Parameter environment of command deploy_build must be a string, not 2024'
    )
    expect((await environmentOf({ api_key: 'SHOP_API_KEY' })).PARAM_API_KEY).toBe('SHOP_API_KEY')
    expect(await refusal(environmentOf({ api_key: 'SHOP API KEY' }))).toMatch(
      'Parameter api_key of command deploy_build must be the name of an environment variable'
    )
    expect(await refusal(environmentOf({ api_key: '$(id)' }))).toMatch(
      'must be the name of an environment variable'
    )
  })

  it('an enum: one of its values, in an invocation and as a default', async () => {
    const withEnum = (fallback: string) =>
      changed(copy => {
        copy.commands.deploy_build!.parameters!.track = {
          type: 'enum',
          enum: ['internal', 'beta'],
          default: fallback,
          description: 'A track.'
        }
      })
    const beta = await compileConfigSteps(
      withEnum('internal'),
      deployStep({ file: 'a.apk', track: 'beta' })
    )
    expect(runs(beta)).toHaveLength(2)
    expect(
      await refusal(
        compileConfigSteps(withEnum('internal'), deployStep({ file: 'a.apk', track: 'alpha' }))
      )
    ).toMatch('Parameter track of command deploy_build must be one of internal, beta, not "alpha"')
    expect(await refusal(checkOrb(withEnum('production')))).toMatch(
      'the default of track of command deploy_build must be one of internal, beta'
    )
  })

  it('a reference to a parameter the command does not declare', async () => {
    const stray = changed(copy => {
      copy.commands.wait!.steps.push({ run: { name: 'x', command: 'echo << parameters.nope >>' } })
    })
    expect(await refusal(compileConfigSteps(stray, [{ 'mobile-build-deploy/wait': {} }]))).toMatch(
      "Parameter nope is not defined in the orb's command wait"
    )
  })
})

describe('compiling comes before running', () => {
  it('a refused step later in the job keeps the earlier ones from running', async () => {
    const cwd = await freshWorkspace()
    const ran = (steps: unknown[]) => runJob(orb, steps, cwd, {})
    expect((await ran([{ run: 'touch accepted' }])).code).toBe(0)
    expect(existsSync(join(cwd, 'accepted'))).toBe(true)
    expect(
      await refusal(ran([{ run: 'touch refused' }, ...deployStep({ file: 'a', wait: 'maybe' })]))
    ).toMatch('must be a boolean')
    expect(existsSync(join(cwd, 'refused'))).toBe(false)
  })
})
