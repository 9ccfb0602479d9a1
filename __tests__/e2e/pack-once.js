/**
 * Jest's global set-up and tear-down of `npm run test:e2e`: the npm package is
 * packed once, before any suite starts, and every suite installs that one
 * tarball. Packing rebuilds build/ in place, so suites packing side by side
 * would race each other's files.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export default async function packOnce() {
  const dir = await mkdtemp(join(tmpdir(), 'packed-'))
  await promisify(execFile)(
    'npm',
    ['pack', '--silent', '--ignore-scripts=false', '--pack-destination', dir],
    {
      cwd: ROOT,
      shell: process.platform === 'win32'
    }
  )
  const tarball = (await readdir(dir)).find(name => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack wrote no tarball in ${dir}`)
  // The workers inherit this process's environment.
  process.env.MBD_PACKED_TARBALL = join(dir, tarball)
}

export async function removePacked() {
  const tarball = process.env.MBD_PACKED_TARBALL
  if (tarball) await rm(dirname(tarball), { recursive: true, force: true })
}
