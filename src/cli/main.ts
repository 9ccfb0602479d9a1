import { appendFile } from 'node:fs/promises'
import { InputError } from '../core/errors.js'
import { limitsFromEnv, stepDeadline } from '../core/limits.js'
import { environmentRef, resolveOptions } from '../core/options.js'
import { failureText, resultOf, runDeploy, type DeployResult } from '../core/run.js'
import { endEnvironment } from '../core/gate.js'
import type { DeployReport } from '../core/flow.js'
import { userAgent } from '../core/version.js'
import { helpText, parseCommandLine, UsageError, type ParsedArgs } from './args.js'
import { stderrLog } from './log.js'
import { CLI_WORDS, optionsOf, type Surroundings } from './options.js'

/** What the CLI reads and writes; the real process's in `index.ts`, others in tests. */
export interface Io extends Surroundings {
  argv: string[]
  stdout(text: string): void
  stderr(text: string): void
  /** Stops the deploy (Ctrl-C). */
  signal?: AbortSignal
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
  const log = stderrLog(io.stderr, {
    quiet: values.quiet === true,
    debug: ['true', '1'].includes((io.env.MOBILE_DEPLOY_DEBUG ?? '').trim().toLowerCase())
  })
  const exitFor = (error: unknown): number => {
    io.stderr(`Error: ${failureText(error)}\n`)
    return error instanceof InputError ? EXIT.usage : EXIT.failure
  }

  let prepared
  try {
    const limits = limitsFromEnv(io.env)
    const options = await optionsOf(command.name, values, io)
    log.mask(options.apiKey)
    prepared = { limits, options }
  } catch (error) {
    return exitFor(error)
  }
  const { limits, options } = prepared
  const deadline = stepDeadline(limits.stepMs)
  const setup = {
    words: CLI_WORDS,
    log,
    userAgent: userAgent('cli'),
    timeouts: limits.timeouts,
    pollIntervalMs: limits.pollIntervalMs,
    signal: io.signal ? AbortSignal.any([io.signal, deadline.signal]) : deadline.signal
  }
  try {
    if (command.name === 'terminate') {
      const report: DeployReport = {}
      try {
        const settings = resolveOptions(options, CLI_WORDS)
        const environment = environmentRef(CLI_WORDS, {
          environmentId: values['environment-id'] as string | undefined,
          environmentAlias: values['environment-alias'] as string | undefined,
          deploymentUrl: values['deployment-url'] as string | undefined
        })
        await endEnvironment(settings, setup, report, environment)
      } catch (error) {
        return exitFor(error)
      }
      const outputs = {
        terminated: report.terminated!.state,
        ...(report.terminated!.environmentId
          ? { environmentId: report.terminated!.environmentId }
          : {})
      }
      await writeOutputs(outputs, values, io)
      return EXIT.success
    }

    const { report, error } = await runDeploy(options, {
      ...setup,
      deadline: Date.now() + limits.stepMs
    })
    const result = resultOf(report, CLI_WORDS, error)
    await writeOutputs(result, values, io)
    if (error !== undefined) return exitFor(error)
    if (result.outcome === 'failed') {
      if ((values['fail-on-no-run'] as boolean | undefined) ?? true) {
        io.stderr(
          `Error: ${result.reason} Set ${CLI_WORDS.setting('failOnNoRun', 'false')} to make this a warning.\n`
        )
        return EXIT.failure
      }
      log.warning(result.reason ?? 'The service created no run.', 'No run created')
    }
    if (result.verdict && result.verdict !== 'passed') {
      io.stderr(`Error: ${result.reason}\n`)
      return EXIT.failure
    }
    return EXIT.success
  } finally {
    deadline.clear()
  }
}

/** The outputs: one JSON object, or `name=value` lines, on stdout; and `name=value` lines appended to --output-env. */
async function writeOutputs(
  result: DeployResult | Record<string, string>,
  values: ParsedArgs['values'],
  io: Io
): Promise<void> {
  if (values.json === true) io.stdout(`${JSON.stringify(result, null, 2)}\n`)
  else io.stdout(envLines(result))
  const file = values['output-env']
  if (typeof file === 'string' && file) await appendFile(file, envLines(result))
}

/** The outputs as `name=value` lines, for GitLab's dotenv reports, envman or a shell; the bugs as one JSON line. */
export function envLines(result: DeployResult | Record<string, string>): string {
  // The reason is a sentence for people, on stderr; the lines carry the outputs only.
  return Object.entries(result)
    .filter(([name]) => name !== 'reason')
    .map(
      ([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}\n`
    )
    .join('')
}
