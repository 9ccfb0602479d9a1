import { setting } from '../shared/option-refs.js'
import { noRunMessage, verdictMessage } from './messages.js'
import type { Report } from './report.js'

/** What a deploy comes to for the pipeline. */
export type Conclusion = 'success' | 'warning' | 'failure'

/**
 * Why, in the few causes a pipeline tells apart without reading text (the
 * CLI's exit codes, the library's `cause`): the service could not be used, or
 * our app has a bug.
 */
export type Cause =
  | 'success'
  /** The deploy failed: a request, the upload, or no run created. */
  | 'deploy-failed'
  /** An option that cannot be used. */
  | 'usage'
  /** The run failed with blocking bugs. */
  | 'run-failed'
  /** The wait for the verdict timed out. */
  | 'timed-out'
  /** The run was canceled at the service, or the deploy by its caller (its signal, Ctrl-C, SIGTERM). */
  | 'canceled'

export interface Judgement {
  conclusion: Conclusion
  cause: Cause
  /** Why it is not a plain success, with what to do; references to options not yet rendered. */
  message?: string | undefined
}

/**
 * Pure: the one rule from what was learned to pass, warning or failure: a
 * failed deploy fails; no run created fails unless `failOnNoRun` is false
 * (then a warning); a verdict other than passed fails, each by its cause.
 */
export function conclude(report: Report): Judgement {
  if (report.failure)
    return {
      conclusion: 'failure',
      cause: report.failure.usage
        ? 'usage'
        : report.failure.interrupted
          ? 'canceled'
          : 'deploy-failed',
      message: report.failure.message
    }
  if (report.noRun) {
    const message = noRunMessage(report.noRun)
    return report.failOnNoRun
      ? {
          conclusion: 'failure',
          cause: 'deploy-failed',
          message: `${message} Set ${setting('failOnNoRun', 'false')} to make this a warning.`
        }
      : { conclusion: 'warning', cause: 'success', message }
  }
  const { verdict } = report
  if (verdict && verdict.verdict !== 'passed') {
    const cause = verdict.verdict === 'failed' ? 'run-failed' : verdict.verdict
    return { conclusion: 'failure', cause, message: verdictMessage(verdict) }
  }
  return { conclusion: 'success', cause: 'success' }
}
