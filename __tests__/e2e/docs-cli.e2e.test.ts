/**
 * The examples of the CLI's pages as a reader copies them: docs/cli.md's
 * shell blocks in bash, docs/jenkins.md's pipeline as Jenkins runs its `sh`
 * steps (in `sh -xe`, with Jenkins' variables and the credential
 * withCredentials binds for its own step), docs/fastlane.md's lane in Ruby as
 * fastlane runs it, docs/library.md's install lines. Each installs the
 * release's tarball after checking its SHA-256 against the pin: the tests give
 * them the packed tarball's file:// URL and its real SHA-256 in place of the
 * release URL and the pin, and a wrong pin to show that the check stops them
 * before the CLI runs. The service is the emulator. (docs/gitlab.md's jobs run
 * in gitlab-ci-local: e2e/gitlab.)
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { conventionalDestination } from '../../src/core/deploy/destination.js'
import { PRODUCT_VERSION } from '../../src/core/index.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { copyParagraphs, copySection, runCopyBlock } from '../helpers/copies.js'
import {
  buildToolScript,
  DEMO_API_KEY,
  freshWorkspace,
  gradleScript,
  writeArtifact
} from '../helpers/harness.js'
import { packedRelease, withRelease, WRONG_SHA256, type CliRelease } from '../helpers/installer.js'
import { junitProblems } from '../helpers/junit.js'
import { packedTarball } from '../helpers/tools.js'

const run = promisify(execFile)
/** The pin as the pages write it, for the reader to fill in. */
const PLACEHOLDER_PIN = '<the SHA-256 in the release notes>'

let emulator: Emulator
let release: CliRelease
/** The packed package's tarball. */
let tarball: string
/** The wrong pin: the release's URL, another SHA-256. */
let wrongPin: CliRelease
let env: Record<string, string>

beforeAll(async () => {
  emulator = await startEmulator()
  tarball = await packedTarball(await freshWorkspace())
  release = await packedRelease(tarball)
  wrongPin = { ...release, sha256: WRONG_SHA256 }
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1'
  }
}, 300_000)
afterAll(() => emulator.close())

interface Ran {
  code: number
  stdout: string
  stderr: string
}

/**
 * A script in a shell (`bash -e` by default: a CI's shell step, which stops at the first failing command),
 * with the test's environment and `extra`; `base` replaces the test's environment.
 */
async function shell(
  script: string,
  cwd: string,
  extra: Record<string, string> = {},
  command = ['bash', '-e'],
  base = env
): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(command[0]!, [...command.slice(1), '-c', script], {
      cwd,
      env: { ...base, ...extra }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** A script typed into a shell (its input, not `-c`): as a reader pastes it; the exit code the last command's. */
async function typed(script: string, cwd: string, command: string[]): Promise<Ran> {
  const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: 'pipe' })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  child.stdin.end(`${script}\nexit $?\n`)
  const code = await new Promise<number>(done => child.on('close', status => done(status ?? 1)))
  return { code, stdout, stderr }
}

/** A script as typed in a terminal: bash without -e, so that only the script's own `&&` stops it. */
const TERMINAL = ['bash']

/** What the service was asked since `before` requests: nothing, when the CLI never ran. */
const requestsSince = (before: number) => emulator.requests.slice(before)

/** A stand-in for gradle in `dir`: `./gradlew assembleRelease` writes the APK where gradle does. */
async function gradleStandIn(dir: string): Promise<void> {
  await writeFile(
    join(dir, 'gradlew'),
    await buildToolScript('app/build/outputs/apk/release/app-release.apk', 65536),
    { mode: 0o755 }
  )
}

