import { mkdir, open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DeployError, messageOf } from './errors.js'
import { quote } from './text.js'

/**
 * Makes sure a file the deploy writes at its end can be written, before the
 * first request: a run created whose report or hand-over cannot be written
 * would be created again by a rerun. Its folder is made when missing; the
 * file is created empty when absent, and left as it is otherwise.
 */
export async function ensureWritable(path: string, named: string, shown = path): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true })
    const handle = await open(path, 'a')
    await handle.close()
  } catch (error) {
    throw new DeployError(
      `${named} names ${quote(shown)}, which cannot be written (${(error as NodeJS.ErrnoException).code ?? messageOf(error)}); nothing was sent. Point it at a file in a folder the job can write.`
    )
  }
}
