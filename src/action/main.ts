import { readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { DeployError, InputError, isError, messageOf } from '../core/errors.js'
import {
  deliver,
  logPlan,
  noRunMessage,
  phase,
  prepare,
  type FlowContext,
  type Plan
} from '../core/flow.js'
import { awaitVerdict, endEnvironment, verdictMessage } from '../core/gate.js'
import type { EnvironmentRef } from '../core/service.js'
import { redactQueryStrings } from '../core/http.js'
import { quote } from '../core/inert.js'
import { limitsFromEnv, stepDeadline } from '../core/limits.js'
import { environmentRef, resolveOptions, type Settings } from '../core/options.js'
import type { OutputName } from '../core/outputs.js'
import { failureText } from '../core/run.js'
import { userAgent } from '../core/version.js'
import { deploymentState, resolveContext } from './context.js'
import { ACTION_WORDS, parseInputs } from './inputs.js'
import { runnerLog as out } from './log.js'
import { writeSummary, type StepReport } from './summary.js'

/**
 * The step: the inputs and the event mapped to the core's options, the core's
 * flow, and what it learns turned into outputs, annotations and the summary.
 * The only place that fails the step; every failure, thrown or not, ends as
 * one `::error::` line.
 */
export async function run(): Promise<void> {
  const report: StepReport = {}
  try {
    // Masked before anything else can print it, even when it fails validation.
    const rawKey = core.getInput('api-key')
    if (rawKey) core.setSecret(rawKey)
    await step(report)
  } catch (error) {
    // The stack helps a bug report; it is shown only with ACTIONS_STEP_DEBUG.
    if (!(error instanceof DeployError) && isError(error) && error.stack)
      out.debug(redactQueryStrings(error.stack))
    fail(
      report,
      failureText(error),
      error instanceof InputError ? 'Invalid input' : 'Mobile build deploy failed'
    )
  } finally {
    try {
      await writeSummary(report)
    } catch (error) {
      out.warning(`The job summary could not be written: ${messageOf(error)}`)
    }
  }
}

async function step(report: StepReport): Promise<void> {
  const started = Date.now()
  const { plan, inputs, state, limits, terminate } = await phase(out, 'Inputs', async () => {
    const inputs = parseInputs(name => core.getInput(name))
    const limits = limitsFromEnv(process.env)
    const eventName = process.env.GITHUB_EVENT_NAME ?? ''
    const event = readEvent()
    const git = resolveContext(
      eventName,
      event,
      process.env,
      inputs.overrides,
      inputs.hostingService
    )
    const settings = resolveOptions(
      { ...inputs.options, git, workingDirectory: process.env.GITHUB_WORKSPACE || process.cwd() },
      ACTION_WORDS
    )
    const terminate = inputs.terminate && terminateRef(settings, inputs.terminate)
    const plan: Plan =
      terminate || settings.runId ? { settings } : await prepare(settings, ACTION_WORDS)
    if (!terminate && !settings.runId) logPlan(plan, out)
    out.debug(
      `Limits: connect ${limits.timeouts.connectMs} ms, idle ${limits.timeouts.idleMs} ms, step ${limits.stepMs} ms, poll ${limits.pollIntervalMs} ms`
    )
    return { plan, inputs, state: deploymentState(eventName, event), limits, terminate }
  })
  const { settings } = plan
  report.git = settings.git
  report.deploymentType = settings.deploymentType || undefined
  const context: FlowContext = {
    words: ACTION_WORDS,
    log: out,
    userAgent: userAgent('action'),
    timeouts: limits.timeouts,
    pollIntervalMs: limits.pollIntervalMs,
    onOutput: setOutput
  }

  if (terminate) return endEnvironment(settings, context, report, terminate)
  if (settings.runId) return gate(settings, context, report, settings.runId)

  if (state !== undefined && state !== 'success' && settings.notify) {
    // Spec 4.3 rule 2: the service is notified once the deployment is healthy.
    report.outcome = 'skipped'
    setOutput('outcome', 'skipped')
    out.notice(
      `This deployment_status event reports the state ${quote(state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`,
      'Deployment not healthy'
    )
    return
  }

  // The time limit covers the upload and the notification; a wait has its own.
  const deadline = stepDeadline(limits.stepMs)
  try {
    await deliver(
      plan,
      { ...context, signal: deadline.signal, deadline: started + limits.stepMs },
      report
    )
  } finally {
    deadline.clear()
  }
  if (report.noRun) {
    const tail = inputs.failOnNoRun
      ? ` Set ${ACTION_WORDS.setting('failOnNoRun', 'false')} to make this a warning.`
      : ''
    const message = `${noRunMessage(report.noRun)}${tail}`
    report.problem = message
    if (inputs.failOnNoRun) throw new DeployError(message)
    out.warning(message, 'No run created')
  }
  if (!settings.wait) return
  if (report.runId) await gate(settings, context, report, report.runId)
  else out.info('No run was created, so there is no verdict to wait for.')
}

/** Waits for the run's verdict; any verdict but passed fails the step. */
async function gate(
  settings: Settings,
  context: FlowContext,
  report: StepReport,
  runId: string
): Promise<void> {
  const verdict = await awaitVerdict(settings, context, report, runId)
  const message = verdictMessage(verdict, settings.waitTimeoutMs / 60_000, ACTION_WORDS)
  if (message) throw new DeployError(message)
}

/** Terminate mode sends nothing else, so it takes none of the inputs that would. */
function terminateRef(
  settings: Settings,
  given: NonNullable<ReturnType<typeof parseInputs>['terminate']>
): EnvironmentRef {
  const other = settings.file
    ? 'file'
    : settings.runInputPath
      ? 'runInputPath'
      : settings.runId
        ? 'runId'
        : undefined
  if (other) {
    throw new InputError(
      ACTION_WORDS,
      other,
      `cannot be combined with ${ACTION_WORDS.setting('terminateEnvironment', 'true')}`,
      'End the environment in a step of its own'
    )
  }
  return environmentRef(ACTION_WORDS, given)
}

function setOutput(name: OutputName, value: string): void {
  core.setOutput(name, value)
}

function fail(report: StepReport, message: string, title: string): void {
  report.problem = message
  out.error(message, title)
  process.exitCode = 1
}

/** The event payload; a missing or unreadable file means an empty payload, not a failure. */
function readEvent(): Record<string, unknown> {
  const path = process.env.GITHUB_EVENT_PATH
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch (error) {
    out.warning(
      `The event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    )
    return {}
  }
}
