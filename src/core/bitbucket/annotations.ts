/**
 * Pure: a step's annotations on its Code Insights report: one per
 * deployment (its result; reported later, its facts sealed for the
 * collect, with where its status is) and one per blocking bug (its name,
 * its severity from its priority, its link), within Bitbucket's limits: a
 * report's thousand (the deployments' first, then the bugs of the failed
 * ones first; the rest counted), a summary of 1 to 450 characters, the
 * details within MAX_DETAILS.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Bug } from '../model.js'
import { checkConclusion } from '../report/check-run.js'
import type { Deployment } from '../report/facts.js'
import { attentionFirst } from '../report/judgement.js'
import { trustedUrl, withTrustedLinks } from '../report/links.js'
import { factsLine } from '../report/pending.js'
import { isPending, statusLine } from '../report/words.js'
import { oneLine } from '../shared/text.js'
import type { AnnotationWrite, BitbucketState } from './client.js'
import { literalUrl, reportId, statusKey, stepDigest } from './keys.js'
import type { ReportContext } from './context.js'

/** An annotation's summary: Bitbucket refuses an empty one or one over 450 characters. */
export const MAX_SUMMARY = 450
/** An annotation's and a report's details, within Bitbucket's. */
export const MAX_DETAILS = 2_000
/** Annotations a report holds. */
export const MAX_ANNOTATIONS = 1_000

/** Pure: the one judgement in Bitbucket's states; `SUCCESSFUL` only beside a passed verdict. */
export function stateOf(deployment: Frozen<Deployment>): BitbucketState {
  switch (checkConclusion(deployment)) {
    case 'success':
      return deployment.verdict?.verdict === 'passed' ? 'SUCCESSFUL' : 'STOPPED'
    case 'failure':
    case 'timed_out':
      return 'FAILED'
    default:
      return 'STOPPED'
  }
}

export function bugCount(deployment: Frozen<Deployment>): number {
  const verdict = deployment.verdict
  return verdict ? (verdict.blockingBugsCount ?? verdict.blockingBugs.length) : 0
}

/**
 * Pure: an annotation per deployment, then one per blocking bug, the
 * failed deployments' first, within a report's thousand; how many bugs did
 * not fit.
 */
export function annotationsOf(
  deployments: readonly Frozen<Deployment>[],
  context: ReportContext
): { annotations: AnnotationWrite[]; unshown: number } {
  const own = deployments.map((d, index) => deploymentAnnotation(d, index, deployments, context))
  const room = Math.max(0, MAX_ANNOTATIONS - own.length)
  const bugs: AnnotationWrite[] = []
  let unshown = 0
  for (const deployment of attentionFirst([...deployments])) {
    const listed = deployment.verdict?.blockingBugs ?? []
    const fits = listed.slice(0, Math.max(0, room - bugs.length))
    bugs.push(...fits.map((bug, index) => bugAnnotation(bug, index, deployment, context)))
    unshown += bugCount(deployment) - fits.length
  }
  return { annotations: [...own, ...bugs], unshown }
}

/**
 * Pure: a deployment's own annotation: its result, and, reported later,
 * its facts sealed for the collect with where its status is (its key, the
 * report, the step's digest and its place in it), within MAX_DETAILS: the
 * facts first, the words in the room they leave.
 */
function deploymentAnnotation(
  deployment: Frozen<Deployment>,
  index: number,
  step: readonly Frozen<Deployment>[],
  context: ReportContext
): AnnotationWrite {
  const shown = withTrustedLinks(deployment, context.origins)
  const line = statusLine(shown)
  const summary = oneLine(`${deployment.name}: ${line}`, MAX_SUMMARY - 1)
  const link = trustedUrl(shown.verdict?.runUrl ?? shown.runUrl, context.origins)
  const key = statusKey(deployment.name, context.lane)
  const facts =
    context.seal && deployment.reportLater
      ? factsLine(
          {
            deployment,
            rows: [],
            runs: [],
            workflowRunUrl: context.pipelineUrl,
            status: {
              sha: context.commit,
              ref: context.refname,
              key,
              report: reportId(step, context.lane),
              step: stepDigest(step),
              index
            }
          },
          context.seal,
          MAX_DETAILS - 2
        )
      : ''
  const room = MAX_DETAILS - (facts ? facts.length + 2 : 0) - 1
  const human = oneLine(
    `${line}${deployment.runId ? ` (run ${deployment.runId})` : ''}`,
    Math.max(0, Math.min(400, room))
  )
  return {
    external_id: key,
    annotation_type: 'BUG',
    summary: summary || deployment.runId || 'deployment',
    details: facts ? (human ? `${human}\n\n${facts}` : facts) : human || line.slice(0, 1),
    result: annotationResult(deployment),
    ...(link ? { link: literalUrl(link) } : {})
  }
}

/** Pure: a deployment's result as an annotation shows it: PASSED and FAILED only by the one judgement; the rest SKIPPED. */
function annotationResult(deployment: Frozen<Deployment>): AnnotationWrite['result'] {
  if (isPending(deployment) || (!deployment.judgement && !deployment.verdict)) return 'SKIPPED'
  const state = stateOf(deployment)
  return state === 'SUCCESSFUL' ? 'PASSED' : state === 'FAILED' ? 'FAILED' : 'SKIPPED'
}

const SEVERITY: Record<Bug['priority'], NonNullable<AnnotationWrite['severity']>> = {
  urgent: 'CRITICAL',
  high: 'HIGH',
  medium: 'MEDIUM',
  low: 'LOW',
  unprioritized: 'LOW'
}

function bugAnnotation(
  bug: Bug,
  index: number,
  deployment: Frozen<Deployment>,
  context: ReportContext
): AnnotationWrite {
  const link = trustedUrl(bug.url, context.origins)
  const name = oneLine(bug.name, MAX_SUMMARY - 1)
  return {
    external_id: `${statusKey(deployment.name, context.lane)}-bug-${index + 1}`,
    annotation_type: 'BUG',
    summary: name || `Blocking bug ${bug.number ?? index + 1}`,
    details: oneLine(
      `${deployment.name}: blocking bug${bug.number !== undefined ? ` #${bug.number}` : ''}, priority ${bug.priority}`,
      MAX_DETAILS - 1
    ),
    result: 'FAILED',
    severity: SEVERITY[bug.priority],
    ...(link ? { link: literalUrl(link) } : {})
  }
}
