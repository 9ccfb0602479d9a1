/**
 * Writing into a repository that is not ours (an app's, for `npm run copy`)
 * without ever leaving it: every path is checked component by component
 * before anything is written, and a symbolic link anywhere on it, or a file
 * where a folder belongs, is refused by name. A file is written under a
 * temporary name beside it and renamed over the old one, so a reader never
 * sees half a file; a folder is replaced by renaming, and the old one
 * removed by Node's own removal, which unlinks a link and never follows it.
 */
import { lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'

/** A path the copy would leave its repository by, or write over what is not a file. */
export class OutsideError extends Error {
  override name = 'OutsideError'
}

/** One file to write: its path inside the repository (with `/`), its bytes, its mode. */
export interface FileWrite {
  path: string
  bytes: Buffer | string
  mode?: number
}

/** The repository's real path: where every check starts (it may itself be reached through a link). */
export async function repositoryRoot(path: string): Promise<string> {
  const root = await realpath(path).catch(() => undefined)
  if (!root || !(await lstat(root)).isDirectory())
    throw new OutsideError(
      `${path} is not a directory: give the app's repository (its checkout's root)`
    )
  return root
}

/**
 * Checks that `path` (relative to `root`) stays inside it: no `..`, no
 * absolute path, and no component that exists as a symbolic link, nor one
 * short of the last that is not a folder; the last, when it exists, must be
 * a file (`kind: 'file'`) or a folder (`kind: 'folder'`).
 */
export async function checkInside(
  root: string,
  path: string,
  kind: 'file' | 'folder'
): Promise<void> {
  const parts = path.split('/')
  if (isAbsolute(path) || parts.some(part => part === '' || part === '.' || part === '..'))
    throw new OutsideError(`${path}: not a plain path inside the repository`)
  for (let i = 0; i < parts.length; i++) {
    const at = join(root, ...parts.slice(0, i + 1))
    const found = await lstat(at).catch(() => undefined)
    if (!found) return
    const shown = parts.slice(0, i + 1).join('/')
    if (found.isSymbolicLink())
      throw new OutsideError(
        `${shown} is a symbolic link: the copy writes only inside the app's repository, never through a link. Replace the link with a folder or a file of its own, then copy again`
      )
    const last = i === parts.length - 1
    const wanted = last ? kind : 'folder'
    if (wanted === 'folder' ? !found.isDirectory() : !found.isFile())
      throw new OutsideError(
        `${shown} is not a ${wanted}: the copy would write one there. Move it aside, then copy again`
      )
  }
  // Every component exists and is no link: its real path is inside by construction; said again
  // so that a rename under our feet between the checks is caught too.
  const real = await realpath(join(root, path))
  const from = relative(root, real)
  if (from.startsWith(`..${sep}`) || from === '..' || isAbsolute(from))
    throw new OutsideError(`${path} leaves the repository (it is ${real})`)
}

/** Writes one file whose path was checked: under a temporary name beside it, then renamed over it. */
export async function writeInside(root: string, file: FileWrite): Promise<void> {
  const target = join(root, file.path)
  await mkdir(dirname(target), { recursive: true })
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.partial`)
  await writeFile(temporary, file.bytes, { flag: 'wx', mode: file.mode ?? 0o644 })
  try {
    await rename(temporary, target)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/**
 * Replaces the folder `path` (checked) with exactly `files` (paths inside
 * it): written into a new folder beside it, which is then renamed into its
 * place; the old one is removed after, a link in it unlinked, never followed.
 */
export async function replaceFolderInside(
  root: string,
  path: string,
  files: FileWrite[]
): Promise<void> {
  const target = join(root, path)
  const fresh = `${target}.${process.pid}.new`
  const old = `${target}.${process.pid}.old`
  await rm(fresh, { recursive: true, force: true })
  for (const file of files)
    await writeInside(root, { ...file, path: relative(root, join(fresh, file.path)) })
  const had = await lstat(target).catch(() => undefined)
  if (had) await rename(target, old)
  await rename(fresh, target)
  if (had) await rm(old, { recursive: true, force: true })
}
