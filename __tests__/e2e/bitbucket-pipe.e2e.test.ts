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
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { WRITE_TOKEN } from '../../emulator/bitbucket-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { bitbucketPipeline } from '../helpers/bitbucket-pipeline.js'
import { packedTarball } from '../helpers/tools.js'
import { junitProblems } from '../helpers/junit.js'
import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'

const PIPE = join(process.cwd(), 'pipe', 'pipe.sh')
const COMMIT = 'e1e2e3e4e1e2e3e4e1e2e3e4e1e2e3e4e1e2e3e4'
let emulator: Emulator
let workspace: string
/** The CLI as the image has it on PATH: the packed package's, unpacked. */
let bin: string

beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  const tarball = await packedTarball(workspace)
  const unpacked = join(workspace, 'cli')
  await mkdir(unpacked)
  await promisify(execFile)('tar', ['-xzf', tarball, '-C', unpacked])
  bin = join(workspace, 'bin')
  await mkdir(bin)
  const cli = join(bin, 'mobile-build-deploy')
  await writeFile(cli, `#!/bin/sh\nexec node "${unpacked}/package/build/cli/index.js" "$@"\n`)
  await chmod(cli, 0o755)
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
  const argv = shell === 'busybox' ? ['sh', PIPE] : [PIPE]
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
      SKIP_REASON: 'docs only'
    })
    expect(skipped.code).toBe(0)
    expect(statuses().map(s => s.state)).toEqual(['STOPPED'])
    expect(emulator.requests).toHaveLength(0)
  })

  it('refuses a switch that is not true or false, and an unknown mode, before any request', async () => {
    const bad = await pipe(shell, { BUILD: 'app.apk', WAIT: 'yes' })
    expect(bad.code).toBe(2)
    expect(bad.output).toMatch(/WAIT is "yes": give true or false/)
    const mode = await pipe(shell, { MODE: 'upload; rm -rf /' })
    expect(mode.code).toBe(2)
    expect(mode.output).toMatch(/MODE is/)
    expect(emulator.requests).toHaveLength(0)
    expect(emulator.bitbucket.requests).toHaveLength(0)
  })
})
