/**
 * The Bitrise step (bitrise/step.yml and step.sh), run as Bitrise's CLI runs
 * a steplib step (helpers/bitrise.ts), with the packed package as the CLI,
 * against the emulator: inputs from Bitrise's own variables, outputs through
 * envman exactly as they are, the verdict's JUnit report and test-info.json in
 * the step's test-result folder, exit codes, hostile names inert.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { OUTPUTS } from '../../src/core/index.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { inputKey, runStep, stepYml, type StepRun } from '../helpers/bitrise.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'
import { codeBlocks } from '../helpers/docs.js'
import { parse } from 'yaml'
import { execFileSync } from 'node:child_process'

let emulator: Emulator
let tarball: string

beforeAll(async () => {
  emulator = await startEmulator()
  tarball = await packedTarball(await freshWorkspace())
}, 300_000)
afterAll(() => emulator.close())

/** A Bitrise build's variables: a pull request's build with the app's secrets. */
function bitriseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    CI: 'true',
    BITRISE_IO: 'true',
    BITRISE_BUILD_NUMBER: '318',
    BITRISE_GIT_BRANCH: 'feature/login',
    BITRISE_GIT_COMMIT: 'b'.repeat(40),
    GIT_REPOSITORY_URL: 'https://github.com/mobile/shop.git',
    BITRISE_PULL_REQUEST: '12',
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1',
    ...extra
  }
}

const outputsOf = (run: StepRun) => Object.fromEntries(run.envman.map(c => [c.key, c.value]))

