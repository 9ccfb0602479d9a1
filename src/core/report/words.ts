/**
 * The words every report says a deployment's facts in: the judgement's, a
 * verdict's, a stage's, why no run was created, which app, how many bugs.
 * The markdown and plain-text renderers and the one judgement read them from
 * here, so that the summary, the check run, the comment, JUnit and the log
 * say the same thing the same way.
 */
import type { Frozen } from '../shared/frozen.js'
import { formatMinutes } from '../shared/format.js'
import { ref, setting } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { Platform } from '../shared/option-table.js'
import type { Bug, Verdict, VerdictName, VerdictStatus } from '../model.js'
import type { Cause, Deployment, Judgement } from './facts.js'

export const PLATFORM_NAMES: Record<Platform, string> = { android: 'Android', ios: 'iOS' }

const CAUSE_WORDS: Record<Exclude<Cause, 'success'>, string> = {
  'deploy-failed': 'the deploy failed',
  usage: 'an option cannot be used',
  'run-failed': 'the run found blocking bugs',
  'timed-out': 'the wait for the verdict timed out',
  canceled: 'canceled'
}

/*
 * Two facts, never one column: what the step itself did with a deployment
 * (deployWords) and the run's verdict (verdictWords). Only a passed verdict
 * wears ✅ or the words "passed" and "success"; a state that is not a
 * verdict (run created, pending, uploaded, a dry run, an environment ended)
 * wears a neutral mark, for a later job may not be able to correct what an
 * earlier one wrote.
 */

/** What a check run and a comment say of a verdict a scheduled collect will bring. */
export const PENDING_WORDS =
  'The verdict is pending: the scheduled collect puts it here, and on its check run or commit status, once the run has ended.'

/** A deployment whose verdict a scheduled collect will bring: its run was created, nothing ended it yet. */
export function isPending(deployment: Frozen<Deployment>): boolean {
  return Boolean(
    deployment.reportLater && deployment.runId && !deployment.verdict && !deployment.failure
  )
}

/** A verdict in a few words, as every report that shows one says it. */
export const VERDICT_WORDS: Record<VerdictName, string> = {
  passed: '✅ passed',
  failed: '❌ failed (blocking bugs)',
  canceled: '⏹️ canceled',
  'timed-out': '⌛ timed out (the run goes on)'
}

/** A verdict in a few words; one that will never come (the service no longer reports on the run) says so. */
export function verdictText(verdict: Frozen<Verdict>): string {
  return verdict.gone
    ? '⌛ no verdict (the service no longer reports on the run)'
    : VERDICT_WORDS[verdict.verdict]
}

/** What the step itself did with the deployment, in a few words: never a verdict's mark. */
export function deployWords(deployment: Frozen<Deployment>): string {
  const { failure, mode } = deployment
  if (mode === 'terminate') {
    if (deployment.terminated)
      return deployment.terminated.state === 'already'
        ? '➖ environment already ended before'
        : '➖ environment ended'
    return failure ? failureWords(failure) : '➖ ending the environment'
  }
  if (mode === 'skip') {
    if (failure) return failureWords(failure)
    return deployment.skipped?.standing
      ? `➖ not deployed; a check run of this name was already there (${deployment.skipped.standing}), so nothing was written over it`
      : '➖ skipped: nothing deployed'
  }
  if (deployment.dryRun) return '➖ dry run (nothing uploaded or notified)'
  if (mode === 'wait') return '➖ wait only (nothing deployed)'
  if (deployment.preview) return '➖ preview deployment, no run'
  if (deployment.runId)
    return deployment.duplicate
      ? '➖ run created earlier (a repeated notification)'
      : '➖ run created'
  if (deployment.noRun) return deployment.failOnNoRun ? '❌ no run created' : '⚠️ no run created'
  if (failure) return failureWords(failure)
  if (deployment.outcome === 'skipped')
    return mode === 'upload' ? '➖ uploaded, not notified' : '➖ not notified'
  return '⏳ deploying'
}

