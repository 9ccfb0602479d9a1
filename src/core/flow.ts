import { noRunAdvice } from './advice.js'
import { findArtifact, type Artifact } from './artifact.js'
import { InputError } from './errors.js'
import { buildDeployBody, type GitContext } from './git.js'
import { DEFAULT_TIMEOUTS, type Timeouts } from './http.js'
import { quote } from './inert.js'
import type { Log, ProgressListener } from './log.js'
import { conventionalDestination, destinationProblem } from './naming.js'
import type { Settings } from './options.js'
import type { OutputName } from './outputs.js'
import { formatBytes, formatDuration } from './progress.js'
import type { NoRunCause } from './responses.js'
import { DEFAULT_BASE_DELAY_MS, DEFAULT_MAX_DELAY_MS } from './retry.js'
import { notifyDeployment, type ServiceConfig } from './service.js'
import { uploadArtifact } from './upload.js'
import type { Verdict, VerdictStatus } from './wait.js'
import type { Words } from './words.js'

/** `success`: a run was created (or a preview answered without one); `failed`: no run; `aborted`: a request failed; `skipped`: no notification sent. */
export type Outcome = 'success' | 'failed' | 'aborted' | 'skipped'

/** What a deploy learned, as far as it got: what the outputs, the summary and the result are made of. */
export interface DeployReport {
  outcome?: Outcome
  artifact?: { name: string; size: number; sha256?: string }
  destination?: string
  fileLocation?: string
  playgroundFileLocation?: string
  deploymentType?: string
  git?: GitContext
  runId?: string
  /** Every run id the answer names, when several triggers matched. */
  runIds?: string[]
  /** The run already existed for this deployment (a repeated notification). */
  duplicate?: boolean
  /** A preview deployment answered without a run: a success with no run. */
  preview?: boolean
  /** The environment's alias or name, and its id, when the answer names them. */
  environment?: string
  environmentId?: string
  /** The service's own warning. */
  warning?: string
  /** Why no run was created, in the service's words, and what to do. */
  noRun?: { cause: NoRunCause; reason: string; advice: string }
  /** The run's verdict, when waited for, and how long the wait could be. */
  verdict?: Verdict
  waitMinutes?: number
  /** A preview environment ended (terminate mode). */
  terminated?: { state: 'terminated' | 'already'; environmentId?: string }
}

/** Everything the deploy does, validated and resolved before any request. */
export interface Plan {
  settings: Settings
  artifact?: Artifact
  destination?: string
}

/** How the flow reaches the world: a front end supplies these. */
export interface FlowContext {
  words: Words
  log: Log
  userAgent: string
  timeouts?: Timeouts
  /** The base interval between asks for a verdict; default 30 s. */
  pollIntervalMs?: number
  /** Told each status while waiting for a verdict. */
  onStatus?: (status: VerdictStatus) => void
  /** Aborts whatever is under way (a deadline, the caller's signal). */
  signal?: AbortSignal
  /** No attempt starts after this moment (epoch ms). */
  deadline?: number
  /** Told each output as soon as it is known, so that a front end can set it before a later failure. */
  onOutput?: (name: OutputName, value: string) => void
  onProgress?: ProgressListener
}

/** Finds the build and chooses its destination; the last step before any request. */
export async function prepare(settings: Settings, words: Words): Promise<Plan> {
  if (!settings.file) return { settings }
  const artifact = await findArtifact(settings.file, settings.workingDirectory, words)
  return { settings, artifact, destination: chooseDestination(settings, artifact, words) }
}

/** The mode and the plan, for the log. */
export function logPlan(plan: Plan, log: Log): void {
  const { settings, artifact, destination } = plan
  const mode = artifact
    ? settings.notify
      ? 'upload and notify'
      : 'upload only'
    : settings.runInputPath
      ? 'notify with an earlier upload'
      : 'notify without a build'
  log.info(`Mode: ${mode}`)
  if (artifact) log.info(`Artifact: ${quote(artifact.path, 300)} (${formatBytes(artifact.size)})`)
  if (destination) log.info(`Destination: ${quote(destination, 300)}`)
  log.info(`Service: ${settings.baseUrl}`)
  const { branch, sha, pullRequestNumber, mergeRequestNumber } = settings.git
  log.info(
    `Branch: ${branch === undefined ? '(none)' : quote(branch, 200)}, commit: ${sha ?? '(none)'}`
  )
  if (pullRequestNumber !== undefined) log.info(`Pull request: #${pullRequestNumber}`)
  if (mergeRequestNumber !== undefined) log.info(`Merge request: !${mergeRequestNumber}`)
}

/**
 * The requests: upload (when there is a build), then the notification (unless
 * `notify` is false). Fills `report` as it learns, and tells each output at
 * once; a failed request is thrown, with `report.outcome` already `aborted`.
 * A notification that creates no run is not thrown: `report.outcome` is
 * `failed` and `report.noRun` says why, for the front end to decide.
 */
