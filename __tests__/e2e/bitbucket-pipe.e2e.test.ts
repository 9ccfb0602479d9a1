/**
 * The Bitbucket Pipe's script (pipe/pipe.sh), as the Pipe's image runs it:
 * under dash and busybox sh, with Bitbucket Pipelines' variables and the
 * Pipe's own, the CLI installed from the packed package, against the
 * emulator and the Bitbucket stand-in: a deploy that waits (a pass, a
 * failure), report-later then a scheduled collect, a skip; every value one
 * argument (a build path with spaces and a `$(…)` is neither split nor
 * run); a bad switch refused before any request; the key never in the CLI's
 * arguments.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/bitbucket-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, gradleScript, writeArtifact } from '../helpers/harness.js'
import { codeBlocks } from '../../script/docs-pages.js'
import { parse } from 'yaml'
import { bitbucketPipeline } from '../helpers/bitbucket-pipeline.js'
import { packedTarball } from '../helpers/tools.js'
import { junitProblems } from '../helpers/junit.js'
import { existsSync } from 'node:fs'
import { expectReported, startReportTargets } from '../helpers/report-targets.js'

const ROOT = process.cwd()
/** The Pipe's script where the image keeps it. */
const PIPE = () => join(workspace, 'image', 'opt', 'mobile-build-deploy', 'pipe.sh')
const COMMIT = 'e1e2e3e4e1e2e3e4e1e2e3e4e1e2e3e4e1e2e3e4'
let emulator: Emulator
let workspace: string
/** The CLI as the image has it on PATH: the packed package's, unpacked. */
let bin: string
let tarball: string

/**
 * The Pipe's image as its Dockerfile builds it, without Docker: its COPY and
 * RUN lines run under busybox sh with /opt and /usr/local/bin moved into a
 * folder of the test's, the packed tarball and its SHA-256 as the build's
 * arguments. Returns the image's bin folder.
 */
async function imageOf(packed: string): Promise<string> {
  const image = join(workspace, 'image')
  const dockerfile = await readFile(join(ROOT, 'pipe', 'Dockerfile'), 'utf8')
  expect(dockerfile).toMatch(/^FROM node:(2[2-9]|[3-9]\d)-alpine$/m)
  const moved = (text: string): string =>
    text.replaceAll('/opt/', `${image}/opt/`).replaceAll('/usr/local/bin', `${image}/bin`)
  const copy = /^COPY (.+) (\S+\/)$/m.exec(dockerfile)!
  await mkdir(moved(copy[2]!), { recursive: true })
  await mkdir(join(image, 'bin'))
  for (const source of copy[1]!.split(' '))
    await copyFile(join(ROOT, source), join(moved(copy[2]!), basename(source)))
  const runLine = /^RUN ((?:.*\\\n)*.*)$/m.exec(dockerfile)![1]!.replace(/\\\n/g, '\n')
  const sha = createHash('sha256')
    .update(await readFile(packed))
    .digest('hex')
  await promisify(execFile)('busybox', ['sh', '-c', moved(runLine)], {
    env: { PATH: process.env.PATH, CLI_PACKAGE: packed, CLI_SHA256: sha, TMPDIR: workspace }
  })
  return join(image, 'bin')
}

beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  tarball = await packedTarball(workspace)
  bin = await imageOf(tarball)
}, 300_000)
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** Runs the Pipe's script under `shell` with Pipelines' variables and the Pipe's. */
function pipe(
  shell: 'dash' | 'busybox',
  variables: Record<string, string>,
  commit = COMMIT,
  pullRequest = true
): Promise<{ code: number; output: string }> {
  const env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: workspace,
    API_KEY: DEMO_API_KEY,
    BASE_URL: emulator.baseUrl,
    ...bitbucketPipeline(emulator.bitbucket.url, { commit, token: WRITE_TOKEN, pullRequest }),
    ...variables
  }
  const argv = shell === 'busybox' ? ['sh', PIPE()] : [PIPE()]
  return new Promise(resolve => {
    execFile(shell, argv, { env, cwd: workspace, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, output: `${stdout}${stderr}` })
    })
  })
}

/** A run of the emulator that ends within a second; `fields` say how. */
const quick = (fields: object = {}): string =>
  JSON.stringify({
    EMULATOR_RUN: JSON.stringify({ initializingMs: 300, underReviewMs: 300, ...fields })
  })

const statuses = (commit = COMMIT) => emulator.bitbucket.statuses.filter(s => s.commit === commit)

