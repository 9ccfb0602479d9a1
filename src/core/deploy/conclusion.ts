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

const CONCLUSIONS: Record<Conclusion, true> = { success: true, warning: true, failure: true }
const CAUSES: Record<Cause, true> = {
  success: true,
  'deploy-failed': true,
  usage: true,
  'run-failed': true,
  'timed-out': true,
  canceled: true
}

const CAUSE_WORDS: Record<Cause, string> = {
  success: 'passed',
  'deploy-failed': 'the deploy failed',
  usage: 'an option cannot be used',
  'run-failed': 'the run found blocking bugs',
  'timed-out': 'the wait for the verdict timed out',
  canceled: 'canceled'
}

/** Pure: the judgement in a few words, as every report heads it: the summary, the check run, the comment. */
export function resultWords(judgement: Judgement): string {
  if (judgement.conclusion === 'success') return '✅ success'
  if (judgement.conclusion === 'warning') return '⚠️ success, with a warning'
  return `❌ failure: ${CAUSE_WORDS[judgement.cause]}`
}

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

/**
 * The judgement a result carries (the library's `conclusion`, `cause` and
 * `reason`), read back as it was made, never made again from the outputs;
 * undefined when the value carries none.
 */
export function judgementOf(result: {
  conclusion?: unknown
  cause?: unknown
  reason?: unknown
}): Judgement | undefined {
  const { conclusion, cause, reason } = result
  if (typeof conclusion !== 'string' || !Object.hasOwn(CONCLUSIONS, conclusion)) return undefined
  if (typeof cause !== 'string' || !Object.hasOwn(CAUSES, cause)) return undefined
  return {
    conclusion: conclusion as Conclusion,
    cause: cause as Cause,
    message: typeof reason === 'string' ? reason : undefined
  }
}
