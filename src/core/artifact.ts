import { constants } from 'node:fs'
import type { Stats } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import nodePath from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import { InputError } from './errors.js'
import { quote } from './inert.js'
import { ACCEPTED_EXTENSIONS, acceptedExtension, fileName } from './naming.js'
import type { Words } from './words.js'

/** The build to upload: one regular, readable, non-empty file of an accepted type. */
export interface Artifact {
  path: string
  /** The file's own name. */
  name: string
  size: number
  /** The accepted extension, lower case with the dot. */
  extension: string
}

const MAX_LISTED = 10

/**
 * Resolves `file` (a path or a glob, relative to the working directory or
 * absolute) to exactly one artifact; any other count, or a file that cannot
 * be uploaded, fails with what matched and how to fix the pattern.
 */
export async function findArtifact(
  pattern: string,
  workspace: string,
  words: Words
): Promise<Artifact> {
  const fail = (problem: string, fix: string): InputError =>
    new InputError(words, 'file', problem, fix)
  const matches = await matchPaths(rootedPattern(pattern, workspace))
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
      'Check that the build step ran before this step and that the path is relative to the workspace'
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
    throw fail(
      `${quote(name)} is empty (0 bytes)`,
      'Check that the build step finished and wrote the artifact'
    )
  }
  try {
    await access(path, constants.R_OK)
  } catch {
    throw fail(`${quote(name)} cannot be read`, 'Check the file permissions of the build output')
  }
  return { path, name, size: info.size, extension }
}

type Paths = Pick<typeof nodePath, 'isAbsolute' | 'join' | 'relative'>

/**
 * Every path a rooted pattern matches, sorted: a plain path as it is, a glob
 * through tinyglobby from its first folder with a wildcard, hidden files
 * included (as @actions/glob does on a runner).
 */
async function matchPaths(rooted: string): Promise<string[]> {
  // Globs separate folders with /; so may a Windows path.
  const slashed = nodePath.sep === '\\' ? rooted.replace(/\\/g, '/') : rooted
  if (!isDynamicPattern(slashed)) return [rooted]
  const segments = slashed.split('/')
  const firstMagic = segments.findIndex(segment => isDynamicPattern(segment))
  const base = segments.slice(0, firstMagic).join('/') || '/'
  const found = await glob(segments.slice(firstMagic).join('/'), {
    cwd: base,
    absolute: true,
    dot: true,
    onlyFiles: false,
    expandDirectories: false
  })
  return [...new Set(found.map(path => nodePath.resolve(path)))].sort()
}

/** Pure: the `file` input as a pattern rooted in the workspace, by the runner's path rules; `paths` is there for tests. */
export function rootedPattern(pattern: string, workspace: string, paths: Paths = nodePath): string {
  return paths.isAbsolute(pattern) ? pattern : paths.join(workspace, pattern)
}

/** Pure: a matched path as a message shows it: relative to the workspace, quoted and inert. */
export function shownPath(path: string, workspace: string, paths: Paths = nodePath): string {
  return quote(paths.relative(workspace, path) || path)
}

function kindOf(info: Awaited<ReturnType<typeof stat>>): string {
  if (info.isDirectory()) return 'a directory'
  if (info.isFIFO()) return 'a FIFO'
  if (info.isSocket()) return 'a socket'
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device'
  return 'not a regular file'
}
