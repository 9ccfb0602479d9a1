/**
 * `npm run release:rehearse` as a maintainer runs it before the first
 * release: the release script against local bare remotes, the publish to a
 * real registry (Verdaccio), the install into a blank project. It must end
 * with what it published and installed, and leave nothing behind: its own
 * folder (named in its first line) removed, its process group and the
 * registry (by the ids it prints) ended; the same when it fails and when it
 * is stopped by SIGTERM or Ctrl-C mid-way.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)
// As package.json runs it: this Node with tsx's loader, one process that gets the signal itself
// (tsx's own command would relay it, and kill the process if it does not answer within 30 ms).
const REHEARSE = ['--import', 'tsx', 'script/rehearse.ts']

/** Whether a process (a positive id) or a process group (a negative one) is still there. */
function alive(id: number): boolean {
  try {
    process.kill(id, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** What the rehearsal names for whoever checks that it left nothing behind. */
function leftovers(stdout: string): { folder: string; group: number; registry?: number } {
  const folder = /^Rehearsal folder: (.+)$/m.exec(stdout)?.[1]
  const group = Number(/^Rehearsal process group: (\d+)$/m.exec(stdout)?.[1])
  const registry = /^Registry: pid (\d+)$/m.exec(stdout)?.[1]
  expect([folder, group > 0]).toEqual([expect.stringContaining('rehearsal-'), true])
  return { folder: folder!, group, ...(registry ? { registry: Number(registry) } : {}) }
}

function expectNothingLeft({ folder, group, registry }: ReturnType<typeof leftovers>): void {
  expect({ folder: existsSync(folder), group: alive(-group) }).toEqual({
    folder: false,
    group: false
  })
  if (registry !== undefined) expect(alive(registry)).toBe(false)
}

/** The rehearsal as package.json runs it, its output gathered; `stopWhen` sends `signal` once that line appears. */
function rehearse(
  env: Record<string, string> = {},
  stop?: { when: RegExp; signal: NodeJS.Signals }
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, REHEARSE, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let sent = false
    child.stdout.on('data', chunk => {
      stdout += chunk
      if (stop && !sent && stop.when.test(stdout)) {
        sent = true
        child.kill(stop.signal)
      }
    })
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout }))
  })
}

describe('npm run release:rehearse', () => {
  it('rehearses the release: publishes the version, installs it in a blank project, and cleans up', async () => {
    const current = (
      JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    ).version
    // The rehearsal prepares the next minor release of this checkout's version.
    const [major, minor] = current.split('.').map(Number)
    const version = `${major}.${minor! + 1}.0`
    // The name the rehearsal gives the home's npm package (npm run home -- --npm): a scoped one, as most are.
    const name = '@rehearsal/mobile-build-deploy'
    const { stdout } = await run('npm', ['run', '--silent', 'release:rehearse'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024
    })
    expect(stdout).toContain(`Prepared ${version} (`)
    expect(stdout).toContain(`Published ${name}@${version} to http://127.0.0.1:`)
    expect(stdout).toContain(
      `Installed ${name}@${version}: the CLI says ${version}, the library imports, its types compile`
    )
    // Every wrapper and every install line of the docs installed the release's tarball over HTTP.
    for (const leg of [
      'GitLab component deploy (gitlab-ci-local)',
      'CircleCI orb deploy_build (stand-in)',
      'Bitrise step (as Bitrise runs it)',
      'docs/cli.md (Install)',
      'docs/library.md (Set-up)'
    ])
      expect(stdout).toMatch(
        new RegExp(
          `^${leg.replace(/[().]/g, '\\$&')}: installed the release's tarball from http://127\\.0\\.0\\.1:\\d+`,
          'm'
        )
      )
    const lines = stdout.trim().split('\n')
    expect(lines.at(-2)).toBe(
      `Rehearsed: published ${name}@${version}, installed ${name}@${version}.`
    )
    const left = leftovers(stdout)
    expect(left.registry).toBeGreaterThan(0)
    expect(lines.at(-1)).toBe(`Removed ${left.folder}; the rehearsal's processes ended.`)
    expectNothingLeft(left)
  }, 900_000)

  it('cleans up when a step fails (no git on the PATH)', async () => {
    const { code, stdout } = await rehearse({ PATH: '/nonexistent' })
    expect(code).toBe(1)
    expectNothingLeft(leftovers(stdout))
  }, 60_000)

  it('ends its registry and removes its folder when stopped by SIGTERM once the registry runs', async () => {
    const { code, stdout } = await rehearse({}, { when: /^Registry: pid \d+$/m, signal: 'SIGTERM' })
    expect(code).toBe(143)
    const left = leftovers(stdout)
    expect(left.registry).toBeGreaterThan(0)
    expectNothingLeft(left)
  }, 600_000)

  it('ends every process of its group and removes its folder on Ctrl-C during the release script', async () => {
    const { code, stdout } = await rehearse({}, { when: /^== script\/release /m, signal: 'SIGINT' })
    expect(code).toBe(130)
    expect(stdout).not.toContain('Registry: pid')
    expectNothingLeft(leftovers(stdout))
  }, 120_000)
})
