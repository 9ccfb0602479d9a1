import { DeployError, isError, messageOf } from '../shared/errors.js'
import { formatMinutes } from '../shared/format.js'
import { ref, setting } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Bug, Verdict, VerdictName } from '../model.js'
import type { Report } from './report.js'

/** The sentences a deploy ends with: why it failed, why no run was created, what the verdict means. */

/** A verdict in a few words, as every report that shows one says it. */
export const VERDICT_WORDS: Record<VerdictName, string> = {
  passed: '✅ passed',
  failed: '❌ failed (blocking bugs)',
  canceled: '⏹️ canceled',
  'timed-out': '⌛ timed out (the run goes on)'
}

/** One line that says why the verdict stops the pipeline, and what to do; undefined when it passed. */
export function verdictMessage(verdict: Verdict): string | undefined {
  const link = verdict.runUrl ? ` See ${verdict.runUrl}` : ''
  switch (verdict.verdict) {
    case 'passed':
      return undefined
    case 'failed': {
      const shown = verdict.blockingBugs.slice(0, 10).map(describeBug)
      const more =
        verdict.blockingBugs.length > 10 ? `, and ${verdict.blockingBugs.length - 10} more` : ''
      const count = verdict.blockingBugsCount ?? verdict.blockingBugs.length
      return `Run ${verdict.runId} failed with ${count} blocking bug(s)${shown.length ? `: ${shown.join('; ')}${more}` : ''}.${link} Fix them, or lower their priority in the service, and run again.`
    }
    case 'canceled':
      return `Run ${verdict.runId} was canceled at the service, so it gives no verdict.${link} Deploy again for a new run.`
    case 'timed-out': {
      const problem = verdict.problem
        ? ` The last asks got no usable answer: ${verdict.problem}`
        : ''
      return `The wait for the verdict of run ${verdict.runId} timed out after ${formatMinutes(verdict.timeoutMs / 60_000)}; the run goes on at the service.${problem}${link} Wait again later with ${setting('runId', verdict.runId)}, or raise ${ref('waitTimeoutMinutes')}.`
    }
  }
}

/** One line that says why no run was created and what to do. */
export function noRunMessage(noRun: NonNullable<Report['noRun']>): string {
  return `The service created no run: ${noRun.reason}. ${noRun.advice}`
}

/** One line that says what went wrong: the error's own words when it was written for people, never a stack. */
export function failureText(error: unknown): string {
  const text = messageOf(error).replace(/\s*\n\s*/g, ' ')
  if (error instanceof DeployError) return text
  return `Unexpected error: ${text}. Please report it with this log.`
}

/** The stack of an error the product did not expect, for a debug line of a bug report. */
export function unexpectedStack(error: unknown): string | undefined {
  if (error instanceof DeployError || !isError(error)) return undefined
  return error.stack
}

export function describeBug(bug: Bug): string {
  const number = bug.number !== undefined ? `#${bug.number} ` : ''
  return `${number}${quote(bug.name)} (${bug.priority}${bug.new ? ', new' : ''})${bug.url ? ` ${bug.url}` : ''}`
}
