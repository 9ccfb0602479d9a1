import { appendFile } from 'node:fs/promises'
import { InputError } from '../core/errors.js'
import type { GitContext } from '../core/git.js'
import { limitsFromEnv, stepDeadline } from '../core/limits.js'
import type { DeployOptions } from '../core/options.js'
import { failureText, resultOf, runDeploy, type DeployResult } from '../core/run.js'
import { parseInteger } from '../core/validate.js'
import { userAgent } from '../core/version.js'
import { kebab, type Words } from '../core/words.js'
import { helpText, parseCommandLine, UsageError, type ParsedArgs } from './args.js'
import { gitContext, gitIn, type GitRunner } from './ci/git.js'
import { detectProvider, type Env } from './ci/providers.js'
import { stderrLog } from './log.js'

/** The CLI's words: its flags, and the variables that stand in for two of them. */
export const CLI_WORDS: Words = {
  name: option =>
    option === 'apiKey'
      ? '--api-key (or SERVICE_API_KEY)'
      : option === 'baseUrl'
        ? '--base-url (or SERVICE_BASE_URL)'
        : `--${kebab(option)}`,
  subject: option => `Flag ${CLI_WORDS.name(option)}`,
  setting: (option, value) => `--${kebab(option)}=${value}`
}

/** What the CLI reads and writes; the real process's in `index.ts`, others in tests. */
export interface Io {
  argv: string[]
  env: Env
  cwd: string
  stdout(text: string): void
  stderr(text: string): void
  /** Stops the deploy (Ctrl-C). */
  signal?: AbortSignal
  git?: GitRunner
}

/** Exit codes, as the README's table says. */
export const EXIT = { success: 0, failure: 1, usage: 2 } as const

/** Runs one command line; resolves with the exit code, never throws. */
export async function main(io: Io): Promise<number> {
  let args: ParsedArgs
  try {
    args = parseCommandLine(io.argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`Error: ${error.message}\n`)
    return EXIT.usage
  }
  if (args.help || !args.command) {
    io.stdout(helpText(args.command))
    return EXIT.success
  }
  const { command, values } = args
  const text = (name: string): string | undefined => values[name] as string | undefined
  const log = stderrLog(io.stderr, {
    quiet: values.quiet === true,
    debug: parseBooleanEnv(io.env.MOBILE_DEPLOY_DEBUG)
  })

  let options: DeployOptions
  let failOnNoRun: boolean
  let limits: ReturnType<typeof limitsFromEnv>
  try {
    limits = limitsFromEnv(io.env)
    const apiKey = text('api-key') ?? io.env.SERVICE_API_KEY ?? ''
    log.mask(apiKey)
    options = {
      apiKey,
      baseUrl: text('base-url') ?? io.env.SERVICE_BASE_URL ?? '',
      file: command.name === 'notify' ? undefined : text('file'),
      destination: text('destination'),
      namePrefix: text('name-prefix'),
      environment: text('environment'),
      deploymentType: text('deployment-type'),
      variables: text('variables'),
      runInputPath: text('run-input-path'),
      runVariable: text('run-variable'),
      notify: command.name === 'upload' ? false : (values.notify as boolean | undefined),
      deduplicationKey: text('deduplication-key'),
      ephemeralEnvironment: values['ephemeral-environment'] as boolean | undefined,
      maxAttempts: parseInteger(CLI_WORDS, 'maxAttempts', text('max-attempts') ?? '', 1, 10),
      git: await gitContextOf(values, io),
      workingDirectory: io.cwd
    }
    failOnNoRun = (values['fail-on-no-run'] as boolean | undefined) ?? true
  } catch (error) {
    io.stderr(`Error: ${failureText(error)}\n`)
    return error instanceof InputError ? EXIT.usage : EXIT.failure
  }

  const started = Date.now()
  const deadline = stepDeadline(limits.stepMs)
  const signal = io.signal ? AbortSignal.any([io.signal, deadline.signal]) : deadline.signal
  const { report, error } = await runDeploy(options, {
    words: CLI_WORDS,
    log,
    userAgent: userAgent('cli'),
    timeouts: limits.timeouts,
    deadline: started + limits.stepMs,
    signal
  }).finally(deadline.clear)
  const result = resultOf(report, error)
  await writeOutputs(result, values, io)

  if (error !== undefined) {
    io.stderr(`Error: ${result.reason}\n`)
    return error instanceof InputError ? EXIT.usage : EXIT.failure
  }
  if (result.outcome === 'failed') {
    if (failOnNoRun) {
      io.stderr(
        `Error: ${result.reason} Set ${CLI_WORDS.setting('failOnNoRun', 'false')} to make this a warning.\n`
      )
      return EXIT.failure
    }
    log.warning(result.reason ?? 'The service created no run.', 'No run created')
  }
  return EXIT.success
}

/** The Git context: the CI's variables (or git itself), then the flags over it. */
async function gitContextOf(values: ParsedArgs['values'], io: Io): Promise<GitContext> {
  const provider = detectProvider(io.env)
  const found = provider ? provider.context(io.env) : await gitContext(io.git ?? gitIn(io.cwd))
  const text = (name: string): string | undefined =>
    (values[name] as string | undefined) || undefined
  const number = parseInteger(
    CLI_WORDS,
    'pullRequestNumber',
    text('pull-request-number') ?? '',
    1,
    2 ** 31 - 1
  )
  const hostingService = text('hosting-service') ?? found.hostingService
  // On GitLab the number is a merge request's; the service reads it under its own name.
  const request =
    number === undefined
      ? {}
      : hostingService === 'GitLab'
        ? { mergeRequestNumber: number, pullRequestNumber: undefined }
        : { pullRequestNumber: number, mergeRequestNumber: undefined }
  const sha = text('sha')
  return {
    ...found,
    branch: text('branch') ?? found.branch,
    sha: sha ?? found.sha,
    // A commit of one's own choosing has no URL the CI knows.
    commitUrl: text('commit-url') ?? (sha ? undefined : found.commitUrl),
    deploymentUrl: text('deployment-url') ?? found.deploymentUrl,
    hostingService,
    ...request
  }
}

/** The outputs: one JSON object, or `name=value` lines, on stdout; and `name=value` lines appended to --output-env. */
async function writeOutputs(
  result: DeployResult,
  values: ParsedArgs['values'],
  io: Io
): Promise<void> {
  if (values.json === true) io.stdout(`${JSON.stringify(result, null, 2)}\n`)
  else io.stdout(envLines(result))
  const file = values['output-env']
  if (typeof file === 'string' && file) await appendFile(file, envLines(result))
}

/** The outputs as `name=value` lines, for GitLab's dotenv reports, envman or a shell. */
export function envLines(result: DeployResult): string {
  // The reason is a sentence for people, on stderr; the lines carry the outputs only.
  return Object.entries(result)
    .filter(([name]) => name !== 'reason')
    .map(([name, value]) => `${name}=${String(value)}\n`)
    .join('')
}

function parseBooleanEnv(value: string | undefined): boolean {
  return ['true', '1'].includes((value ?? '').trim().toLowerCase())
}