describe('docs/cli.md', () => {
  /** The install block and the commands block, with the packed release in place of the published one. */
  async function blocks(
    pinned: CliRelease
  ): Promise<{ install: string; commands: string; dryRun: string }> {
    const [install, commands, dryRun] = await pageBlocks('docs/cli.md')
    return { install: withRelease(install!, pinned), commands: commands!, dryRun: dryRun! }
  }

  it('install: the checked tarball unpacks, and the CLI prints its version', async () => {
    const cwd = await freshWorkspace()
    const result = await shell((await blocks(release)).install, cwd, {}, TERMINAL)
    expect([result.code, result.stdout.trim().split('\n').at(-1)]).toEqual([0, PRODUCT_VERSION])
  }, 120_000)

  it.each([
    ["a Mac's terminal (zsh -f -i, the block typed in)", ['zsh', '-f', '-i']],
    ['POSIX sh (dash)', ['dash']]
  ])(
    'install, pasted into %s: the same',
    async (_where, shellCommand) => {
      const cwd = await freshWorkspace()
      const ran = await typed((await blocks(release)).install, cwd, shellCommand)
      expect([ran.code, ran.stdout.trim().split('\n').at(-1)]).toEqual([0, PRODUCT_VERSION])
    },
    120_000
  )

  it('install: a wrong pin stops it at the check, before anything of the tarball runs', async () => {
    const cwd = await freshWorkspace()
    const result = await shell((await blocks(wrongPin)).install, cwd, {}, TERMINAL)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('mobile-build-deploy.tgz: FAILED')
    expect(result.stdout).not.toContain(PRODUCT_VERSION)
    expect(existsSync(join(cwd, 'package'))).toBe(false)
  }, 120_000)

  it.each([
    ['the placeholder', PLACEHOLDER_PIN],
    ['an empty pin', '']
  ])(
    'install: %s stops it with what to pin, before anything is downloaded',
    async (_what, sha256) => {
      const cwd = await freshWorkspace()
      const result = await shell((await blocks({ ...release, sha256 })).install, cwd, {}, TERMINAL)
      expect(result.code).not.toBe(0)
      expect(result.stderr).toContain(
        'MBD_CLI_SHA256 is not a SHA-256; set it to the one the release notes publish'
      )
      expect(existsSync(join(cwd, 'mobile-build-deploy.tgz'))).toBe(false)
    },
    120_000
  )

  it('the commands: deploy, hand over, wait with a JUnit report, upload, notify', async () => {
    const cwd = await freshWorkspace()
    await writeArtifact('app/build/outputs/apk/release/app-release.apk', 65536, cwd)
    await writeArtifact('build/MyApp.ipa', 65536, cwd)
    const { install, commands } = await blocks(release)
    const result = await shell(`${install}\n${commands}`, cwd)
    if (result.code !== 0) console.log(result.stderr)
    expect(result.code).toBe(0)
    const deployed = emulator.runs.find(r => r.runInputPath === 'myapp-staging.apk')!
    expect(result.stdout).toContain(`Run ${deployed.id} tests myapp-staging.apk`)
    expect(await junitProblems(await readFile(join(cwd, 'verdict.xml'), 'utf8'))).toEqual([])
    expect(emulator.runs.find(r => r.runInputPath === 'setup/MyApp.ipa')).toMatchObject({
      deploymentType: 'ios'
    })
  }, 120_000)
  it.each([
    ['accepts', DEMO_API_KEY, 0, 'skipped'],
    ['refuses', 'not-a-known-key-1234', 1, 'aborted']
  ])(
    'the dry run, with a key the service %s: exits as a deploy would, and uploads and notifies nothing',
    async (_how, key, code, outcome) => {
      const cwd = await freshWorkspace()
      await writeArtifact('app/build/outputs/apk/release/app-release.apk', 65536, cwd)
      const { install, dryRun } = await blocks(release)
      expect((await shell(install, cwd, {}, TERMINAL)).code).toBe(0)
      const before = emulator.requests.length
      const objects = emulator.objects.size
      const result = await shell(dryRun, cwd, { SERVICE_API_KEY: key })
      expect(result.code).toBe(code)
      expect(JSON.parse(result.stdout)).toMatchObject({ outcome })
      const seen = requestsSince(before)
      const destination = conventionalDestination({
        prefix: 'myapp',
        environment: 'staging',
        extension: '.apk'
      })
      expect(seen.map(r => ({ destination: r.query.file, route: r.route }))).toEqual([
        { ...destination, route: 'signed-url' }
      ])
      expect(emulator.objects.size).toBe(objects)
      if (code !== 0) expect(result.stderr).toContain('the API key is missing or invalid')
    },
    120_000
  )
})

