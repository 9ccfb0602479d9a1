/**
 * The examples of the CLI's pages as a reader copies them: docs/cli.md's
 * shell blocks in bash, docs/jenkins.md's pipeline as Jenkins runs its `sh`
 * steps (with Jenkins' variables and the credential withCredentials binds),
 * docs/fastlane.md's lane in Ruby as fastlane runs it, docs/library.md's install
 * line. `npx … mobile-build-deploy@1` (and `npm install mobile-build-deploy@1`)
 * takes the packed package (the registry does not hold this version), and the
 * service is the emulator.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { PRODUCT_VERSION } from '../../src/core/index.js'
import { codeBlocks } from '../helpers/docs.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { junitProblems } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'

const run = promisify(execFile)

let emulator: Emulator
let tarball: string
let env: Record<string, string>

beforeAll(async () => {
  emulator = await startEmulator()
  tarball = await packedTarball(await freshWorkspace())
  const { stdout: npx } = await run('bash', ['-c', 'command -v npx'])
  const { stdout: npm } = await run('bash', ['-c', 'command -v npm'])
  env = {
    PATH: `${join(ROOT, '__tests__/fixtures/npx-pinned')}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? '',
    REAL_NPX: npx.trim(),
    REAL_NPM: npm.trim(),
    MBD_TARBALL: tarball,
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1'
  }
}, 300_000)
afterAll(() => emulator.close())

/** A script in bash as a CI's shell step runs it: stops at the first failing command. */
async function bash(
  script: string,
  cwd: string,
  extra: Record<string, string> = {}
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['-e', '-c', script], {
      cwd,
      env: { ...env, ...extra }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** A stand-in for gradle in `dir`: `./gradlew assembleRelease` writes the APK where gradle does. */
async function gradleStandIn(dir: string): Promise<void> {
  await writeFile(
    join(dir, 'gradlew'),
    '#!/usr/bin/env bash\nmkdir -p app/build/outputs/apk/release\nhead -c 65536 /dev/urandom > app/build/outputs/apk/release/app-release.apk\n',
    { mode: 0o755 }
  )
}

describe('docs/cli.md', () => {
  it('every npx line pins the major version', async () => {
    for (const page of ['docs/cli.md', 'docs/jenkins.md', 'docs/fastlane.md', 'docs/gitlab.md']) {
      const text = await readFile(join(ROOT, page), 'utf8')
      for (const line of text.split('\n').filter(l => /npx\b.*mobile-build-deploy/.test(l)))
        expect([page, line]).toEqual([
          page,
          expect.stringMatching(/mobile-build-deploy@1\b|--package=/)
        ])
    }
  })

  it('install: the pinned npx prints the version', async () => {
    const [block] = await codeBlocks('docs/cli.md', 'sh')
    const result = await bash(block!, await freshWorkspace())
    expect([result.code, result.stdout]).toEqual([0, `${PRODUCT_VERSION}\n`])
  }, 120_000)

  it("install from the release's tarball: npm install --global, then the command", async () => {
    const cwd = await freshWorkspace()
    const [, block] = await codeBlocks('docs/cli.md', 'sh')
    await copyFile(tarball, join(cwd, `mobile-build-deploy-${PRODUCT_VERSION}.tgz`))
    expect(block).toContain(`mobile-build-deploy-${PRODUCT_VERSION}.tgz`)
    // A private global prefix, so that the machine's own stays as it was.
    const prefix = join(cwd, 'prefix')
    const result = await bash(block!, cwd, {
      npm_config_prefix: prefix,
      PATH: `${join(prefix, 'bin')}:${env.PATH!}`
    })
    expect([result.code, result.stdout.trim().split('\n').at(-1)]).toEqual([0, PRODUCT_VERSION])
  }, 120_000)

  it('the commands: deploy, hand over, wait with a JUnit report, upload, notify', async () => {
    const cwd = await freshWorkspace()
    await writeArtifact('app/build/outputs/apk/release/app-release.apk', 65536, cwd)
    await writeArtifact('build/MyApp.ipa', 65536, cwd)
    const [, , block] = await codeBlocks('docs/cli.md', 'sh')
    const result = await bash(block!, cwd)
    if (result.code !== 0) console.log(result.stderr)
    expect(result.code).toBe(0)
    const deployed = emulator.runs.find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(result.stdout).toContain(`Run ${deployed.id} tests myapp-staging.apk`)
    expect(await junitProblems(await readFile(join(cwd, 'verdict.xml'), 'utf8'))).toEqual([])
    expect(emulator.runs.find(r => r.runInputPath === 'setup/MyApp.ipa')).toMatchObject({
      deploymentType: 'ios'
    })
  }, 120_000)
})

describe('docs/library.md', () => {
  it('the install line installs the package into a project', async () => {
    const [block] = await codeBlocks('docs/library.md', 'sh')
    const cwd = await freshWorkspace()
    await writeFile(
      join(cwd, 'package.json'),
      JSON.stringify({ name: 'release-script', type: 'module' })
    )
    const result = await bash(block!, cwd)
    expect(result.code).toBe(0)
    const installed = JSON.parse(
      await readFile(join(cwd, 'node_modules/mobile-build-deploy/package.json'), 'utf8')
    ) as { version: string }
    expect(installed.version).toBe(PRODUCT_VERSION)
  }, 120_000)
})

describe('docs/development.md', () => {
  it('runs the bundle with the inputs of .env.example, as its recipe says', async () => {
    const [block] = await codeBlocks('docs/development.md', 'sh')
    const cwd = await freshWorkspace()
    await copyFile(join(ROOT, '.env.example'), join(cwd, '.env.example'))
    await cp(join(ROOT, 'dist'), join(cwd, 'dist'), { recursive: true })
    // The emulator listens elsewhere than the recipe's 127.0.0.1:4010: a variable of the shell wins over the file's.
    const result = await bash(block!, cwd, { 'INPUT_BASE-URL': emulator.baseUrl })
    if (result.code !== 0) console.log(result.stdout, result.stderr)
    expect(result.code).toBe(0)
    const outputs = await readFile(join(cwd, 'sample', 'output'), 'utf8')
    const created = emulator.runs.find(
      r => r.runInputPath === 'myapp-staging.apk' && r.sha?.startsWith('a1b2c3d4')
    )!
    expect(outputs).toContain(created.id)
    expect(await readFile(join(cwd, 'sample', 'summary'), 'utf8')).toContain(created.id)
  }, 60_000)
})

/** The `sh` steps of a Jenkinsfile, in order, as Groovy hands them to the shell. */
function jenkinsShellSteps(jenkinsfile: string): string[] {
  return [
    ...jenkinsfile.matchAll(
      /\bsh[ (](?:returnStatus: true, script: )?'''([\s\S]*?)'''|\bsh '([^'\n]*)'/g
    )
  ].map(
    // In a ''' string, Groovy joins a line ending in a backslash to the next.
    m => (m[1] ?? m[2]!).replace(/\\\n/g, '')
  )
}

describe('docs/jenkins.md', () => {
  it('the pipeline: build, deploy with the credential, the JUnit report, a later stage reads the outputs', async () => {
    const [jenkinsfile] = await codeBlocks('docs/jenkins.md', 'groovy')
    expect(jenkinsfile).toContain(
      "withCredentials([string(credentialsId: 'service-api-key', variable: 'SERVICE_API_KEY')])"
    )
    expect(jenkinsfile).toMatch(/junit testResults: 'mobile-build-deploy\.xml'/)
    expect(jenkinsfile).toMatch(/if \(status == 3\) \{\s*unstable\(/)
    const steps = jenkinsShellSteps(jenkinsfile!)
    expect(steps).toHaveLength(3)

    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    const jenkins = {
      JENKINS_URL: 'https://jenkins.example.com/',
      BRANCH_NAME: 'PR-9',
      CHANGE_ID: '9',
      CHANGE_BRANCH: "feature/$(touch pwned)'",
      GIT_COMMIT: 'c'.repeat(40),
      GIT_URL: 'https://github.com/mobile/shop.git',
      WORKSPACE: cwd
    }
    const results = []
    for (const script of steps) results.push(await bash(script, cwd, jenkins))
    expect(results.map(r => r.code)).toEqual([0, 0, 0])
    const created = emulator.runs.find(
      r => r.runInputPath === 'myapp-staging.apk' && r.pullRequestNumber === 9
    )!
    expect(created.branch).toBe("feature/$(touch pwned)'")
    expect(results[2]!.stdout).toBe(`Run ${created.id} tested myapp-staging.apk (passed)\n`)
    expect(
      await junitProblems(await readFile(join(cwd, 'mobile-build-deploy.xml'), 'utf8'))
    ).toEqual([])
    expect(existsSync(join(cwd, 'pwned'))).toBe(false)
  }, 120_000)
})

describe('docs/fastlane.md', () => {
  it('the lane builds, deploys, waits, and reads the outputs of this run', async () => {
    const [fastfile] = await codeBlocks('docs/fastlane.md', 'ruby')
    const cwd = await freshWorkspace()
    await mkdir(join(cwd, 'fastlane'))
    await writeFile(join(cwd, 'fastlane', 'Fastfile'), fastfile!)
    // A fresh service: the same deployment notified again would answer with the earlier run.
    emulator.reset()
    // A hand-over of an earlier run in the lane's folder: the lane must never read its values.
    await writeFile(
      join(cwd, 'fastlane', 'mobile-build-deploy.sh'),
      "export runId='run_stale'\nexport verdict='passed'\n"
    )
    const { stdout } = await run(
      'ruby',
      [
        join(ROOT, '__tests__/fixtures/fastlane/run_lane.rb'),
        join(cwd, 'fastlane', 'Fastfile'),
        'deploy_to_tests'
      ],
      { cwd, env: { ...env, CI: 'true' } }
    )
    const [created] = emulator.runs
    expect(created!.runInputPath).toBe('myapp-staging.apk')
    expect(stdout).toBe(`Run ${created!.id} tested myapp-staging.apk (passed)\n`)
  }, 120_000)
})
