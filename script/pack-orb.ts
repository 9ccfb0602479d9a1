/**
 * `npm run orb`: packs the CircleCI orb's sources (orb/src) into one orb.yml,
 * as CircleCI's `circleci orb pack` does, and nothing more, so that orb/src
 * packs the same with CircleCI's own CLI: @orb.yml is the root; each folder
 * (commands, jobs, executors, examples) a section whose entries are its
 * files, named without `.yml`; a value that is exactly
 * `<<include(scripts/x.sh)>>` becomes that script's text. A script holding
 * `<<` is refused: CircleCI would read it as a parameter. What orb/src holds
 * is written by `npm run docs` (the CLI's one installer, the project's home
 * and the version from release.json) and by the release (the pin). With
 * --check it writes nothing and exits 1 when orb/orb.yml is not the packing
 * of the sources.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { ROOT } from '../emulator/github-runner.js'
import { runsAsScript } from './entry.js'

const SOURCE = join(ROOT, 'orb', 'src')
export const PACKED = join(ROOT, 'orb', 'orb.yml')
const SECTIONS = ['commands', 'jobs', 'executors', 'examples'] as const
const INCLUDE = /^<<include\(([\w/.-]+)\)>>$/

/** The orb as one document. */
export async function packOrb(): Promise<Record<string, unknown>> {
  const orb = (await includes(parse(await readFile(join(SOURCE, '@orb.yml'), 'utf8')))) as Record<
    string,
    unknown
  >
  for (const section of SECTIONS) {
    const entries: Record<string, unknown> = {}
    for (const file of (await readdir(join(SOURCE, section)))
      .filter(f => f.endsWith('.yml'))
      .sort()) {
      const entry = parse(await readFile(join(SOURCE, section, file), 'utf8')) as unknown
      entries[file.replace(/\.yml$/, '')] = await includes(entry)
    }
    orb[section] = entries
  }
  return orb
}

/** Every value that is exactly `<<include(path)>>`, replaced by the text of the file it names. */
async function includes(value: unknown): Promise<unknown> {
  if (typeof value === 'string') {
    const include = INCLUDE.exec(value.trim())
    if (!include) return value
    const text = await readFile(join(SOURCE, include[1]!), 'utf8')
    // CircleCI reads `<<` in an included script as the start of a parameter.
    if (/(?<!\\)<</.test(text))
      throw new Error(
        `orb/src/${include[1]} holds <<, which CircleCI reads as a parameter: escape it as \\<<`
      )
    return text
  }
  if (Array.isArray(value)) return Promise.all(value.map(includes))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await includes(v)]))
    )
  return value
}

export async function packedText(): Promise<string> {
  return `# Packed from orb/src by npm run orb; edit the sources, not this file.\n${stringify(await packOrb(), { lineWidth: 0 })}`
}

if (runsAsScript('pack-orb')) {
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