describe.each(['dash', 'busybox'] as const)('the Pipe under %s', shell => {
  it('deploys and waits: a status and a report PASSED; a failure FAILED, the step failing', async () => {
    await writeArtifact('my app $(touch pwned).apk', 8 * 1024, workspace)
    const passed = await pipe(shell, {
      BUILD: 'my app $(touch pwned).apk',
      WAIT: 'true',
      VARIABLES: quick()
    })
    expect(passed.code).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(emulator.bitbucket.reports[0]!.fields.result).toBe('PASSED')
    expect(passed.output).not.toContain(DEMO_API_KEY)
    expect(passed.output).not.toContain(WRITE_TOKEN)
    await writeArtifact('other.apk', 9 * 1024, workspace)
    const failing = quick({
      final: 'failed',
      bugs: [{ name: 'Crash on start', priority: 'urgent' }]
    })
    const failed = await pipe(shell, {
      BUILD: 'other.apk',
      WAIT: 'true',
      JUNIT: 'verdict.xml',
      VARIABLES: failing
    })
    expect(failed.code).not.toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['FAILED'])
    expect(emulator.bitbucket.reports[0]!.fields.result).toBe('FAILED')
    expect(await junitProblems(await readFile(join(workspace, 'verdict.xml'), 'utf8'))).toEqual([])
    expect(existsSync(join(workspace, 'pwned'))).toBe(false)
  })

  it('report-later in a pull request, then a scheduled collect completes it', async () => {
    await writeArtifact('app.apk', 8 * 1024, workspace)
    const later = await pipe(shell, { BUILD: 'app.apk', REPORT_LATER: 'true', VARIABLES: quick() })
    expect(later.code).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['INPROGRESS'])
    emulator.bitbucket.pullRequests.push({
      id: 12,
      state: 'OPEN',
      source: { branch: 'feature/login', commit: COMMIT },
      destination: { branch: 'main' }
    })
    // The run ends after a few seconds of real time here.
    await new Promise(resolve => setTimeout(resolve, 3000))
    const collected = await pipe(
      shell,
      { MODE: 'collect', JUNIT: 'collected.xml' },
      'f'.repeat(40),
      false
    )
    expect(collected.code).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(await junitProblems(await readFile(join(workspace, 'collected.xml'), 'utf8'))).toEqual(
      []
    )
  }, 60_000)

  it('skips: a STOPPED status per app, nothing sent to the service', async () => {
    const skipped = await pipe(shell, {
      MODE: 'skip',
      EXPECTED_APP_ID: 'android:com.example.shop',
      SKIP_REASON: '--wait=false: docs only'
    })
    expect(skipped.code).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['STOPPED'])
    // A value that reads as a flag stays the value it is.
    expect(statuses()[0]!.description).toMatch(/--wait=false: docs only/)
    expect(emulator.requests).toHaveLength(0)
  })

  it('refuses a switch that is not true or false, and an unknown mode, before any request', async () => {
    const bad = await pipe(shell, { BUILD: 'app.apk', WAIT: 'yes' })
    expect(bad.code).toBe(2)
    expect(bad.output).toMatch(/WAIT is "yes": give true or false/)
    const mode = await pipe(shell, { MODE: 'upload; rm -rf /' })
    expect(mode.code).toBe(2)
    expect(mode.output).toMatch(/MODE is/)
    // The Slack variable of the Pipe's first draft is named, never ignored.
    const slack = await pipe(shell, { BUILD: 'app.apk', SLACK_WEBHOOK: 'https://hooks.example/x' })
    expect([slack.code, slack.output]).toEqual([2, expect.stringMatching(/as SLACK_WEBHOOK_URL/)])
    expect(emulator.requests).toHaveLength(0)
    expect(emulator.bitbucket.requests).toHaveLength(0)
  })
})

describe('the Pipe offers every option the table offers it, the secrets by their variables', () => {
  it('deploys an earlier upload by RUN_INPUT_PATH alone, without BUILD', async () => {
    const before = emulator.runs.length
    const notified = await pipe('dash', { RUN_INPUT_PATH: 'uploads/app.apk', VARIABLES: quick() })
    expect([notified.code, notified.output]).toEqual([0, expect.any(String)])
    expect(emulator.runs.slice(before).map(run => run.runInputPath)).toEqual(['uploads/app.apk'])
    expect(emulator.requests.map(request => request.route)).not.toContain('upload')
  })

  it('Slack, the result webhook and the attestation from a deploy that waits; Slack from a skip', async () => {
    const targets = await startReportTargets()
    try {
      await writeArtifact('app.apk', 8 * 1024, workspace)
      const waited = await pipe('dash', {
        BUILD: 'app.apk',
        WAIT: 'true',
        TEST_ATTESTATION: 'attestation',
        MIN_UPLOAD_KIB_PER_SECOND: '32',
        VARIABLES: quick(),
        ...targets.variables
      })
      expect(waited.code).toBe(0)
      await expectReported(targets, waited.output, join(workspace, 'attestation'), 'passed')
      const skipped = await pipe('dash', {
        MODE: 'skip',
        EXPECTED_APP_ID: 'com.example.shop',
        PLATFORM: 'android',
        ...targets.variables
      })
      expect([skipped.code, skipped.output]).toEqual([0, expect.any(String)])
      expect(targets.slack.messages).toHaveLength(2)
      expect(JSON.stringify(targets.slack.messages[1])).toMatch(/skipped/i)
    } finally {
      await targets.close()
    }
  })
})

