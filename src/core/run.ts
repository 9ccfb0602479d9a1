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
import { completeLog } from './log.js'
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
  /** Why the outcome is not `success`, in words for a person. */
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
    const plan = await prepare(settings, setup.words)
    logPlan(plan, log)
    await deliver(
      plan,
      {
        ...setup,
        log,
        signal: setup.signal ?? options.signal,
        onProgress: setup.onProgress ?? options.onProgress
      },
      report
    )
    return { report }
  } catch (error) {
    return { report, error }
  }
}

/** The result from what was learned and what stopped the deploy, if anything. */
export function resultOf(report: DeployReport, error?: unknown): DeployResult {
  const result: DeployResult = {
    outcome: error === undefined ? (report.outcome ?? 'aborted') : 'aborted',
    runId: report.runId,
    playgroundFileLocation: report.playgroundFileLocation,
    fileLocation: report.fileLocation,
    artifactSha256: report.artifact?.sha256,
    artifactSize: report.artifact?.sha256 ? report.artifact.size : undefined,
    environmentId: report.environmentId
  }
  if (error !== undefined) result.reason = failureText(error)
  else if (report.noRun) result.reason = noRunMessage(report.noRun)
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
