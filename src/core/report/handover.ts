import type { OutputName } from './outputs.js'

/** The outputs as a hand-over file's text, and the outputs that could not be written safely in it. */
export interface HandOver {
  text: string
  left: { name: OutputName; why: string }[]
}

/** GitLab refuses a dotenv report of this size or more (`file.size < limit`), and fails the job. */
export const DOTENV_LIMIT_BYTES = 5 * 1024

/**
 * The shell and envman hand-overs stay under this many bytes in all: each
 * value becomes a variable of every later command's environment (or an
 * argument of `envman add`), and Linux refuses to start a program with one
 * string over 128 KiB or an environment and arguments over its argument-list
 * limit ("Argument list too long"), which the job's own variables share.
 * envman also refuses an environment over 256 KB.
 */
export const HAND_OVER_LIMIT_BYTES = 64 * 1024

/**
 * Why a value cannot be one dotenv line that GitLab reads back exactly, or
 * undefined when it can. GitLab's reader (Ci::ParseDotenvArtifactService)
 * takes each line as `name=value`, split at the first `=`, and strips both
 * sides; it knows no quoting, no escapes and no comments, so quotes, `#`,
 * backslashes and backticks are read as they are. Its variables are not raw:
 * the runner expands `$NAME` in them.
 * A value it would change is left out, never escaped into something a reader
 * might run or split.
 */
export function dotenvProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
    return 'a control character or line break'
  if (value !== value.trim()) return 'white space at its start or end'
  if (value.includes('$')) return "a $, which GitLab's runner expands"
  return undefined
}

/**
 * GitLab's dotenv (`artifacts: reports: dotenv`): one `name=value` line per
 * scalar output, in the outputs' order; past GitLab's size limit the longest
 * values are left out first, so that the counts, ids and the outcome are
 * always handed over and a long link is what goes; `bugs` is never written
 * (the JUnit report carries them).
 */
export function dotenv(outputs: Partial<Record<OutputName, string>>): HandOver {
  const lines: Entry[] = []
  const left: HandOver['left'] = []
  for (const [name, value] of Object.entries(outputs) as [OutputName, string][]) {
    if (name === 'bugs') continue
    const problem = dotenvProblem(value)
    if (problem) left.push({ name, why: `its value has ${problem}` })
    else lines.push({ name, text: `${name}=${value}\n` })
  }
  return withinLimit(lines, left, DOTENV_LIMIT_BYTES, "GitLab's", 'longest')
}

/** One output as it stands in a hand-over file. */
interface Entry {
  name: OutputName
  text: string
}

/**
 * The entries that keep the file under `limit` bytes: `bugs` is left out
 * first (the JUnit report carries the bugs), then the last entries, or the
 * longest ones.
 */
function withinLimit(
  entries: Entry[],
  left: HandOver['left'],
  limit: number,
  whose: string,
  drop: 'last' | 'longest' = 'last'
): HandOver {
  const kept = [...entries]
  const size = (entry: Entry): number => Buffer.byteLength(entry.text)
  let bytes = kept.reduce((sum, entry) => sum + size(entry), 0)
  while (bytes >= limit && kept.length > 0) {
    const bugs = kept.findIndex(entry => entry.name === 'bugs')
    const longest = kept.reduce((at, entry, i) => (size(entry) > size(kept[at]!) ? i : at), 0)
    const at = bugs !== -1 ? bugs : drop === 'longest' ? longest : kept.length - 1
    const [dropped] = kept.splice(at, 1)
    bytes -= size(dropped!)
    left.push({
      name: dropped!.name,
      why: `the file would reach ${whose} limit of ${limit / 1024} KiB${dropped!.name === 'bugs' ? ' (the JUnit report, --junit, carries the bugs)' : ''}`
    })
  }
  return { text: kept.map(entry => entry.text).join(''), left }
}

/**
 * For Bitrise's envman, which a step calls once per output: each name and
 * each value ended by a NUL byte, the one byte no value can hold, so that
 * `while read -r -d ''` gives every value back exactly, line breaks
 * included, and nothing in it is parsed. Every output, `bugs` too, within
 * the hand-over limit.
 */
export function envman(outputs: Partial<Record<OutputName, string>>): HandOver {
  const left: HandOver['left'] = []
  const entries: Entry[] = []
  for (const [name, value] of Object.entries(outputs) as [OutputName, string][]) {
    if (value.includes('\0')) left.push({ name, why: 'its value has a NUL byte' })
    else entries.push({ name, text: `${name}\0${value}\0` })
  }
  return withinLimit(entries, left, HAND_OVER_LIMIT_BYTES, 'the hand-over')
}

/**
 * Lines a POSIX shell sources (`$BASH_ENV` on CircleCI, a fastlane `sh`):
 * `export name='value'`, single quotes closed, escaped and reopened, so that
 * nothing in a value is expanded or run. Every output, `bugs` too, within
 * the hand-over limit: every later command of the job inherits them.
 */
export function shell(outputs: Partial<Record<OutputName, string>>): HandOver {
  const entries = (Object.entries(outputs) as [OutputName, string][]).map(([name, value]) => ({
    name,
    text: `export ${name}=${shellQuote(value)}\n`
  }))
  return withinLimit(entries, [], HAND_OVER_LIMIT_BYTES, 'the hand-over')
}

/** A value in single quotes for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** Each hand-over format and its writer. */
const WRITERS = { dotenv, shell, envman } as const

/** How the outputs are handed to a later step or job. */
export type HandOverFormat = keyof typeof WRITERS

export const HAND_OVER_FORMATS = Object.keys(WRITERS) as HandOverFormat[]

export function handOver(
  outputs: Partial<Record<OutputName, string>>,
  format: HandOverFormat
): HandOver {
  return WRITERS[format](outputs)
}
