import { resolve } from 'node:path'
import {
  ensureWritable,
  sanitizeJson,
  sanitizeLine,
  messageOf,
  outputsOf,
  resultOf,
  quote,
  runDeploy,
  writeOutputFile,
  type CompletedDeploy
} from '../core/index.js'
import { EXIT, interruptedExit, type CliCommand, type ParsedArgs } from './args.js'
import { handOver, type HandOverFormat } from './handover.js'
import { stderrLog } from './log.js'
import type { Io } from './options.js'
import { derivedContext, valuesOf } from './options.js'
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
  const derived = usesGit ? await derivedContext(io) : undefined
  for (const note of derived?.notes ?? []) log.warning(note)
  const gitGiven = values.branch !== undefined && values.sha !== undefined
  if (derived && derived.source === undefined && !gitGiven)
    log.warning(
      'No Git context found: this is not a CI the tool knows, and git found no checkout here, so no branch or commit is sent. Pass --branch and --sha.',
      'No Git context'
    )

  const deployed = await runDeploy(command.name, valuesOf(command, values), {
    frontEnd: 'cli',
    vocabulary: CLI_VOCABULARY,
    log,
    ci: derived?.ci,
    env: io.env,
    workingDirectory: io.cwd,
    signal: io.signal,
    beforeRequests: async () => {
      if (outputFile) await ensureWritable(outputFile, '--output-env', outputEnv)
    }
  })

  const written = await writeOutputs(deployed, { json, outputFile, format }, io, log)
  const { judgement, report } = deployed
  if (judgement.message && judgement.conclusion === 'failure')
    io.stderr(`Error: ${sanitizeLine(judgement.message)}\n`)
  else if (judgement.message) log.warning(judgement.message, 'No run created')
  if (!written) return judgement.cause === 'usage' ? EXIT.usage : EXIT['deploy-failed']
  if (report.failure?.interrupted) return interruptedExit(io.signal?.reason)
  return EXIT[judgement.cause]
}

/**
 * The outputs: on stdout, as one JSON object with --json (always, failures
 * included) or in the hand-over format; and in the --output-env file,
 * replaced, so that a later step never reads a value of an earlier run.
 * Resolves false when the file could not be written.
 */
async function writeOutputs(
  deployed: CompletedDeploy,
  {
    json,
    outputFile,
    format
  }: { json: boolean; outputFile?: string | undefined; format: HandOverFormat },
  io: Io,
  log: ReturnType<typeof stderrLog>
): Promise<boolean> {
  const outputs = outputsOf(deployed.report)
  const files = handOver(outputs, format)
  for (const { name, why } of files.left)
    log.warning(
      `The ${name} output is left out of the ${format} hand-over: ${why}. --json carries it.`,
      'Output left out'
    )
  if (json) {
    // The library's result, field for field: the outputs and the one judgement.
    io.stdout(`${sanitizeJson(resultOf(deployed), 2)}\n`)
    // envman's pairs are for a script to read, not a person.
  } else if (format !== 'envman') io.stdout(files.text)
  if (!outputFile) return true
  try {
    await writeOutputFile(outputFile, files.text, '--output-env')
    return true
  } catch (error) {
    io.stderr(
      `Error: ${sanitizeLine(`--output-env ${quote(outputFile)} could not be written: ${messageOf(error)}`)}\n`
    )
    return false
  }
}
