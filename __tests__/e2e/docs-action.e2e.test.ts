/**
 * The two shapes docs/action.md shows for two platforms from one commit, run
 * as written: each job's step of this action with its `with:` as the page
 * gives it, only the secret, the service's address, the builds' paths (what
 * the build steps and download-artifact leave) and the example's app ids
 * filled in for the emulator's builds, on a pull request.
 */
import { onVirtualClock } from '../helpers/virtual-clock.js'
import { execFileSync } from 'node:child_process'
import { mkdir, copyFile, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { clock } from '../../src/core/shared/clock.js'
import { ACTION_REFERENCE } from '../helpers/cli-release.js'
import { fencedBlocks } from '../../script/docs-pages.js'
import { READ_ONLY_TOKEN } from '../../emulator/github-api.js'
import { env, HEAD, HEAD2, pullRequest, run } from '../helpers/github-events.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'

// The product and the emulator run on one virtual clock here: waits cost no real time.
onVirtualClock()

interface Job {
  'runs-on': string
  permissions?: Record<string, string>
  needs?: string | string[]
  if?: string
  outputs?: Record<string, string>
  steps: {
    id?: string
    uses?: string
    run?: string
    env?: Record<string, string>
    with?: Record<string, unknown>
  }[]
}
interface Workflow {
  on: unknown
  jobs: Record<string, Job>
}

let emulator: Emulator
let builds: { apk: string; aab: string; ipa: string }
beforeAll(async () => {
  emulator = await startEmulator()
  const dir = await freshWorkspace()
  builds = {
    apk: (await writeArtifact('app.apk', 64 * 1024, dir)).path,
    aab: (await writeArtifact('app.aab', 64 * 1024, dir)).path,
    ipa: (await writeArtifact('app.ipa', 64 * 1024, dir)).path
  }
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** The page's workflows, by the names of their jobs. */
async function workflow(...jobs: string[]): Promise<Workflow> {
  for (const block of await fencedBlocks('docs/action.md', 'yaml')) {
    const parsed = parse(block.text) as Partial<Workflow>
    const names = Object.keys(parsed?.jobs ?? {})
    if (names.length === jobs.length && jobs.every(job => names.includes(job)))
      return parsed as Workflow
  }
  throw new Error(`docs/action.md has no workflow of the jobs ${jobs.join(', ')}`)
}

/** The example's app ids, as the emulator's builds have them. */
const APP_IDS: Record<string, string> = {
  'com.example.shop': 'com.example.inspect',
  'com.example.Shop': 'com.example.written'
}

/**
 * Runs a job's step of this action as written in a workspace where each
 * `file` line matches a build (the glob's `*` standing for the build's name),
 * with the secret and the address filled in.
 */
async function runJob(job: Job, variables: string, context: Record<string, string> = {}) {
  const ours = job.steps.find(s => s.uses === ACTION_REFERENCE)!
  const workspace = await freshWorkspace()
  const inputs: Record<string, string> = {}
  for (const [name, value] of Object.entries(ours.with ?? {}))
    inputs[name] = evaluate(String(value), context)
  expect(inputs['api-key']).toBe('${{ secrets.SERVICE_API_KEY }}')
  inputs['api-key'] = DEMO_API_KEY
  inputs['base-url'] = emulator.baseUrl
  inputs.variables = variables
  for (const [example, built] of Object.entries(APP_IDS))
    inputs['expected-app-id'] = inputs['expected-app-id']?.replace(example, built) ?? ''
  for (const line of (inputs.file ?? '').split('\n').filter(Boolean)) {
    const path = join(workspace, line.trim().replace('*', 'app'))
    await mkdir(dirname(path), { recursive: true })
    const ext = path.slice(path.lastIndexOf('.') + 1) as keyof typeof builds
    await copyFile(builds[ext], path)
  }
  return step(emulator, inputs, { workspace, env, ...pullRequest(HEAD) })
}

/** A job's steps, the action's given `inputs` over the page's. */
function withInputs(job: Job, inputs: Record<string, string>): Job['steps'] {
  return job.steps.map(s =>
    s.uses === ACTION_REFERENCE ? { ...s, with: { ...s.with, ...inputs } } : s
  )
}

/** A value's `${{ steps.x.outputs.y }}` and `${{ needs.x.outputs.y }}` as the runner evaluates them from `context`. */
function evaluate(value: string, context: Record<string, string>): string {
  return value.replace(
    /\$\{\{\s*((?:steps|needs)\.[\w-]+\.outputs\.[\w-]+)\s*\}\}/g,
    (_m, path: string) => context[path] ?? ''
  )
}

/** The newest check run of each name on the head: what GitHub shows. */
function shown(): Record<string, string | null> {
  const names: Record<string, string | null> = {}
  for (const check of [...emulator.github.checkRuns].reverse())
    if (check.head_sha === HEAD && !(check.name in names)) names[check.name] = check.conclusion
  return names
}

const failingAndroid = run({
  byBuild: { apk: { final: 'failed', bugs: [{ name: 'Crash', priority: 'urgent' }] } }
})
const failingAndroidAab = run({
  byBuild: {
    apk: { final: 'failed', bugs: [{ name: 'Crash', priority: 'urgent' }] },
    aab: { final: 'passed' }
  }
})

describe('docs/action.md, two platforms from one commit', () => {
  it('an Android job and an iOS job (on macOS): a check run and a comment each, the failure kept', async () => {
    const { jobs } = await workflow('android', 'ios')
    expect(jobs.ios!['runs-on']).toMatch(/^macos/)
    const android = await runJob(jobs.android!, failingAndroid)
    const ios = await runJob(jobs.ios!, failingAndroid)
    expect([android.exitCode, ios.exitCode]).toEqual([1, 0])
    expect(shown()).toEqual({
      'Mobile tests (Android: com.example.inspect)': 'failure',
      'Mobile tests (iOS: com.example.written)': 'success'
    })
    expect(emulator.github.comments).toHaveLength(2)
  })

  it('build jobs that leave artifacts and one deploy job: both builds in one step', async () => {
    const { jobs } = await workflow('build-android', 'build-ios', 'deploy')
    expect(jobs.deploy!.needs).toEqual(['build-android', 'build-ios'])
    const result = await runJob(jobs.deploy!, failingAndroid)
    expect(result.exitCode).toBe(1)
    expect(shown()).toEqual({
      'Mobile tests (Android: com.example.inspect)': 'failure',
      'Mobile tests (iOS: com.example.written)': 'success'
    })
    expect(emulator.github.comments).toHaveLength(1)
    const deployments = JSON.parse(result.outputs.deployments!) as { platform: string }[]
    expect(deployments.map(d => d.platform)).toEqual(['android', 'ios'])
    expect(emulator.runs.map(r => r.runInputPath).sort()).toEqual([
      'myapp-octo-org-octo-app-pr7.apk',
      'myapp-octo-org-octo-app-pr7.ipa'
    ])
  })
})

describe("docs/action.md, gate the pipeline on the run's verdict", () => {
  it('a deploy job of an APK and its AAB, then a verdict job that waits for every run it handed over', async () => {
    const { jobs } = await workflow('deploy', 'verdict')
    const deployed = await runJob(jobs.deploy!, failingAndroidAab)
    expect(deployed.exitCode).toBe(0)
    // The job's outputs, and the next job's condition, as the runner evaluates them.
    const steps = Object.fromEntries(
      Object.entries(deployed.outputs).map(([name, value]) => [
        `steps.mobile.outputs.${name}`,
        value
      ])
    )
    const needs = Object.fromEntries(
      Object.entries(jobs.deploy!.outputs ?? {}).map(([name, value]) => [
        `needs.deploy.outputs.${name}`,
        evaluate(value, steps)
      ])
    )
    expect(jobs.verdict!.if).toBe("needs.deploy.outputs.run-ids != ''")
    expect(needs['needs.deploy.outputs.run-ids']!.split(' ')).toHaveLength(2)
    const verdict = await runJob(jobs.verdict!, run(), needs)
    expect(verdict.exitCode).toBe(1)
    expect(shown()).toEqual({
      'Mobile tests (Android: com.example.inspect, app.apk)': 'failure',
      'Mobile tests (Android: com.example.inspect, app.aab)': 'success'
    })
    // The verdict job continued the deploy's comment: one, with a row each.
    expect(emulator.github.comments).toHaveLength(1)
    expect(emulator.github.comments[0]!.body).toMatch(/❌ failed \(blocking bugs\)/)
  })
})

describe('docs/action.md, the gate with a verdict job that may not write', () => {
  const PASS = /✅|\bpassed\b|\bsuccess\b/
  const FAILED = 'Mobile tests (Android: com.example.inspect, app.apk)'

  /** What every place a reviewer reads says of the failed run: the comments' rows, its check runs, the summaries' sections. */
  function saidOfFailed(...summaries: (string | undefined)[]): string[] {
    const rows = [...emulator.github.comments.map(c => c.body), ...summaries].flatMap(text =>
      (text ?? '').split('\n').filter(line => line.startsWith('|') && line.includes('app.apk'))
    )
    const checks = emulator.github.checkRuns
      .filter(c => c.name === FAILED)
      .flatMap(c => [c.output.title ?? '', c.output.summary ?? ''])
    const sections = summaries.flatMap(text =>
      (text ?? '').split(/^#### /m).filter(section => section.split('\n')[0]!.includes(FAILED))
    )
    return [...rows, ...checks, ...sections]
  }

  it.each([
    ['a read-only token', { 'github-token': READ_ONLY_TOKEN }],
    ['check: false', { check: 'false' }]
  ])('%s: nothing shows a pass beside the failed run', async (_title, verdictInputs) => {
    const { jobs } = await workflow('deploy', 'verdict')
    const deployed = await runJob(jobs.deploy!, failingAndroidAab)
    expect(deployed.exitCode).toBe(0)
    // What the deploy wrote stays as it is, for the verdict job may not correct it: it must say no verdict.
    const pending = emulator.github.comments[0]!.body
    expect(pending).toMatch(/➖ run created/)
    expect(pending).not.toMatch(PASS)
    expect(deployed.summary).not.toMatch(PASS)
    const needs = {
      'needs.deploy.outputs.run-ids': deployed.outputs.runIds!
    }
    const verdict = await runJob(
      { ...jobs.verdict!, steps: withInputs(jobs.verdict!, verdictInputs) },
      run(),
      needs
    )
    expect(verdict.exitCode).toBe(1)
    expect(verdict.outputs.verdict).toBe('failed')
    const said = saidOfFailed(deployed.summary, verdict.summary)
    expect(said.length).toBeGreaterThanOrEqual(5)
    for (const text of said) expect(text).not.toMatch(PASS)
    // The verdict job's own summary says the failure.
    expect(saidOfFailed(verdict.summary).join('\n')).toMatch(/❌ failed/)
  })
})

describe('docs/action.md, the verdict without a waiting runner', () => {
  /** The page's workflow whose step of this action sets `input`. */
  async function withInput(input: string): Promise<Workflow> {
    for (const block of await fencedBlocks('docs/action.md', 'yaml')) {
      const parsed = parse(block.text) as Workflow
      const steps = Object.values(parsed?.jobs ?? {}).flatMap(job => job.steps ?? [])
      if (steps.some(s => s.uses === ACTION_REFERENCE && s.with?.[input] === true)) return parsed
    }
    throw new Error(`docs/action.md has no workflow whose step sets ${input}`)
  }

  it('the deploy ends with its check run in progress; the scheduled collect completes it once the run has ended', async () => {
    emulator.github.pulls.push({
      number: 7,
      state: 'open',
      head: { ref: 'feature/login', sha: HEAD, owner: 'octo-org' }
    })
    const deploy = await withInput('report-later')
    const hour = 60 * 60 * 1000
    const deployed = await runJob(
      deploy.jobs.deploy!,
      run({ initializingMs: hour / 2, underReviewMs: hour / 2 })
    )
    expect(deployed.exitCode).toBe(0)
    expect(emulator.github.checkRuns.map(c => c.status)).toEqual(['in_progress'])

    const collecting = await withInput('collect')
    expect(collecting.on).toMatchObject({ schedule: [{ cron: expect.any(String) }] })
    const inputs: Record<string, string> = {}
    const ours = collecting.jobs.collect!.steps.find(s => s.uses === ACTION_REFERENCE)!
    for (const [name, value] of Object.entries(ours.with ?? {})) inputs[name] = String(value)
    inputs['api-key'] = DEMO_API_KEY
    inputs['base-url'] = emulator.baseUrl
    const collect = () =>
      step(emulator, inputs, { env, eventName: 'schedule', ref: 'refs/heads/main' })

    expect((await collect()).exitCode).toBe(0)
    expect(emulator.github.checkRuns.map(c => c.status)).toEqual(['in_progress'])
    await clock.sleep(2 * hour)
    const collected = await collect()
    expect(collected.exitCode).toBe(0)
    expect(emulator.github.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success'
    })
    expect(emulator.github.comments[0]!.body).toMatch(/✅ passed/)
  })
})

describe("docs/action.md, ending a pull request's preview environment", () => {
  it('a workflow of its own on pull_request closed ends the environment the deploy made, by its name prefix', async () => {
    const deployed = await step(
      emulator,
      { file: 'app.apk', 'name-prefix': 'myapp', variables: run() },
      { workspace: dirname(builds.apk), env, ...pullRequest(HEAD) }
    )
    expect(deployed.exitCode).toBe(0)
    const environment = emulator.runs[0]!.environment
    expect(environment).toBe('myapp-octo-org-octo-app-pr7')

    let ending: Workflow | undefined
    for (const block of await fencedBlocks('docs/action.md', 'yaml')) {
      const parsed = parse(block.text) as Workflow
      const steps = Object.values(parsed?.jobs ?? {}).flatMap(job => job.steps ?? [])
      if (steps.some(s => s.with?.['terminate-environment'] === true)) ending = parsed
    }
    expect(ending?.on).toEqual({ pull_request: { types: ['closed'] } })
    const ours = Object.values(ending!.jobs)[0]!.steps.find(s => s.uses === ACTION_REFERENCE)!
    const inputs: Record<string, string> = {}
    for (const [name, value] of Object.entries(ours.with ?? {})) inputs[name] = String(value)
    inputs['api-key'] = DEMO_API_KEY
    inputs['base-url'] = emulator.baseUrl
    const closed = pullRequest(HEAD)
    const ended = await step(emulator, inputs, {
      env,
      ...closed,
      event: { ...closed.event, action: 'closed' }
    })
    expect(ended.exitCode).toBe(0)
    expect(ended.outputs.environmentId).toBe(`env_${environment}`)
    const terminated = emulator.requests.filter(r => r.route === 'terminate')
    expect(terminated.map(r => [r.status, r.body])).toEqual([
      [200, { environmentAlias: environment }]
    ])
  })
})

describe('docs/action.md, a required check when nothing is deployed', () => {
  /** The `changes` job's script, run by bash in a repository whose last commit changed `path`. */
  async function changed(script: string, path: string): Promise<string> {
    const repo = await freshWorkspace()
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo,
        encoding: 'utf8'
      }).trim()
    git('init', '-q')
    await writeFile(join(repo, 'README.md'), 'base\n')
    git('add', '.')
    git('commit', '-qm', 'base')
    const base = git('rev-parse', 'HEAD')
    await mkdir(dirname(join(repo, path)), { recursive: true })
    await writeFile(join(repo, path), 'changed\n')
    git('add', '.')
    git('commit', '-qm', 'change')
    const output = join(repo, 'github-output')
    await writeFile(output, '')
    execFileSync('bash', ['-e', '-c', script], {
      cwd: repo,
      env: { PATH: process.env.PATH, BASE: base, GITHUB_OUTPUT: output },
      // No stdin: bash reads ~/.bashrc when its stdin looks like a remote shell's socket.
      stdio: ['ignore', 'pipe', 'pipe']
    })
    return (await readFile(output, 'utf8')).trim()
  }

  /** A job's `if:` of the form `needs.changes.outputs.app == 'x'` (or `!=`), for the value given. */
  function runs(job: Job, app: string): boolean {
    const [, op, value] = /^needs\.changes\.outputs\.app (==|!=) '(\w*)'$/.exec(job.if ?? '')!
    return op === '==' ? app === value : app !== value
  }

  it("decides by the changed paths; exactly one of deploy and skip runs; the skip writes the deploy's names, skipped, with no key", async () => {
    const flow = await workflow('changes', 'deploy', 'skip')
    const diff = flow.jobs.changes.steps.find(s => s.id === 'diff')!
    expect(diff.env?.BASE).toBe('${{ github.event.pull_request.base.sha }}')
    expect(await changed(diff.run!, 'docs/guide.md')).toBe('app=false')
    expect(await changed(diff.run!, 'android/app/build.gradle')).toBe('app=true')
    expect(await changed(diff.run!, 'ios/Shop/AppDelegate.swift')).toBe('app=true')
    for (const app of ['true', 'false', ''])
      expect([runs(flow.jobs.deploy, app), runs(flow.jobs.skip, app)].filter(Boolean)).toHaveLength(
        1
      )

    // The deploy on one commit, the skip on another: the same names.
    expect((await runJob(flow.jobs.deploy, run())).exitCode).toBe(0)
    const deployed = emulator.github.checkRuns.filter(c => c.head_sha === HEAD).map(c => c.name)
    expect(deployed).toHaveLength(2)
    const ours = flow.jobs.skip.steps.find(s => s.uses === ACTION_REFERENCE)!
    const inputs: Record<string, string> = { 'api-key': '', 'base-url': '' }
    for (const [name, value] of Object.entries(ours.with ?? {})) inputs[name] = String(value)
    for (const [example, built] of Object.entries(APP_IDS))
      inputs['expected-app-id'] = inputs['expected-app-id']!.replace(example, built)
    const served = emulator.requests.length
    const skipped = await step(emulator, inputs, { env, ...pullRequest(HEAD2) })
    expect(skipped.exitCode).toBe(0)
    expect(emulator.requests).toHaveLength(served)
    const written = emulator.github.checkRuns.filter(c => c.head_sha === HEAD2)
    expect(written.map(c => c.name).sort()).toEqual([...deployed].sort())
    expect(written.map(c => c.conclusion)).toEqual(['skipped', 'skipped'])
    expect(written[0]!.output.summary).toContain(String(ours.with?.['skip-reason']))
  })
})

describe("docs/action.md, a verdict bound to the build's bytes", () => {
  /**
   * The workflow files the page names: the test job's (which signs a
   * waiting deploy's attestation), the collect's, and the one it tells a
   * release job to name as the signer of a collect's attestation.
   */
  async function signerWorkflows() {
    const page = await readFile('docs/action.md', 'utf8')
    const named = (pattern: RegExp) => pattern.exec(page)?.[1]
    return {
      deploy: named(/The test job below is `([^`]+)`/),
      collect: named(/The collect, in a workflow of its own on the default branch \(`([^`]+)`\)/),
      collectSigner: named(/collect[^\n]*--signer-workflow "\$GITHUB_REPOSITORY\/([^"]+)"/)
    }
  }

  it("a collect's attestation is verified as signed by the collect's own workflow, not the deploy's", async () => {
    const signers = await signerWorkflows()
    expect(signers.collect).toMatch(/^\.github\/workflows\/[\w-]+\.yml$/)
    expect(signers.collectSigner).toBe(signers.collect)
    expect(signers.deploy).toMatch(/^\.github\/workflows\/[\w-]+\.yml$/)
    expect(signers.deploy).not.toBe(signers.collect)
  })

  /**
   * The release job's script, run by bash where `gh` is a stand-in that
   * answers `gh attestation verify` as gh does when the signature verified
   * (the verified statements, as JSON), and jq is the machine's own.
   */
  async function release(
    script: string,
    folder: string,
    statement: string,
    signer: string
  ): Promise<number> {
    const bin = join(folder, 'bin')
    await mkdir(bin, { recursive: true })
    await writeFile(
      join(folder, 'verified.json'),
      JSON.stringify([{ verificationResult: { statement: JSON.parse(statement) } }])
    )
    await writeFile(
      join(bin, 'gh'),
      [
        '#!/bin/sh',
        'test "$1 $2 $3" = "attestation verify app-release.apk" || exit 64',
        'case "$*" in *"--repo octo-org/octo-app"*) ;; *) exit 64 ;; esac',
        `case "$*" in *"--signer-workflow octo-org/octo-app/${signer}"*) ;; *) exit 64 ;; esac`,
        'case "$*" in *"--predicate-type https://in-toto.io/attestation/test-result/v0.1 --format json"*) ;; *) exit 64 ;; esac',
        'cat verified.json',
        ''
      ].join('\n'),
      { mode: 0o755 }
    )
    // The job runs on ubuntu-latest, which has sha256sum; a Mac before macOS 15 has none: its stand-in prints sha256sum's line.
    await writeFile(
      join(bin, 'sha256sum'),
      [
        '#!/bin/sh',
        `exec ${JSON.stringify(process.execPath)} -e 'const f = process.argv[1]; process.stdout.write(require("crypto").createHash("sha256").update(require("fs").readFileSync(f)).digest("hex") + "  " + f + "\\n")' "$1"`,
        ''
      ].join('\n'),
      { mode: 0o755 }
    )
    try {
      execFileSync('bash', ['-e', '-c', script], {
        cwd: folder,
        env: { PATH: `${bin}:${process.env.PATH}`, GITHUB_REPOSITORY: 'octo-org/octo-app' },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      return 0
    } catch (error) {
      return (error as { status: number }).status
    }
  }

  it('the step writes what actions/attest signs; the release job ships a build whose own run passed, and no other', async () => {
    const { signAndVerify } = await import('../helpers/sigstore-process.js')
    const { statementAsAttestBuildsIt, inTotoProblems } = await import('../helpers/in-toto.js')
    const flow = await workflow('test', 'release')
    const steps = flow.jobs.test.steps
    const ours = steps.find(s => s.uses === ACTION_REFERENCE)!
    const attest = steps.find(s => s.uses?.startsWith('actions/attest@'))!
    expect(flow.jobs.test).toMatchObject({
      permissions: { 'id-token': 'write', attestations: 'write' }
    })
    const script = flow.jobs.release.steps.find(s => s.run)!.run!
    const signers = await signerWorkflows()
    for (const [verdict, shipped] of [
      ['passed', 0],
      ['failed', 1]
    ] as const) {
      emulator.reset()
      const workspace = await freshWorkspace()
      const inputs: Record<string, string> = {}
      for (const [name, value] of Object.entries(ours.with ?? {})) inputs[name] = String(value)
      const file = join(workspace, inputs.file!)
      await mkdir(dirname(file), { recursive: true })
      await copyFile(builds.apk, file)
      Object.assign(inputs, {
        'api-key': DEMO_API_KEY,
        'base-url': emulator.baseUrl,
        variables: run({ final: verdict, bugs: verdict === 'failed' ? [{ name: 'Crash' }] : [] })
      })
      const stepped = await step(emulator, inputs, {
        workspace,
        env,
        eventName: 'push',
        ref: 'refs/heads/main',
        sha: HEAD
      })
      expect(stepped.exitCode).toBe(verdict === 'passed' ? 0 : 1)
      // actions/attest, with the inputs the page gives it.
      const given = attest.with as Record<string, string>
      const statement = statementAsAttestBuildsIt(
        await readFile(join(workspace, given['subject-checksums']!), 'utf8'),
        given['predicate-type']!,
        await readFile(join(workspace, given['predicate-path']!), 'utf8')
      )
      expect(inTotoProblems(statement)).toEqual([])
      const verified = await signAndVerify(
        JSON.stringify(statement),
        'repo:octo-org/octo-app:ref:refs/heads/main'
      )
      // The release job, with the build the test job uploaded.
      const shipping = await freshWorkspace()
      await copyFile(file, join(shipping, 'app-release.apk'))
      expect(await release(script, shipping, verified.payload, signers.deploy!)).toBe(shipped)
    }
  })
})