describe('docs/library.md', () => {
  /** A release script's project, as the page's reader has one. */
  async function project(): Promise<string> {
    const cwd = await freshWorkspace()
    await writeFile(
      join(cwd, 'package.json'),
      JSON.stringify({ name: 'release-script', type: 'module' })
    )
    return cwd
  }

  /** The page's install lines, run as typed in a terminal in `cwd` with `pinned` as the release. */
  async function install(cwd: string, pinned: CliRelease): Promise<Ran> {
    const [block] = await pageBlocks('docs/library.md')
    return shell(withRelease(block!, pinned), cwd, {}, TERMINAL)
  }

  it('a wrong pin stops the install lines before npm installs anything', async () => {
    const cwd = await project()
    const result = await install(cwd, wrongPin)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(
      /mobile-build-deploy\.tgz: FAILED: its SHA-256 is \w{64}, and \w{64} is pinned$/m
    )
    expect(existsSync(join(cwd, 'node_modules'))).toBe(false)
    expect(existsSync(join(cwd, 'package-lock.json'))).toBe(false)
  }, 120_000)

  it('the placeholder pin stops the install lines with what to pin, before the download', async () => {
    const cwd = await project()
    const result = await install(cwd, { ...release, sha256: PLACEHOLDER_PIN })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(
      'MBD_CLI_SHA256 is not a SHA-256; set it to the one the release notes publish'
    )
    expect(existsSync(join(cwd, 'node_modules'))).toBe(false)
  }, 120_000)

  it("npm runs none of the package's lifecycle scripts", async () => {
    // A release whose package.json has a postinstall script, pinned with its own SHA-256.
    const cwd = await project()
    const packed = await packedTarball(cwd)
    const build = await shell(
      `mkdir scripted && tar -xzf ${packed} -C scripted && ` +
        `node -e 'const f = "scripted/package/package.json"; const p = require("./" + f); p.scripts = { postinstall: "touch postinstall-ran" }; require("fs").writeFileSync(f, JSON.stringify(p))' && ` +
        `tar -czf scripted.tgz -C scripted package`,
      cwd
    )
    expect(build.code).toBe(0)
    const result = await install(cwd, await packedRelease(join(cwd, 'scripted.tgz')))
    expect(result.code).toBe(0)
    expect(existsSync(join(cwd, 'node_modules/mobile-build-deploy/package.json'))).toBe(true)
    expect(existsSync(join(cwd, 'postinstall-ran'))).toBe(false)
    expect(existsSync(join(cwd, 'node_modules/mobile-build-deploy/postinstall-ran'))).toBe(false)
  }, 120_000)

  it("as the page says, the lock holds the tarball's integrity, and npm ci installs no other bytes", async () => {
    const cwd = await project()
    expect((await install(cwd, release)).code).toBe(0)
    const lock = JSON.parse(await readFile(join(cwd, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string; integrity?: string }>
    }
    expect(lock.packages['node_modules/mobile-build-deploy']).toMatchObject({
      resolved: 'file:mobile-build-deploy.tgz',
      integrity: expect.stringMatching(/^sha512-/)
    })
    // Another tarball of the same name: the CLI with one line more.
    const tarball = lock.packages['node_modules/mobile-build-deploy']!.resolved!.slice(
      'file:'.length
    )
    const changed = await shell(
      `mkdir changed && tar -xzf ${tarball} -C changed && echo '// changed' >> changed/package/build/cli/index.js && tar -czf ${tarball} -C changed package`,
      cwd
    )
    expect(changed.code).toBe(0)
    // A fresh machine's npm cache: a warm one holds the recorded bytes and installs those instead.
    const ci = await shell('npm ci --ignore-scripts', cwd, {
      npm_config_cache: join(cwd, '.npm-cache')
    })
    expect(ci.code).not.toBe(0)
    expect(ci.stderr).toContain('EINTEGRITY')
  }, 120_000)

  it('the install line installs the package into a project', async () => {
    const cwd = await project()
    const result = await install(cwd, release)
    if (result.code !== 0) console.log(result.stderr)
    expect(result.code).toBe(0)
    const imported = await shell(
      `node --input-type=module -e "const m = await import('mobile-build-deploy'); console.log(typeof m.deployBuild)"`,
      cwd
    )
    expect(imported.stdout).toBe('function\n')
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
    // The recipe runs at the repository's root, where its sample build is a fixture.
    await cp(join(ROOT, '__tests__/fixtures/builds'), join(cwd, '__tests__/fixtures/builds'), {
      recursive: true
    })
    // The emulator listens elsewhere than the recipe's 127.0.0.1:4010: a variable of the shell wins over the file's.
    const result = await shell(block!, cwd, { 'INPUT_BASE-URL': emulator.baseUrl })
    if (result.code !== 0) console.log(result.stdout, result.stderr)
    expect(result.code).toBe(0)
    const outputs = await readFile(join(cwd, 'sample', 'output'), 'utf8')
    const created = emulator.runs.find(
      r => r.runInputPath === 'myapp-staging.apk' && r.sha?.startsWith('a1b2c3d4')
    )!
    expect(outputs).toContain(created.id)
    expect(outputs).toContain('appId<<')
    expect(await readFile(join(cwd, 'sample', 'summary'), 'utf8')).toContain(created.id)
  }, 60_000)
})

/** An `sh` step of a Jenkinsfile: its script as Groovy hands it to the shell, and where the step is. */
interface ShStep {
  script: string
  at: number
}

/** The `sh` steps of a Jenkinsfile, in order. */
function jenkinsShellSteps(jenkinsfile: string): ShStep[] {
  return [
    ...jenkinsfile.matchAll(
      /\bsh[ (](?:returnStatus: true, script: )?'''([\s\S]*?)'''|\bsh '([^'\n]*)'/g
    )
  ].map(m => ({
    // In a ''' string, Groovy joins a line ending in a backslash to the next.
    script: (m[1] ?? m[2]!).replace(/\\\n/g, ''),
    at: m.index
  }))
}

