/**
 * The Bitrise step (bitrise/step.yml and step.sh), run as Bitrise's CLI runs
 * a step from its own folder (helpers/bitrise.ts), installing the packed
 * package as the release's tarball through a file:// URL with its real
 * SHA-256, against the emulator: inputs from Bitrise's own variables, outputs
 * through envman exactly as they are, the verdict's JUnit report and
 * test-info.json in the step's test-result folder, exit codes, hostile names
 * sanitized, a wrong pin refused before the CLI runs, the key in the CLI's
 * process alone.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { WRITTEN_APPS } from '../../emulator/builds.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { runStep, stackNode, type StepRun } from '../../emulator/bitrise-step.js'
import { junitCases, junitProblems, junitSuite } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { runCopyBlock } from '../helpers/copies.js'
import { parse } from 'yaml'
import { execFileSync } from 'node:child_process'
import { expectReported, startReportTargets } from '../helpers/report-targets.js'
import { WRITE_TOKEN as GITHUB_WRITE_TOKEN } from '../../emulator/github-api.js'

let emulator: Emulator
let tarballSha256: string
/** The CLI's inputs: the packed package as the release's tarball, with its real SHA-256. */
let cli: { cli_package: string; cli_sha256: string }

beforeAll(async () => {
  emulator = await startEmulator()
  const tarball = await packedTarball(await freshWorkspace())
  tarballSha256 = createHash('sha256')
    .update(await readFile(tarball))
    .digest('hex')
  cli = { cli_package: pathToFileURL(tarball).href, cli_sha256: tarballSha256 }
  // Looked up before the suite's clock starts.
  await stackNode()
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

interface NodeStart {
  /** Its first argument: `-e` for the installer, the CLI's entry point for the CLI, envman's script. */
  first: string
  env: string
}

/** A `node` first on PATH that records each start (its first argument and its environment) and runs the stack's node. */
async function recordingNode(): Promise<{ dir: string; starts: () => Promise<NodeStart[]> }> {
  const dir = await mkdtemp(join(await freshWorkspace(), 'node-'))
  const log = await mkdtemp(join(dir, 'starts-'))
  const shim = join(dir, 'node')
  await writeFile(
    shim,
    `#!/bin/sh\nf="$(mktemp '${log}/start.XXXXXX')"\n{ printf '%s\\n' "$1"; env; } > "$f"\nexec '${await stackNode()}' "$@"\n`
  )
  await chmod(shim, 0o755)
  const starts = async () =>
    Promise.all(
      (await readdir(log)).map(async name => {
        const text = await readFile(join(log, name), 'utf8')
        const newline = text.indexOf('\n')
        return { first: text.slice(0, newline), env: text.slice(newline + 1) }
      })
    )
  return { dir, starts }
}

const isCli = (start: NodeStart) => start.first.endsWith('/package/build/cli/index.js')

type WorkflowSteps = Record<string, { inputs?: Record<string, string>[] }>[]
interface BitriseYml {
  pipelines?: Record<string, { workflows?: Record<string, unknown> }>
  workflows: Record<string, { steps: WorkflowSteps }>
}

/**
 * A workflow of the docs run step by step as Bitrise would: Android Build and Xcode Archive export a build
 * (only its path is filled in), the step runs from the folder its path:: names with the CLI from the packed
 * tarball, a script step runs with what the step set through envman. `extra` adds inputs of the test's own
 * (the emulator's judgement); an expected app id is the written builds' (the docs name the reader's app).
 */
async function runWorkflow(
  workflow: { steps: WorkflowSteps },
  cwd: string,
  base: Record<string, string> = bitriseEnv(),
  extra: Record<string, string> = {}
): Promise<{ steps: StepRun[]; scripts: string[] }> {
  const env = { ...base }
  const steps: StepRun[] = []
  const scripts: string[] = []
  for (const entry of workflow.steps) {
    const [id, spec] = Object.entries(entry)[0]!
    const inputs = Object.assign({}, ...(spec.inputs ?? [])) as Record<string, string>
    if (id.startsWith('android-build@')) {
      env.BITRISE_APK_PATH = (await writeArtifact('app-release.apk', 65536, cwd)).path
    } else if (id.startsWith('xcode-archive@')) {
      env.BITRISE_IPA_PATH = (await writeArtifact('MyApp.ipa', 65536, cwd)).path
    } else if (id.startsWith('path::')) {
      if (inputs.expected_app_id)
        inputs.expected_app_id = inputs.expected_app_id.includes(':')
          ? `android:${WRITTEN_APPS.apk.appId} ios:${WRITTEN_APPS.ipa.appId}`
          : env.BITRISE_IPA_PATH
            ? WRITTEN_APPS.ipa.appId
            : WRITTEN_APPS.apk.appId
      const ran = await runStep(
        cwd,
        env,
        { ...inputs, ...extra, ...cli },
        { path: id.slice('path::'.length) }
      )
      steps.push(ran)
      // As Bitrise does: a step's envman outputs are the environment of the steps after it.
      Object.assign(env, outputsOf(ran))
    } else if (id.startsWith('script@')) {
      scripts.push(
        execFileSync('bash', ['-c', inputs.content!], {
          cwd,
          env: { ...env, ...outputsOf(steps.at(-1)!), PATH: process.env.PATH },
          encoding: 'utf8'
        })
      )
    }
  }
  return { steps, scripts }
}

describe('the Bitrise step, run as Bitrise runs it', () => {
  it('deploys the APK an Android step exported, waits, sets the outputs and reports the verdict', async () => {
    const built = await writeArtifact("app-$(touch pwned)-'x'`id`.apk")
    const run = await runStep(
      built.workspace,
      bitriseEnv({
        BITRISE_APK_PATH: built.path,
        BITRISE_GIT_BRANCH: "fix/$(touch pwned2)'"
      }),
      { ...cli, name_prefix: 'shop', wait: 'true' }
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
      greenlight: 'true',
      ...WRITTEN_APPS.apk
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

  it('refuses a build of another app before any request (expected_app_id): exit 2, naming both ids', async () => {
    const built = await writeArtifact('app-release.apk')
    const before = emulator.requests.length
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_APK_PATH: built.path }), {
      ...cli,
      expected_app_id: 'com.example.other',
      platform: 'android'
    })
    expect(run.code).toBe(2)
    expect(run.output).toContain('"com.example.other"')
    expect(run.output).toContain(`"${WRITTEN_APPS.apk.appId}"`)
    expect(emulator.requests.slice(before)).toEqual([])
  }, 120_000)

  it('the workflow of docs/bitrise.md: the step between an Android build and a script that reads its outputs', async () => {
    const [block] = await codeBlocks('docs/bitrise.md', 'yaml')
    const { primary } = (parse(block!) as BitriseYml).workflows
    const { steps, scripts } = await runWorkflow(primary!, await freshWorkspace())
    expect(steps.map(s => s.code)).toEqual([0])
    const run = emulator.runs.find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(scripts).toEqual([`Run ${run.id} tested myapp-staging.apk (passed)\n`])
  }, 120_000)

  it('before the first release: the step copied into the repository by npm run copy installs the copied tarball and deploys', async () => {
    const cwd = await freshWorkspace()
    await runCopyBlock('docs/bitrise.md', cwd, fileURLToPath(cli.cli_package))
    const [block] = await codeBlocks('docs/bitrise.md', 'yaml')
    const { primary } = (parse(block!) as BitriseYml).workflows
    const [id, spec] = Object.entries(
      primary!.steps.find(entry => Object.keys(entry)[0]!.startsWith('path::'))!
    )[0]!
    const env = {
      ...bitriseEnv(),
      BITRISE_APK_PATH: (await writeArtifact('app-release.apk', 65536, cwd)).path
    }
    const inputs = Object.assign({}, ...(spec.inputs ?? [])) as Record<string, string>
    // No CLI package or SHA-256 given: the copied step's defaults name the copied tarball and pin it.
    expect(Object.keys(inputs)).not.toContain('cli_package')
    const step = await runStep(cwd, env, inputs, { path: id.slice('path::'.length), copied: true })
    if (step.code !== 0) console.log(step.output)
    expect(step.code).toBe(0)
    expect(emulator.runs.at(-1)).toMatchObject({ runInputPath: 'myapp-staging.apk' })
  }, 120_000)

  it("docs/bitrise.md's two platforms, as a pipeline of an Android and an iOS workflow: a run, a verdict and a suite each", async () => {
    const block = (await codeBlocks('docs/bitrise.md', 'yaml'))[1]!
    const config = parse(block) as BitriseYml
    const names = Object.keys(config.pipelines!['both-platforms']!.workflows!)
    expect(names).toEqual(['android', 'ios'])
    const env = bitriseEnv({ BITRISE_PULL_REQUEST: '21' })
    const done = await Promise.all(
      names.map(async name => runWorkflow(config.workflows[name]!, await freshWorkspace(), env))
    )
    for (const [index, extension] of (['apk', 'ipa'] as const).entries()) {
      const [step] = done[index]!.steps
      if (step!.code !== 0) console.log(step!.output)
      expect(step!.code).toBe(0)
      const run = emulator.runs.find(r => r.id === outputsOf(step!).runId)!
      expect(run.runInputPath).toBe(`myapp-mobile-shop-pr21.${extension}`)
      expect(outputsOf(step!)).toMatchObject({ verdict: 'passed', ...WRITTEN_APPS[extension] })
      const xml = await readFile(
        join(step!.testResultDir, 'mobile-build-deploy', 'mobile-build-deploy.xml'),
        'utf8'
      )
      expect(await junitProblems(xml)).toEqual([])
    }
  }, 180_000)

  it("docs/bitrise.md's two platforms in one step: the Build path's lines, a run and a verdict each, the deployments output", async () => {
    const block = (await codeBlocks('docs/bitrise.md', 'yaml'))[2]!
    const workflow = (parse(block) as BitriseYml).workflows['both-platforms']!
    // The service judges the two builds apart: the iOS run finds a blocking bug.
    const { steps, scripts } = await runWorkflow(
      workflow,
      await freshWorkspace(),
      bitriseEnv({ BITRISE_PULL_REQUEST: '22' }),
      {
        variables: JSON.stringify({
          EMULATOR_RUN: JSON.stringify({
            initializingMs: 100,
            underReviewMs: 100,
            byBuild: { ipa: { final: 'failed', bugs: [{ name: 'Login crash' }] } }
          })
        })
      }
    )
    const [step] = steps
    if (step!.code !== 3) console.log(step!.output)
    // Blocking bugs in one build: the step fails with exit code 3, the other build's pass reported too.
    expect(step!.code).toBe(3)
    const deployments = JSON.parse(outputsOf(step!).deployments!) as Record<string, string>[]
    expect(deployments.map(d => [d.platform, d.playgroundFileLocation, d.verdict])).toEqual([
      ['android', 'myapp-mobile-shop-pr22.apk', 'passed'],
      ['ios', 'myapp-mobile-shop-pr22.ipa', 'failed']
    ])
    // Of the scalar outputs, the most severe verdict; no build's run id passed off as the step's.
    expect(outputsOf(step!).verdict).toBe('failed')
    expect(outputsOf(step!).runId ?? '').toBe('')
    // The script's jq line prints a row per build.
    expect(scripts).toEqual([
      deployments.map(d => `${d.platform} ${d.runId} ${d.verdict}`).join('\n') + '\n'
    ])
    const xml = await readFile(
      join(step!.testResultDir, 'mobile-build-deploy', 'mobile-build-deploy.xml'),
      'utf8'
    )
    expect(await junitProblems(xml)).toEqual([])
    // A suite per build, each named after its deployment, the iOS one failing.
    expect([junitSuite(xml, 0), junitSuite(xml, 1)].map(s => [s.name, s.failures > 0])).toEqual([
      [`Mobile tests (Android: ${WRITTEN_APPS.apk.appId})`, false],
      [`Mobile tests (iOS: ${WRITTEN_APPS.ipa.appId})`, true]
    ])
  }, 180_000)

  it("docs/bitrise.md's gate in a step of its own: the deploy step sends both builds, the wait step waits for every run it handed over", async () => {
    const block = (await codeBlocks('docs/bitrise.md', 'yaml'))[3]!
    const workflow = (parse(block) as BitriseYml).workflows['gate']!
    const { steps } = await runWorkflow(
      workflow,
      await freshWorkspace(),
      bitriseEnv({ BITRISE_PULL_REQUEST: '22' }),
      {
        variables: JSON.stringify({
          EMULATOR_RUN: JSON.stringify({
            initializingMs: 100,
            underReviewMs: 100,
            byBuild: { ipa: { final: 'failed', bugs: [{ name: 'Login crash' }] } }
          })
        })
      }
    )
    const [deploy, gate] = steps
    expect(deploy!.code).toBe(0)
    const runIds = outputsOf(deploy!).runIds!.split(' ')
    expect(runIds).toHaveLength(2)
    for (const id of runIds) expect(emulator.runs.map(r => r.id)).toContain(id)
    // The wait step took every run from the deploy step's runIds, and fails for the iOS run's blocking bug.
    if (gate!.code !== 3) console.log(gate!.output)
    expect(gate!.code).toBe(3)
    expect(outputsOf(gate!).runIds).toBe(outputsOf(deploy!).runIds)
    const xml = await readFile(
      join(gate!.testResultDir, 'mobile-build-deploy', 'mobile-build-deploy.xml'),
      'utf8'
    )
    expect(await junitProblems(xml)).toEqual([])
    expect(xml.match(/<testsuite /g)).toHaveLength(2)
  }, 180_000)

  it('blocking bugs: exit code 3, the failure in the report, the bugs output exact', async () => {
    const built = await writeArtifact('app-release.ipa')
    const bug = "Checkout crash `id` $(touch pwned) 'quoted' #"
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_IPA_PATH: built.path }), {
      ...cli,
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
      ...cli,
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

  it('every option the table offers: Slack, the result webhook and the attestation from Secrets; mode skip writes skipped check runs', async () => {
    const targets = await startReportTargets()
    try {
      const built = await writeArtifact('app-release.apk')
      const run = await runStep(
        built.workspace,
        bitriseEnv({ BITRISE_APK_PATH: built.path, ...targets.variables }),
        { ...cli, wait: 'true', test_attestation: 'attestation', min_upload_kib_per_second: '32' }
      )
      expect([run.code, run.output]).toEqual([0, expect.any(String)])
      await expectReported(targets, run.output, join(built.workspace, 'attestation'), 'passed')
      const sha = 'c'.repeat(40)
      const skipped = await runStep(
        built.workspace,
        bitriseEnv({
          ...targets.variables,
          BITRISE_GIT_COMMIT: sha,
          GITHUB_API_URL: emulator.github.url,
          GITHUB_TOKEN: GITHUB_WRITE_TOKEN
        }),
        {
          ...cli,
          mode: 'skip',
          expected_app_id: 'com.example.shop',
          platform: 'android',
          github_repository: 'octo-org/octo-app',
          skip_reason: 'Only the docs changed.'
        }
      )
      expect([skipped.code, skipped.output]).toEqual([0, expect.any(String)])
      const checks = emulator.github.checkRuns.filter(check => check.head_sha === sha)
      expect(checks.map(check => check.conclusion)).toEqual(['skipped'])
      expect(targets.slack.messages).toHaveLength(2)
    } finally {
      await targets.close()
    }
  }, 120_000)

  it('dry_run: checks the key with the signed-URL request, uploads and notifies nothing, outcome skipped', async () => {
    const built = await writeArtifact('MyApp.ipa')
    const before = emulator.requests.length
    const objects = emulator.objects.size
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_IPA_PATH: built.path }), {
      ...cli,
      destination: 'ios/MyApp.ipa',
      dry_run: 'true'
    })
    expect(run.code).toBe(0)
    expect(outputsOf(run)).toMatchObject({ outcome: 'skipped' })
    expect(emulator.requests.slice(before).map(r => [r.route, r.query.file])).toEqual([
      ['signed-url', 'ios/MyApp.ipa']
    ])
    expect(emulator.objects.size).toBe(objects)
    expect(run.output).toContain(built.sha256)
  }, 120_000)

  it('two exported builds and no Build path: exit code 2 naming the inputs, before any request', async () => {
    const apk = await writeArtifact('app.apk')
    const aab = await writeArtifact('app.aab', 1024, apk.workspace)
    const before = emulator.requests.length
    const run = await runStep(
      apk.workspace,
      bitriseEnv({ BITRISE_APK_PATH: apk.path, BITRISE_AAB_PATH: aab.path }),
      cli
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
      cli
    )
    expect(run.code).toBe(2)
    expect(run.output).toMatch(/api-key|SERVICE_API_KEY/)
    expect(emulator.requests.length).toBe(before)
    // No report of a deploy that never started, and no empty run folder for Deploy to Bitrise.io to trip on.
    expect(await readdir(run.testResultDir)).toEqual([])
  }, 120_000)

  it("hands the key to the CLI's process alone: no other node the step starts has it", async () => {
    const built = await writeArtifact('app.apk')
    const node = await recordingNode()
    const run = await runStep(built.workspace, bitriseEnv({ BITRISE_APK_PATH: built.path }), cli, {
      pathFirst: [node.dir]
    })
    expect(run.code).toBe(0)
    const starts = await node.starts()
    const installer = starts.filter(start => start.first === '-e')
    const envman = starts.filter(start => start.first.endsWith('/envman'))
    const started = starts.filter(isCli)
    expect([installer.length, envman.length, started.length]).toEqual([1, run.envman.length, 1])
    expect(starts.length).toBe(2 + run.envman.length)
    for (const start of [...installer, ...envman]) expect(start.env).not.toContain(DEMO_API_KEY)
    expect(started[0]!.env.split('\n')).toContain(`SERVICE_API_KEY=${DEMO_API_KEY}`)
    expect(started[0]!.env).not.toMatch(/^api_key=/m)
  }, 120_000)

  it('a tarball that is not the pinned one: the step stops naming both SHA-256s, before the CLI runs', async () => {
    const built = await writeArtifact('app.apk')
    const node = await recordingNode()
    const pinned = createHash('sha256').update('another release').digest('hex')
    const before = emulator.requests.length
    const run = await runStep(
      built.workspace,
      bitriseEnv({ BITRISE_APK_PATH: built.path }),
      { ...cli, cli_sha256: pinned },
      { pathFirst: [node.dir] }
    )
    expect(run.code).toBe(1)
    expect(run.output).toContain(`has SHA-256 ${tarballSha256}, and ${pinned} is pinned`)
    expect((await node.starts()).map(start => start.first)).toEqual(['-e'])
    expect(emulator.requests.length).toBe(before)
    expect(run.envman).toEqual([])
    expect(await readdir(run.testResultDir)).toEqual([])
  }, 120_000)

  it('no node on the stack: exit code 2 naming it, before anything is installed', async () => {
    const built = await writeArtifact('app.apk')
    const bare = await mkdtemp(join(built.workspace, 'bin-'))
    await symlink(
      execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(),
      join(bare, 'bash')
    )
    const run = await runStep(
      built.workspace,
      bitriseEnv({ BITRISE_APK_PATH: built.path, PATH: bare }),
      cli
    )
    expect(run.code).toBe(2)
    expect(run.output).toContain('node is not on PATH')
    expect(run.envman).toEqual([])
    expect(await readdir(run.testResultDir)).toEqual([])
  })
})