function failureWords(failure: NonNullable<Deployment['failure']>): string {
  if (failure.aborted) return '⏹️ stopped'
  return failure.usage ? '❌ refused before any request' : '❌ the deploy failed'
}

/**
 * The run's verdict in a few words, or where it stands: awaited (its stage),
 * pending (a collect brings it), not awaited by this step, or stopped before
 * it came; undefined where there is no run to judge.
 */
export function verdictWords(deployment: Frozen<Deployment>): string | undefined {
  const { verdict, failure, runId } = deployment
  if (verdict) return verdictText(verdict)
  if (!runId) return undefined
  if (failure?.aborted) return '⏹️ not known: the wait was stopped (the run goes on)'
  if (failure) return '❌ not known: the wait failed'
  if (isPending(deployment)) return '⏳ pending (a scheduled collect brings it)'
  if (deployment.wait) return `⏳ ${deployment.stage ?? 'awaited'}`
  return '➖ not awaited by this step'
}

/** One status line for a deployment, as a check's title and a comment's heading say it: its verdict where it has one, else what the step did. */
export function statusLine(deployment: Frozen<Deployment>): string {
  const verdict = verdictWords(deployment)
  const deploy = deployWords(deployment)
  if (deployment.verdict || !verdict) return verdict ?? deploy
  return verdict.startsWith('➖') ? `${deploy}; verdict ${verdict.slice(2)}` : verdict
}

/**
 * A step's headline, as a summary heads it: a failure with its cause; ✅
 * only when every deployment's run passed; else what the step did, neutral.
 */
export function stepWords(
  judgement: Judgement,
  deployments: readonly Frozen<Deployment>[]
): string {
  if (judgement.conclusion === 'failure')
    return `❌ failure: ${CAUSE_WORDS[judgement.cause as Exclude<Cause, 'success'>] ?? 'the step failed'}`
  if (judgement.conclusion === 'warning') return '⚠️ done, with a warning'
  if (deployments.length > 0 && deployments.every(d => d.verdict?.verdict === 'passed'))
    return '✅ passed'
  if (deployments.some(isPending)) return '⏳ verdict pending'
  const said = [...new Set(deployments.map(statusLine))]
  return said.length === 1 ? said[0]! : '➖ done, no verdict awaited'
}

/**
 * A step of several deployments in one line, as a many-build comment, a
 * Slack message and a collect head with it: the verdicts counted by each
 * deployment's judgement, under the mark of the worst (❌ when one failed,
 * ✅ only when every run passed); a failure of the step's own (a report it
 * could not write, a collect that failed) says so first. One deployment is
 * said by stepWords.
 */
export function tallyWords(
  judgement: Judgement,
  deployments: readonly Frozen<Deployment>[]
): string {
  if (deployments.length <= 1) return stepWords(judgement, deployments)
  const count = (test: (deployment: Frozen<Deployment>) => boolean): number =>
    deployments.filter(test).length
  const failed = count(d => d.judgement?.conclusion === 'failure')
  const passed = count(
    d => d.verdict?.verdict === 'passed' && d.judgement?.conclusion !== 'failure'
  )
  const pending = count(d => isPending(d) && d.judgement?.conclusion !== 'failure')
  const warned = count(d => d.judgement?.conclusion === 'warning')
  const rest = deployments.length - failed - passed - pending
  const counts = `${deployments.length} deployments: ${[
    failed ? `${failed} failed` : '',
    passed ? `${passed} passed` : '',
    pending ? `${pending} pending` : '',
    rest ? `${rest} without a verdict` : ''
  ]
    .filter(Boolean)
    .join(', ')}`
  if (failed > 0) return `❌ ${counts}`
  if (judgement.conclusion === 'failure') return `${stepWords(judgement, deployments)}; ${counts}`
  if (warned > 0 || judgement.conclusion === 'warning') return `⚠️ ${counts}`
  if (passed === deployments.length) return `✅ ${counts}`
  return `${pending > 0 ? '⏳' : '➖'} ${counts}`
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
export function verdictMessage(verdict: Frozen<Verdict>): string | undefined {
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