describe('the Bitrise step, run as Bitrise runs it', () => {
  it("declares the steplib's fields, a sensitive key read from a variable, and every output of the product", async () => {
    const step = await stepYml()
    expect(step).toMatchObject({ toolkit: { bash: { entry_file: 'step.sh' } } })
    expect([step.title, step.summary, step.website].every(Boolean)).toBe(true)
    const apiKey = step.inputs.find(i => inputKey(i) === 'api_key')!
    expect(apiKey).toMatchObject({
      api_key: '$SERVICE_API_KEY',
      opts: { is_sensitive: true, is_expand: true }
    })
    const defaults = Object.fromEntries(step.inputs.map(i => [inputKey(i), i[inputKey(i)]]))
    expect(defaults).toMatchObject({
      apk_path: '$BITRISE_APK_PATH',
      aab_path: '$BITRISE_AAB_PATH',
      ipa_path: '$BITRISE_IPA_PATH',
      branch: '$BITRISE_GIT_BRANCH',
      pull_request: '$BITRISE_PULL_REQUEST'
    })
    expect(step.outputs.map(o => Object.keys(o).find(k => k !== 'opts'))).toEqual(
      Object.keys(OUTPUTS)
    )
  })

  it('deploys the APK an Android step exported, waits, sets the outputs and reports the verdict', async () => {
    const built = await writeArtifact("app-$(touch pwned)-'x'`id`.apk")
    const run = await runStep(
      built.workspace,
      bitriseEnv({
        BITRISE_APK_PATH: built.path,
        BITRISE_GIT_BRANCH: "fix/$(touch pwned2)'"
      }),
      { cli_package: tarball, name_prefix: 'shop', wait: 'true' }
    )
    if (run.code !== 0) console.log(run.output)
    expect(run.code).toBe(0)
    const created = emulator.runs.find(r => r.runInputPath === 'shop-mobile-shop-pr12.apk')!
    expect(created).toMatchObject({ branch: "fix/$(touch pwned2)'", pullRequestNumber: 12 })
    expect(run.envman.every(call => !call.expand)).toBe(true)
    expect(outputsOf(run)).toMatchObject({
      runId: created.id,
      playgroundFileLocation: 'shop-mobile-shop-pr12.apk',
      artifactSha256: built.sha256,
      verdict: 'passed',
      greenlight: 'true'
    })
    // One run folder with the report and the test-info.json Deploy to Bitrise.io needs.
    const folder = join(run.testResultDir, 'mobile-build-deploy')
    expect((await readdir(folder)).sort()).toEqual(['mobile-build-deploy.xml', 'test-info.json'])
    expect(JSON.parse(await readFile(join(folder, 'test-info.json'), 'utf8'))).toEqual({
      'test-name': 'Mobile build deploy'
    })
    expect(
      await junitProblems(await readFile(join(folder, 'mobile-build-deploy.xml'), 'utf8'))
    ).toEqual([])
    for (const file of ['pwned', 'pwned2'])
      expect(existsSync(join(built.workspace, file))).toBe(false)
    expect(run.output).not.toContain(DEMO_API_KEY)
  }, 120_000)

  it('the workflow of docs/bitrise.md: the step between an Android build and a script that reads its outputs', async () => {
    const [block] = await codeBlocks('docs/bitrise.md', 'yaml')
    const workflow = parse(block!) as {
      workflows: { primary: { steps: Record<string, { inputs?: Record<string, string>[] }>[] } }
    }
    const cwd = await freshWorkspace()
    const env = bitriseEnv()
    let step: StepRun | undefined
    let script = ''
    for (const entry of workflow.workflows.primary.steps) {
      const [id, spec] = Object.entries(entry)[0]!
      const inputs = Object.assign({}, ...(spec.inputs ?? [])) as Record<string, string>
      if (id.startsWith('android-build@')) {
        // Android Build exports the APK it built as BITRISE_APK_PATH.
        env.BITRISE_APK_PATH = (await writeArtifact('app-release.apk', 65536, cwd)).path
      } else if (id.startsWith('path::')) {
        step = await runStep(cwd, env, { ...inputs, cli_package: tarball })
        expect(step.code).toBe(0)
      } else if (id.startsWith('script@')) {
        // A later step's environment holds what the step set through envman.
        const outputs = outputsOf(step!)
        script = execFileSync('bash', ['-c', inputs.content!], {
          cwd,
          env: { ...env, ...outputs, PATH: process.env.PATH },
          encoding: 'utf8'
        })
      }
    }
    const run = emulator.runs.find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(script).toBe(`Run ${run.id} tested myapp-staging.apk (passed)\n`)
  }, 120_000)

  it('blocking bugs: exit code 3, the failure in the report, the bugs output exact', async () => {
    const built = await writeArtifact('app-release.ipa')
    const bug = "Checkout crash `id` $(touch pwned) 'quoted' #"
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_IPA_PATH: built.path }), {
      cli_package: tarball,
      wait: 'true',
      variables: JSON.stringify({
        EMULATOR_RUN: JSON.stringify({
          initializingMs: 200,
          underReviewMs: 200,
          final: 'failed',
          bugs: [{ name: bug }]
        })
      })
    })
    expect(run.code).toBe(3)
    const outputs = outputsOf(run)
    expect(outputs.verdict).toBe('failed')
    expect((JSON.parse(outputs.bugs!) as { name: string }[])[0]!.name).toBe(bug)
    const xml = await readFile(
      join(run.testResultDir, 'mobile-build-deploy', 'mobile-build-deploy.xml'),
      'utf8'
    )
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml).filter(c => c.failure).length).toBeGreaterThan(0)
    expect(existsSync(join(built.workspace, 'pwned'))).toBe(false)
  }, 120_000)

  it('deploys the IPA without waiting: outputs set, the report says the verdict was not waited for', async () => {
    const built = await writeArtifact('MyApp.ipa')
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_IPA_PATH: built.path }), {
      cli_package: tarball,
      destination: 'ios/MyApp.ipa'
    })
    expect(run.code).toBe(0)
    expect(outputsOf(run)).toMatchObject({
      playgroundFileLocation: 'ios/MyApp.ipa',
      outcome: 'success'
    })
    expect(outputsOf(run).verdict).toBeUndefined()
    const xml = await readFile(
      join(run.testResultDir, 'mobile-build-deploy', 'mobile-build-deploy.xml'),
      'utf8'
    )
    expect(junitCases(xml)).toEqual([{ name: 'Verdict', skipped: true }])
  }, 120_000)

  it('two exported builds and no Build path: exit code 2 naming the inputs, before any request', async () => {
    const apk = await writeArtifact('app.apk')
    const aab = await writeArtifact('app.aab', 1024, apk.workspace)
    const before = emulator.requests.length
    const run = await runStep(
      apk.workspace,
      bitriseEnv({ BITRISE_APK_PATH: apk.path, BITRISE_AAB_PATH: aab.path }),
      { cli_package: tarball }
    )
    expect(run.code).toBe(2)
    expect(run.output).toContain('apk_path aab_path are all set')
    expect(run.output).toContain('Build path input (file)')
    expect(emulator.requests.length).toBe(before)
    expect(run.envman).toEqual([])
  })

  it('no key in the secrets: exit code 2 naming it, before any request', async () => {
    const built = await writeArtifact('app.apk')
    const before = emulator.requests.length
    const run = await runStep(
      built.workspace,
      bitriseEnv({ BITRISE_APK_PATH: built.path, SERVICE_API_KEY: '' }),
      { cli_package: tarball }
    )
    expect(run.code).toBe(2)
    expect(run.output).toMatch(/api-key|SERVICE_API_KEY/)
    expect(emulator.requests.length).toBe(before)
    // No report of a deploy that never started, and no empty run folder for Deploy to Bitrise.io to trip on.
    expect(await readdir(run.testResultDir)).toEqual([])
  }, 120_000)
})
