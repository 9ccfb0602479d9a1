/**
 * A skip's commit statuses on GitLab, as a skip's check runs on GitHub
 * (github/skipped.ts): for each deployment, the commit's statuses of its
 * name are read first; where there is one, nothing is written and the
 * deployment says how that one stands; else a status `skipped` is written,
 * by the one composition of a status (status.ts), in the job's pipeline.
 */
import type { Deployment } from '../report/facts.js'
import type { GitLabClient } from './client.js'
import type { GitLabPlan } from './plan.js'
import { oneLine } from '../shared/text.js'
import { MAX_DESCRIPTION, statusWrite } from './status.js'

/** Writes one deployment's skipped status, or learns the one of its name already there. */
export async function writeSkippedStatus(
  deployment: Deployment,
  client: GitLabClient,
  plan: GitLabPlan
): Promise<void> {
  const [newest] = await client.listStatuses(plan.sha, { name: deployment.name })
  if (newest) {
    // GitLab's own word for a status another job wrote, and only letters of it.
    const standing = newest.status.replace(/[^a-z_]/g, '').slice(0, 20) || 'unknown'
    deployment.skipped = { reason: deployment.skipped?.reason ?? '', standing }
    return
  }
  const write = statusWrite(deployment, { ...plan, completed: true })
  // The reason is what a reviewer needs of a skip; a check run shows it in its summary, a status in its one line.
  const reason = deployment.skipped?.reason
  const description = reason
    ? oneLine(`${write.description ?? ''}: ${reason}`, MAX_DESCRIPTION - 1)
    : write.description
  await client.postStatus(plan.sha, {
    ...write,
    state: 'skipped',
    description: plan.secrets.redact(description ?? '')
  })
}
