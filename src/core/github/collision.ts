/**
 * Two jobs that give one check-name would share a check run on a commit,
 * and GitHub shows only the newest of a name: one verdict would hide the
 * other. Within one step names are unique by construction (deploy/naming.ts);
 * across jobs only GitHub's list can tell, so the later one is warned.
 */
import type { Deployment } from '../report/facts.js'
import { buildKey, parseExternalId } from '../report/identity.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { GitHubClient } from './client.js'
import type { ReportingPlan } from './plan.js'

/**
 * Another deployment of this workflow run with a check run of the same name
 * on this commit is told once, naming both; the check is written all the
 * same (a required check reads it).
 */
export async function warnOfCollision(
  client: GitHubClient,
  plan: ReportingPlan,
  deployment: Deployment,
  log: Pick<Log, 'warning'>
): Promise<void> {
  if (!plan.sha || !plan.workflowRunId) return
  const own = buildKey(deployment)
  const others = (await client.listCheckRuns(plan.repo, plan.sha, { name: deployment.name }))
    .map(run => parseExternalId(run.externalId))
    // Another build of this workflow run, not this deployment continued (a wait-only job for its run).
    .filter(
      id =>
        id !== undefined &&
        id.workflowRunId === plan.workflowRunId &&
        id.build !== own &&
        (id.runId === undefined || id.runId !== deployment.runId)
    )
  if (others.length === 0) return
  log.warning(
    `Another deployment of this workflow run already has a check run named ${quote(deployment.name)} on commit ${plan.sha.slice(0, 12)}: GitHub shows only the newest check run of a name, so one verdict would hide the other. Give each deployment its own check-name (or leave it out: the default names the platform, the app and the environment).`,
    'Check name shared'
  )
}