/**
 * The pipeline's `environment { NAME = 'value' }` block, as Jenkins sets it for every step: a
 * single-quoted value as it is, a double-quoted one with its `${env.NAME}` taken from Jenkins'
 * variables `jenkins` (one Jenkins does not set is refused, as it would be null there).
 */
function jenkinsEnvironment(
  jenkinsfile: string,
  jenkins: Record<string, string>
): Record<string, string> {
  const block = /^ {2}environment \{\n([\s\S]*?)^ {2}\}/m.exec(jenkinsfile)![1]!
  return Object.fromEntries(
    [...block.matchAll(/^\s*(\w+) = (?:'([^'\n]*)'|"([^"\n]*)")$/gm)].map(m => [
      m[1]!,
      m[2] ??
        m[3]!.replace(/\$\{env\.(\w+)\}/g, (_, name: string) => {
          if (!(name in jenkins)) throw new Error(`Jenkins sets no ${name} for ${m[1]}`)
          return jenkins[name]!
        })
    ])
  )
}

/** Where each `withCredentials(…) { … }` starts and ends: the steps it binds the key for. */
function credentialsScopes(jenkinsfile: string): [number, number][] {
  const scopes: [number, number][] = []
  for (let from = jenkinsfile.indexOf('withCredentials('); from !== -1;) {
    let depth = 0
    let end = -1
    for (let i = jenkinsfile.indexOf('{', from); i < jenkinsfile.length; i++) {
      if (jenkinsfile[i] === '{') depth++
      else if (jenkinsfile[i] === '}' && --depth === 0) {
        end = i
        break
      }
    }
    if (end === -1) throw new Error('withCredentials has no block')
    scopes.push([from, end])
    from = jenkinsfile.indexOf('withCredentials(', end)
  }
  return scopes
}

