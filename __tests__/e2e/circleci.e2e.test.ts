/**
 * The CircleCI orb, as packed (orb/orb.yml), compiled and run as CircleCI
 * compiles and runs a workflow (helpers/circleci.ts), against the emulator,
 * with the CLI installed from the packed package through a file:// URL and its
 * real SHA-256: the orb's own examples, which docs/circleci.md shows, as
 * written (their build tools stand in by scripts that write the build; the
 * orb's steps get the tarball and its pin), among them the orb's own deploy
 * job on a build another job left in the workspace; outputs through $BASH_ENV
 * to a later step, JUnit in the test results also when the verdict fails, the
 * job failing with the CLI's exit code after the results are stored, hostile
 * names that stay sanitized, the wait and terminate commands on the hand-over of
 * an earlier step; a tarball that is not the pinned one stopping the job
 * before anything in it runs; the API key in the CLI's process alone.
 */
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import {
  buildToolScript,
  DEMO_API_KEY,
  freshWorkspace,
  requestsOf,
  writeArtifact
} from '../helpers/harness.js'
import {
  packedOrb,
  runJob,
  runWorkflow,
  type JobResult,
  type Orb
} from '../../emulator/circleci.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'
import { expectReported, startReportTargets } from '../helpers/report-targets.js'
import { WRITE_TOKEN as GITHUB_WRITE_TOKEN } from '../../emulator/github-api.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { runCopyBlock } from '../helpers/copies.js'

let emulator: Emulator
let orb: Orb
/** The orb's parameters that install the packed package: its file:// URL and its SHA-256. */
let install: { cli_package: string; cli_sha256: string }

beforeAll(async () => {
  emulator = await startEmulator()
  orb = await packedOrb()
  const tarball = await packedTarball(await freshWorkspace())
  install = {
    cli_package: pathToFileURL(tarball).href,
    cli_sha256: createHash('sha256')
      .update(await readFile(tarball))
      .digest('hex')
  }
}, 300_000)
afterAll(() => emulator.close())

/**
 * CircleCI's variables for a pull request's build, and the project's (a
 * context's) key. Each build is of a commit of its own: the service answers a
 * deploy of the same commit, branch and build with the run it created before.
 */
function circleEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    CIRCLECI: 'true',
    CI: 'true',
    CIRCLE_BRANCH: 'feature/login',
    CIRCLE_SHA1: randomBytes(20).toString('hex'),
    CIRCLE_REPOSITORY_URL: 'git@github.com:mobile/shop.git',
    CIRCLE_PROJECT_USERNAME: 'mobile',
    CIRCLE_PROJECT_REPONAME: 'shop',
    CIRCLE_PULL_REQUEST: 'https://github.com/mobile/shop/pull/7',
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1',
    ...extra
  }
}

/** A config as a reader copies it, with every step and job of the orb given the packed package and its pin. */
function onPackedPackage(config: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(config)
  const give = (entry: unknown) => {
    if (!entry || typeof entry !== 'object') return
    for (const [key, value] of Object.entries(entry))
      if (key.startsWith('mobile-build-deploy/')) Object.assign(value as object, install)
  }
  for (const job of Object.values((copy.jobs ?? {}) as Record<string, { steps: unknown[] }>))
    job.steps.forEach(give)
  for (const workflow of Object.values(copy.workflows as Record<string, { jobs: unknown[] }>))
    workflow.jobs.forEach(give)
  return copy
}

/** A repository whose build tool `name` (a script at `dir` in it) writes a 64 KiB build at `output`. */
async function repositoryWith(name: string, output: string, dir = '.'): Promise<string> {
  const repository = await freshWorkspace()
  await mkdir(join(repository, dir), { recursive: true })
  await writeFile(join(repository, dir, name), await buildToolScript(output, 65536))
  await chmod(join(repository, dir, name), 0o755)
  return repository
}

async function junitIn(cwd: string, dir: string): Promise<string> {
  const files = (await readdir(join(cwd, dir))).filter(f => f.endsWith('.xml'))
  expect(files).toHaveLength(1)
  return readFile(join(cwd, dir, files[0]!), 'utf8')
}

/**
 * An example of the orb's, run as CircleCI runs its workflow, in a
 * repository with the build tools it calls (gradle's wrapper at the root,
 * fastlane's `bundle` on PATH), each writing a 64 KiB build where the
 * example's step takes it: the jobs' results, the runs the emulator created
 * and the folder the jobs ran in.
 */
