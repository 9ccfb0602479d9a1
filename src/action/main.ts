import { readFileSync } from 'node:fs'
import * as core from '@actions/core'
import {
  githubContext,
  sanitize,
  messageOf,
  runDeploy,
  Secrets,
  type JsonObject,
  type StepFacts
} from '../core/index.js'
import { readInputs } from './inputs.js'
import { JobSummary } from './job-summary.js'
import { runnerLog as out } from './log.js'
import { ActionOutputs } from './outputs.js'
import { ACTION_VOCABULARY } from './vocabulary.js'

/**
 * The runner's cancel (and a job's timeout-minutes): SIGINT, then SIGTERM
 * 7.5 s later, then SIGKILL 2.5 s after that. The first stops the deploy,
 * which ends as stopped (`cancelled` on the check run); the reports then get
 * their few seconds and the step ends. A second signal ends it at once.
 */
export function stopOnSignals(): AbortSignal {
  const stop = new AbortController()
  for (const name of ['SIGINT', 'SIGTERM'] as const)
    process.on(name, () => {
      if (stop.signal.aborted) process.exit(130)
      stop.abort(new Error(`the job was canceled: ${name}`))
    })
  return stop.signal
}

/**
 * The step: the inputs and the event handed to the core's one orchestrator,
 * with the step's reporters (its outputs, the job summary, and on GitHub the
 * check runs and the comment); then the one error or warning line and the
 * step's result from the judgement. The only place that fails the step;
 * every failure, thrown or not, ends as one `::error::` line. `signal` stops
 * the deploy (the runner's cancel); the step then exits 130. `env` is the
 * runner's environment, the only place the step reads it from.
 */
export async function run(
  signal: AbortSignal | undefined,
  env: Record<string, string | undefined>
): Promise<void> {
  // The one redaction, told every secret the deploy registers: the runner masks each, and GitHub's writes go through it.
  const secrets = new Secrets(secret => out.mask(secret))
  // The core tells each spelling it masks (a key's, a signed URL's): taken as spelled, since the key itself is added below.
  const log = { ...out, mask: (secret: string) => secrets.addExact(secret) }
  try {
    // Masked before anything else can print it, even when it fails validation.
    const values = readInputs(name => core.getInput(name))
    if (values.apiKey) secrets.add(values.apiKey)
    if (values.githubToken) secrets.add(values.githubToken)
    const context = githubContext(env.GITHUB_EVENT_NAME ?? '', readEvent(env), env)
    for (const note of context.notes) out.warning(note, 'Event value left out')

    const { facts } = await runDeploy(undefined, values, {
      frontEnd: 'action',
      vocabulary: ACTION_VOCABULARY,
      log,
      signal,
      ci: context,
      env,
      workingDirectory: env.GITHUB_WORKSPACE || process.cwd(),
      reporters: [new ActionOutputs(env.GITHUB_OUTPUT), new JobSummary(env.GITHUB_STEP_SUMMARY)]
    })
    conclude(facts)
    if (signal?.aborted) process.exitCode = 130
  } catch (error) {
    // Only the action's own reading can throw here: the core never does.
    failWith(`The step could not finish: ${messageOf(error)}`, 'Mobile build deploy failed')
  }
}

/**
 * The one error or warning line, and the step's result, from the step's
 * judgement. A collect's says whether collecting worked, never whether a
 * pull request's run passed: a failed verdict is the pull request's check,
 * not this job's.
 */
function conclude({ judgement, deployments, problem, collect }: StepFacts): void {
  const usage =
    !problem && (collect ? collect.failure?.usage : deployments.some(d => d.failure?.usage))
  if (judgement.conclusion === 'failure')
    failWith(
      judgement.message ?? 'The deploy failed.',
      usage ? 'Invalid input' : collect ? 'Collect failed' : 'Mobile build deploy failed'
    )
  else if (judgement.conclusion === 'warning' && judgement.message)
    out.warning(judgement.message, 'No run created')
}

function failWith(message: string, title: string): void {
  out.error(sanitize(message), title)
  process.exitCode = 1
}

/** The event payload; a missing or unreadable file means an empty payload, not a failure. */
function readEvent(env: Record<string, string | undefined>): JsonObject {
  const path = env.GITHUB_EVENT_PATH
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : {}
  } catch (error) {
    out.warning(
      `The event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    )
    return {}
  }
}
