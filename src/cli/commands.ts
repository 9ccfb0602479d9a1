/**
 * The CLI's commands and their flags: each command's options come from the
 * option table (its spelling, kind and help), then the CLI's own flags.
 */
import {
  defaultOf,
  OPTIONS,
  optionsOf,
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
    'complete the GitHub check runs of deployments made with --report-later whose runs have ended (a scheduled job)',
  skip: 'deploy nothing: complete, as skipped, the GitHub check runs a deploy with these inputs would have written (a job that runs when the deploy does not)'
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
  return [...options, ...OWN_FLAGS]
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
