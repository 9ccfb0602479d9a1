/**
 * The words every report says a deployment's facts in: the judgement's, a
 * verdict's, a stage's, why no run was created, which app, how many bugs.
 * The markdown and plain-text renderers and the one judgement read them from
 * here, so that the summary, the check run, the comment, JUnit and the log
 * say the same thing the same way.
 */
import { formatMinutes } from '../shared/format.js'
import { ref, setting } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Platform } from '../shared/option-table.js'
import type { Bug, Outcome, Verdict, VerdictName, VerdictStatus } from '../model.js'
import type { Cause, Deployment, Judgement } from './facts.js'

export const PLATFORM_NAMES: Record<Platform, string> = { android: 'Android', ios: 'iOS' }

const CAUSE_WORDS: Record<Cause, string> = {
  success: 'passed',
  'deploy-failed': 'the deploy failed',
  usage: 'an option cannot be used',
  'run-failed': 'the run found blocking bugs',
  'timed-out': 'the wait for the verdict timed out',
  canceled: 'canceled'
}

/** A deployment whose verdict a scheduled collect will bring: its run was created, nothing ended it yet. */
export function isPending(deployment: Deployment): boolean {
  return Boolean(
    deployment.reportLater && deployment.runId && !deployment.verdict && !deployment.failure
  )
}

/** The judgement in a few words, as every report heads it: the summary, the check run, the comment. */
export function resultWords(judgement: Judgement): string {
  if (judgement.conclusion === 'success') return '✅ success'
  if (judgement.conclusion === 'warning') return '⚠️ success, with a warning'
  return `❌ failure: ${CAUSE_WORDS[judgement.cause]}`
}

/** A verdict in a few words, as every report that shows one says it. */
export const VERDICT_WORDS: Record<VerdictName, string> = {
  passed: '✅ passed',
  failed: '❌ failed (blocking bugs)',
  canceled: '⏹️ canceled',
  'timed-out': '⌛ timed out (the run goes on)'
}

/** A verdict in a few words; one that will never come (the service no longer reports on the run) says so. */
export function verdictWords(verdict: Verdict): string {
  return verdict.gone
    ? '⌛ no verdict (the service no longer reports on the run)'
    : VERDICT_WORDS[verdict.verdict]
}

/** What the service answered, in a few words. */
export const OUTCOME_WORDS: Record<Outcome, string> = {
  success: '✅ run created',
  failed: '⚠️ no run created',
  aborted: '❌ aborted',
  skipped: '⏭️ not notified'
}

/** The outcome as a summary's row says it, with what the mode makes of it. */
export function outcomeWords(deployment: Deployment): string | undefined {
  if (deployment.preview) return '✅ preview deployment, no run'
  if (deployment.dryRun) return '⏭️ dry run (nothing uploaded or notified)'
  if (deployment.outcome === 'skipped' && deployment.mode === 'wait')
    return '⏭️ wait only (nothing deployed)'
  if (deployment.outcome === 'skipped' && deployment.mode === 'upload')
    return '⏭️ not notified (upload only)'
  if (deployment.outcome === 'success' && deployment.mode === 'terminate') return '✅ success'
  return deployment.outcome && OUTCOME_WORDS[deployment.outcome]
}

/** Where the run is, in a few words for a check's title or a comment's heading. */
export function stateWords(deployment: Deployment): string {
  const { stage } = deployment
  if (deployment.verdict) return verdictWords(deployment.verdict)
  if (deployment.failure?.aborted) return '⏹️ stopped before the verdict'
  if (deployment.failure) return '❌ the deploy failed'
  if (deployment.noRun) return '⚠️ no run was created'
  if (deployment.preview) return '➖ preview deployment, no run'
  if (stage) return `⏳ ${stage}`
  if (deployment.runId && deployment.reportLater) return '⏳ verdict pending'
  if (deployment.runId) return '⏳ run created'
  return '⏳ deploying'
}

/** A stage as a check's title and a comment say it. */
export function stageWords(status: VerdictStatus): string {
  const { answer } = status
  switch (status.stage) {
    case 'initializing':
      return 'initializing'
    case 'underReview':
      return answer.underInvestigation !== undefined
        ? `under review: ${answer.underInvestigation} workflow(s) under investigation`
        : 'under review'
    case 'completed':
      return 'completed'
    case 'canceled':
      return 'canceled'
    default:
      return 'waiting for the verdict'
  }
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
      if (verdict.gone) return `No verdict of run ${verdict.runId} will come: ${verdict.gone}`
      const problem = verdict.problem
        ? ` The last asks got no usable answer: ${verdict.problem}`
        : ''
      return `The wait for the verdict of run ${verdict.runId} timed out after ${formatMinutes(verdict.timeoutMs / 60_000)}; the run goes on at the service.${problem}${link} Wait again later with ${setting('runId', verdict.runId)}, or raise ${ref('waitTimeoutMinutes')}.`
    }
  }
}

/** One line that says why no run was created and what to do. */
export function noRunMessage(noRun: NonNullable<Deployment['noRun']>): string {
  return `The service created no run: ${noRun.reason}. ${noRun.advice}`
}

export function describeBug(bug: Bug): string {
  const number = bug.number !== undefined ? `#${bug.number} ` : ''
  return `${number}${quote(bug.name)} (${bug.priority}${bug.new ? ', new' : ''})${bug.url ? ` ${bug.url}` : ''}`
}
