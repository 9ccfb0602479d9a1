import { constants } from 'node:fs'
import { lstat, mkdir, open, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DeployError, InputError, messageOf } from './errors.js'
import { quote } from './text.js'

/** Opened for appending, created when absent; never through a symbolic link, never waiting for a FIFO's reader (both where the system has them). */
const APPEND_HERE =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0)

/** Opened for writing, created when absent, on the same terms. */
const WRITE_HERE =
  constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/**
 * Makes sure a file the deploy writes at its end (a hand-over, a JUnit
 * report) can be written, before the first request: a run created whose
 * report or hand-over cannot be written would be created again by a rerun.
 * The path must name a regular file or nothing yet: a symbolic link would
 * have the report written wherever it points (a file of the job's, another
 * step's script), and a FIFO or a device would hang the job or swallow the
 * report; both are bad usage, refused naming the setting (`named`). Its
 * folder is made when missing; the file is created empty when absent, and
 * left as it is otherwise.
 */
export async function ensureWritable(path: string, named: string, shown = path): Promise<void> {
  const kind = await kindOf(path)
  if (kind !== undefined && kind !== 'a regular file') throw refused(named, shown, kind)
  try {
    await mkdir(dirname(path), { recursive: true })
    const handle = await open(path, APPEND_HERE)
    try {
      // Between the look and the open, something else may have taken the path.
      const stat = await handle.stat()
      if (!stat.isFile()) throw refused(named, shown, describe(stat))
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (error instanceof InputError) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP') throw refused(named, shown, 'a symbolic link')
    if (code === 'ENXIO') throw refused(named, shown, 'a FIFO or a socket')
    throw new DeployError(
      `${named} names ${quote(shown)}, which cannot be written (${code ?? messageOf(error)}); nothing was sent. Point it at a file in a folder the job can write.`
    )
  }
}

/**
 * Refuses a path a report could never be written to, only by looking at
 * it, before anything is sent or written (a check run, a comment, another
 * report): a folder where a file is wanted, anything but a folder where a
 * folder is (a link to one is followed), or a file on its way where a folder
 * would have to be made. Nothing is created here: a step refused later for
 * another reason leaves no empty report behind. What only writing can tell
 * (permissions, a full disk) is left to `ensureWritable`.
 */
export async function ensureUsable(
  path: string,
  named: string,
  wanted: 'file' | 'folder',
  shown = path
): Promise<void> {
  const kind = wanted === 'file' ? await kindOf(path) : await kindOf(path, stat)
  const fits = wanted === 'file' ? 'a regular file' : 'a folder'
  if (kind !== undefined && kind !== fits) throw refused(named, shown, kind, wanted)
  for (let at = dirname(path); kind === undefined; at = dirname(at)) {
    const above = await kindOf(at, stat)
    if (above === 'a folder') return
    if (above !== undefined)
      throw new InputError(
        { named },
        `names ${quote(shown)}, and ${quote(at)} on its way is ${above}, not a folder; nothing was sent`,
        `Point it at a path in a folder, or where nothing is yet (the folders are made)`
      )
    if (dirname(at) === at) return
  }
}

/**
 * Writes a file the deploy hands over (replacing what it held), only if the
 * path still names a regular file or nothing: a link or a FIFO put there
 * while the deploy ran is refused as before the first request, never written
 * through or waited on.
 */
export async function writeOutputFile(
  path: string,
  text: string,
  named: string,
  shown = path
): Promise<void> {
  let handle
  try {
    handle = await open(path, WRITE_HERE)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP') throw refused(named, shown, 'a symbolic link')
    if (code === 'ENXIO') throw refused(named, shown, 'a FIFO or a socket')
    throw error
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw refused(named, shown, describe(stat))
    await handle.truncate(0)
    await handle.writeFile(text)
  } finally {
    await handle.close()
  }
}

/** What the path names now, in words; undefined when nothing is there. */
async function kindOf(path: string, look: typeof lstat = lstat): Promise<string | undefined> {
  try {
    return describe(await look(path))
  } catch {
    // Absent, or not reachable: the open says which.
    return undefined
  }
}

function describe(stat: {
  isFile(): boolean
  isSymbolicLink(): boolean
  isDirectory(): boolean
  isFIFO(): boolean
  isSocket(): boolean
}): string {
  if (stat.isFile()) return 'a regular file'
  if (stat.isSymbolicLink()) return 'a symbolic link'
  if (stat.isDirectory()) return 'a folder'
  if (stat.isFIFO()) return 'a FIFO'
  if (stat.isSocket()) return 'a socket'
  return 'a device'
}

function refused(
  named: string,
  shown: string,
  kind: string,
  wanted: 'file' | 'folder' = 'file'
): InputError {
  return wanted === 'file'
    ? new InputError(
        { named },
        `names ${quote(shown)}, which is ${kind}, not a regular file; nothing was sent`,
        kind === 'a folder'
          ? 'Point it at a file (a path inside that folder, such as report.xml), or at a path where nothing is yet (it is created)'
          : 'Point it at a regular file, or at a path where nothing is yet (it is created)'
      )
    : new InputError(
        { named },
        `names ${quote(shown)}, which is ${kind}, not a folder; nothing was sent`,
        'Point it at a folder, or at a path where nothing is yet (it is made)'
      )
}
