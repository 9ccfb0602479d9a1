import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../emulator/github-runner.js'

export { node24Binary, nodeBinary, runLogged } from '../../emulator/processes.js'

const run = promisify(execFile)
const WINDOWS = process.platform === 'win32'

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
