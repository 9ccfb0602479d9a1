import { parseArgs } from 'node:util'
import { kebab, type OptionKey } from '../core/words.js'

/** A flag of the CLI: a core option (by its library name) or one of the CLI's own. */
export interface Flag {
  name: string
  kind: 'string' | 'boolean'
  help: string
  /** The core option it sets, when it sets one. */
  option?: OptionKey
}

const option = (key: OptionKey, kind: Flag['kind'], help: string): Flag => ({
  name: kebab(key),
  kind,
  help,
  option: key
})

const CONNECTION: Flag[] = [
  option('apiKey', 'string', 'the workspace API key (default: $SERVICE_API_KEY)'),
  option('baseUrl', 'string', 'the service base URL (default: $SERVICE_BASE_URL)'),
  option('maxAttempts', 'string', 'attempts per request for transient failures, 1-10 (default 5)')
]
const BUILD: Flag[] = [
  option('file', 'string', 'path or glob of the build (.apk .aab .ipa .deb .zip .csv .pdf)'),
  option('destination', 'string', 'destination path in the workspace storage'),
  option('namePrefix', 'string', 'build the destination by the naming convention'),
  option('environment', 'string', 'static environment of the naming convention')
]
const NOTIFY: Flag[] = [
  option('runInputPath', 'string', 'notify with an earlier upload (its playgroundFileLocation)'),
  option('deploymentType', 'string', 'sent as deployment_type'),
  option('variables', 'string', 'JSON object of extra variables for the run'),
  option(
    'runVariable',
    'string',
    'run variable that carries the build path (default RUN_INPUT_PATH)'
  ),
  option('deduplicationKey', 'string', 'sent as deduplication_key'),
  option('ephemeralEnvironment', 'boolean', 'the deployment is a preview environment'),
  option('failOnNoRun', 'boolean', 'exit 1 when the service creates no run (default true)')
]
const GIT: Flag[] = [
  option('branch', 'string', 'override the branch read from the CI'),
  option('sha', 'string', 'override the commit read from the CI'),
  option('commitUrl', 'string', 'override the commit URL'),
  option('deploymentUrl', 'string', 'URL of the deployed environment'),
  option('pullRequestNumber', 'string', 'override the pull (or merge) request number'),
  option('hostingService', 'string', 'where the code is hosted: GitHub, GitLab, Bitbucket, …')
]
const WAIT: Flag[] = [
  option(
    'waitTimeoutMinutes',
    'string',
    'how long to wait for the verdict, in minutes (default 60)'
  )
]
const OUTPUT: Flag[] = [
  { name: 'json', kind: 'boolean', help: 'print the outputs as one JSON object on stdout' },
  { name: 'output-env', kind: 'string', help: 'append the outputs to FILE as name=value lines' },
  { name: 'quiet', kind: 'boolean', help: 'no log lines, only warnings and errors' },
  { name: 'help', kind: 'boolean', help: 'show this help' }
]

/** A command: what it does and the flags it takes. */
export interface Command {
  name: string
  summary: string
  flags: Flag[]
}

export const COMMANDS: Command[] = [
  {
    name: 'deploy',
    summary: 'upload the build, then notify the service so that a test run starts',
    flags: [
      ...CONNECTION,
      ...BUILD,
      ...NOTIFY,
      option('notify', 'boolean', 'send the notification (default true)'),
      ...GIT,
      ...OUTPUT
    ]
  },
  {
    name: 'upload',
    summary: 'upload the build only; no run starts (workspace set-up)',
    flags: [...CONNECTION, ...BUILD, ...GIT, ...OUTPUT]
  },
  {
    name: 'notify',
    summary: 'notify the service of a deployment, with an earlier upload or none',
    flags: [
      ...CONNECTION,
      ...NOTIFY,
      option('wait', 'boolean', "wait for the run's verdict; exit 1 unless it passes"),
      ...WAIT,
      ...GIT,
      ...OUTPUT
    ]
  },
  {
    name: 'wait',
    summary: "wait for an earlier run's verdict; exit 1 unless it passes",
    flags: [
      ...CONNECTION,
      option('runId', 'string', 'the run to wait for (required)'),
      ...WAIT,
      ...OUTPUT
    ]
  },
  {
    name: 'terminate',
    summary: 'end a preview environment, so that the service stops testing it',
    flags: [
      ...CONNECTION,
      option('environmentId', 'string', 'the environment to end, by its id'),
      option('environmentAlias', 'string', 'the environment to end, by its alias'),
      option('deploymentUrl', 'string', 'the environment to end, by its deployment URL'),
      ...OUTPUT
    ]
  }
]

