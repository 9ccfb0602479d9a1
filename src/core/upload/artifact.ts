import { constants } from 'node:fs'
import type { Stats } from 'node:fs'
import { access, realpath, stat } from 'node:fs/promises'
import nodePath from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import { InputError } from '../shared/errors.js'
import { ACCEPTED_EXTENSIONS, acceptedExtension, fileName } from '../shared/name-rules.js'
import { quote } from '../shared/text.js'

/** The build to upload: one regular, readable, non-empty file of an accepted type. */
export interface Artifact {
  path: string
  /** The file's own name. */
  name: string
  size: number
  /** The accepted extension, lower case with the dot. */
  extension: string
  /** Where the file really is, when a symbolic link leads out of the working directory to it. */
  target?: string | undefined
}

const MAX_LISTED = 10
/** Pseudo file systems: they hold the kernel's state, not builds, and walking /proc never ends. */
const SYSTEM_FOLDERS = ['/proc', '/sys']
/** Devices: no build is one, and a glob there walks what it should not; a file in /dev/shm (a RAM disk) may be named plainly. */
const DEVICE_FOLDER = '/dev'

type Paths = Pick<
  typeof nodePath,
  'isAbsolute' | 'join' | 'relative' | 'resolve' | 'parse' | 'sep' | 'normalize'
>

/**
 * Resolves `file` (a path or a glob, relative to the working directory or
 * absolute) to exactly one artifact; any other count, or a file that cannot
 * be uploaded, fails with what matched and how to fix the pattern. The
 * pattern is the user's alone: the working directory is never read as a glob.
 */
export async function findArtifact(pattern: string, workspace: string): Promise<Artifact> {
  const fail = (problem: string, fix: string): InputError => new InputError('file', problem, fix)
  const search = searchOf(pattern, workspace)
  const matches = await matchPaths(search)
  const shown = (paths: string[]): string =>
    paths
      .slice(0, MAX_LISTED)
      .map(p => shownPath(p, workspace))
      .join(', ') + (paths.length > MAX_LISTED ? ` and ${paths.length - MAX_LISTED} more` : '')

  // A match that vanished or whose link leads nowhere is no match.
  const entries = (
    await Promise.all(
      matches.map(async path => ({ path, info: await stat(path).catch(() => undefined) }))
    )
  ).filter((e): e is { path: string; info: Stats } => e.info !== undefined)
  const files = entries.filter(e => e.info.isFile())
  if (files.length === 0) {
    if (entries.length > 0) {
      const kinds = entries.map(e => `${shownPath(e.path, workspace)} (${kindOf(e.info)})`)
      throw fail(
        `matched no regular file, only ${kinds.slice(0, MAX_LISTED).join(', ')}`,
        'Point it at the built .apk, .aab or .ipa file itself'
      )
    }
    throw fail(
      `${quote(pattern)} matched no file in ${quote(workspace)}`,
      'Check that the build ran before the deploy and that the path is relative to the working directory'
    )
  }
  if (files.length > 1) {
    throw fail(
      `${quote(pattern)} matched ${files.length} files: ${shown(files.map(f => f.path))}`,
      'Make the path or glob match exactly one build'
    )
  }
  const { path, info } = files[0]!
  const name = fileName(path)
  const extension = acceptedExtension(name)
  if (!extension) {
    throw fail(
      `${quote(name)} is not an accepted build type`,
      `Upload a file ending in one of ${ACCEPTED_EXTENSIONS.join(' ')}`
    )
  }
  if (info.size === 0) {
    throw fail(`${quote(name)} is empty (0 bytes)`, 'Check that the build finished and wrote it')
  }
  try {
    await access(path, constants.R_OK)
  } catch {
    throw fail(`${quote(name)} cannot be read`, 'Check the file permissions of the build output')
  }
  return { path, name, size: info.size, extension, target: await targetOutside(path, workspace) }
}

/** Where to look: a folder given literally, and the glob within it (none for a plain path). */
export interface Search {
  base: string
  glob?: string | undefined
}

/**
 * Pure: the folder a pattern starts from (its segments before the first one
 * with a wildcard, under the working directory unless absolute) and the glob
 * below it. A glob that starts at the file system's root or in /dev, and any
 * path in /proc or /sys, is refused. `paths` is there for tests.
 */
export function searchOf(pattern: string, workspace: string, paths: Paths = nodePath): Search {
  // Globs separate folders with /; so may a Windows path.
  const slashed = paths.sep === '\\' ? pattern.replace(/\\/g, '/') : pattern
  const segments = slashed.split('/')
  const firstMagic = segments.findIndex(segment => isDynamicPattern(segment))
  const literal = firstMagic === -1 ? slashed : segments.slice(0, firstMagic).join('/')
  const base = paths.resolve(
    paths.isAbsolute(pattern)
      ? literal || paths.parse(paths.resolve(workspace)).root
      : paths.join(workspace, literal)
  )
  const under = (folder: string): boolean =>
    paths.sep === '/' && (base === folder || base.startsWith(`${folder}/`))
  const inSystem = [...SYSTEM_FOLDERS, ...(firstMagic === -1 ? [] : [DEVICE_FOLDER])].find(under)
  if (inSystem)
    throw new InputError(
      'file',
      `${quote(pattern)} reaches into ${inSystem}, which holds the system's state, not builds`,
      'Point it at the build output of your project'
    )
  if (firstMagic === -1) return { base }
  if (paths.parse(base).root === base)
    throw new InputError(
      'file',
      `${quote(pattern)} would search the whole file system from ${quote(base)}`,
      `Start the pattern in the build's folder, e.g. app/build/outputs/**/*.apk, relative to the working directory`
    )
  return { base, glob: segments.slice(firstMagic).join('/') }
}

/**
 * Every path a search matches, sorted: a plain path as it is, a glob through
 * tinyglobby from its base folder, hidden files included (as @actions/glob
 * does on a runner). `**` does not descend into links to folders, so a link
 * to `/` in the workspace cannot turn a search into a walk of the disk.
 */
async function matchPaths(search: Search): Promise<string[]> {
  if (search.glob === undefined) return [search.base]
  const found = await glob(search.glob, {
    cwd: search.base,
    absolute: true,
    dot: true,
    onlyFiles: false,
    expandDirectories: false,
    followSymbolicLinks: false
  })
  return [...new Set(found.map(path => nodePath.resolve(path)))].sort()
}

/** The real path of a file reached through a symbolic link that leads out of the working directory. */
async function targetOutside(path: string, workspace: string): Promise<string | undefined> {
  try {
    const [real, root] = await Promise.all([realpath(path), realpath(workspace)])
    if (real === path) return undefined
    const relative = nodePath.relative(root, real)
    return relative.startsWith('..') || nodePath.isAbsolute(relative) ? real : undefined
  } catch {
    return undefined
  }
}

/** Pure: a matched path as a message shows it: relative to the working directory, quoted and sanitized. */
export function shownPath(path: string, workspace: string, paths: Paths = nodePath): string {
  return quote(paths.relative(workspace, path) || path)
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory'
  if (info.isFIFO()) return 'a FIFO'
  if (info.isSocket()) return 'a socket'
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device'
  return 'not a regular file'
}
