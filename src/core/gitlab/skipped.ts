/**
 * GitLab's side of a skip (host/skip-side.ts): the commit's statuses of a
 * name are read to tell how one already there stands; a skipped
 * deployment's status is written `skipped`, by the one composition of a
 * status (status.ts), in the job's pipeline, its reason in its description.
 */
import type { SkipSide } from '../host/skip-side.js'
import { oneLine } from '../shared/text.js'
import type { GitLabClient } from './client.js'
import type { GitLabPlan } from './plan.js'
import { MAX_DESCRIPTION, statusWrite } from './status.js'

/** A skip's commit statuses on GitLab. */
export function gitlabSkipSide(client: GitLabClient, plan: GitLabPlan): SkipSide {
  return {
    what: 'commit status',
    sha: plan.sha,
    async standing(name) {
      const [newest] = await client.listStatuses(plan.sha, { name })
      // GitLab's own word for a status another job wrote, and only letters of it.
      return newest && (newest.status.replace(/[^a-z_]/g, '').slice(0, 20) || 'unknown')
    },
    async writeSkipped(deployment) {
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
  }
}