export async function deliver(
  plan: Plan,
  context: FlowContext,
  report: DeployReport
): Promise<void> {
  const { settings, artifact, destination } = plan
  const { log } = context
  const output = (name: OutputName, value: string): void => context.onOutput?.(name, value)
  const setOutcome = (outcome: Outcome): void => {
    report.outcome = outcome
    output('outcome', outcome)
  }
  const aborting = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      setOutcome('aborted')
      throw error
    }
  }
  report.git = settings.git
  report.deploymentType = settings.deploymentType || undefined
  const config = serviceConfig(settings, context)

  let runInputPath = settings.runInputPath || undefined
  if (artifact && destination) {
    report.artifact = { name: artifact.name, size: artifact.size }
    report.destination = destination
    const receipt = await phase(
      log,
      `Upload ${quote(artifact.name)} (${formatBytes(artifact.size)})`,
      () =>
        aborting(async () => {
          const sent = await uploadArtifact(config, artifact, destination, {
            onSigned: signed =>
              log.info(`Signed URL received for ${quote(signed.playgroundFileLocation)}.`),
            onProgress: context.onProgress
          })
          log.info(`SHA-256 ${sent.sha256}`)
          return sent
        })
    )
    report.artifact.sha256 = receipt.sha256
    report.fileLocation = receipt.signed.fileLocation
    report.playgroundFileLocation = receipt.signed.playgroundFileLocation
    output('playgroundFileLocation', receipt.signed.playgroundFileLocation)
    output('fileLocation', receipt.signed.fileLocation)
    output('artifactSha256', receipt.sha256)
    output('artifactSize', String(receipt.size))
    runInputPath = receipt.signed.playgroundFileLocation
  } else if (runInputPath) {
    report.playgroundFileLocation = runInputPath
    output('playgroundFileLocation', runInputPath)
  }

  if (!settings.notify) {
    setOutcome('skipped')
    log.info(
      `${context.words.setting('notify', 'false')}: the build is uploaded and no deploy notification was sent, so no run starts.`
    )
    return
  }

  const result = await phase(log, 'Deploy notification', () =>
    aborting(() => {
      const build = runInputPath
        ? { variable: settings.runVariable, path: runInputPath }
        : undefined
      const body = buildDeployBody(settings, settings.git, build)
      log.info(
        build
          ? `Notifying the service with ${build.variable}=${quote(build.path)}.`
          : 'Notifying the service of the deployment (no build attached).'
      )
      log.debug(`Deploy notification body: ${JSON.stringify(body)}`)
      return notifyDeployment(config, body)
    })
  )
  Object.assign(report, {
    runId: result.runId || undefined,
    runIds: result.runIds,
    duplicate: result.duplicate,
    preview: result.preview,
    environment: result.environment,
    environmentId: result.environmentId,
    warning: result.warning
  })
  setOutcome(result.outcome)
  output('runId', result.runId)
  output('environmentId', result.environmentId ?? '')
  if (result.warning) log.warning(`The service warns: ${result.warning}`, 'Service warning')

  const where = result.environment ? ` on environment ${quote(result.environment)}` : ''
  if (result.preview) {
    log.notice(
      `No run was created for this preview deployment${where}: the service answered with no trigger for it, which is not a failure. runId is empty.`,
      'No run for this preview'
    )
  } else if (result.outcome === 'success') {
    const again = result.duplicate ? ' (the run already existed for this deployment)' : ''
    log.info(`Run ${result.runId || '(no id given)'} created${where}${again}.`)
    if (result.runIds.length > 1)
      log.info(`The deployment started ${result.runIds.length} runs: ${result.runIds.join(', ')}.`)
    if (!result.runId) log.warning('The service reported a run without an id; runId is empty.')
  } else {
    const cause = result.cause ?? 'no-trigger'
    report.noRun = {
      cause,
      reason: result.reason ?? 'no trigger matched this deployment',
      advice: noRunAdvice(cause, settings.deploymentType, context.words)
    }
  }
}

/** One line that says why no run was created and what to do. */
export function noRunMessage(noRun: NonNullable<DeployReport['noRun']>): string {
  return `The service created no run: ${noRun.reason}. ${noRun.advice}`
}

/** What every request of this deploy needs. */
export function serviceConfig(settings: Settings, context: FlowContext): ServiceConfig {
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    policy: {
      maxAttempts: settings.maxAttempts,
      baseDelayMs: DEFAULT_BASE_DELAY_MS,
      maxDelayMs: DEFAULT_MAX_DELAY_MS,
      deadline: context.deadline ?? Number.POSITIVE_INFINITY
    },
    timeouts: context.timeouts ?? DEFAULT_TIMEOUTS,
    userAgent: context.userAgent,
    signal: context.signal,
    log: context.log,
    words: context.words
  }
}

/** A log group for one phase, closed with how long the phase took. */
export async function phase<T>(log: Log, name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  return log.group(name, async () => {
    try {
      return await work()
    } finally {
      log.info(`Took ${formatDuration((Date.now() - started) / 1000)}.`)
    }
  })
}

/** The destination: given, built by the naming convention, or the artifact's own name. */
function chooseDestination(settings: Settings, artifact: Artifact, words: Words): string {
  if (settings.destination) return settings.destination
  if (settings.namePrefix) {
    const named = conventionalDestination(
      {
        prefix: settings.namePrefix,
        environment: settings.environment,
        extension: artifact.extension,
        pullRequestNumber: settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber,
        repository: settings.git.repository
      },
      words
    )
    if ('problem' in named)
      throw new InputError(
        words,
        'namePrefix',
        named.problem,
        `Set ${words.name('environment')}, or ${words.name('destination')} instead`
      )
    return named.destination
  }
  const problem = destinationProblem(artifact.name)
  if (problem) {
    throw new InputError(
      words,
      'file',
      `has a name that cannot be a destination: ${problem}`,
      `Set ${words.name('destination')} to a plain name`
    )
  }
  return artifact.name
}
