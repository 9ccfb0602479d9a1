/**
 * The package's tarball for `npm run copy`: packed with npm's own prepack
 * (which builds build/) even where the user's npm config says
 * `ignore-scripts=true`, then opened and checked for what package.json says
 * it holds; a tarball is never trusted to have been built, the one
 * `--tarball` names included.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { ROOT } from '../emulator/github-runner.js'
import type { FileWrite } from './inside.js'
import { npmCommand } from './entry.js'

const run = promisify(execFile)

export interface Tarball {
  /** Its path in the app's repository. */
  path: string
  sha256: string
}

/** What package.json says an installed package has to find: its `bin` entries and what `exports` and `types` name. */
interface Manifest {
  version: string
  bin?: Record<string, string>
  types?: string
  exports?: Record<string, string | Record<string, string>>
}

/** Pure: the paths a package's tarball must hold (`package/…`), each with the field that names it. */
export function requiredEntries(manifest: Manifest): { path: string; field: string }[] {
  const named: { path: string; field: string }[] = []
  for (const [name, path] of Object.entries(manifest.bin ?? {}))
    named.push({ path, field: `bin.${name}` })
  if (manifest.types) named.push({ path: manifest.types, field: 'types' })
  for (const [subpath, target] of Object.entries(manifest.exports ?? {}))
    for (const [condition, path] of Object.entries(
      typeof target === 'string' ? { default: target } : target
    ))
      named.push({ path, field: `exports["${subpath}"].${condition}` })
  return named.map(entry => ({ ...entry, path: `package/${entry.path.replace(/^\.\//, '')}` }))
}

/** Pure: the names of the files in a gzipped tar (ustar, its prefix field, and pax `path` records, as npm writes them). */
export function tarNames(gzipped: Buffer): string[] {
  const tar = gunzipSync(gzipped)
  const names: string[] = []
  let paxPath: string | undefined
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512)
    if (header.every(byte => byte === 0)) break
    const field = (from: number, length: number): string =>
      header.toString('utf8', from, from + length).replace(/\0.*$/s, '')
    const size = parseInt(field(124, 12).trim() || '0', 8)
    const type = field(156, 1)
    const body = tar.subarray(at + 512, at + 512 + size)
    if (type === 'x') paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    else if (type === '0' || type === '' || type === '7') {
      const prefix = field(345, 155)
      names.push(paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)))
      paxPath = undefined
    } else paxPath = undefined
    at += 512 + Math.ceil(size / 512) * 512
  }
  return names
}

/** Refuses a tarball that lacks a file package.json names: an install of it would have no CLI or no library. */
export async function checkTarball(file: string, given: boolean): Promise<void> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Manifest
  let names: Set<string>
  try {
    names = new Set(tarNames(await readFile(file)))
  } catch (error) {
    throw new Error(
      `${file} is not a gzipped tarball (${(error as Error).message}): give the .tgz npm pack made`,
      { cause: error }
    )
  }
  const missing = requiredEntries(manifest).filter(entry => !names.has(entry.path))
  if (missing.length === 0) return
  const list = missing.map(entry => `${entry.path.slice('package/'.length)} (${entry.field})`)
  throw new Error(
    `${given ? `--tarball ${file}` : 'The tarball npm pack made'} holds no ${list.join(', ')}: an install of it would have no CLI or library. ` +
      (given
        ? 'Give a tarball npm pack made with its scripts run (they build build/), or leave --tarball out'
        : 'Build it with npm run package:npm, then copy again')
  )
}

/** The package's tarball and its `.sha256`, for `dir`: the one given, or one `npm pack` makes of this checkout. */
export async function packTarball(
  dir: string,
  given: string | undefined,
  say: (line: string) => void
): Promise<Tarball & { files: FileWrite[] }> {
  // Outside the app's repository: nothing of a failed pack is left where `git add -A` would take it.
  const scratch = await mkdtemp(join(tmpdir(), 'mbd-copy-'))
  try {
    let source = given && resolve(given)
    if (!source) {
      say(
        'Packing this checkout with npm pack (it builds the CLI and the library first; about a minute)...'
      )
      // Its prepack builds build/: run even where the user's npm config ignores scripts.
      const npm = npmCommand([
        'pack',
        '--silent',
        '--ignore-scripts=false',
        '--pack-destination',
        scratch
      ])
      await run(npm.file, npm.args, { cwd: ROOT })
      const packed = (await readdir(scratch)).find(file => file.endsWith('.tgz'))
      if (!packed) throw new Error('npm pack wrote no tarball')
      source = join(scratch, packed)
    }
    await checkTarball(source, given !== undefined)
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Manifest
    const name = `mobile-build-deploy-${version}.tgz`
    const bytes = await readFile(source)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const path = `${dir}/${name}`
    return {
      path,
      sha256,
      files: [
        { path, bytes },
        { path: `${path}.sha256`, bytes: `${sha256}  ${name}\n` }
      ]
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
