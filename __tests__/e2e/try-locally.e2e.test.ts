/**
 * docs/try-locally.md as a reader follows it: `npm run emulator` started as
 * the page says (on ports of its own here), what it prints, and each
 * section's shell block run in bash against it, in this checkout, with
 * `../my-app` and `../local-action` fresh folders. `npm ci` is skipped (this checkout is
 * installed), `npm run copy` takes the packed tarball rather than packing
 * again, the CLI the page builds (`npm run package -- --npm`) is the packed
 * package's, and gitlab-ci-local is this checkout's, of the page's version.
 * What each section says it does is read back from the two emulators.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import type { GitHubCheckRun, GitHubComment } from '../../emulator/github-api.js'
import { sectionBlocks } from '../../script/docs-pages.js'
import { DEMO_API_KEY, freshWorkspace } from '../helpers/harness.js'
import { node24Binary, packedTarball } from '../helpers/tools.js'

const run = promisify(execFile)
const PAGE = 'docs/try-locally.md'
/** Ports of the test's own, away from the page's defaults (4010 to 4014). */
const PORT = 24010 + (process.pid % 1000) * 5

let emulator: ChildProcess
let printed = ''
let tarball: string
let cli: string
let node24: string

beforeAll(async () => {
  node24 = await node24Binary()
  const packed = await freshWorkspace()
  tarball = await packedTarball(packed)
  await run('tar', ['-xzf', tarball, '-C', packed])
  cli = join(packed, 'package', 'build', 'cli', 'index.js')
  emulator = spawn('npm', ['run', '--silent', 'emulator'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: Ctrl-C in a terminal reaches npm, its shell and the emulator together.
    detached: true
  })
  await new Promise<void>((resolve, reject) => {
    emulator.stdout!.setEncoding('utf8').on('data', (text: string) => {
      printed += text
      if (printed.includes('Press Ctrl-C to stop.')) resolve()
    })
    emulator.on('exit', code => reject(new Error(`npm run emulator ended (${code}): ${printed}`)))
  })
}, 300_000)
afterAll(async () => {
  // Ctrl-C, as the reader stops it; the emulator removes its store and ends.
  const ended = new Promise(resolve => emulator.stdout!.once('close', resolve))
  process.kill(-emulator.pid!, 'SIGINT')
  const timer = setTimeout(() => process.kill(-emulator.pid!, 'SIGKILL'), 10_000)
  await ended
  clearTimeout(timer)
})

const service = `http://127.0.0.1:${PORT}`
const github = `http://127.0.0.1:${PORT + 2}`

/** What GitHub's stand-in holds, as the page reads it. */
async function state(): Promise<{ checkRuns: GitHubCheckRun[]; comments: GitHubComment[] }> {
  return (await fetch(`${github}/_emulator/state`)).json() as never
}

/** A section's shell block, as the reader runs it, with the substitutions above. */
async function runSection(heading: string): Promise<{ code: number; output: string }> {
  const [block] = await sectionBlocks(PAGE, heading, 'sh')
  const folder = await freshWorkspace()
  const app = join(folder, 'my-app')
  const gitlabCiLocal = JSON.parse(
    await readFile(join(ROOT, 'node_modules/gitlab-ci-local/package.json'), 'utf8')
  ) as { version: string }
  const script = block!
    .replaceAll('127.0.0.1:4010', `127.0.0.1:${PORT}`)
    .replaceAll('127.0.0.1:4012', `127.0.0.1:${PORT + 2}`)
    .replaceAll('127.0.0.1:4013', `127.0.0.1:${PORT + 3}`)
    .replaceAll('127.0.0.1:4014', `127.0.0.1:${PORT + 4}`)
    .replaceAll('../my-app', app)
    .replaceAll('../local-action', join(folder, 'local-action'))
    .replace(/^npm ci\n/m, '')
    .replace(/^npm run package -- --npm\n/m, '')
    .replace(/^(npm run copy -- \w+ \S+)$/gm, `$1 --tarball '${tarball}'`)
    .replaceAll('node build/cli/index.js', `node '${cli}'`)
    .replaceAll(
      `npx --yes gitlab-ci-local@${gitlabCiLocal.version}`,
      `node '${join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js')}'`
    )
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', `mkdir -p '${app}'\n${script}`], {
      cwd: ROOT,
      // The reader's shell: npm's own settings (its registry, its certificates) kept, jest's NODE_OPTIONS not.
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PATH: `${dirname(node24)}:${process.env.PATH ?? ''}`,
        TMPDIR: dirname(app)
      },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text))
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text))
    child.on('error', reject)
    child.on('close', code => resolve({ code: code ?? -1, output }))
  })
}

describe('docs/try-locally.md', () => {
  it('npm run emulator prints both addresses, the keys, the tokens and how to register a pull request', async () => {
    expect(printed).toContain(`base-url:     ${service}`)
    expect(printed).toContain(DEMO_API_KEY)
    expect(printed).toContain(`GITHUB_API_URL:  ${github}`)
    expect(printed).toMatch(/github-token: +ghs_\w+ +may write check runs and comments/)
    expect(printed).toContain(`curl -X POST ${github}/_emulator/pulls`)
    expect(printed).toContain(`curl ${github}/_emulator/state`)
  })

  it('the action under GitHub’s local-action deploys, waits and writes its check run', async () => {
    const { code, output } = await runSection("The action under GitHub's own local runner")
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    expect(output).toMatch(/name=verdict::passed/)
    const written = (await state()).checkRuns.filter(
      check => check.head_sha === 'c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff'
    )
    expect(written.map(check => [check.status, check.conclusion])).toEqual([
      ['completed', 'success']
    ])
  }, 300_000)

  it('report later, then a collect completes the check run and edits the comment', async () => {
    const { code, output } = await runSection('Report later, collect on a schedule')
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    expect(output).toMatch(/Collected: 1 check run\(s\) completed/)
    const { checkRuns, comments } = await state()
    const collected = checkRuns.filter(
      check => check.head_sha === 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'
    )
    expect(collected.map(check => [check.status, check.conclusion])).toEqual([
      ['completed', 'success']
    ])
    expect(comments.at(-1)!.body).toContain('✅ passed')
  }, 300_000)

  it('the GitLab components in gitlab-ci-local deploy and wait', async () => {
    const { code, output } = await runSection('The GitLab components in gitlab-ci-local')
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    expect(output).toMatch(/mobile-build-deploy.*passed: green light/)
    // The job's commit status, on GitLab's stand-in.
    const gitlab = (await (await fetch(`http://127.0.0.1:${PORT + 3}/_emulator/state`)).json()) as {
      statuses: { status: string; history: string[] }[]
    }
    expect(gitlab.statuses.map(status => status.history)).toEqual([['running', 'success']])
  }, 300_000)

  it('a Pipelines step through the proxy: a build status SUCCESSFUL and a report PASSED on Bitbucket’s stand-in', async () => {
    const { code, output } = await runSection("Bitbucket's API stand-in")
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    expect(output).toMatch(/"state": ?"SUCCESSFUL"/)
    expect(output).toMatch(/"result": ?"PASSED"/)
  }, 300_000)
})
