import { accessSync, constants, readFileSync, statSync } from 'node:fs'
import * as core from '@actions/core'
import {
  DeployError,
  deploymentState,
  githubContext,
  inert,
  messageOf,
  outputsOf,
  quote,
  runDeploy,
  type DeployRun,
  type JsonObject,
  type OutputName,
  type Report
} from '../core/index.js'
import { isOn, readInputs } from './inputs.js'
import { runnerLog as out } from './log.js'
import { writeSummary, type StepReport } from './summary.js'
import { ACTION_VOCABULARY } from './vocabulary.js'

/**
 * The step: the inputs and the event handed to the core's one orchestrator,
 * and what it learns turned into outputs (each the moment it is known),
 * annotations and the summary. The only place that fails the step; every
 * failure, thrown or not, ends as one `::error::` line.
 */
export async function run(): Promise<void> {
  const step: StepReport = { failOnNoRun: true, warnings: [] }
  const setOutputs = outputSetter()
  try {
    // Masked before anything else can print it, even when it fails validation.
    const values = readInputs(name => core.getInput(name))
    if (values.apiKey) out.mask(values.apiKey)
    if (values.githubToken) out.mask(values.githubToken)
    const eventName = process.env.GITHUB_EVENT_NAME ?? ''
    const event = readEvent()
    const state = deploymentState(eventName, event)
    const notifies =
      !isOn(values.terminateEnvironment) &&
      !values.runId &&
      (values.notify === undefined || isOn(values.notify))
    if (state !== undefined && state !== 'success' && notifies) {
      // Spec 4.3 rule 2: the service is notified once the deployment is healthy.
      Object.assign(step, { outcome: 'skipped' } satisfies Partial<Report>)
      setOutputs(step)
      out.notice(
        `This deployment_status event reports the state ${quote(state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`,
        'Deployment not healthy'
      )
      return
    }
    const context = githubContext(eventName, event, process.env)
    for (const note of context.notes) out.warning(note, 'Event value left out')

    const deploy = await runDeploy(undefined, values, {
      frontEnd: 'action',
      vocabulary: ACTION_VOCABULARY,
      log: out,
      derived: context.git,
      env: process.env,
      workingDirectory: process.env.GITHUB_WORKSPACE || process.cwd(),
      onEvent: (_event, report) => setOutputs(report),
      beforeRequests: checkOutputFile
    })
    finish(step, deploy, setOutputs)
  } catch (error) {
    // Only the action's own writing can throw here: the core never does.
    fail(step, `The step could not finish: ${messageOf(error)}`, 'Mobile build deploy failed')
  } finally {
    try {
      await writeSummary(step)
    } catch (error) {
      out.warning(`The job summary could not be written: ${messageOf(error)}`)
    }
  }
}

/** The outputs, the one error or warning, and the step's result, from the deploy's report and judgement. */
function finish(
  step: StepReport,
  { report, judgement }: DeployRun,
  setOutputs: (report: Report) => void
): void {
  Object.assign(step, report, { problem: judgement.message })
  try {
    setOutputs(report)
  } catch (error) {
    const unwritten = `The outputs could not be written: ${messageOf(error)}`
    // A failure that came first is the cause to show; the outputs' own is then a detail.
    if (judgement.conclusion !== 'failure')
      return fail(step, unwritten, 'Mobile build deploy failed')
    out.warning(unwritten)
  }
  if (judgement.conclusion === 'failure')
    fail(
      step,
      judgement.message ?? 'The deploy failed.',
      report.failure?.usage ? 'Invalid input' : 'Mobile build deploy failed'
    )
  else if (judgement.conclusion === 'warning' && judgement.message)
    out.warning(judgement.message, 'No run created')
}

/** Sets every output that is known and new since the last call: each is written once per value. */
function outputSetter(): (report: Report) => void {
  const written = new Map<OutputName, string>()
  return report => {
    for (const [name, value] of Object.entries(outputsOf(report)) as [OutputName, string][]) {
      if (written.get(name) === value) continue
      core.setOutput(name, value)
      written.set(name, value)
    }
  }
}

/**
 * The runner's outputs file must be writable before the first request: a
 * run created whose id cannot be handed on would be created again by a rerun.
 */
function checkOutputFile(): void {
  const path = process.env.GITHUB_OUTPUT
  if (!path) return
  let problem: string | undefined
  try {
    accessSync(path, constants.W_OK)
    if (!statSync(path).isFile()) problem = 'it is not a file'
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code ?? messageOf(error)
  }
  if (problem)
    throw new DeployError(
      `GITHUB_OUTPUT names ${quote(path)}, which cannot be written (${problem}), so no output could be handed on; nothing was sent. The runner sets this file: run the action as a step of a workflow.`
    )
}

function fail(step: StepReport, message: string, title: string): void {
  step.problem = message
  out.error(inert(message), title)
  process.exitCode = 1
}

/** The event payload; a missing or unreadable file means an empty payload, not a failure. */
function readEvent(): JsonObject {
  const path = process.env.GITHUB_EVENT_PATH
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
