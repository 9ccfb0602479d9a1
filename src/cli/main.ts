import { resolve } from 'node:path'
import {
  ensureWritable,
  inertJson,
  inertLine,
  messageOf,
  outputsOf,
  outputValuesOf,
  PRODUCT_VERSION,
  quote,
  runDeploy,
  writeOutputFile,
  type DeployRun
} from '../core/index.js'
import { EXIT, helpText, parseCommandLine, UsageError, type ParsedArgs } from './args.js'
import { handOver, type HandOverFormat } from './handover.js'
import { stderrLog } from './log.js'
import { derivedContext, valuesOf, type Surroundings } from './options.js'
import { CLI_VOCABULARY } from './vocabulary.js'

/** What the CLI reads and writes; the real process's in `index.ts`, others in tests. */
export interface Io extends Surroundings {
  argv: string[]
  stdout(text: string): void
  stderr(text: string): void
  /** Stops the deploy (Ctrl-C, the CI cancelling the job); a reason of `SIGTERM` makes the exit code 143, any other 130. */
  signal?: AbortSignal
}

/** Runs one command line; resolves with the exit code, never throws. */
export async function main(io: Io): Promise<number> {
  const json = io.argv.includes('--json')
  const refuse = (message: string): number => {
    io.stderr(`Error: ${inertLine(message.split('\n')[0]!)}\n`)
    if (message.includes('\n')) io.stderr(message.slice(message.indexOf('\n') + 1))
    if (json) io.stdout(`${inertJson({ outcome: 'aborted', reason: message.split('\n')[0] })}\n`)
    return EXIT.usage
  }
  let args: ParsedArgs
  try {
    args = parseCommandLine(io.argv)
  } catch (error) {
    if (error instanceof UsageError) return refuse(error.message)
    return refuse(`Unexpected error: ${messageOf(error)}`)
  }
  if (args.version) {
    io.stdout(`${PRODUCT_VERSION}\n`)
    return EXIT.success
  }
  if (args.help || !args.command) {
    io.stdout(helpText(args.command))
    return EXIT.success
  }
  const command = args.command
  const log = stderrLog(io.stderr, {
    quiet: args.values.quiet === true,
    debug: ['true', '1'].includes((io.env.MOBILE_DEPLOY_DEBUG ?? '').trim().toLowerCase())
  })
  const given = args.values['output-env'] as string | undefined
  // Relative to the folder the command runs in, as every path of the command line.
  const outputFile = given === undefined ? undefined : resolve(io.cwd, given)
  const format = (args.values['output-env-format'] ?? 'dotenv') as HandOverFormat

  const usesGit = command.flags.some(flag => flag.option === 'sha')
  const derived = usesGit ? await derivedContext(io) : undefined
  for (const note of derived?.notes ?? []) log.warning(note)
  const gitGiven = args.values.branch !== undefined && args.values.sha !== undefined
  if (derived && derived.source === undefined && !gitGiven)
    log.warning(
      'No Git context found: this is not a CI the tool knows, and git found no checkout here, so no branch or commit is sent. Pass --branch and --sha.',
      'No Git context'
    )

  const run = await runDeploy(command.name, valuesOf(command, args.values), {
    frontEnd: 'cli',
    vocabulary: CLI_VOCABULARY,
    log,
    derived: derived?.git,
    env: io.env,
    workingDirectory: io.cwd,
    signal: io.signal,
    beforeRequests: async () => {
      if (outputFile) await ensureWritable(outputFile, '--output-env', given)
    }
  })

  const written = await writeOutputs(run, { json, outputFile, format }, io, log)
  const { judgement, report } = run
  if (judgement.message && judgement.conclusion === 'failure')
    io.stderr(`Error: ${inertLine(judgement.message)}\n`)
  else if (judgement.message) log.warning(judgement.message, 'No run created')
  if (!written) return judgement.cause === 'usage' ? EXIT.usage : EXIT['deploy-failed']
  if (report.failure?.interrupted) return interruptedExit(io.signal?.reason)
  return EXIT[judgement.cause]
}

/** The exit code of a stop, by the signal that asked for it (the reason of the Io's signal). */
export function interruptedExit(reason: unknown): number {
  return reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted
}

/**
 * The outputs: on stdout, as one JSON object with --json (always, failures
 * included) or in the hand-over format; and in the --output-env file,
 * replaced, so that a later step never reads a value of an earlier run.
 * Resolves false when the file could not be written.
 */
async function writeOutputs(
  { report, judgement }: DeployRun,
  {
    json,
    outputFile,
    format
  }: { json: boolean; outputFile?: string | undefined; format: HandOverFormat },
  io: Io,
  log: ReturnType<typeof stderrLog>
): Promise<boolean> {
  const outputs = outputsOf(report)
  const files = handOver(outputs, format)
  for (const { name, why } of files.left)
    log.warning(
      `The ${name} output is left out of the ${format} hand-over: ${why}. --json carries it.`,
      'Output left out'
    )
  if (json) {
    const reason = judgement.message ? { reason: judgement.message } : {}
    io.stdout(`${inertJson({ ...outputValuesOf(report), ...reason }, 2)}\n`)
    // envman's pairs are for a script to read, not a person.
  } else if (format !== 'envman') io.stdout(files.text)
  if (!outputFile) return true
  try {
    await writeOutputFile(outputFile, files.text, '--output-env')
    return true
  } catch (error) {
    io.stderr(
      `Error: ${inertLine(`--output-env ${quote(outputFile)} could not be written: ${messageOf(error)}`)}\n`
    )
    return false
  }
}