/**
 * Runs the pipeline's `sh` steps in order as Jenkins does (`sh -xe`, in the workspace, with the pipeline's
 * environment and Jenkins' variables `jenkins`), the key bound only inside withCredentials; stops at the
 * first failing step, as a failed `sh` fails the build, except the one whose status the pipeline reads.
 */
async function runPipeline(
  pinned: CliRelease,
  cwd: string,
  jenkins: Record<string, string>,
  edit: (jenkinsfile: string) => string = text => text,
  block = 0
): Promise<{ steps: ShStep[]; results: Ran[] }> {
  const text = (await codeBlocks('docs/jenkins.md', 'groovy'))[block]
  const jenkinsfile = edit(withRelease(text!, pinned))
  const steps = jenkinsShellSteps(jenkinsfile)
  const scopes = credentialsScopes(jenkinsfile)
  // The emulator is the service: its URL wins over the page's.
  const { SERVICE_API_KEY: key, ...outside }: Record<string, string> = {
    ...env,
    ...jenkinsEnvironment(jenkinsfile, jenkins),
    SERVICE_BASE_URL: env.SERVICE_BASE_URL!,
    ...jenkins
  }
  const results: Ran[] = []
  for (const step of steps) {
    const bound: Record<string, string> = scopes.some(
      ([from, to]) => step.at > from && step.at < to
    )
      ? { SERVICE_API_KEY: key! }
      : {}
    const result = await shell(step.script, cwd, bound, ['/bin/sh', '-xe'], outside)
    results.push(result)
    if (result.code !== 0 && !jenkinsfile.slice(step.at).startsWith('sh(returnStatus: true')) break
  }
  return { steps, results }
}

