import { DeployError, messageOf } from './errors.js'
import {
  deliver,
  logPlan,
  noRunMessage,
  prepare,
  type DeployReport,
  type FlowContext,
  type Outcome
} from './flow.js'
import { redactQueryStrings } from './http.js'
import { awaitVerdict, verdictMessage } from './gate.js'
import { completeLog } from './log.js'
import type { Bug } from './verdict.js'
import type { VerdictName } from './wait.js'
import type { Words } from './words.js'
import { resolveOptions, type DeployOptions } from './options.js'

/** What a deploy came to, by the action's output names, and why when it did not succeed. */
export interface DeployResult {
  /** `success`: a run was created (or a preview answered without one); `failed`: the service created no run; `aborted`: the deploy could not be done (bad options, a request that failed); `skipped`: uploaded without a notification. */
  outcome: Outcome
  /** The created run's id; absent when no run was created. */
  runId?: string
  /** The uploaded file's path without the team id: the value sent as RUN_INPUT_PATH. */
  playgroundFileLocation?: string
  /** `<team_id>/<destination>` as the service returned it. */
  fileLocation?: string
  /** Hex SHA-256 of the uploaded bytes. */
  artifactSha256?: string
  /** Size of the uploaded file in bytes. */
  artifactSize?: number
  /** The id of the environment the service chose, when its answer names one. */
  environmentId?: string
  /** The run's verdict, when waited for: `passed`, `failed`, `canceled` or `timed-out`. */
  verdict?: VerdictName
  /** Whether the run lets the pipeline go ahead, as the service last answered. */
  greenlight?: boolean
  /** The page of the run that decides. */
  runUrl?: string
  blockingBugsCount?: number
  nonBlockingBugsCount?: number
  /** The run's reproduced bugs. */
  bugs?: Bug[]
  /** Why the outcome is not `success`, or the verdict not `passed`, in words for a person. */
  reason?: string
}

/** What the flow needs from a front end besides the options. */
export type RunSetup = Omit<FlowContext, 'log'> & { log?: FlowContext['log'] }

/**
 * Validates, plans and delivers, never throwing for the deploy's own
 * failures: the report says what was learned, `error` what stopped it.
 */
export async function runDeploy(
  options: DeployOptions,
  setup: RunSetup
): Promise<{ report: DeployReport; error?: unknown }> {
  const report: DeployReport = {}
  const log = setup.log ?? completeLog(options.log)
  try {
    const settings = resolveOptions(options, setup.words)
    const context: FlowContext = {
      ...setup,
      log,
      signal: setup.signal ?? options.signal,
      onProgress: setup.onProgress ?? options.onProgress
    }
    if (settings.runId) {
      // Wait-only: nothing is uploaded and no notification is sent.
      report.outcome = 'skipped'
      report.runId = settings.runId
      await awaitVerdict(settings, context, report, settings.runId)
      return { report }
    }
    const plan = await prepare(settings, setup.words)
    logPlan(plan, log)
    await deliver(plan, context, report)
    if (settings.wait && report.runId && !report.noRun)
      await awaitVerdict(settings, context, report, report.runId)
    else if (settings.wait) log.info('No run was created, so there is no verdict to wait for.')
    report.waitMinutes = settings.waitTimeoutMs / 60_000
    return { report }
  } catch (error) {
    return { report, error }
  }
}

/** The result from what was learned and what stopped the deploy, if anything. */
export function resultOf(report: DeployReport, words: Words, error?: unknown): DeployResult {
  const result: DeployResult = {
    outcome: error === undefined ? (report.outcome ?? 'aborted') : 'aborted',
    runId: report.runId,
    playgroundFileLocation: report.playgroundFileLocation,
    fileLocation: report.fileLocation,
    artifactSha256: report.artifact?.sha256,
    artifactSize: report.artifact?.sha256 ? report.artifact.size : undefined,
    environmentId: report.environmentId,
    verdict: report.verdict?.verdict,
    greenlight: report.verdict?.greenlight,
    runUrl: report.verdict?.runUrl,
    blockingBugsCount: report.verdict?.blockingBugsCount,
    nonBlockingBugsCount: report.verdict?.nonBlockingBugsCount,
    bugs: report.verdict?.bugs
  }
  if (error !== undefined) result.reason = failureText(error)
  else if (report.noRun) result.reason = noRunMessage(report.noRun)
  else if (report.verdict)
    result.reason = verdictMessage(report.verdict, report.waitMinutes ?? 60, words)
  return Object.fromEntries(
    Object.entries(result).filter(([, v]) => v !== undefined && v !== '')
  ) as DeployResult
}

/** One line that says what went wrong: the error's own words when it was written for people, never a stack. */
export function failureText(error: unknown): string {
  const text = redactQueryStrings(messageOf(error)).replace(/\s*\n\s*/g, ' ')
  if (error instanceof DeployError) return text
  return `Unexpected error: ${text}. Please report it with this log.`
}
