/**
 * Writing into a repository that is not ours (an app's, for `npm run copy`)
 * without ever leaving it, and all or nothing.
 *
 * Every path is checked component by component before anything is written:
 * a symbolic link anywhere on it, or a file where a folder belongs, is
 * refused by name. The writes then hold those checks: each happens inside a
 * folder entered one component at a time (looked at, entered, and the folder
 * entered compared by device and inode with the one looked at), so that a
 * component swapped for a link between the look and the write is caught, and
 * once inside, every name written is a single component that nothing can
 * redirect. Everything is first written beside its place under a temporary
 * name (a folder: a new folder beside the old); only then is each renamed
 * into place, the one it replaces kept aside until all are in, and put back
 * if one fails: a failed write leaves the previous copy whole.
 */
import { constants, type BigIntStats } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'

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

/** A folder replaced whole by `files` (paths inside it). */
export interface FolderWrite {
  path: string
  files: FileWrite[]
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

/** Pure: a path's components, refused unless it is a plain relative path. */
function componentsOf(path: string): string[] {
  const parts = path.split('/')
  if (isAbsolute(path) || parts.some(part => part === '' || part === '.' || part === '..'))
    throw new OutsideError(`${path}: not a plain path inside the repository`)
  return parts
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
  const parts = componentsOf(path)
  for (let i = 0; i < parts.length; i++) {
    const found = await lstat(join(root, ...parts.slice(0, i + 1))).catch(() => undefined)
    if (!found) return
    const shown = parts.slice(0, i + 1).join('/')
    if (found.isSymbolicLink())
      throw new OutsideError(
        `${shown} is a symbolic link: the copy writes only inside the app's repository, never through a link. Replace the link with a folder or a file of its own, then copy again`
      )
    const wanted = i === parts.length - 1 ? kind : 'folder'
    if (wanted === 'folder' ? !found.isDirectory() : !found.isFile())
      throw new OutsideError(
        `${shown} is not a ${wanted}: the copy would write one there. Move it aside, then copy again`
      )
  }
  const from = relative(root, await realpath(join(root, ...parts.slice(0, -1))).catch(() => root))
  if (from.startsWith(`..${sep}`) || from === '..' || isAbsolute(from))
    throw new OutsideError(`${path} leaves the repository`)
}

/**
 * Enters the folder `parts` below `root`, one verified component at a time
 * (made when missing, with `create`); the process's working folder is then
 * that very folder, whatever is renamed or linked around it later.
 */
async function enter(root: string, parts: readonly string[], create: boolean): Promise<void> {
  process.chdir(root)
  const top = await stat('.', { bigint: true })
  if (!same(top, await lstat(root, { bigint: true })))
    throw new OutsideError(`${root} changed while the copy was written`)
  for (const [i, part] of parts.entries()) {
    const shown = parts.slice(0, i + 1).join('/')
    let seen = await lstat(part, { bigint: true }).catch(() => undefined)
    if (!seen && create) {
      await mkdir(part)
      seen = await lstat(part, { bigint: true })
    }
    if (!seen || seen.isSymbolicLink() || !seen.isDirectory())
      throw new OutsideError(
        `${shown} is no longer a folder of the repository (a link or a file took its place while the copy was written): nothing more is written`
      )
    process.chdir(part)
    if (!same(await stat('.', { bigint: true }), seen))
      throw new OutsideError(
        `${shown} was swapped while the copy was written (a link took its place): nothing more is written`
      )
  }
}

function same(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino
}

/** Writes a new file, a single name in the working folder: never through a link, never over one. */
async function writeHere(name: string, file: FileWrite): Promise<void> {
  const flags =
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)
  const handle = await open(name, flags, file.mode ?? 0o644)
  try {
    await handle.writeFile(file.bytes)
  } finally {
    await handle.close()
  }
}

/** One thing to put in place: in which folder, under which name, from which staged name. */
interface Staged {
  folder: string[]
  name: string
  staged: string
  aside: string
  /** Put in place, and what it replaced kept aside. */
  done?: { replaced: boolean }
}

/**
 * Writes `files` and replaces `folder` (each path checked by checkInside
 * first) all or nothing: staged beside their places, then renamed into
 * them; a failure on the way puts back what was there and removes what was
 * staged. `between` runs after staging (for tests: a swap, a failure).
 * Once all is in place, what was replaced is removed; what cannot be (a file
 * the user may not delete, one another program holds open) is returned, not
 * thrown: the copy is written, and the caller says so and what is left.
 */
