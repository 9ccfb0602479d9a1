import { readFileSync } from 'node:fs'
import * as core from '@actions/core'
import { findArtifact, type Artifact } from './artifact.js'
import { resolveContext, buildDeployBody } from './deployment.js'
import type { GitContext } from './context.js'
import { ActionError, InputError, messageOf, quote } from './errors.js'
import { redactQueryStrings } from './http.js'
import { limitsFromEnv, stepDeadline, type Limits } from './limits.js'
import { parseInputs, type Inputs } from './inputs.js'
import { conventionalDestination, destinationProblem } from './naming.js'
import { formatBytes, formatDuration } from './progress.js'
import { DEFAULT_BASE_DELAY_MS, DEFAULT_MAX_DELAY_MS } from './retry.js'
import { notifyDeployment, type Log, type ServiceConfig } from './service.js'
import { writeSummary, type StepReport } from './summary.js'
import { uploadArtifact } from './upload.js'

const log: Log = {
  info: core.info,
  debug: core.debug,
  warning: message => core.warning(message),
  mask: core.setSecret
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
    fail(
      report,
      failureMessage(error),
      error instanceof InputError ? 'Invalid input' : 'Mobile build deploy failed'
    )
  } finally {
    try {
      await writeSummary(report)
    } catch (error) {
      core.warning(`The job summary could not be written: ${messageOf(error)}`)
    }
  }
}

async function deploy(report: StepReport): Promise<void> {
  const started = Date.now()
  const plan = await phase('Inputs', async (): Promise<Plan> => {
    const inputs = parseInputs(name => core.getInput(name))
    const limits = limitsFromEnv(process.env)
    const git = resolveContext(
      process.env.GITHUB_EVENT_NAME ?? '',
      readEvent(),
      process.env,
      inputs.overrides
    )
    const artifact = inputs.file ? await findArtifact(inputs.file, workspace()) : undefined
    const destination = artifact ? chooseDestination(inputs, artifact, git) : undefined
    logPlan(inputs, git, artifact, destination)
    core.debug(
      `Limits: connect ${limits.timeouts.connectMs} ms, idle ${limits.timeouts.idleMs} ms, step ${limits.stepMs} ms`
    )
    return { inputs, git, artifact, destination, limits }
  })
  const { inputs, git, limits } = plan
  report.git = git
  report.deploymentType = inputs.deploymentType || undefined

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
}

/** The requests: upload (when there is a build), then the notification (unless notify is false). */
async function deliver(report: StepReport, plan: Plan, config: ServiceConfig): Promise<void> {
  const { inputs, git, artifact, destination } = plan
  let runInputPath = inputs.runInputPath || undefined
  if (artifact && destination) {
    report.artifact = { name: artifact.name, size: artifact.size }
    report.destination = destination
    const receipt = await phase(
      `Upload ${artifact.name} (${formatBytes(artifact.size)})`,
      async () => {
        try {
          return await uploadArtifact(config, artifact, destination, signed =>
            core.info(`Signed URL received for ${quote(signed.playgroundFileLocation)}.`)
          )
        } catch (error) {
          setOutcome(report, 'aborted')
          throw error
        }
      }
    )
    report.artifact.sha256 = receipt.sha256
    report.fileLocation = receipt.signed.fileLocation
    report.playgroundFileLocation = receipt.signed.playgroundFileLocation
    core.setOutput('playgroundFileLocation', receipt.signed.playgroundFileLocation)
    core.setOutput('fileLocation', receipt.signed.fileLocation)
    core.setOutput('artifactSha256', receipt.sha256)
    core.setOutput('artifactSize', String(receipt.size))
    core.info(`SHA-256 ${receipt.sha256}`)
    runInputPath = receipt.signed.playgroundFileLocation
  } else if (runInputPath) {
    report.playgroundFileLocation = runInputPath
    core.setOutput('playgroundFileLocation', runInputPath)
  }

  if (!inputs.notify) {
    setOutcome(report, 'skipped')
    core.info(
      'notify is false: the build is uploaded and no deploy notification was sent, so no run starts.'
    )
    return
  }

  const result = await phase('Deploy notification', async () => {
    const body = buildDeployBody(inputs, git, runInputPath)
    core.info(
      runInputPath
        ? `Notifying the service with RUN_INPUT_PATH=${quote(runInputPath)}.`
        : 'Notifying the service of the deployment (no build attached).'
    )
    core.debug(`Deploy notification body: ${JSON.stringify(body)}`)
    try {
      return await notifyDeployment(config, body)
    } catch (error) {
      setOutcome(report, 'aborted')
      throw error
    }
  })
  setOutcome(report, result.outcome)
  core.setOutput('runId', result.runId)
  report.runId = result.runId || undefined
  report.environment = result.environment
  report.warning = result.warning
  if (result.warning)
    core.warning(`The service warns: ${result.warning}`, { title: 'Service warning' })

  if (result.outcome === 'success') {
    const where = result.environment ? ` on environment ${quote(result.environment)}` : ''
    const again = result.duplicate ? ' (the run already existed for this deployment)' : ''
    core.info(`Run ${result.runId || '(no id given)'} created${where}${again}.`)
    if (result.runIds.length > 1)
      core.info(`The deployment started ${result.runIds.length} runs: ${result.runIds.join(', ')}.`)
    if (!result.runId) core.warning('The service reported a run without an id; runId is empty.')
    return
  }
  const message = `The service created no run: ${result.reason}. ${noRunAdvice(inputs)}`
  report.problem = message
  if (inputs.failOnNoRun) throw new ActionError(message)
  core.warning(message, { title: 'No run created' })
}

/** A log group for one phase of the step, closed with how long the phase took. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  return core.group(name, async () => {
    try {
      return await work()
    } finally {
      core.info(`Took ${formatDuration((Date.now() - started) / 1000)}.`)
    }
  })
}

function noRunAdvice(inputs: Inputs): string {
  const tail = inputs.failOnNoRun ? ' Set fail-on-no-run: false to make this a warning.' : ''
  return `Check with the service operator that mobile triggers are enabled for the workspace and that deployment-type${
    inputs.deploymentType ? ` (${quote(inputs.deploymentType)})` : ''
  } matches its label.${tail}`
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
  core.info(`Mode: ${mode}`)
  if (artifact) core.info(`Artifact: ${artifact.path} (${formatBytes(artifact.size)})`)
  if (destination) core.info(`Destination: ${destination}`)
  core.info(`Service: ${inputs.baseUrl}`)
  core.info(`Branch: ${git.branch ?? '(none)'}, commit: ${git.sha ?? '(none)'}`)
  if (git.pullRequestNumber !== undefined) core.info(`Pull request: #${git.pullRequestNumber}`)
}

function setOutcome(report: StepReport, outcome: NonNullable<StepReport['outcome']>): void {
  report.outcome = outcome
  core.setOutput('outcome', outcome)
}

function fail(report: StepReport, message: string, title: string): void {
  report.problem = message
  core.error(message, { title })
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
    core.warning(
      `The event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    )
    return {}
  }
}
