import { parseArgs } from 'node:util'
import {
  defaultOf,
  nearest,
  OPTIONS,
  optionsOf,
  HAND_OVER_FORMATS,
  PROVIDERS,
  type HandOverFormat,
  render,
  spelling,
  type Command,
  type OptionKey
} from '../core/index.js'
import { CLI_VOCABULARY } from './vocabulary.js'

/** A flag of the CLI: a core option (from the option table) or one of the CLI's own. */
export interface Flag {
  name: string
  kind: 'string' | 'boolean'
  /** Given more than once, each value counts (the builds of `--file`). */
  multiple?: boolean
  help: string
  /** The option it sets, when it sets one. */
  option?: OptionKey
}

/** The CLI's own flags: how it hands its outputs over and how much it says. */
const OWN_FLAGS: Flag[] = [
  { name: 'json', kind: 'boolean', help: 'print the outputs as one JSON object on stdout' },
  {
    name: 'output-env',
    kind: 'string',
    help: 'write the outputs to FILE (replaced), for a later step or job'
  },
  {
    name: 'output-env-format',
    kind: 'string',
    help: "dotenv (GitLab's artifacts:reports:dotenv, the default), shell (export lines for $BASH_ENV) or envman (NUL-ended names and values, for Bitrise's envman add)"
  },
  { name: 'quiet', kind: 'boolean', help: 'no log lines, only warnings and errors' },
  { name: 'help', kind: 'boolean', help: 'show this help' }
]

/** A command: what it does and the flags it takes. */
export interface CliCommand {
  name: Command
  summary: string
  flags: Flag[]
}

const SUMMARIES: Record<Command, string> = {
  deploy: 'upload the build, then notify the service so that a test run starts',
  upload: 'upload the build only; no run starts (workspace set-up)',
  notify: 'notify the service of a deployment, with an earlier upload or none',
  wait: "wait for an earlier run's verdict",
  terminate: 'end a preview environment, so that the service stops testing it',
  collect:
    'complete the GitHub check runs of deployments made with --report-later whose runs have ended (a scheduled job)'
}

/** A command's flags: the options the table gives it in the CLI, then the CLI's own. */
function flagsOf(command: Command): Flag[] {
  const options = optionsOf('cli', command).map((key): Flag => ({
    name: spelling('cli', key),
    kind: OPTIONS[key].kind === 'boolean' ? 'boolean' : 'string',
    ...(OPTIONS[key].kind === 'globs' || OPTIONS[key].kind === 'runIds' ? { multiple: true } : {}),
    help: helpOf(key),
    option: key
  }))
  // A collect hands over no outputs: it completes check runs on GitHub.
  const own =
    command === 'collect'
      ? OWN_FLAGS.filter(flag => ['json', 'quiet', 'help'].includes(flag.name))
      : OWN_FLAGS
  return [...options, ...own]
}

function helpOf(key: OptionKey): string {
  const spec = OPTIONS[key]
  const fallback = defaultOf(key)
  const env = spec.env?.frontEnds.includes('cli') ? `$${spec.env.name}` : undefined
  const shown = [fallback && `default ${fallback}`, env && `or ${env}`].filter(Boolean).join(', ')
  return `${render(spec.description, CLI_VOCABULARY)}${shown ? ` (${shown})` : ''}`
}

export const COMMANDS: CliCommand[] = (Object.keys(SUMMARIES) as Command[]).map(name => ({
  name,
  summary: SUMMARIES[name],
  flags: flagsOf(name)
}))

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

/** The tool's usage, or one command's. */
/** The file beside the CLI's bundle that holds every help text (script/package.ts writes it). */
export const HELP_FILE = 'help.json'

/** Every help text by the command it is of ('' for the CLI's own): what `--help` prints, written out at build time. */
export function helpTexts(): Record<string, string> {
  return Object.fromEntries([
    ['', helpText()],
    ...COMMANDS.map(command => [command.name, helpText(command)])
  ])
}

export function helpText(command?: CliCommand): string {
  if (!command) {
    return [
      'Usage: mobile-build-deploy <command> [flags]',
      '',
      'Puts a mobile build in front of the automated test service.',
      '',
      'Commands:',
      ...COMMANDS.map(c => `  ${c.name.padEnd(10)} ${c.summary}`),
      '',
      "Run 'mobile-build-deploy <command> --help' for its flags, 'mobile-build-deploy --version' for the version.",
      '',
      'Exit codes: 0 success; 1 the deploy failed (a request, the upload, no run created);',
      '2 bad usage; 3 the run failed with blocking bugs; 4 the wait timed out; 5 the run was canceled;',
      '130 stopped by Ctrl-C (SIGINT); 143 stopped by SIGTERM (the CI cancelling the job).',
      ''
    ].join('\n')
  }
  const width = Math.max(...command.flags.map(f => f.name.length + (f.kind === 'string' ? 8 : 0)))
  const line = (f: Flag): string => {
    const shown =
      f.kind === 'boolean' ? `--${f.name}` : `--${f.name} <value>${f.multiple ? ' ...' : ''}`
    return `  ${shown.padEnd(width + 4)} ${f.help}`
  }
  const usesGit = command.flags.some(f => f.option === 'sha')
  return [
    `Usage: mobile-build-deploy ${command.name} [flags]`,
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Flags:',
    ...command.flags.map(line),
    '',
    'Booleans take --flag, --no-flag or --flag=true|false.',
    ...(usesGit
      ? [
          ...wrapped(
            `The Git context comes from the CI (${PROVIDERS.map(p => p.name).join(', ')}), else from git itself; the flags above override it.`,
            100
          )
        ]
      : []),
    ''
  ].join('\n')
}

/** Text in lines of at most `width` characters, broken at spaces. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return line ? [...lines, line] : lines
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
