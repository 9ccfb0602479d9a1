import { readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { DeployError, InputError, isError, messageOf } from '../core/errors.js'
import { deliver, logPlan, noRunMessage, phase, prepare, type Plan } from '../core/flow.js'
import { redactQueryStrings } from '../core/http.js'
import { quote } from '../core/inert.js'
import { limitsFromEnv, stepDeadline } from '../core/limits.js'
import { resolveOptions } from '../core/options.js'
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
      failureMessage(error),
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
  const { plan, failOnNoRun, state, stepMs, timeouts } = await phase(out, 'Inputs', async () => {
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
    const plan: Plan = await prepare(settings, ACTION_WORDS)
    logPlan(plan, out)
    out.debug(
      `Limits: connect ${limits.timeouts.connectMs} ms, idle ${limits.timeouts.idleMs} ms, step ${limits.stepMs} ms`
    )
    return {
      plan,
      failOnNoRun: inputs.failOnNoRun,
      state: deploymentState(eventName, event),
      stepMs: limits.stepMs,
      timeouts: limits.timeouts
    }
  })
  report.git = plan.settings.git
  report.deploymentType = plan.settings.deploymentType || undefined

  if (state !== undefined && state !== 'success' && plan.settings.notify) {
    // Spec 4.3 rule 2: the service is notified once the deployment is healthy.
    report.outcome = 'skipped'
    setOutput('outcome', 'skipped')
    out.notice(
      `This deployment_status event reports the state ${quote(state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`,
      'Deployment not healthy'
    )
    return
  }

  const deadline = stepDeadline(stepMs)
  try {
    await deliver(
      plan,
      {
        words: ACTION_WORDS,
        log: out,
        userAgent: userAgent('action'),
        timeouts,
        signal: deadline.signal,
        deadline: started + stepMs,
        onOutput: setOutput
      },
      report
    )
  } finally {
    deadline.clear()
  }
  if (!report.noRun) return
  const tail = failOnNoRun
    ? ` Set ${ACTION_WORDS.setting('failOnNoRun', 'false')} to make this a warning.`
    : ''
  const message = `${noRunMessage(report.noRun)}${tail}`
  report.problem = message
  if (failOnNoRun) throw new DeployError(message)
  out.warning(message, 'No run created')
}

function setOutput(name: OutputName, value: string): void {
  core.setOutput(name, value)
}

function fail(report: StepReport, message: string, title: string): void {
  report.problem = message
  out.error(message, title)
  process.exitCode = 1
}

/** One line for the log: the error's own words when it was written for people, never a stack. */
export const failureMessage = failureText

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
