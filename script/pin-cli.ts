/**
 * `tsx script/pin-cli.ts <sha256>` (run by script/release): pins the CLI's
 * release tarball to its SHA-256 where the pin is written: release.json's
 * `cliSha256`, and the default of every wrapper's `cli-sha256` (GitLab) or
 * `cli_sha256` (CircleCI, Bitrise) parameter that holds a literal value.
 * A default that is not a literal (a parameter of another) is left as it is.
 * Prints the files it changed.
 */
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from '../emulator/github-runner.js'
import { runsAsScript } from './entry.js'

/** Where the wrappers keep their parameters: GitLab's components, the orb's sources, the Bitrise step. */
export const WRAPPER_FOLDERS = ['templates', 'orb/src', 'bitrise'] as const

const SHA256 = /^[0-9a-f]{64}$/
/** The parameter's key: a mapping's (`cli-sha256:`) or a Bitrise input's (`- cli_sha256: value`). */
const KEY = /^(\s*)(- )?(cli[-_]sha256):[ \t]*(.*)$/
const DEFAULT = /^(\s*)default:[ \t]*(.*)$/
/** A value the release writes: empty or a SHA-256, quoted or not, with an optional comment. */
const LITERAL = /^(?:''|""|'[0-9a-f]{64}'|"[0-9a-f]{64}"|[0-9a-f]{64})?(\s+#.*)?$/

export interface Pinned {
  /** The text with every literal default replaced. */
  text: string
  /** How many parameters the text carries, literal or derived. */
  parameters: number
}

/** Replaces the value of every literal `cli-sha256`/`cli_sha256` default in a wrapper's YAML. */
export function pinText(text: string, sha256: string): Pinned {
  if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`)
  const lines = text.split('\n')
  let parameters = 0
  const replace = (line: string, prefix: string, value: string): string => {
    const literal = LITERAL.exec(value.trimEnd())
    return literal ? `${prefix}'${sha256}'${literal[1] ?? ''}` : line
  }
  for (let i = 0; i < lines.length; i++) {
    const key = KEY.exec(lines[i]!)
    if (!key) continue
    parameters++
    const [, indent, item, name, value] = key
    if (item) {
      // Bitrise: the input's default is the value beside its key.
      lines[i] = replace(lines[i]!, `${indent}- ${name}: `, value!)
      continue
    }
    // A mapping: its `default:` is among the lines indented under the key.
    const depth = indent!.length
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!
      if (line.trim() === '') continue
      if (line.length - line.trimStart().length <= depth) break
      const found = DEFAULT.exec(line)
      if (found) {
        lines[j] = replace(line, `${found[1]}default: `, found[2]!)
        break
      }
    }
  }
  return { text: lines.join('\n'), parameters }
}

/** Writes the pin into release.json and the wrappers; the paths it changed, relative to `root`. */
export async function pinCli(sha256: string, root = ROOT): Promise<string[]> {
  const changed: string[] = []
  const releasePath = join(root, 'release.json')
  const release = JSON.parse(await readFile(releasePath, 'utf8')) as Record<string, unknown>
  if (release.cliSha256 !== sha256) {
    await writeFile(releasePath, `${JSON.stringify({ ...release, cliSha256: sha256 }, null, 2)}\n`)
    changed.push('release.json')
  }
  const files = execFileSync('git', ['ls-files', '--', ...WRAPPER_FOLDERS], { cwd: root })
    .toString()
    .split('\n')
    .filter(file => /\.ya?ml$/.test(file))
  let parameters = 0
  for (const file of files) {
    const text = await readFile(join(root, file), 'utf8')
    const pinned = pinText(text, sha256)
    parameters += pinned.parameters
    if (pinned.text !== text) {
      await writeFile(join(root, file), pinned.text)
      changed.push(file)
    }
  }
  if (parameters === 0)
    throw new Error(
      `no wrapper under ${WRAPPER_FOLDERS.join(', ')} has a cli-sha256 or cli_sha256 parameter`
    )
  return changed
}

if (runsAsScript('pin-cli')) {
  try {
    for (const file of await pinCli(process.argv[2] ?? '')) console.log(file)
  } catch (error) {
    console.error(`pin-cli: ${(error as Error).message}`)
    process.exitCode = 1
  }
}