describe('docs/jenkins.md', () => {
  const jenkins = (cwd: string, sha: string) => ({
    JENKINS_URL: 'https://jenkins.example.com/',
    GIT_COMMIT: sha,
    GIT_URL: 'https://github.com/mobile/shop.git',
    WORKSPACE: cwd
  })

  it('the pipeline on a pull request: its own name, the JUnit report, a later stage reads the outputs', async () => {
    const [jenkinsfile] = await codeBlocks('docs/jenkins.md', 'groovy')
    expect(jenkinsfile).toContain(
      "withCredentials([string(credentialsId: 'service-api-key', variable: 'SERVICE_API_KEY')])"
    )
    expect(jenkinsfile).toMatch(/junit testResults: 'mobile-build-deploy\.xml'/)
    expect(jenkinsfile).toMatch(/if \(status == 3\) \{\s*unstable\(/)

    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    const sha = 'c'.repeat(40)
    const { steps, results } = await runPipeline(release, cwd, {
      ...jenkins(cwd, sha),
      BRANCH_NAME: 'PR-9',
      CHANGE_ID: '9',
      CHANGE_BRANCH: "feature/$(touch pwned)'"
    })
    // The build, the CLI's installation, the deploy, the stage that uses the run.
    expect(steps).toHaveLength(4)
    expect(results.map(r => r.code)).toEqual([0, 0, 0, 0])
    const name = conventionalDestination({
      prefix: 'myapp',
      extension: '.apk',
      pullRequestNumber: 9,
      repository: { owner: 'mobile', name: 'shop' }
    })
    expect(name).toEqual({ destination: expect.stringMatching(/-pr9\.apk$/) })
    const created = emulator.runs.find(r => r.sha === sha)!
    expect([created.runInputPath, created.pullRequestNumber]).toEqual([
      (name as { destination: string }).destination,
      9
    ])
    expect(created.branch).toBe("feature/$(touch pwned)'")
    expect(results[3]!.stdout).toBe(`Run ${created.id} tested ${created.runInputPath} (passed)\n`)
    expect(
      await junitProblems(await readFile(join(cwd, 'mobile-build-deploy.xml'), 'utf8'))
    ).toEqual([])
    expect(existsSync(join(cwd, 'pwned'))).toBe(false)
    // Jenkins traces every command (-x): the key is in none of it.
    expect(results.map(r => r.stdout + r.stderr).join('')).not.toContain(DEMO_API_KEY)
  }, 120_000)

  it('the gate in a stage of its own: the deploy stage sends the APK and its AAB, the verdict stage waits for every run', async () => {
    const cwd = await freshWorkspace()
    await writeFile(join(cwd, 'gradlew'), await gradleScript(65536), { mode: 0o755 })
    const sha = 'f'.repeat(40)
    const { steps, results } = await runPipeline(
      release,
      cwd,
      { ...jenkins(cwd, sha), BRANCH_NAME: 'main' },
      text => text,
      1
    )
    // The build, the CLI's installation, the deploy, the wait.
    expect(steps).toHaveLength(4)
    expect(results.map(r => r.code)).toEqual([0, 0, 0, 0])
    const created = emulator.runs.filter(r => r.sha === sha)
    expect(created.map(r => r.runInputPath).sort()).toEqual([
      'myapp-staging.aab',
      'myapp-staging.apk'
    ])
    const junit = await readFile(join(cwd, 'mobile-build-verdict.xml'), 'utf8')
    expect(await junitProblems(junit)).toEqual([])
    expect(junit.match(/<testsuite /g)).toHaveLength(2)
    for (const run of created) expect(junit).toContain(run.id)
    expect(results.map(r => r.stdout + r.stderr).join('')).not.toContain(DEMO_API_KEY)
  }, 120_000)

  it('the pipeline on a branch deploys to staging', async () => {
    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    const sha = 'e'.repeat(40)
    const { results } = await runPipeline(release, cwd, {
      ...jenkins(cwd, sha),
      BRANCH_NAME: 'main'
    })
    expect(results.map(r => r.code)).toEqual([0, 0, 0, 0])
    const created = emulator.runs.find(r => r.sha === sha)!
    expect([created.runInputPath, created.branch, created.pullRequestNumber]).toEqual([
      'myapp-staging.apk',
      'main',
      undefined
    ])
  }, 120_000)

  it('before the first release: the pipeline installs the tarball npm run copy put in the app, as the page says', async () => {
    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    await runCopyBlock('docs/cli.md', cwd, tarball)
    const [paragraph] = await copyParagraphs('docs/jenkins.md')
    const line = /MBD_CLI_PACKAGE = "[^"]+"/.exec(paragraph!)![0]
    const sha = 'd'.repeat(40)
    const { results } = await runPipeline(
      release,
      cwd,
      { ...jenkins(cwd, sha), BRANCH_NAME: 'main' },
      text =>
        text.replace(/^(\s*)MBD_CLI_PACKAGE = '[^'\n]*'$/m, (_, indent: string) => indent + line)
    )
    expect(results.map(r => r.code)).toEqual([0, 0, 0, 0])
    expect(emulator.runs.find(r => r.sha === sha)!.runInputPath).toBe('myapp-staging.apk')
  }, 120_000)

  it('the placeholder pin fails the installation step with what to pin', async () => {
    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    const before = emulator.requests.length
    const { results } = await runPipeline({ ...release, sha256: PLACEHOLDER_PIN }, cwd, {
      ...jenkins(cwd, 'f'.repeat(40)),
      BRANCH_NAME: 'main'
    })
    expect(results.at(-1)!.code).not.toBe(0)
    expect(results.at(-1)!.stderr).toContain(
      'MBD_CLI_SHA256 is not a SHA-256; set it to the one the release notes publish'
    )
    expect(existsSync(join(cwd, 'mobile-build-deploy.tgz'))).toBe(false)
    expect(requestsSince(before)).toEqual([])
  }, 120_000)

  it('a wrong pin fails the installation step: the key is never bound, the CLI never runs', async () => {
    const cwd = await freshWorkspace()
    await gradleStandIn(cwd)
    const before = emulator.requests.length
    const { steps, results } = await runPipeline(wrongPin, cwd, {
      ...jenkins(cwd, 'f'.repeat(40)),
      BRANCH_NAME: 'main'
    })
    const [jenkinsfile] = await codeBlocks('docs/jenkins.md', 'groovy')
    // The installation comes before withCredentials, and the build stops there.
    expect(steps[1]!.at).toBeLessThan(credentialsScopes(withRelease(jenkinsfile!, wrongPin))[0]![0])
    expect(results).toHaveLength(2)
    expect(results[0]!.code).toBe(0)
    expect(results[1]!.code).not.toBe(0)
    expect(`${results[1]!.stdout}${results[1]!.stderr ?? ''}`).toContain(
      'mobile-build-deploy.tgz: FAILED'
    )
    expect(existsSync(join(cwd, 'package'))).toBe(false)
    expect(requestsSince(before)).toEqual([])
  }, 120_000)
})

describe('docs/fastlane.md', () => {
  /** Runs the page's lane as `fastlane deploy_to_tests <options>` in a fresh project, on a CI with `ci`. */
  async function lane(
    pinned: CliRelease,
    ci: Record<string, string>,
    options: string[] = [],
    prepare?: (cwd: string) => Promise<unknown>,
    /** Ruby that names the package in place of the release's URL (a path, as the copy's paragraph writes it). */
    expression?: string
  ): Promise<Ran & { cwd: string }> {
    const [fastfile] = await codeBlocks('docs/fastlane.md', 'ruby')
    const cwd = await freshWorkspace()
    await prepare?.(cwd)
    await mkdir(join(cwd, 'fastlane'))
    const pinnedFile = withRelease(fastfile!, pinned)
    await writeFile(
      join(cwd, 'fastlane', 'Fastfile'),
      expression ? pinnedFile.replace(`"${pinned.url}"`, expression) : pinnedFile
    )
    // A hand-over of an earlier run in the lane's folder: the lane must never read its values.
    await writeFile(
      join(cwd, 'fastlane', 'mobile-build-deploy.sh'),
      "export runId='run_stale'\nexport verdict='passed'\n"
    )
    const script = [
      'ruby',
      join(ROOT, '__tests__/fixtures/fastlane/run_lane.rb'),
      join(cwd, 'fastlane', 'Fastfile'),
      'deploy_to_tests',
      ...options
    ]
    try {
      const { stdout, stderr } = await run(script[0]!, script.slice(1), {
        cwd,
        env: { ...env, CI: 'true', ...ci }
      })
      return { code: 0, stdout, stderr, cwd }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, cwd }
    }
  }

  /** A Bitrise build of the repository mobile/shop at commit `sha`. */
  const bitrise = (sha: string) => ({
    BITRISE_IO: 'true',
    BITRISE_GIT_COMMIT: sha,
    GIT_REPOSITORY_URL: 'https://github.com/mobile/shop.git'
  })

  it('on a branch with environment:staging, the lane builds, deploys to staging, waits, and reads the outputs of this run', async () => {
    const sha = '1'.repeat(40)
    const result = await lane(release, { ...bitrise(sha), BITRISE_GIT_BRANCH: 'main' }, [
      'environment:staging'
    ])
    if (result.code !== 0) console.log(result.stderr)
    const created = emulator.runs.find(r => r.sha === sha)!
    expect(created.runInputPath).toBe('myapp-staging.apk')
    expect(result.stdout).toBe(`Run ${created.id} tested myapp-staging.apk (passed)\n`)
  }, 120_000)

  it('before the first release: the lane installs the tarball npm run copy put in the app, as the page says', async () => {
    const sha = '7'.repeat(40)
    const [paragraph] = await copyParagraphs('docs/fastlane.md')
    const expression = /`MBD_CLI_PACKAGE = (File\.expand_path\([^`]+\))`/.exec(paragraph!)![1]!
    const result = await lane(
      release,
      { ...bitrise(sha), BITRISE_GIT_BRANCH: 'main' },
      ['environment:staging'],
      cwd => runCopyBlock('docs/cli.md', cwd, tarball),
      expression
    )
    if (result.code !== 0) console.log(result.stderr)
    expect(result.code).toBe(0)
    expect(emulator.runs.find(r => r.sha === sha)!.runInputPath).toBe('myapp-staging.apk')
  }, 120_000)

  it("on a pull request, without environment:, the build goes under the pull request's own name", async () => {
    const sha = '2'.repeat(40)
    const result = await lane(release, {
      ...bitrise(sha),
      BITRISE_GIT_BRANCH: 'feature/login',
      BITRISE_PULL_REQUEST: '12'
    })
    if (result.code !== 0) console.log(result.stderr)
    const name = conventionalDestination({
      prefix: 'myapp',
      extension: '.apk',
      pullRequestNumber: 12,
      repository: { owner: 'mobile', name: 'shop' }
    }) as { destination: string }
    expect(name.destination).toMatch(/-pr12\.apk$/)
    const created = emulator.runs.find(r => r.sha === sha)!
    expect([created.runInputPath, created.pullRequestNumber]).toEqual([name.destination, 12])
    expect(result.stdout).toBe(`Run ${created.id} tested ${name.destination} (passed)\n`)
  }, 120_000)

  it('outside a pull request, without environment:, the lane stops at bad usage before any request', async () => {
    const before = emulator.requests.length
    const result = await lane(release, { ...bitrise('4'.repeat(40)), BITRISE_GIT_BRANCH: 'main' })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(/was 2 instead of 0/)
    expect(result.stderr).toContain('--environment')
    expect(requestsSince(before)).toEqual([])
  }, 120_000)

  it('the placeholder pin stops the lane with what to pin, before the download', async () => {
    const before = emulator.requests.length
    const result = await lane(
      { ...release, sha256: PLACEHOLDER_PIN },
      { ...bitrise('3'.repeat(40)), BITRISE_GIT_BRANCH: 'main' },
      ['environment:staging']
    )
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(
      'MBD_CLI_SHA256 is not a SHA-256; set it to the one the release notes publish'
    )
    expect(existsSync(join(result.cwd, 'fastlane', 'mobile-build-deploy.tgz'))).toBe(false)
    expect(requestsSince(before)).toEqual([])
  }, 120_000)

  it('a wrong pin stops the lane naming both SHA-256s, before the tarball is unpacked', async () => {
    const before = emulator.requests.length
    const result = await lane(
      wrongPin,
      { ...bitrise('3'.repeat(40)), BITRISE_GIT_BRANCH: 'main' },
      ['environment:staging']
    )
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(`has SHA-256 ${release.sha256}, and ${WRONG_SHA256} is pinned`)
    expect(existsSync(join(result.cwd, 'fastlane', 'package'))).toBe(false)
    expect(requestsSince(before)).toEqual([])
  }, 120_000)
})

/** A page's `sh` blocks but those of its "Before the first release" section, which their own tests run. */
async function pageBlocks(page: string): Promise<string[]> {
  const copies = await copySection(page, 'sh')
  return (await codeBlocks(page, 'sh')).filter(block => !copies.includes(block))
}
