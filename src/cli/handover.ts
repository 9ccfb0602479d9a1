import type { OutputName } from '../core/index.js'

/** How the outputs are handed to a later step or job. */
export type HandOverFormat = 'dotenv' | 'shell'

/** The outputs as a hand-over file's text, and the outputs that could not be written safely in it. */
export interface HandOver {
  text: string
  left: { name: OutputName; why: string }[]
}

/** GitLab caps a dotenv report at 5 KB and fails the job above it. */
export const DOTENV_LIMIT_BYTES = 5 * 1024

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
  const lines: string[] = []
  const left: HandOver['left'] = []
  for (const [name, value] of Object.entries(outputs) as [OutputName, string][]) {
    if (name === 'bugs') continue
    const problem = dotenvProblem(value)
    if (problem) left.push({ name, why: `its value has ${problem}` })
    else lines.push(`${name}=${value}\n`)
  }
  let text = lines.join('')
  while (Buffer.byteLength(text) > DOTENV_LIMIT_BYTES && lines.length > 0) {
    const dropped = lines.pop()!
    left.push({
      name: dropped.slice(0, dropped.indexOf('=')) as OutputName,
      why: `the file would pass GitLab's ${DOTENV_LIMIT_BYTES / 1024} KB limit`
    })
    text = lines.join('')
  }
  return { text, left }
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

export function handOver(
  outputs: Partial<Record<OutputName, string>>,
  format: HandOverFormat
): HandOver {
  return format === 'shell' ? shell(outputs) : dotenv(outputs)
}
