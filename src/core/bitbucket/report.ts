/**
 * Pure: a step as Bitbucket shows it, by the same composition as GitHub's
 * check runs and comment (report/): a build status per deployment (its key
 * stable for the deployment's name, `SUCCESSFUL` only beside a passed
 * verdict), and one Code Insights report of the step (`TEST`, its result
 * by the one judgement: `PASSED` only when every run passed, `PENDING`
 * while a verdict is to come, none where there is no verdict), with an
 * annotation per deployment (its result) and one per blocking bug (its
 * severity from its priority). Bitbucket's limits are held here: 10 data
 * fields, 1,000 annotations a report (the deployments' first, then the
 * bugs of the failed ones first; what does not fit is counted in the
 * report), a summary of 1 to 450 characters. A status's URL is a URI
 * template Bitbucket expands, so braces in it are escaped.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Deployment } from '../report/facts.js'
import { attentionFirst, stepJudgement } from '../report/judgement.js'
import { trustedUrl, withTrustedLinks } from '../report/links.js'
import { isPending, statusLine, tallyWords } from '../report/words.js'
import { oneLine } from '../shared/text.js'
import type { AnnotationWrite, ReportData, ReportWrite, StatusWrite } from './client.js'
import { annotationsOf, MAX_ANNOTATIONS, MAX_DETAILS, stateOf } from './annotations.js'
import { literalUrl, statusKey } from './keys.js'
import type { ReportContext } from './context.js'

export type { ReportContext } from './context.js'

export { KEY_PREFIX, literalUrl, reportId, statusKey, stepDigest } from './keys.js'
export { MAX_ANNOTATIONS, MAX_DETAILS, MAX_SUMMARY, stateOf } from './annotations.js'

/** A status's name and description, as Bitbucket keeps them. */
export const MAX_STATUS_TEXT = 255
/** Data fields a report holds. */
export const MAX_DATA = 10
/** A data field's title and text, kept short as Bitbucket's cards show them. */
const MAX_DATA_TITLE = 120

/** Pure: a deployment's build status now: `INPROGRESS` until it is judged (or while a collect is to bring it), then its state. */
export function statusWrite(
  deployment: Frozen<Deployment>,
  context: ReportContext & { completed: boolean }
): StatusWrite {
  const shown = withTrustedLinks(deployment, context.origins)
  const link =
    trustedUrl(shown.verdict?.runUrl ?? shown.runUrl, context.origins) ??
    context.pipelineUrl ??
    context.commitUrl
  return {
    key: statusKey(deployment.name, context.lane),
    state: context.completed ? stateOf(deployment) : 'INPROGRESS',
    name: oneLine(deployment.name, MAX_STATUS_TEXT - 1),
    url: literalUrl(link),
    description: oneLine(statusLine(shown), MAX_STATUS_TEXT - 1),
    ...(context.refname ? { refname: context.refname } : {})
  }
}

/** Pure: the report's result: `PENDING` while a verdict is to come, `FAILED` by the one judgement, `PASSED` only when every run passed; else none. */
export function reportResult(deployments: readonly Frozen<Deployment>[]): ReportWrite['result'] {
  if (deployments.some(d => isPending(d) || (!d.judgement && d.runId && !d.verdict && !d.failure)))
    return 'PENDING'
  if (stepJudgement(deployments).conclusion === 'failure') return 'FAILED'
  if (deployments.length > 0 && deployments.every(d => d.verdict?.verdict === 'passed'))
    return 'PASSED'
  return undefined
}

/** Pure: the step's report and its annotations, within Bitbucket's limits. */
export function stepReport(
  deployments: readonly Frozen<Deployment>[],
  context: ReportContext
): { report: ReportWrite; annotations: AnnotationWrite[] } {
  const shown = deployments.map(d => withTrustedLinks(d, context.origins))
  const { annotations, unshown } = annotationsOf(deployments, context)
  const judgement = stepJudgement(deployments)
  const tally = tallyWords(judgement, shown)
  const unshownWords =
    unshown > 0
      ? ` ${unshown} blocking bug(s) are not annotated: a report holds ${MAX_ANNOTATIONS} annotations; the runs' pages list every bug.`
      : ''
  const runLink =
    shown.length === 1
      ? trustedUrl(shown[0]!.verdict?.runUrl ?? shown[0]!.runUrl, context.origins)
      : undefined
  const link = runLink ?? context.pipelineUrl
  const result = reportResult(deployments)
  return {
    report: {
      title: 'Mobile test runs',
      details: oneLine(`${tally}.${unshownWords}`, MAX_DETAILS - 1),
      report_type: 'TEST',
      reporter: 'mobile-build-deploy',
      ...(result ? { result } : {}),
      ...(link ? { link: literalUrl(link) } : {}),
      data: dataOf(deployments, context)
    },
    annotations
  }
}

/**
 * Pure: the report's data fields: a link per deployment, titled with its
 * name, saying where it stands, to its run's page (the pipeline's where it
 * has none); past ten, nine and one to the pipeline for the rest. Only
 * LINK fields: Bitbucket's description types every field's value as an
 * object, which a link's is ({text, href}), where its examples give a
 * NUMBER or a TEXT a bare value; a link is taken by both.
 */
function dataOf(deployments: readonly Frozen<Deployment>[], context: ReportContext): ReportData[] {
  const fallback = context.pipelineUrl ?? context.commitUrl
  const ordered = attentionFirst([...deployments])
  const shown = ordered.length > MAX_DATA ? ordered.slice(0, MAX_DATA - 1) : ordered
  const fields: ReportData[] = shown.map(deployment => {
    const trusted = withTrustedLinks(deployment, context.origins)
    const href = trustedUrl(trusted.verdict?.runUrl ?? trusted.runUrl, context.origins) ?? fallback
    return {
      title: oneLine(deployment.name, MAX_DATA_TITLE - 1),
      type: 'LINK',
      value: { text: oneLine(statusLine(trusted), MAX_DATA_TITLE - 1), href: literalUrl(href) }
    }
  })
  const rest = ordered.length - shown.length
  if (rest > 0)
    fields.push({
      title: `${rest} more deployments`,
      type: 'LINK',
      value: { text: 'in the pipeline', href: literalUrl(fallback) }
    })
  return fields
}
