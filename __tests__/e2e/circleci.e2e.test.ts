/**
 * The CircleCI orb, as packed (orb/orb.yml), run step by step as CircleCI's
 * runner runs a job (helpers/circleci.ts) with the packed package as the CLI,
 * against the emulator: the orb's own examples, which docs/circleci.md shows, as written (their build tools
 * stand in by scripts that write the build), outputs through $BASH_ENV to a
 * later step, JUnit in the test results also when the verdict fails, the job
 * failing with the CLI's exit code after the results are stored, hostile
 * names that stay inert, and the wait and terminate commands on the
 * hand-over of an earlier step.
 */
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, requestsOf, writeArtifact } from '../helpers/harness.js'
import { packedOrb, runJob, type JobStep, type Orb } from '../helpers/circleci.js'
import { junitCases, junitProblems } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'
import { codeBlocks } from '../helpers/docs.js'
import { parse } from 'yaml'

let emulator: Emulator
let orb: Orb
let tarball: string

beforeAll(async () => {
  emulator = await startEmulator()
  orb = await packedOrb()
  tarball = await packedTarball(await freshWorkspace())
}, 300_000)
afterAll(() => emulator.close())

/** CircleCI's variables for a pull request's build, and the project's (a context's) key. */
function circleEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    CIRCLECI: 'true',
    CI: 'true',
    CIRCLE_BRANCH: 'feature/login',
    CIRCLE_SHA1: 'a'.repeat(40),
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

/** A config's one job's steps as a reader copies them, the orb's commands on the packed package. */
function stepsOf(config: Record<string, unknown>): JobStep[] {
  const [job] = Object.values(config.jobs as Record<string, { steps: unknown[] }>)
  return job!.steps.flatMap((step): JobStep[] => {
    if (step === 'checkout') return []
    const [key, value] = Object.entries(step as Record<string, unknown>)[0]!
    if (key === 'run')
      return [{ run: typeof value === 'string' ? value : (value as { command: string }).command }]
    const command = key.replace(/^mobile-build-deploy\//, '')
    return [{ orb: command, with: { ...(value as object), cli_package: tarball } }]
  })
}

/** A stand-in for a build tool on PATH: a script named `name` that writes `size` bytes at `output`. */
async function buildTool(dir: string, name: string, output: string): Promise<void> {
  await writeFile(
    join(dir, name),
    `#!/usr/bin/env bash\nmkdir -p "$(dirname '${output}')"\nhead -c 65536 /dev/urandom > '${output}'\n`
  )
  await chmod(join(dir, name), 0o755)
}

async function junitIn(cwd: string, dir: string): Promise<string> {
  const files = (await readdir(join(cwd, dir))).filter(f => f.endsWith('.xml'))
  expect(files).toHaveLength(1)
  return readFile(join(cwd, dir, files[0]!), 'utf8')
}

describe('the CircleCI orb, run as a job runs it', () => {
  it('the packed orb is complete: every command has its steps, every example uses the orb', () => {
    expect(Object.keys(orb.commands).sort()).toEqual(['deploy', 'terminate', 'wait'])
    for (const command of Object.values(orb.commands)) {
      const scripts = JSON.stringify(command.steps)
      expect(scripts).not.toContain('<<include(')
      expect(scripts).toContain('npx --yes --package=')
    }
    expect(Object.keys(orb.examples).length).toBeGreaterThan(0)
  })

  it("the examples of docs/circleci.md are the orb's own", async () => {
    const blocks = (await codeBlocks('docs/circleci.md', 'yaml')).map(b => parse(b) as unknown)
    expect(blocks).toEqual([orb.examples.android_job!.usage, orb.examples.ios_job!.usage])
  })

  it('the Android example: deploys the APK gradle built, waits for the verdict, a later step reads the outputs', async () => {
    const cwd = await freshWorkspace()
    await buildTool(cwd, 'gradlew', 'app/build/outputs/apk/release/app-release.apk')
    const job = await runJob(orb, stepsOf(orb.examples.android_job!.usage), cwd, circleEnv())
    if (job.code !== 0) console.log(job.steps)
    expect(job.code).toBe(0)

    const run = emulator.runs.find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(run).toMatchObject({ branch: 'feature/login', pullRequestNumber: 7 })
    // The example's last step echoes the outputs it read from $BASH_ENV.
    expect(job.steps.at(-1)!.output).toBe(`Run ${run.id} tested myapp-staging.apk (passed)\n`)
    expect(job.testResults).toEqual(['mobile-build-deploy-results'])
    const xml = await junitIn(cwd, 'mobile-build-deploy-results')
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml).every(c => !c.failure)).toBe(true)
  }, 180_000)

  it('the iOS example: deploys the IPA fastlane built, without waiting', async () => {
    const cwd = await freshWorkspace()
    const bin = join(cwd, 'bin')
    await mkdir(bin)
    // `bundle exec fastlane build_ipa` writes the IPA.
    await buildTool(bin, 'bundle', 'build/MyApp.ipa')
    const env = circleEnv()
    env.PATH = `${bin}:${process.env.PATH ?? ''}`
    const job = await runJob(orb, stepsOf(orb.examples.ios_job!.usage), cwd, env)
    expect(job.code).toBe(0)
    const run = emulator.runs.find(r => r.runInputPath === 'myapp-ios-staging.ipa')!
    expect(run.deploymentType).toBe('ios')
    const bashEnv = await readFile(join(cwd, '.circleci-bash-env'), 'utf8')
    expect(bashEnv).toContain(`export runId='${run.id}'`)
  }, 180_000)

  it('blocking bugs: the JUnit report is stored, then the job fails with exit code 3; hostile names stay inert', async () => {
    const built = await writeArtifact("app-$(touch pwned)-'x'.apk")
    const bug = "Crash on `id` $(touch pwned2) '; touch pwned3 #"
    const job = await runJob(
      orb,
      [
        {
          orb: 'deploy',
          with: {
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
            cli_package: tarball
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
    const job = await runJob(
      orb,
      [
        {
          orb: 'deploy',
          with: { file: 'app-release.apk', name_prefix: 'shop', cli_package: tarball }
        },
        { orb: 'wait', with: { cli_package: tarball } },
        { orb: 'terminate', with: { cli_package: tarball } },
        { run: 'echo "$runId $verdict"' }
      ],
      built.workspace,
      circleEnv()
    )
    if (job.code !== 0) console.log(job.steps)
    expect(job.code).toBe(0)
    const run = emulator.runs.find(r => r.runInputPath === 'shop-mobile-shop-pr7.apk')!
    expect(job.steps.at(-1)!.output).toBe(`${run.id} passed\n`)
    expect(requestsOf(emulator, 'terminate').map(r => r.body)).toContainEqual({
      environmentId: `env_${run.environment}`
    })

    const keyless = await runJob(
      orb,
      [
        {
          orb: 'deploy',
          with: { file: 'app-release.apk', api_key: 'NO_SUCH_VAR', cli_package: tarball }
        }
      ],
      built.workspace,
      circleEnv()
    )
    expect(keyless.code).toBe(2)
    expect(keyless.steps[0]!.output).toMatch(/api-key|SERVICE_API_KEY/)
  }, 180_000)
})
