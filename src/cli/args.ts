/**
 * The command line as the CLI reads it: the command, its flags and their
 * values, refused with the nearest spelling where one is unknown; the exit
 * codes by cause.
 */
import { parseArgs } from 'node:util'
import { nearest, HAND_OVER_FORMATS, type HandOverFormat } from '../core/index.js'
import { COMMANDS, type CliCommand } from './commands.js'
import { helpText } from './help.js'

/** Exit codes by cause, as docs/cli.md's table says. */
export const EXIT = {
  success: 0,
  'deploy-failed': 1,
  usage: 2,
  'run-failed': 3,
  'timed-out': 4,
  canceled: 5,
  /** Ctrl-C (SIGINT): 128 + 2, as a shell reports it. */
  interrupted: 130,
  /** SIGTERM (a CI cancelling the job): 128 + 15. */
  terminated: 143
} as const

/** The exit code of a stop, by the signal that asked for it (the reason of the Io's signal). */
export function interruptedExit(reason: unknown): number {
  return reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted
}

/**
 * A word of the command line is shown in an error only when it is shaped like
 * what a person types there (a command or a format: letters; a flag: letters
 * and hyphens): anything else may be the key, pasted where a command, a flag
 * or a value belongs, and the error line and --json would print it before the
 * key is known to the redaction.
 */
const WORD = /^[a-z][a-z-]{0,19}$/i
const FLAG = /^--[a-z][a-z-]{0,39}$/i
const NOT_SHOWN = 'not shown: it could be a secret given in the wrong place'

/** The word as the error shows it: quoted (a flag as it is typed), or a note that it is left out. */
function shown(value: string, shape: RegExp): string {
  if (!shape.test(value)) return `an argument (${NOT_SHOWN})`
  return shape === FLAG ? value : JSON.stringify(value)
}

/** Bad usage: an unknown command or flag, a missing value. Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export interface ParsedArgs {
  command?: CliCommand
  /** String flags by name (a flag given more than once, a list); booleans as true or false; absent when not given. */
  values: Record<string, string | string[] | boolean | undefined>
  help: boolean
  version: boolean
}

/** The command and its flags; an unknown command or flag, or a stray argument, is a UsageError that suggests the nearest. */
export function parseCommandLine(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv
  if (first === '--version' || first === '-v' || first === 'version')
    return { values: {}, help: false, version: true }
  if (first === '--help' || first === '-h' || first === 'help')
    return { values: {}, help: true, version: false }
  if (first === undefined) throw new UsageError(`No command given.\n\n${helpText()}`)
  const command = COMMANDS.find(c => c.name === first)
  if (!command) {
    const near = nearest(
      first,
      COMMANDS.map(c => c.name)
    )
    throw new UsageError(
      `Unknown command ${shown(first, WORD)}.${near ? ` Did you mean '${near}'?` : ''} Commands: ${COMMANDS.map(c => c.name).join(', ')}.`
    )
  }
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {}
  for (const flag of command.flags) {
    options[flag.name] = { type: flag.kind, ...(flag.multiple ? { multiple: true } : {}) }
    if (flag.kind === 'boolean') options[`no-${flag.name}`] = { type: 'boolean' }
  }
  const args = rest.map(booleanValue(command))
  const unknown = args
    .map(arg => /^--([^=]+)/.exec(arg)?.[1])
    .find(name => name !== undefined && !(name in options))
  if (unknown !== undefined) {
    const near = nearest(unknown, Object.keys(options))
    throw new UsageError(
      `Unknown flag ${shown(`--${unknown}`, FLAG)} for '${command.name}'.${near ? ` Did you mean --${near}?` : ''} Run 'mobile-build-deploy ${command.name} --help' for its flags.`
    )
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true, tokens: true })
  } catch (error) {
    // Node's words name the flag, never a value given to it.
    throw new UsageError(
      `${(error as Error).message.replace(/\. To specify.*$/s, '')}. Run 'mobile-build-deploy ${command.name} --help' for its flags.`
    )
  }
  const stray = parsed.tokens?.find(token => token.kind === 'positional')
  if (stray) {
    const position = stray.index + 1
    throw new UsageError(
      `'${command.name}' takes no positional argument, and argument ${position} after it is one (${NOT_SHOWN}). Flags take the form --name value; booleans --flag, --no-flag or --flag=true|false. Run 'mobile-build-deploy ${command.name} --help' for its flags.`
    )
  }
  const values = flagValues(command, parsed.values)
  return { command, values, help: values.help === true, version: false }
}

/** The flags' values by name: booleans settled with their `--no-` twin, the hand-over format checked. */
function flagValues(
  command: CliCommand,
  parsed: ReturnType<typeof parseArgs>['values']
): ParsedArgs['values'] {
  const values: ParsedArgs['values'] = {}
  for (const flag of command.flags) {
    const value = parsed[flag.name]
    const negated = parsed[`no-${flag.name}`]
    if (flag.kind === 'boolean') {
      if (value !== undefined && negated !== undefined)
        throw new UsageError(`--${flag.name} and --no-${flag.name} contradict each other.`)
      values[flag.name] = value === true ? true : negated === true ? false : undefined
    } else if (Array.isArray(value)) values[flag.name] = value.map(String)
    else if (value !== undefined) values[flag.name] = String(value)
  }
  const format = values['output-env-format'] as string | undefined
  if (format !== undefined && !HAND_OVER_FORMATS.includes(format as HandOverFormat)) {
    const near = nearest(format, HAND_OVER_FORMATS)
    throw new UsageError(
      `--output-env-format takes ${HAND_OVER_FORMATS.join(', ')}, not ${shown(format, WORD)}.${near ? ` Did you mean ${near}?` : ''}`
    )
  }
  return values
}

/** `--flag=true` / `--flag=false` for a boolean flag, as `--flag` / `--no-flag`. */
function booleanValue(command: CliCommand): (arg: string) => string {
  const booleans = new Set(command.flags.filter(f => f.kind === 'boolean').map(f => f.name))
  return arg => {
    const match = /^--([\w-]+)=(.*)$/.exec(arg)
    if (!match || !booleans.has(match[1]!)) return arg
    const value = match[2]!.toLowerCase()
    if (value === 'true') return `--${match[1]}`
    if (value === 'false') return `--no-${match[1]}`
    throw new UsageError(`--${match[1]} takes true or false, not ${shown(match[2]!, WORD)}.`)
  }
}
