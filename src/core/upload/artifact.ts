import { constants } from 'node:fs'
import type { Stats } from 'node:fs'
import { statSync } from 'node:fs'
import { access, lstat, realpath, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
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
  /** The file's identity on its disk (device and inode): one file reached by two names is one build. */
  identity?: string | undefined
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
  const entries = await matchedEntries(searchOf(pattern, workspace))
  const { path, info } = onlyFile(entries, pattern, workspace)
  const name = fileName(path)
  const extension = acceptedExtension(name)
  if (!extension)
    throw refused(
      `${quote(name)} is not an accepted build type`,
      `Upload a file ending in one of ${ACCEPTED_EXTENSIONS.join(' ')}`
    )
  if (info.size === 0)
    throw refused(`${quote(name)} is empty (0 bytes)`, 'Check that the build finished and wrote it')
  try {
    await access(path, constants.R_OK)
  } catch {
    throw refused(`${quote(name)} cannot be read`, 'Check the file permissions of the build output')
  }
  return {
    path,
    name,
    size: info.size,
    extension,
    target: await targetOutside(path, workspace),
    identity: identityOf(info)
  }
}

interface Entry {
  path: string
  info: Stats
}

const refused = (problem: string, fix: string): InputError => new InputError('file', problem, fix)

/** What the search matched that is still there: a match that vanished or whose link leads nowhere is no match. */
async function matchedEntries(search: Search): Promise<Entry[]> {
  const matches = await matchPaths(search)
  const entries = await Promise.all(
    matches.map(async path => ({ path, info: await stat(path).catch(() => undefined) }))
  )
  return entries.filter((e): e is Entry => e.info !== undefined)
}

/** The one regular file among the entries, one file matched by two names (a link beside its file, two spellings on a disk that ignores case) counted once; else why not. */
function onlyFile(entries: readonly Entry[], pattern: string, workspace: string): Entry {
  const seen = new Set<string>()
  const files = entries.filter(e => {
    if (!e.info.isFile()) return false
    const id = identityOf(e.info)
    if (id === undefined) return true
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
  if (files.length === 1) return files[0]!
  if (files.length > 1) {
    const listed = files
      .slice(0, MAX_LISTED)
      .map(f => shownPath(f.path, workspace))
      .join(', ')
    const more = files.length > MAX_LISTED ? ` and ${files.length - MAX_LISTED} more` : ''
    throw refused(
      `${quote(pattern)} matched ${files.length} files: ${listed}${more}`,
      'Make the path or glob match exactly one build'
    )
  }
  if (entries.length > 0) {
    const kinds = entries.map(e => `${shownPath(e.path, workspace)} (${kindOf(e.info)})`)
    throw refused(
      `matched no regular file, only ${kinds.slice(0, MAX_LISTED).join(', ')}`,
      'Point it at the built .apk, .aab or .ipa file itself'
    )
  }
  throw refused(
    `${quote(pattern)} matched no file in ${quote(workspace)}`,
    'Check that the build ran before the deploy and that the path is relative to the working directory'
  )
}

/** Pure: a file's identity on its disk; undefined where the disk gives none (an inode of 0). */
function identityOf(info: Stats): string | undefined {
  return info.ino ? `${info.dev}:${info.ino}` : undefined
}

/** Where to look: a folder given literally, and the glob within it (none for a plain path). */
export interface Search {
  base: string
  glob?: string | undefined
}

/** What a search needs of the machine: its paths, its home folder, and which folders exist (a name with glob characters may be one). */
export interface Machine {
  paths: Paths
  home: () => string
  isFolder: (path: string) => boolean
}

const HERE: Machine = {
  paths: nodePath,
  home: () => homedir(),
  isFolder: path => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
}

/** A glob's own characters; parentheses are a group only after an extglob's mark (`@(`, `!(`, `*(`, `+(`, `?(`). */
const WILDCARD = /[*?[\]{}]|[@!*+?]\(/

/**
 * Pure but for `machine.isFolder`: the folder a pattern starts from (its
 * segments up to the first with a wildcard, under the working directory
 * unless absolute) and the glob below it. A segment that names a folder that
 * exists as written is literal whatever it holds: `Build Products
 * (Release)`, `C:\Program Files (x86)`, `out [arm64]`; in the glob, a
 * parenthesis that opens no extglob is a parenthesis. `~` and `~/…` are the
 * home folder (as @actions/glob reads them); a drive's letter alone is that
 * drive's root. A glob that starts at a file system's root or in /dev, and
 * any path in /proc or /sys, is refused.
 */
export function searchOf(
  pattern: string,
  workspace: string,
  machine: Partial<Machine> = {}
): Search {
  const { paths, home, isFolder } = { ...HERE, ...machine }
  const windows = paths.sep === '\\'
  const homed = /^~(?:$|\/)/.test(pattern) || (windows && /^~\\/.test(pattern))
  const expanded = homed ? `${home()}${pattern.slice(1)}` : pattern
  // Globs separate folders with /; so may a Windows path.
  const slashed = windows ? expanded.replace(/\\/g, '/') : expanded
  const segments = slashed.split('/')
  const absolute = paths.isAbsolute(expanded)
  const start = absolute ? '' : workspace
  let firstMagic = -1
  for (const [i, segment] of segments.entries()) {
    if (!isDynamicPattern(segment)) continue
    // A folder that exists as written is taken as written, brackets and all.
    const sofar = segments.slice(0, i + 1).join('/')
    if (i < segments.length - 1 && isFolder(paths.resolve(start, driveRoot(sofar)))) continue
    if (!WILDCARD.test(segment)) continue
    firstMagic = i
    break
  }
  const literal = firstMagic === -1 ? slashed : segments.slice(0, firstMagic).join('/')
  const base = paths.resolve(
    absolute
      ? driveRoot(literal) || paths.parse(paths.resolve(workspace)).root
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
  return { base, glob: segments.slice(firstMagic).map(literalParentheses).join('/') }
}

/** Pure: `D:` alone is the root of drive D (`D:/`), never the current folder of that drive. */
function driveRoot(literal: string): string {
  return /^[A-Za-z]:$/.test(literal) ? `${literal}/` : literal
}

/** Pure: a glob segment's parentheses that open no extglob, made literal (a class of one), as a folder's name holds them. */
function literalParentheses(segment: string): string {
  return segment.replace(/(?<![@!*+?])\(([^()]*)\)/g, '[(]$1[)]')
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

/**
 * The real path of a build that is itself a symbolic link leading out of
 * the working directory. A file reached through a linked folder is no link
 * (macOS's /tmp and /var are links to /private/…).
 */
async function targetOutside(path: string, workspace: string): Promise<string | undefined> {
  try {
    if (!(await lstat(path)).isSymbolicLink()) return undefined
    const [real, root] = await Promise.all([realpath(path), realpath(workspace)])
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
