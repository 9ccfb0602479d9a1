import type { Frozen } from '../shared/frozen.js'
import { setting } from '../shared/option-refs.js'
import type { Cause, CollectFacts, Conclusion, Deployment, Judgement } from './facts.js'

export type { Cause, Conclusion, Judgement } from './facts.js'
import { noRunMessage, verdictMessage } from './words.js'

const CONCLUSIONS: Record<Conclusion, true> = { success: true, warning: true, failure: true }
const CAUSES: Record<Cause, true> = {
  success: true,
  'deploy-failed': true,
  usage: true,
  'run-failed': true,
  'timed-out': true,
  canceled: true
}

/**
 * Pure: the one rule from what was learned to pass, warning or failure: a
 * failed deploy fails; no run created fails unless `failOnNoRun` is false
 * (then a warning); a verdict other than passed fails, each by its cause.
 */
export function conclude(deployment: Frozen<Deployment>): Judgement {
  if (deployment.failure)
    return {
      conclusion: 'failure',
      cause: deployment.failure.usage
        ? 'usage'
        : deployment.failure.interrupted
          ? 'canceled'
          : 'deploy-failed',
      message: deployment.failure.message
    }
  if (deployment.noRun) {
    const message = noRunMessage(deployment.noRun)
    return deployment.failOnNoRun
      ? {
          conclusion: 'failure',
          cause: 'deploy-failed',
          message: `${message} Set ${setting('failOnNoRun', 'false')} to make this a warning.`
        }
      : { conclusion: 'warning', cause: 'success', message }
  }
  const { verdict } = deployment
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

/**
 * The causes from the most severe down, as the step's exit code takes the
 * most severe of its deployments': an option that cannot be used (nothing
 * was sent), a deploy that failed (a build never reached a run), blocking
 * bugs, a wait that timed out, a canceled run, success.
 */
export const CAUSE_SEVERITY: readonly Cause[] = [
  'usage',
  'deploy-failed',
  'run-failed',
  'timed-out',
  'canceled',
  'success'
]
const CONCLUSION_SEVERITY: readonly Conclusion[] = ['failure', 'warning', 'success']

/** Pure: the more severe of two judgements, the first of equals. */
function severer(a: Judgement, b: Judgement): Judgement {
  const byConclusion =
    CONCLUSION_SEVERITY.indexOf(a.conclusion) - CONCLUSION_SEVERITY.indexOf(b.conclusion)
  if (byConclusion !== 0) return byConclusion < 0 ? a : b
  return CAUSE_SEVERITY.indexOf(a.cause) <= CAUSE_SEVERITY.indexOf(b.cause) ? a : b
}

/**
 * Pure: what a step comes to: the most severe of its deployments' judgements
 * (with several, its message names each that is not a plain success); a
 * problem of the step's own (a surface it must write) fails a step that
 * would pass, and is a detail of one that fails already.
 */
export function stepJudgement(
  deployments: readonly Pick<Deployment, 'name' | 'judgement'>[],
  problem?: string
): Judgement {
  const passed: Judgement = { conclusion: 'success', cause: 'success' }
  const judged = deployments.map(deployment => deployment.judgement ?? passed)
  const worst = judged.reduce(severer, passed)
  const failing = deployments.flatMap(({ name }, i) => {
    const { message, conclusion } = judged[i]!
    return message && conclusion !== 'success' ? [{ name, message }] : []
  })
  // One message for the step when every deployment stopped for the same reason (a refusal before any request).
  const shared = failing.every(f => f.message === failing[0]?.message)
  const messages =
    deployments.length > 1 && !(shared && failing.length === deployments.length)
      ? failing.map(({ name, message }) => `${name}: ${message}`)
      : worst.message
        ? [worst.message]
        : []
  const judgement: Judgement = {
    ...worst,
    message: messages.length > 0 ? messages.join(' ') : undefined
  }
  if (problem && judgement.conclusion !== 'failure')
    return { conclusion: 'failure', cause: 'deploy-failed', message: problem }
  return judgement
}

/**
 * Pure: what a step comes to, whatever its mode: a deploy's by its
 * deployments (stepJudgement); a collect's by whether collecting worked,
 * never by the verdicts it collected (each deployment's judgement carries
 * its own): what stopped it, else a verdict it could not collect or a
 * report it had to write (`problem`) fails it.
 */
export function judgeStep(
  facts: {
    deployments: readonly Pick<Deployment, 'name' | 'judgement'>[]
    collect?: CollectFacts | undefined
  },
  problem?: string
): Judgement {
  const { collect } = facts
  if (!collect) return stepJudgement(facts.deployments, problem)
  const { failure, problems } = collect
  if (failure)
    return {
      conclusion: 'failure',
      cause: failure.usage ? 'usage' : failure.interrupted ? 'canceled' : 'deploy-failed',
      message: failure.message
    }
  if (problem || problems.length > 0)
    return {
      conclusion: 'failure',
      cause: 'deploy-failed',
      message:
        problem ??
        `${problems.length} verdict(s) could not be collected; they are collected again next time.`
    }
  return { conclusion: 'success', cause: 'success' }
}

/**
 * Pure: deployments in the order every report that may fold them shows them
 * (a comment's rows, a summary's, a Slack message's sections): the failed
 * first, then those without a passed verdict (pending, not awaited, no run),
 * the passed last, each group in the step's order; so that what a fold
 * leaves out ("and N more") is only ever passed.
 */
export function attentionFirst<T extends Frozen<Pick<Deployment, 'judgement' | 'verdict'>>>(
  deployments: readonly T[]
): T[] {
  const rank = ({ judgement, verdict }: T): number =>
    judgement?.conclusion === 'failure' ? 0 : verdict?.verdict === 'passed' ? 2 : 1
  return deployments
    .map((deployment, i) => ({ deployment, i }))
    .sort((a, b) => rank(a.deployment) - rank(b.deployment) || a.i - b.i)
    .map(({ deployment }) => deployment)
}
