/**
 * Pure: a deployment's commit status on GitLab, by the same composition as
 * its check run on GitHub (report/check-run.ts): the one judgement's
 * conclusion in GitLab's states, the check run's title as its one-line
 * description, and the run's page as its link. `success` only beside a
 * passed verdict: a deployment that created no run, or a state that is no
 * verdict, never reads success.
 */
import type { Frozen } from '../shared/frozen.js'
import { checkConclusion } from '../report/check-run.js'
import type { Deployment } from '../report/facts.js'
import { trustedUrl, withTrustedLinks, type LinkOrigins } from '../report/links.js'
import { statusLine } from '../report/words.js'
import { oneLine } from '../shared/text.js'
import type { GitLabState, StatusWrite } from './client.js'

/** GitLab keeps a status's description to 255 characters. */
export const MAX_DESCRIPTION = 255

/** Pure: what a deployment's status says now: `running` until it is judged, then its conclusion. */
export function statusWrite(
  deployment: Frozen<Deployment>,
  context: {
    completed: boolean
    origins: LinkOrigins
    pipelineUrl?: string | undefined
    ref?: string | undefined
    pipelineId?: number | undefined
  }
): StatusWrite {
  const shown = withTrustedLinks(deployment, context.origins)
  const link = trustedUrl(
    shown.verdict?.runUrl ?? shown.runUrl ?? context.pipelineUrl,
    context.origins
  )
  return {
    state: context.completed ? stateOf(deployment) : 'running',
    name: deployment.name,
    // oneLine's cut adds its ellipsis after `max` characters.
    description: oneLine(statusLine(shown), MAX_DESCRIPTION - 1),
    ...(link ? { targetUrl: link } : {}),
    // The job's own pipeline by its id: a status GitLab matches to no pipeline starts a new one, which a
    // merge request would take for its latest and judge alone. The ref only where no id is known.
    ...(context.pipelineId !== undefined
      ? { pipelineId: context.pipelineId }
      : context.ref
        ? { ref: context.ref }
        : {})
  }
}

/** Pure: the one judgement in GitLab's words; a success with nothing tested is `skipped`, never `success`. */
export function stateOf(deployment: Frozen<Deployment>): GitLabState {
  switch (checkConclusion(deployment)) {
    case 'success':
      return deployment.verdict?.verdict === 'passed' ? 'success' : 'skipped'
    case 'cancelled':
      return 'canceled'
    case 'skipped':
      return 'skipped'
    default:
      return 'failed'
  }
}
