/**
 * Pure: what a deployment's check run says, in GitHub's markdown
 * (markdown.ts's one escaper) and within GitHub's limit in UTF-8 bytes: its
 * status and conclusion, its `external_id`, its link, its title, a summary
 * of the facts and, with a verdict, the bug table. One composition for every
 * write of it: the waiting step's, a report-later deploy's, and the
 * collect's that completes it. A check reported later ends its summary with
 * its facts, sealed (pending.ts), for the collect.
 */
import type { Frozen } from '../shared/frozen.js'
import type { CheckIdentity, Deployment } from './facts.js'
import { externalId } from './identity.js'
import { trustedUrl, withTrustedLinks, type LinkOrigins } from './links.js'
import { cut, link } from './markdown.js'
import { factsLine, rowKey } from './pending.js'
import { bugTable, elsewhere, factsTable, REVIEW_ROWS } from './rows.js'
import type { Seal } from './seal.js'
import { isPending, PENDING_WORDS, statusLine } from './words.js'

/** GitHub's conclusions of a completed check run. */
export type CheckConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out' | 'skipped'

/** GitHub refuses a check run's summary or text over 65,535 UTF-8 bytes. */
export const MAX_CHECK_OUTPUT_BYTES = 65_535
/** Bugs in a check run's table. */
const CHECK_BUGS = 100

/** What a check run is written in: its step, where the rest is, where it may link, the seal of its facts. */
export interface CheckContext {
  /** The workflow run whose job summary holds the rest: the step's own, or (collected) its deploy's. */
  workflowRunUrl?: string | undefined
  /** The step's deployments by the key of each one's name (pending.ts's rowKey), and the run each created (`-` for none). */
  step: { rows: readonly string[]; runs: readonly string[] }
  /** Where its links may lead (links.ts). */
  origins: LinkOrigins
  /** The seal of the facts a check reported later carries; without it none is carried. */
  seal?: Seal | undefined
}

/** Pure: a step's deployments as a check context's `step`. */
export function stepOf(
  deployments: readonly Frozen<Pick<Deployment, 'name' | 'runId'>>[]
): CheckContext['step'] {
  return { rows: deployments.map(d => rowKey(d.name)), runs: deployments.map(d => d.runId || '-') }
}

/**
 * The check run's conclusion: the deployment's judgement in GitHub's words.
 * A success with nothing tested (no run waited for) is `skipped`.
 */
export function checkConclusion(deployment: Frozen<Deployment>): CheckConclusion {
  const judgement = deployment.judgement ?? { conclusion: 'success', cause: 'success' }
  switch (judgement.cause) {
    case 'timed-out':
      return 'timed_out'
    case 'canceled':
      return 'cancelled'
  }
  if (judgement.conclusion === 'failure') return 'failure'
  return deployment.verdict ? 'success' : 'skipped'
}

/**
 * Pure: the fields of a write of a deployment's check run: in progress, or
 * completed with its conclusion; `identity` its `external_id`; `details`
 * the link it takes when its run has none of its own.
 */
export function checkFields(
  deployment: Frozen<Deployment>,
  context: CheckContext,
  write: { completed: boolean; identity: CheckIdentity; details?: string | undefined }
): Record<string, unknown> {
  const shown = withTrustedLinks(deployment, context.origins)
  const within = { ...context, workflowRunUrl: trustedUrl(context.workflowRunUrl, context.origins) }
  const details = trustedUrl(
    shown.verdict?.runUrl ?? write.details ?? shown.runUrl ?? within.workflowRunUrl,
    context.origins
  )
  return {
    ...(write.completed
      ? { status: 'completed', conclusion: checkConclusion(deployment) }
      : { status: 'in_progress' }),
    external_id: externalId(write.identity),
    ...(details ? { details_url: details } : {}),
    output: checkOutput(shown, within)
  }
}

/** A check run's output: its title, a summary of the facts and, with a verdict, the bug table; each within GitHub's limit in UTF-8 bytes. */
export function checkOutput(
  deployment: Frozen<Deployment>,
  context: CheckContext
): { title: string; summary: string; text?: string } {
  const { workflowRunUrl, step, seal } = context
  const title = statusLine(deployment)
  // A deployment reported later carries its facts for the collect that completes it (pending.ts).
  const carried =
    deployment.reportLater && seal
      ? `\n\n${factsLine({ deployment, rows: [...step.rows], runs: [...step.runs], workflowRunUrl }, seal)}`
      : ''
  const bytes = (text: string): boolean =>
    Buffer.byteLength(text, 'utf8') + Buffer.byteLength(carried, 'utf8') <= MAX_CHECK_OUTPUT_BYTES
  const rest = `…\n\n${elsewhere(deployment, workflowRunUrl)}`
  const pending = isPending(deployment) ? ['', PENDING_WORDS] : []
  const summary = cut([...factsTable(deployment, REVIEW_ROWS), ...pending], bytes, rest) + carried
  const bugs = deployment.verdict?.bugs ?? []
  const more =
    bugs.length > CHECK_BUGS
      ? [
          '',
          `And ${bugs.length - CHECK_BUGS} more: ${link('all bugs', deployment.verdict?.bugsUrl ?? deployment.verdict?.runUrl)}.`
        ]
      : []
  const text = cut([...bugTable(bugs, CHECK_BUGS), ...more], bytes, rest)
  return { title, summary, ...(text ? { text } : {}) }
}
