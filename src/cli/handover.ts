import type { OutputName } from '../core/index.js'

/** The outputs as a hand-over file's text, and the outputs that could not be written safely in it. */
export interface HandOver {
  text: string
  left: { name: OutputName; why: string }[]
}

/** GitLab caps a dotenv report at 5 KB and fails the job above it. */
export const DOTENV_LIMIT_BYTES = 5 * 1024

/** envman refuses a value or an environment above 256 KB, which the build's other variables share; and an argument (envman add --value) stops at 128 KiB. */
export const ENVMAN_LIMIT_BYTES = 100 * 1024

/**
 * Why a value cannot be one dotenv line that GitLab and its runner read back
 * exactly, or undefined when it can. GitLab splits at the first `=`, trims,
 * keeps quotes, and its runner expands `$NAME` in the value; the npm `dotenv`
 * reader (gitlab-ci-local, envman-style tools) strips quotes and `#` comments.
 * A value that any of them would change is left out, never escaped into
 * something a reader might run or split.
 */
export function dotenvProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
    return 'a control character or line break'
  if (value !== value.trim()) return 'white space at its start or end'
  if (/[$`\\]/.test(value)) return 'a $, ` or \\, which a reader expands'
  if (/["'#]/.test(value)) return 'a quote or #, which a reader strips'
  return undefined
}

/**
 * GitLab's dotenv (`artifacts: reports: dotenv`): one `name=value` line per
 * scalar output; `bugs` is left out (the file's size is capped).
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
  return withinLimit(lines, left, DOTENV_LIMIT_BYTES, "GitLab's")
}

/** One output as it stands in a hand-over file. */
interface Entry {
  name: OutputName
  text: string
}

/**
 * The entries that fit in `limit` bytes, the last ones left out first (the
 * outputs run from the most to the least needed), as one hand-over.
 */
function withinLimit(
  entries: Entry[],
  left: HandOver['left'],
  limit: number,
  whose: string
): HandOver {
  const kept = [...entries]
  const textOf = () => kept.map(entry => entry.text).join('')
  while (Buffer.byteLength(textOf()) > limit && kept.length > 0)
    left.push({
      name: kept.pop()!.name,
      why: `the file would pass ${whose} ${limit / 1024} KB limit`
    })
  return { text: textOf(), left }
}

/**
 * For Bitrise's envman, which a step calls once per output: each name and
 * each value ended by a NUL byte, the one byte no value can hold, so that
 * `while read -r -d ''` gives every value back exactly, line breaks
 * included, and nothing in it is parsed. Every output, `bugs` too, within
 * envman's size limit.
 */
export function envman(outputs: Partial<Record<OutputName, string>>): HandOver {
  const left: HandOver['left'] = []
  const entries: Entry[] = []
  for (const [name, value] of Object.entries(outputs) as [OutputName, string][]) {
    if (value.includes('\0')) left.push({ name, why: 'its value has a NUL byte' })
    else entries.push({ name, text: `${name}\0${value}\0` })
  }
  return withinLimit(entries, left, ENVMAN_LIMIT_BYTES, "envman's")
}

/**
 * Lines a POSIX shell sources (`$BASH_ENV` on CircleCI, a fastlane `sh`):
 * `export name='value'`, single quotes closed, escaped and reopened, so that
 * nothing in a value is expanded or run. Every output, `bugs` included.
 */
export function shell(outputs: Partial<Record<OutputName, string>>): HandOver {
  const text = Object.entries(outputs)
    .map(([name, value]) => `export ${name}=${shellQuote(value)}\n`)
    .join('')
  return { text, left: [] }
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
