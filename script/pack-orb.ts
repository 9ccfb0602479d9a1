/**
 * `npm run orb`: packs the CircleCI orb's sources (orb/src) into one orb.yml,
 * as `circleci orb pack` does: @orb.yml is the root; each folder (commands,
 * jobs, executors, examples) a section whose entries are its files, named
 * without `.yml`; a value that is exactly `<<include(scripts/x.sh)>>` becomes
 * that script's text, its `<<` escaped. Two additions of this project's:
 * a script's line that is exactly `# <<include(path)>>` becomes that file's
 * text (the CLI's one installer, wrappers/install-cli.sh, is shared by every
 * wrapper: no copy of it by hand), and a value that is exactly
 * `<<release(name)>>` becomes what release.json gives for `name` (the CLI's
 * tarball, its pinned SHA-256, the orb's URLs), so that the repository, the
 * version and the pin are written in release.json alone. Paths are relative
 * to orb/src. With --check it writes nothing and exits 1 when orb/orb.yml is
 * not the packing of the sources.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'

const SOURCE = join(ROOT, 'orb', 'src')
export const PACKED = join(ROOT, 'orb', 'orb.yml')
const SECTIONS = ['commands', 'jobs', 'executors', 'examples'] as const
const INCLUDE = /^<<include\(([\w/.-]+)\)>>$/
const INCLUDE_LINE = /^# <<include\(([\w/.-]+)\)>>$/gm
const RELEASE = /^<<release\((\w+)\)>>$/

/** What release.json gives the orb: the values `<<release(name)>>` stands for. */
export async function releaseValues(): Promise<Record<string, string>> {
  const release = JSON.parse(await readFile(join(ROOT, 'release.json'), 'utf8')) as {
    repository: string
    version: string
    cliSha256: string
  }
  const { repository, version } = release
  const home = `https://github.com/${repository}`
  return {
    cli_package: `${home}/releases/download/v${version}/mobile-build-deploy-${version}.tgz`,
    cli_sha256: release.cliSha256,
    home_url: home,
    source_url: `${home}/tree/v${version}/orb`
  }
}

/** The orb as one document. */
export async function packOrb(): Promise<Record<string, unknown>> {
  const release = await releaseValues()
  const orb = (await directives(
    parse(await readFile(join(SOURCE, '@orb.yml'), 'utf8')),
    release
  )) as Record<string, unknown>
  for (const section of SECTIONS) {
    const entries: Record<string, unknown> = {}
    for (const file of (await readdir(join(SOURCE, section)))
      .filter(f => f.endsWith('.yml'))
      .sort()) {
      const entry = parse(await readFile(join(SOURCE, section, file), 'utf8')) as unknown
      entries[file.replace(/\.yml$/, '')] =
        section === 'examples' ? entry : await directives(entry, release)
    }
    orb[section] = entries
  }
  return orb
}

/** A script's text with its `# <<include(path)>>` lines replaced by the files they name. */
async function scriptText(path: string): Promise<string> {
  const text = await readFile(join(SOURCE, path), 'utf8')
  const included = new Map<string, string>()
  for (const [, inner] of text.matchAll(INCLUDE_LINE))
    included.set(inner!, await scriptText(inner!))
  return text.replace(INCLUDE_LINE, (_, inner: string) => included.get(inner)!.replace(/\n$/, ''))
}

/** Every value that is an include or a release directive, replaced by what it names. */
async function directives(value: unknown, release: Record<string, string>): Promise<unknown> {
  if (typeof value === 'string') {
    const include = INCLUDE.exec(value.trim())
    // CircleCI reads `<<` as the start of a parameter: an included script's are escaped.
    if (include) return (await scriptText(include[1]!)).replace(/<</g, '\\<<')
    const named = RELEASE.exec(value.trim())
    if (named) {
      if (!(named[1]! in release)) throw new Error(`release.json gives no ${named[1]}`)
      return release[named[1]!]
    }
    return value
  }
  if (Array.isArray(value)) return Promise.all(value.map(v => directives(v, release)))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      await Promise.all(
        Object.entries(value).map(async ([k, v]) => [k, await directives(v, release)])
      )
    )
  return value
}

export async function packedText(): Promise<string> {
  return `# Packed from orb/src by npm run orb; edit the sources, not this file.\n${stringify(await packOrb(), { lineWidth: 0 })}`
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const text = await packedText()
  const now = await readFile(PACKED, 'utf8').catch(() => '')
  if (process.argv.includes('--check')) {
    if (now !== text) {
      console.error("orb/orb.yml is not the packing of orb/src: run 'npm run orb'.")
      process.exit(1)
    }
  } else if (now !== text) {
    await writeFile(PACKED, text)
    console.log('orb/orb.yml packed from orb/src.')
  }
}
