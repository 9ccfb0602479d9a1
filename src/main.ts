import { readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { noRunAdvice } from './advice.js'
import { findArtifact, type Artifact } from './artifact.js'
import { resolveContext, buildDeployBody } from './deployment.js'
import { deploymentState, type GitContext } from './context.js'
import { ActionError, InputError, isError, messageOf } from './errors.js'
import { quote } from './inert.js'
import { redactQueryStrings } from './http.js'
import { limitsFromEnv, stepDeadline, type Limits } from './limits.js'
import { parseInputs, type Inputs } from './inputs.js'
import type { OutputName } from './outputs.js'
import { conventionalDestination, destinationProblem } from './naming.js'
import { formatBytes, formatDuration } from './progress.js'
import { DEFAULT_BASE_DELAY_MS, DEFAULT_MAX_DELAY_MS } from './retry.js'
import { runnerLog as out } from './runner-log.js'
import { notifyDeployment, type Log, type ServiceConfig } from './service.js'
import { writeSummary, type StepReport } from './summary.js'
import { uploadArtifact } from './upload.js'

const log: Log = {
  info: out.info,
  debug: out.debug,
  warning: message => out.warning(message),
  mask: out.mask
}

/**
 * The step: inputs, context, upload, notification, outputs and summary. The
 * only place that sets outputs or fails the step; every failure, thrown or
 * not, ends as one `::error::` line.
 */
export async function run(): Promise<void> {
  const report: StepReport = {}
  try {
    // Masked before anything else can print it, even when it fails validation.
    const rawKey = core.getInput('api-key')
    if (rawKey) core.setSecret(rawKey)
    await deploy(report)
  } catch (error) {
    // The stack helps a bug report; it is shown only with ACTIONS_STEP_DEBUG.
    if (!(error instanceof ActionError) && isError(error) && error.stack)
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

async function deploy(report: StepReport): Promise<void> {
  const started = Date.now()
  const plan = await phase('Inputs', async (): Promise<Plan> => {
    const inputs = parseInputs(name => core.getInput(name))
    const limits = limitsFromEnv(process.env)
    const eventName = process.env.GITHUB_EVENT_NAME ?? ''
    const event = readEvent()
    const git = resolveContext(eventName, event, process.env, inputs.overrides)
    const artifact = inputs.file ? await findArtifact(inputs.file, workspace()) : undefined
    const destination = artifact ? chooseDestination(inputs, artifact, git) : undefined
    logPlan(inputs, git, artifact, destination)
    out.debug(
      `Limits: connect ${limits.timeouts.connectMs} ms, idle ${limits.timeouts.idleMs} ms, step ${limits.stepMs} ms`
    )
    return { inputs, git, artifact, destination, limits, state: deploymentState(eventName, event) }
  })
  const { inputs, git, limits } = plan
  report.git = git
  report.deploymentType = inputs.deploymentType || undefined
  if (plan.state !== undefined && plan.state !== 'success' && inputs.notify) {
    // Spec 4.3 rule 2: the service is notified once the deployment is healthy.
    setOutcome(report, 'skipped')
    out.notice(
      `This deployment_status event reports the state ${quote(plan.state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`,
      'Deployment not healthy'
    )
    return
  }

  const deadline = stepDeadline(limits.stepMs)
  const config: ServiceConfig = {
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    policy: {
      maxAttempts: inputs.maxAttempts,
      baseDelayMs: DEFAULT_BASE_DELAY_MS,
      maxDelayMs: DEFAULT_MAX_DELAY_MS,
      deadline: started + limits.stepMs
    },
    timeouts: limits.timeouts,
    signal: deadline.signal,
    log
  }
  try {
    await deliver(report, plan, config)
  } finally {
    deadline.clear()
  }
}

/** Everything the step plans to do, validated before any request. */
interface Plan {
  inputs: Inputs
  git: GitContext
  artifact?: Artifact
  destination?: string
  limits: Limits
  /** The state of a deployment_status event; undefined for other events. */
  state?: string
}

/** The requests: upload (when there is a build), then the notification (unless notify is false). */
async function deliver(report: StepReport, plan: Plan, config: ServiceConfig): Promise<void> {
  const { inputs, git, artifact, destination } = plan
  let runInputPath = inputs.runInputPath || undefined
  if (artifact && destination) {
    report.artifact = { name: artifact.name, size: artifact.size }
    report.destination = destination
    const receipt = await phase(
      `Upload ${quote(artifact.name)} (${formatBytes(artifact.size)})`,
      async () => {
        try {
          const sent = await uploadArtifact(config, artifact, destination, signed =>
            out.info(`Signed URL received for ${quote(signed.playgroundFileLocation)}.`)
          )
          out.info(`SHA-256 ${sent.sha256}`)
          return sent
        } catch (error) {
          setOutcome(report, 'aborted')
          throw error
        }
      }
    )
    report.artifact.sha256 = receipt.sha256
    report.fileLocation = receipt.signed.fileLocation
    report.playgroundFileLocation = receipt.signed.playgroundFileLocation
    setOutput('playgroundFileLocation', receipt.signed.playgroundFileLocation)
    setOutput('fileLocation', receipt.signed.fileLocation)
    setOutput('artifactSha256', receipt.sha256)
    setOutput('artifactSize', String(receipt.size))
    runInputPath = receipt.signed.playgroundFileLocation
  } else if (runInputPath) {
    report.playgroundFileLocation = runInputPath
    setOutput('playgroundFileLocation', runInputPath)
  }

  if (!inputs.notify) {
    setOutcome(report, 'skipped')
    out.info(
      'notify is false: the build is uploaded and no deploy notification was sent, so no run starts.'
    )
    return
  }

  const result = await phase('Deploy notification', async () => {
    const body = buildDeployBody(inputs, git, runInputPath)
    out.info(
      runInputPath
        ? `Notifying the service with RUN_INPUT_PATH=${quote(runInputPath)}.`
        : 'Notifying the service of the deployment (no build attached).'
    )
    out.debug(`Deploy notification body: ${JSON.stringify(body)}`)
    try {
      return await notifyDeployment(config, body)
    } catch (error) {
      setOutcome(report, 'aborted')
      throw error
    }
  })
  setOutcome(report, result.outcome)
  setOutput('runId', result.runId)
  setOutput('environmentId', result.environmentId ?? '')
  report.runId = result.runId || undefined
  report.environment = result.environment
  report.environmentId = result.environmentId
  report.preview = result.preview
  report.warning = result.warning
  if (result.warning) out.warning(`The service warns: ${result.warning}`, 'Service warning')

  const where = result.environment ? ` on environment ${quote(result.environment)}` : ''
  if (result.preview) {
    out.notice(
      `No run was created for this preview deployment${where}: the service answered with no trigger for it, which is not a failure. runId is empty.`,
      'No run for this preview'
    )
    return
  }
  if (result.outcome === 'success') {
    const again = result.duplicate ? ' (the run already existed for this deployment)' : ''
    out.info(`Run ${result.runId || '(no id given)'} created${where}${again}.`)
    if (result.runIds.length > 1)
      out.info(`The deployment started ${result.runIds.length} runs: ${result.runIds.join(', ')}.`)
    if (!result.runId) out.warning('The service reported a run without an id; runId is empty.')
    return
  }
  const tail = inputs.failOnNoRun ? ' Set fail-on-no-run: false to make this a warning.' : ''
  const message = `The service created no run: ${result.reason}. ${noRunAdvice(result.cause ?? 'no-trigger', inputs.deploymentType)}${tail}`
  report.problem = message
  if (inputs.failOnNoRun) throw new ActionError(message)
  out.warning(message, 'No run created')
}

/** A log group for one phase of the step, closed with how long the phase took. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  return out.group(name, async () => {
    try {
      return await work()
    } finally {
      out.info(`Took ${formatDuration((Date.now() - started) / 1000)}.`)
    }
  })
}

/** The destination: given, built by the naming convention, or the artifact's own name. */
function chooseDestination(inputs: Inputs, artifact: Artifact, git: GitContext): string {
  if (inputs.destination) return inputs.destination
  if (inputs.namePrefix) {
    const named = conventionalDestination({
      prefix: inputs.namePrefix,
      environment: inputs.environment,
      extension: artifact.extension,
      pullRequestNumber: git.pullRequestNumber,
      repository: git.repository
    })
    if ('problem' in named)
      throw new InputError('name-prefix', named.problem, 'Set environment, or destination instead')
    return named.destination
  }
  const problem = destinationProblem(artifact.name)
  if (problem) {
    throw new InputError(
      'file',
      `has a name that cannot be a destination: ${problem}`,
      'Set destination to a plain name'
    )
  }
  return artifact.name
}

function logPlan(inputs: Inputs, git: GitContext, artifact?: Artifact, destination?: string): void {
  const mode = artifact
    ? inputs.notify
      ? 'upload and notify'
      : 'upload only'
    : inputs.runInputPath
      ? 'notify with an earlier upload'
      : 'notify without a build'
  out.info(`Mode: ${mode}`)
  if (artifact) out.info(`Artifact: ${quote(artifact.path, 300)} (${formatBytes(artifact.size)})`)
  if (destination) out.info(`Destination: ${quote(destination, 300)}`)
  out.info(`Service: ${inputs.baseUrl}`)
  out.info(
    `Branch: ${git.branch === undefined ? '(none)' : quote(git.branch, 200)}, commit: ${git.sha ?? '(none)'}`
  )
  if (git.pullRequestNumber !== undefined) out.info(`Pull request: #${git.pullRequestNumber}`)
}

function setOutput(name: OutputName, value: string): void {
  core.setOutput(name, value)
}

function setOutcome(report: StepReport, outcome: NonNullable<StepReport['outcome']>): void {
  report.outcome = outcome
  setOutput('outcome', outcome)
}

function fail(report: StepReport, message: string, title: string): void {
  report.problem = message
  out.error(message, title)
  process.exitCode = 1
}

/** One line for the log: the error's own words when it was written for people, never a stack. */
export function failureMessage(error: unknown): string {
  const text = redactQueryStrings(messageOf(error)).replace(/\s*\n\s*/g, ' ')
  if (error instanceof ActionError) return text
  return `Unexpected error: ${text}. Please report it with this log.`
}

function workspace(): string {
  return process.env.GITHUB_WORKSPACE || process.cwd()
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