export async function writeAllInside(
  root: string,
  files: FileWrite[],
  folder?: FolderWrite,
  between?: () => Promise<void>
): Promise<KeptAside[]> {
  const home = process.cwd()
  const tag = `${process.pid}.${Date.now().toString(36)}`
  const staged: Staged[] = []
  try {
    for (const file of files) {
      const parts = componentsOf(file.path)
      const item = stagedFor(parts.slice(0, -1), parts.at(-1)!, tag)
      await enter(root, item.folder, true)
      await writeHere(item.staged, file)
      staged.push(item)
    }
    if (folder) {
      const parts = componentsOf(folder.path)
      const item = stagedFor(parts.slice(0, -1), parts.at(-1)!, tag)
      await enter(root, item.folder, true)
      await mkdir(item.staged)
      staged.push(item)
      for (const file of folder.files) {
        const inner = componentsOf(file.path)
        await enter(root, [...item.folder, item.staged, ...inner.slice(0, -1)], true)
        await writeHere(inner.at(-1)!, file)
      }
    }
    await between?.()
    for (const item of staged) await putInPlace(root, item)
  } catch (error) {
    await putBack(root, staged)
    throw error
  } finally {
    process.chdir(home)
  }
  const kept: KeptAside[] = []
  try {
    for (const item of staged) {
      const left = await removeAside(root, item)
      if (left) kept.push(left)
    }
  } finally {
    process.chdir(home)
  }
  return kept
}

function stagedFor(folder: string[], name: string, tag: string): Staged {
  return { folder, name, staged: `.${name}.${tag}.new`, aside: `.${name}.${tag}.old` }
}

async function putInPlace(root: string, item: Staged): Promise<void> {
  await enter(root, item.folder, false)
  const there = await lstat(item.name).catch(() => undefined)
  if (there) await rename(item.name, item.aside)
  item.done = { replaced: there !== undefined }
  await rename(item.staged, item.name)
}

/** After a failure: what was put in place is taken out and what it replaced put back; what was staged removed. */
async function putBack(root: string, staged: Staged[]): Promise<void> {
  for (const item of [...staged].reverse()) {
    try {
      await enter(root, item.folder, false)
      if (item.done) {
        await rm(item.name, { recursive: true, force: true })
        if (item.done.replaced) await rename(item.aside, item.name)
      }
      await rm(item.staged, { recursive: true, force: true })
    } catch {
      // A folder that can no longer be entered is not written into, not even to clean up.
    }
  }
}

/** What the copy replaced and could not remove: its path in the repository, why, and whether git ignores it. */
export interface KeptAside {
  path: string
  reason: string
  ignored: boolean
}

/**
 * Removes what a write replaced. A folder whose removal fails is made
 * writable (a read-only folder the previous copy held) and removed again;
 * what still resists is given a `.gitignore` of `*`, so that `git add -A`
 * in the app's repository takes none of it.
 */
async function removeAside(root: string, item: Staged): Promise<KeptAside | undefined> {
  await enter(root, item.folder, false)
  // Node's removal unlinks a link and never follows it.
  const removed = async (): Promise<unknown> =>
    rm(item.aside, { recursive: true, force: true }).then(
      () => undefined,
      (error: unknown) => error
    )
  let failure = await removed()
  if (failure === undefined) return undefined
  await makeWritable(item.aside)
  failure = await removed()
  if (failure === undefined) return undefined
  // Written from inside the folder kept, entered as every write is: never through a link.
  const ignored = await enter(root, [...item.folder, item.aside], false)
    .then(() => writeHere('.gitignore', { path: '.gitignore', bytes: '*\n' }))
    .then(
      () => true,
      () => false
    )
  const reason = (failure as NodeJS.ErrnoException).code ?? String(failure)
  return { path: [...item.folder, item.aside].join('/'), reason, ignored }
}

/** Gives the owner write access to `path` and every folder below it, never through a link. */
async function makeWritable(path: string): Promise<void> {
  const found = await lstat(path).catch(() => undefined)
  if (!found?.isDirectory()) return
  await chmod(path, (found.mode & 0o7777) | 0o700).catch(() => {})
  const entries = await readdir(path).catch(() => [])
  for (const entry of entries) await makeWritable(join(path, entry))
}
