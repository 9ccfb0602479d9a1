import { resolve } from 'node:path'
import {
  collectResultOf,
  runCollect,
  runDeploy,
  sanitizeJson,
  sanitizeLine,
  type HandOverFormat
} from '../core/index.js'
import { EXIT, interruptedExit, type ParsedArgs } from './args.js'
import { COMMANDS, type CliCommand } from './commands.js'
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

  if (command.name === 'collect') return collectCommand(values, io, json, log)
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

  const { judgement, deployments } = facts
  if (judgement.message && judgement.conclusion === 'failure')
    io.stderr(`Error: ${sanitizeLine(judgement.message)}\n`)
  else if (judgement.message) log.warning(judgement.message, 'No run created')
  if (deployments.some(deployment => deployment.failure?.interrupted))
    return interruptedExit(io.signal?.reason)
  return EXIT[judgement.cause]
}

/**
 * `collect`: the verdicts of deployments reported later put on their check
 * runs and comments. The exit code says whether collecting worked: 0, 1 when
 * GitHub or the service could not be used (the next collect tries again),
 * 2 for bad usage; never whether a pull request's run passed.
 */
async function collectCommand(
  values: ParsedArgs['values'],
  io: Io,
  json: boolean,
  log: ReturnType<typeof stderrLog>
): Promise<number> {
  const command = COMMANDS.find(c => c.name === 'collect')!
  const outcome = await runCollect(valuesOf(command, values), {
    frontEnd: 'cli',
    vocabulary: CLI_VOCABULARY,
    log,
    env: io.env,
    workingDirectory: io.cwd,
    signal: io.signal
  })
  const result = collectResultOf(outcome)
  for (const problem of result.problems) log.warning(problem, 'Not collected')
  if (json) io.stdout(`${sanitizeJson(result, 2)}\n`)
  if (result.reason && result.conclusion === 'failure')
    io.stderr(`Error: ${sanitizeLine(result.reason)}\n`)
  return EXIT[result.cause]
}