async function runExample(name: string, tools: { gradle?: boolean; fastlane?: boolean }) {
  const root = await freshWorkspace()
  const repository = tools.gradle
    ? await repositoryWith('gradlew', 'app/build/outputs/apk/release/app-release.apk')
    : await freshWorkspace()
  const fastlane = tools.fastlane ? await repositoryWith('bundle', 'build/MyApp.ipa') : undefined
  const before = emulator.runs.length
  const results = await runWorkflow(
    orb,
    onPackedPackage(orb.examples[name]!.usage),
    root,
    repository,
    circleEnv(fastlane ? { PATH: `${fastlane}:${process.env.PATH ?? ''}` } : {})
  )
  return { root, results, runs: emulator.runs.slice(before) }
}

/** The one run the emulator created since `before` runs. */
function newRun(before: number) {
  const runs = emulator.runs.slice(before)
  expect(runs).toHaveLength(1)
  return runs[0]!
}

function passed(result: JobResult | 'skipped' | undefined): JobResult {
  expect(result).not.toBe('skipped')
  const job = result as JobResult
  if (job.code !== 0) console.log(job.steps)
  expect(job.code).toBe(0)
  return job
}

describe('the CircleCI orb, run as CircleCI runs a workflow', () => {
  it("the examples of docs/circleci.md are the orb's own", async () => {
    const blocks = (await codeBlocks('docs/circleci.md', 'yaml')).map(b => parse(b) as unknown)
    expect(blocks).toEqual(
      ['android_job', 'ios_job', 'deploy_in_own_job', 'two_platforms', 'gate_in_own_job'].map(
        name => orb.examples[name]!.usage
      )
    )
  })

  it('the Android example: deploys the APK gradle built, waits for the verdict, a later step reads the outputs', async () => {
    const { root, results, runs } = await runExample('android_job', { gradle: true })
    const job = passed(results.android)
    expect(runs).toHaveLength(1)
    const run = runs[0]!
    expect(run).toMatchObject({
      runInputPath: 'myapp-staging.apk',
      branch: 'feature/login',
      pullRequestNumber: 7
    })
    // The example's last step echoes the outputs it read from $BASH_ENV.
    expect(job.steps.at(-1)!.output).toBe(`Run ${run.id} tested myapp-staging.apk (passed)\n`)
    expect(job.testResults).toEqual(['mobile-build-deploy-results'])
    const xml = await junitIn(join(root, 'android'), 'mobile-build-deploy-results')
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml).every(c => !c.failure)).toBe(true)
  }, 180_000)

  it('before the first release: the orb inlined into the config by npm run copy installs the copied tarball and deploys', async () => {
    const root = await freshWorkspace()
    const repository = await repositoryWith(
      'gradlew',
      'app/build/outputs/apk/release/app-release.apk'
    )
    // The config written as the first example does, importing the published orb.
    const [example] = await codeBlocks('docs/circleci.md', 'yaml')
    await mkdir(join(repository, '.circleci'))
    await writeFile(
      join(repository, '.circleci/config.yml'),
      `# The app's own config.\n${example!}`
    )
    await runCopyBlock('docs/circleci.md', repository, fileURLToPath(install.cli_package))
    const text = await readFile(join(repository, '.circleci/config.yml'), 'utf8')
    expect(text).toMatch(/^# The app's own config\.\n/)
    const config = parse(text) as Record<string, unknown>
    const inline = (config.orbs as Record<string, Orb>)['mobile-build-deploy']!
    expect(inline.commands.deploy_build!.parameters!.cli_sha256!.default).toBe(install.cli_sha256)
    expect(inline.commands.deploy_build!.parameters!.cli_package!.default).toBe(
      `.circleci/mobile-build-deploy/${install.cli_package.split('/').pop()}`
    )
    const before = emulator.runs.length
    // The orb the stand-in is given is not used: the config's inline orb is.
    const results = await runWorkflow(
      { ...orb, commands: {} },
      config,
      root,
      repository,
      circleEnv()
    )
    passed(results.android)
    expect(newRun(before)).toMatchObject({ runInputPath: 'myapp-staging.apk' })
  }, 180_000)

  it('the iOS example: deploys the IPA fastlane built, without waiting', async () => {
    // `bundle exec fastlane build_ipa` writes the IPA; bundle is on the macOS image's PATH.
    const { root, results, runs } = await runExample('ios_job', { fastlane: true })
    passed(results.ios)
    expect(runs).toHaveLength(1)
    const run = runs[0]!
    expect(run).toMatchObject({ runInputPath: 'myapp-ios-staging.ipa', deploymentType: 'ios' })
    const bashEnv = await readFile(join(root, 'ios', '.circleci-bash-env'), 'utf8')
    expect(bashEnv).toContain(`export runId='${run.id}'`)
  }, 180_000)

  it("the orb's own deploy job: deploys the APK a build job left in the workspace, and waits", async () => {
    const { root, results, runs } = await runExample('deploy_in_own_job', { gradle: true })
    passed(results.build)
    const deploy = passed(results['mobile-build-deploy/deploy'])
    expect(runs).toHaveLength(1)
    const run = runs[0]!
    // The APK the build job wrote came through the workspace.
    expect(run).toMatchObject({ runInputPath: 'myapp-staging.apk', artifact: { size: 65536 } })
    expect(deploy.steps.map(s => s.name)).toEqual([
      'Deploy the build to the test service',
      'The deploy decides the job'
    ])
    const bashEnv = await readFile(
      join(root, 'mobile-build-deploy/deploy', '.circleci-bash-env'),
      'utf8'
    )
    expect(bashEnv).toContain(`export runId='${run.id}'`)
    expect(bashEnv).toContain("export verdict='passed'")
  }, 180_000)

  it('two platforms: the Android and the iOS job leave their builds, the deploy job sends both, a run and a suite each', async () => {
    // Both build tools' stand-ins: gradlew, and bundle (fastlane) on PATH.
    const { root, results, runs } = await runExample('two_platforms', {
      gradle: true,
      fastlane: true
    })
    passed(results['build-android'])
    passed(results['build-ios'])
    passed(results['mobile-build-deploy/deploy'])
    expect(runs.map(r => r.runInputPath).sort()).toEqual(['myapp-staging.apk', 'myapp-staging.ipa'])
    const xml = await junitIn(
      join(root, 'mobile-build-deploy/deploy'),
      'mobile-build-deploy-results'
    )
    expect(await junitProblems(xml)).toEqual([])
    expect(xml.match(/<testsuite /g)).toHaveLength(2)
  }, 240_000)

  it('a two-build deploy gated in a job of its own: the verdict job waits for every run the deploy job handed over', async () => {
    const { root, results, runs } = await runExample('gate_in_own_job', {
      gradle: true,
      fastlane: true
    })
    passed(results.deploy)
    const verdict = results.verdict as JobResult
    expect(runs.map(r => r.runInputPath).sort()).toEqual(['myapp-staging.apk', 'myapp-staging.ipa'])
    expect(verdict.code).toBe(0)
    const xml = await junitIn(join(root, 'verdict'), 'mobile-build-deploy-results')
    expect(await junitProblems(xml)).toEqual([])
    expect(xml.match(/<testsuite /g)).toHaveLength(2)
    for (const run of runs) expect(xml).toContain(run.id)
  }, 240_000)

  it('blocking bugs: the JUnit report is stored, then the job fails with exit code 3; hostile names stay sanitized', async () => {
    const built = await writeArtifact("app-$(touch pwned)-'x'.apk")
    const bug = "Crash on `id` $(touch pwned2) '; touch pwned3 #"
    const job = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: '*.apk',
            wait: true,
            variables: JSON.stringify({
              EMULATOR_RUN: JSON.stringify({
                initializingMs: 200,
                underReviewMs: 200,
                final: 'failed',
                bugs: [{ name: bug }]
              })
            }),
            ...install
          }
        },
        { run: 'echo "never runs"' }
      ],
      built.workspace,
      circleEnv({ CIRCLE_BRANCH: "x'$(touch pwned4)`id`" })
    )
    expect(job.steps.map(s => [s.name, s.code])).toEqual([
      ['Deploy the build to the test service', 0],
      ['The deploy decides the job', 3]
    ])
    expect(job.code).toBe(3)
    const xml = await junitIn(built.workspace, 'mobile-build-deploy-results')
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml).some(c => c.failure)).toBe(true)

    // Sourcing the hand-over in a later step gives the values back exactly and runs none of them.
    const later = await runJob(
      orb,
      [{ run: 'printf "%s\\n" "$playgroundFileLocation" "$verdict"' }],
      built.workspace,
      circleEnv(),
      { keepBashEnv: true }
    )
    expect(later.code).toBe(0)
    const files = await readdir(built.workspace)
    expect(later.steps[0]!.output).toBe(`${files.find(f => f.endsWith('.apk'))}\nfailed\n`)
    for (const file of ['pwned', 'pwned2', 'pwned3', 'pwned4'])
      expect(existsSync(join(built.workspace, file))).toBe(false)
    const bashEnv = await readFile(join(built.workspace, '.circleci-bash-env'), 'utf8')
    expect(bashEnv).not.toContain(DEMO_API_KEY)
  }, 180_000)

  it('wait and terminate on the hand-over of an earlier deploy step; a missing api key names the parameter', async () => {
    const built = await writeArtifact('app-release.apk')
    const before = emulator.runs.length
    const job = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: 'app-release.apk',
            name_prefix: 'shop',
            ...install
          }
        },
        { 'mobile-build-deploy/wait': install },
        { 'mobile-build-deploy/terminate': install },
        { run: 'echo "$runId $verdict"' }
      ],
      built.workspace,
      circleEnv()
    )
    if (job.code !== 0) console.log(job.steps)
    expect(job.code).toBe(0)
    const run = newRun(before)
    expect(run.runInputPath).toBe('shop-mobile-shop-pr7.apk')
    expect(job.steps.at(-1)!.output).toBe(`${run.id} passed\n`)
    expect(requestsOf(emulator, 'terminate').map(r => r.body)).toContainEqual({
      environmentId: `env_${run.environment}`
    })

    const keyless = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: 'app-release.apk',
            api_key: 'NO_SUCH_VAR',
            ...install
          }
        }
      ],
      built.workspace,
      circleEnv()
    )
    expect(keyless.code).toBe(2)
    expect(keyless.steps[0]!.output).toMatch(/api-key|SERVICE_API_KEY/)
  }, 180_000)

  it.each(['busybox', 'dash'] as const)(
    'in an image without bash (%s as /bin/sh): deploy, wait on the hand-over, terminate, the exit step decides',
    async shell => {
      const built = await writeArtifact('app-release.apk')
      const before = emulator.runs.length
      const job = await runJob(
        orb,
        [
          {
            'mobile-build-deploy/deploy_build': {
              file: 'app-release.apk',
              name_prefix: 'shop',
              ...install
            }
          },
          { 'mobile-build-deploy/wait': install },
          { 'mobile-build-deploy/terminate': install }
        ],
        built.workspace,
        circleEnv(),
        { shell }
      )
      if (job.code !== 0) console.log(job.steps)
      expect(job.steps.map(s => s.code)).toEqual(job.steps.map(() => 0))
      expect(job.steps.length).toBeGreaterThanOrEqual(6)
      const run = newRun(before)
      // The wait read the deploy's runIds from $BASH_ENV itself: sh sources no such file.
      expect(requestsOf(emulator, 'greenlight').some(r => r.path.endsWith(run.id))).toBe(true)
      expect(requestsOf(emulator, 'terminate').map(r => r.body)).toContainEqual({
        environmentId: `env_${run.environment}`
      })
      // A failure the CLI ends with still ends the job, read from $BASH_ENV by the exit step.
      const failing = await runJob(
        orb,
        [{ 'mobile-build-deploy/deploy_build': { file: 'missing.apk', ...install } }],
        built.workspace,
        circleEnv(),
        { shell }
      )
      expect(failing.code).toBe(2)
    },
    180_000
  )

  it('dry_run: the key checked by the signed-URL request alone; nothing uploaded or notified', async () => {
    const built = await writeArtifact('app-release.apk')
    const before = emulator.requests.length
    const objects = emulator.objects.size
    const job = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: 'app-release.apk',
            destination: 'setup/app-release.apk',
            dry_run: true,
            ...install
          }
        }
      ],
      built.workspace,
      circleEnv()
    )
    expect(job.code).toBe(0)
    expect(emulator.requests.slice(before).map(r => [r.route, r.query.file])).toEqual([
      ['signed-url', 'setup/app-release.apk']
    ])
    expect(emulator.objects.size).toBe(objects)
    expect(job.steps[0]!.output).toContain(built.sha256)
  }, 180_000)

  it('every option the table offers: Slack, the result webhook and the attestation from project variables; skip writes skipped check runs', async () => {
    const targets = await startReportTargets()
    try {
      const built = await writeArtifact('app-release.apk')
      const job = await runJob(
        orb,
        [
          {
            'mobile-build-deploy/deploy_build': {
              file: 'app-release.apk',
              wait: true,
              test_attestation: 'attestation',
              min_upload_kib_per_second: 32,
              ...install
            }
          }
        ],
        built.workspace,
        circleEnv(targets.variables)
      )
      const output = job.steps.map(step => step.output).join('\n')
      expect([job.code, output]).toEqual([0, expect.any(String)])
      await expectReported(targets, output, join(built.workspace, 'attestation'), 'passed')
      const sha = randomBytes(20).toString('hex')
      const skipped = await runJob(
        orb,
        [
          {
            'mobile-build-deploy/skip': {
              expected_app_id: 'com.example.shop',
              platform: 'android',
              github_repository: 'octo-org/octo-app',
              skip_reason: 'Only the docs changed.',
              ...install
            }
          }
        ],
        built.workspace,
        circleEnv({
          ...targets.variables,
          CIRCLE_SHA1: sha,
          GITHUB_API_URL: emulator.github.url,
          GITHUB_TOKEN: GITHUB_WRITE_TOKEN
        })
      )
      expect(skipped.code).toBe(0)
      const checks = emulator.github.checkRuns.filter(check => check.head_sha === sha)
      expect(checks.map(check => check.conclusion)).toEqual(['skipped'])
      expect(targets.slack.messages).toHaveLength(2)
    } finally {
      await targets.close()
    }
  }, 180_000)

  it('a tarball that is not the pinned one stops the job, naming both hashes, before anything in it runs', async () => {
    const built = await writeArtifact('app-release.apk')
    const pinned = 'f'.repeat(64)
    const requests = emulator.requests.length
    const job = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: 'app-release.apk',
            ...install,
            cli_sha256: pinned
          }
        },
        { run: 'echo "never runs"' }
      ],
      built.workspace,
      circleEnv()
    )
    expect(job.code).toBe(1)
    expect(job.steps.map(s => [s.name, s.code])).toEqual([
      ['Deploy the build to the test service', 1],
      ['The deploy decides the job', 1]
    ])
    const output = job.steps[0]!.output
    expect(output).toContain(install.cli_sha256)
    expect(output).toContain(pinned)
    // The CLI never ran: the service heard nothing, no output was handed over, no report written.
    expect(emulator.requests.length).toBe(requests)
    expect(await readFile(join(built.workspace, '.circleci-bash-env'), 'utf8')).toBe(
      'export MOBILE_BUILD_DEPLOY_EXIT=1\n'
    )
    expect(existsSync(join(built.workspace, 'mobile-build-deploy-results'))).toBe(false)
  }, 180_000)

  it("the API key reaches the CLI's process alone: the installer, tar and the rest of the step never see it", async () => {
    const built = await writeArtifact('app-release.apk')
    // Stand-ins for node and tar on PATH that record the environment each process starts with, then are them.
    const shims = await freshWorkspace()
    const log = await freshWorkspace()
    const tar = execFileSync('sh', ['-c', 'command -v tar'], { encoding: 'utf8' }).trim()
    for (const [tool, real] of [
      ['node', process.execPath],
      ['tar', tar]
    ] as const) {
      await writeFile(
        join(shims, tool),
        `#!/bin/sh\nrecord="$(mktemp "$SHIM_LOG/${tool}.XXXXXX")"\n{ printf '%s\\n' "$1"; env; } > "$record"\nexec '${real}' "$@"\n`
      )
      await chmod(join(shims, tool), 0o755)
    }
    const env = circleEnv({
      PATH: `${shims}:${process.env.PATH ?? ''}`,
      SHIM_LOG: log,
      SHOP_API_KEY: DEMO_API_KEY
    })
    delete env.SERVICE_API_KEY
    const before = emulator.runs.length
    const job = await runJob(
      orb,
      [
        {
          'mobile-build-deploy/deploy_build': {
            file: 'app-release.apk',
            api_key: 'SHOP_API_KEY',
            ...install
          }
        },
        { run: 'node --version' }
      ],
      built.workspace,
      env
    )
    if (job.code !== 0) console.log(job.steps)
    expect(job.code).toBe(0)
    newRun(before)

    const records = await Promise.all(
      (await readdir(log)).map(async file => ({
        tool: file.split('.')[0]!,
        ...(([first, ...rest]) => ({ first: first!, env: rest }))(
          (await readFile(join(log, file), 'utf8')).split('\n')
        )
      }))
    )
    const started = (tool: string, first: (arg: string) => boolean) =>
      records.filter(r => r.tool === tool && first(r.first))
    const cli = started('node', arg => arg.endsWith('/build/cli/index.js'))
    const installer = [...started('node', arg => arg === '-e'), ...started('tar', () => true)]
    const later = started('node', arg => arg === '--version')
    expect([cli.length, installer.length, later.length]).toEqual([1, 2, 1])
    const withKey = (record: { env: string[] }) =>
      record.env.filter(line => line.includes(DEMO_API_KEY))
    expect(withKey(cli[0]!)).toEqual([`SERVICE_API_KEY=${DEMO_API_KEY}`])
    for (const record of installer) expect(withKey(record)).toEqual([])
    // A later step gets the project's variable back from CircleCI.
    expect(withKey(later[0]!)).toEqual([`SHOP_API_KEY=${DEMO_API_KEY}`])
  }, 180_000)
})