/**
 * docs/bitbucket.md's pipelines as Bitbucket Pipelines runs them: each
 * step's script, its anchors resolved, in one bash of its own in the app's
 * checkout (the CLI's copy committed there, `./gradlew` a stand-in that
 * leaves the APK), with Bitbucket's variables (a pull request's pipeline
 * through the proxy; the scheduled collect with the token).
 */
describe('docs/bitbucket.md’s pipelines, as Pipelines runs their steps', () => {
  let app: string
  let unpackedAt: string

  beforeAll(async () => {
    app = join(workspace, 'app')
    unpackedAt = join(workspace, 'unpacked')
    await mkdir(app)
    await mkdir(unpackedAt)
    await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        'script/copy.ts',
        'cli',
        app,
        '--tarball',
        tarball
      ],
      { cwd: ROOT }
    )
    await writeFile(join(app, 'gradlew'), await gradleScript(8 * 1024))
    await chmod(join(app, 'gradlew'), 0o755)
    const ipa = await writeArtifact('App.ipa', 8 * 1024, workspace)
    await mkdir(join(app, 'build'))
    await copyFile(ipa.path, join(app, 'build', 'App.ipa'))
    await promisify(execFile)('git', ['init', '-q'], { cwd: app })
  }, 300_000)

  type Step = { script: string[] }
  /** What a bitbucket-pipelines.yml of the page holds that is run here. */
  type Pipelines = {
    pipelines: { 'pull-requests': Record<string, unknown[]>; custom?: Record<string, unknown[]> }
  }
  const stepsOf = (items: unknown[]): Step[] =>
    items.flatMap(item => {
      const { step, parallel } = item as { step?: Step; parallel?: { step: Step }[] }
      return step ? [step] : parallel!.map(p => p.step)
    })

  /** One step's script in a bash of its own, failing at its first failing command, as Pipelines runs it. */
  async function runStep(
    step: Step,
    env: Record<string, string>
  ): Promise<{ code: number; output: string }> {
    const script = step.script
      .join('\n')
      .replaceAll('-C /tmp', `-C '${unpackedAt}'`)
      .replaceAll('/tmp/package', `${unpackedAt}/package`)
    return new Promise(resolve => {
      execFile(
        'bash',
        ['-e', '-c', script],
        {
          cwd: app,
          env: {
            PATH: process.env.PATH,
            HOME: workspace,
            SERVICE_API_KEY: DEMO_API_KEY,
            SERVICE_BASE_URL: emulator.baseUrl,
            ...env
          },
          timeout: 180_000
        },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            output: `${stdout}${stderr}`
          })
      )
    })
  }

  it('build, deploy and wait; then report-later on two platforms and the scheduled collect', async () => {
    const [whole, later] = (await codeBlocks('docs/bitbucket.md', 'yaml')).map(
      block => parse(block) as Pipelines
    )
    const pullRequest = bitbucketPipeline(emulator.bitbucket.url, { commit: COMMIT })
    for (const step of stepsOf(whole!.pipelines['pull-requests']['**'])) {
      const ran = await runStep(step, pullRequest)
      if (ran.code !== 0) console.log(ran.output)
      expect(ran.code).toBe(0)
    }
    expect(statuses().map(s => s.state)).toEqual(['SUCCESSFUL'])
    expect(emulator.bitbucket.reports.map(r => r.fields.result)).toEqual(['PASSED'])
    expect(
      await junitProblems(await readFile(join(app, 'test-results', 'mobile.xml'), 'utf8'))
    ).toEqual([])

    const LATER = 'abcdabcdabcdabcdabcdabcdabcdabcdabcdabcd'
    const laterPipeline = bitbucketPipeline(emulator.bitbucket.url, { commit: LATER })
    for (const step of stepsOf(later!.pipelines['pull-requests']['**'])) {
      const ran = await runStep(step, laterPipeline)
      if (ran.code !== 0) console.log(ran.output)
      expect(ran.code).toBe(0)
    }
    expect(statuses(LATER).map(s => s.state)).toEqual(['INPROGRESS', 'INPROGRESS'])
    emulator.bitbucket.pullRequests.push({
      id: 12,
      state: 'OPEN',
      source: { branch: 'feature/login', commit: LATER },
      destination: { branch: 'main' }
    })
    // The demo workspace's runs end within seconds.
    await new Promise(resolve => setTimeout(resolve, 15_000))
    const schedule = bitbucketPipeline(emulator.bitbucket.url, {
      commit: 'f'.repeat(40),
      token: WRITE_TOKEN,
      pullRequest: false
    })
    for (const step of stepsOf(whole!.pipelines.custom!.collect!)) {
      const ran = await runStep(step, schedule)
      if (ran.code !== 0) console.log(ran.output)
      expect(ran.code).toBe(0)
    }
    expect(statuses(LATER).map(s => s.state)).toEqual(['SUCCESSFUL', 'SUCCESSFUL'])
    expect(
      await junitProblems(await readFile(join(app, 'test-results', 'collected.xml'), 'utf8'))
    ).toEqual([])
  }, 300_000)
})
