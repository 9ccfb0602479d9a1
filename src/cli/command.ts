import { resolve } from 'node:path'
import { runDeploy, sanitizeLine, type HandOverFormat } from '../core/index.js'
import { EXIT, interruptedExit, type ParsedArgs } from './args.js'
import type { CliCommand } from './commands.js'
import { stderrLog } from './log.js'
import type { Io } from './options.js'
import { derivedContext, valuesOf } from './options.js'
import { HandOverFile, StdoutOutputs } from './reporters.js'
import { CLI_VOCABULARY } from './vocabulary.js'

/**
 * Runs a parsed command against the service and hands its outputs over;
 * resolves with the exit code. main() loads this module only for a command
 * that runs, so that --version and --help never load the deploy, the
 * transport or the CI detection.
 */
export async function runCommand(
  command: CliCommand,
  values: ParsedArgs['values'],
  io: Io,
  json: boolean
): Promise<number> {
  const log = stderrLog(io.stderr, {
    quiet: values.quiet === true,
    debug: ['true', '1'].includes((io.env.MOBILE_DEPLOY_DEBUG ?? '').trim().toLowerCase())
  })
  const outputEnv = values['output-env'] as string | undefined
  // Relative to the folder the command runs in, as every path of the command line.
  const outputFile = outputEnv === undefined ? undefined : resolve(io.cwd, outputEnv)
  const format = (values['output-env-format'] ?? 'dotenv') as HandOverFormat

  const usesGit = command.flags.some(flag => flag.option === 'sha')
  // Ending a pull request's environment by the deploy's name prefix needs its number and repository.
  const namesPullRequest = command.name === 'terminate' && values['name-prefix'] !== undefined
  const derived = usesGit || namesPullRequest ? await derivedContext(io) : undefined
  for (const note of derived?.notes ?? []) log.warning(note)
  const gitGiven = values.branch !== undefined && values.sha !== undefined
  if (usesGit && derived && derived.source === undefined && !gitGiven)
    log.warning(
      'No Git context found: this is not a CI the tool knows, and git found no checkout here, so no branch or commit is sent. Pass --branch and --sha.',
      'No Git context'
    )

  const { facts } = await runDeploy(command.name, valuesOf(command, values), {
    frontEnd: 'cli',
    vocabulary: CLI_VOCABULARY,
    log,
    ci: derived?.ci,
    env: io.env,
    workingDirectory: io.cwd,
    signal: io.signal,
    reporters: [
      ...(outputFile ? [new HandOverFile(outputFile, outputEnv!, format, log)] : []),
      new StdoutOutputs(io.stdout, json, format)
    ]
  })

  const { judgement, deployments, collect } = facts
  if (judgement.message && judgement.conclusion === 'failure')
    io.stderr(`Error: ${sanitizeLine(judgement.message)}\n`)
  else if (judgement.message) log.warning(judgement.message, 'No run created')
  const interrupted = collect
    ? collect.failure?.interrupted
    : deployments.some(deployment => deployment.failure?.interrupted)
  if (interrupted) return interruptedExit(io.signal?.reason)
  return EXIT[judgement.cause]
}