/** The tool's usage, or one command's. */
export function helpText(command?: Command): string {
  if (!command) {
    return [
      'Usage: mobile-build-deploy <command> [flags]',
      '',
      'Puts a mobile build in front of the automated test service.',
      '',
      'Commands:',
      ...COMMANDS.map(c => `  ${c.name.padEnd(8)} ${c.summary}`),
      '',
      "Run 'mobile-build-deploy <command> --help' for its flags.",
      'Exit codes: 0 success, 1 failure, 2 bad usage.',
      ''
    ].join('\n')
  }
  const width = Math.max(...command.flags.map(f => f.name.length + (f.kind === 'string' ? 8 : 0)))
  const line = (f: Flag): string => {
    const shown = f.kind === 'string' ? `--${f.name} <value>` : `--${f.name}`
    return `  ${shown.padEnd(width + 4)} ${f.help}`
  }
  return [
    `Usage: mobile-build-deploy ${command.name} [flags]`,
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Flags:',
    ...command.flags.map(line),
    '',
    'Booleans take --flag, --no-flag or --flag=true|false. The Git context comes from the CI',
    '(GitLab CI, GitHub Actions, Bitrise, CircleCI, Jenkins, Azure Pipelines, Buildkite, Codemagic,',
    'Xcode Cloud, Bitbucket Pipelines), else from git itself; the flags above override it.',
    ''
  ].join('\n')
}

/** Bad usage: an unknown command or flag, a missing value. Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

export interface ParsedArgs {
  command?: Command
  /** String flags by name; booleans as true or false; absent when not given. */
  values: Record<string, string | boolean | undefined>
  help: boolean
}

/** The command and its flags; an unknown command or flag, or a stray argument, is a UsageError. */
export function parseCommandLine(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help')
    return { values: {}, help: true }
  const command = COMMANDS.find(c => c.name === first)
  if (!command) {
    throw new UsageError(
      `Unknown command ${JSON.stringify(first)}. Commands: ${COMMANDS.map(c => c.name).join(', ')}.`
    )
  }
  const options: Record<string, { type: 'string' | 'boolean' }> = {}
  for (const flag of command.flags) {
    options[flag.name] = { type: flag.kind }
    if (flag.kind === 'boolean') options[`no-${flag.name}`] = { type: 'boolean' }
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: rest.map(booleanValue(command)),
      options,
      strict: true,
      allowPositionals: false
    })
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message.replace(/\. To specify.*$/s, '')}. Run 'mobile-build-deploy ${command.name} --help' for its flags.`
    )
  }
  const values: ParsedArgs['values'] = {}
  for (const flag of command.flags) {
    const given = parsed.values[flag.name]
    const negated = parsed.values[`no-${flag.name}`]
    if (flag.kind === 'boolean') {
      if (given !== undefined && negated !== undefined)
        throw new UsageError(`--${flag.name} and --no-${flag.name} contradict each other.`)
      values[flag.name] = given === true ? true : negated === true ? false : undefined
    } else if (given !== undefined) values[flag.name] = String(given)
  }
  return { command, values, help: values.help === true }
}

/** `--flag=true` / `--flag=false` for a boolean flag, as `--flag` / `--no-flag`. */
function booleanValue(command: Command): (arg: string) => string {
  const booleans = new Set(command.flags.filter(f => f.kind === 'boolean').map(f => f.name))
  return arg => {
    const match = /^--([\w-]+)=(.*)$/.exec(arg)
    if (!match || !booleans.has(match[1]!)) return arg
    const value = match[2]!.toLowerCase()
    if (value === 'true') return `--${match[1]}`
    if (value === 'false') return `--no-${match[1]}`
    throw new UsageError(`--${match[1]} takes true or false, not ${JSON.stringify(match[2])}.`)
  }
}
