/**
 * A skip's check runs: for each deployment, the commit's check runs of its
 * name are read first (every one, any app's); where there is one, nothing is
 * written and the deployment says how that one stands; else a completed
 * check run concluded skipped is written, by the one composition of a check
 * run (report/check-run.ts). Writes are spaced as GitHub asks.
 */
import { checkFields, type CheckContext } from '../report/check-run.js'
import type { Deployment } from '../report/facts.js'
import { DeployError, messageOf } from '../shared/errors.js'
import type { GitHubClient, Repo } from './client.js'
import { GitHubError, PERMISSION } from './errors.js'
import type { Spacer } from './spacer.js'

/** Where a skip writes, with what, and how its check runs are composed. */
export interface SkipWrite {
  client: GitHubClient
  repo: Repo
  sha: string
  spacer: Spacer
  context: CheckContext
  /** This workflow run's id, in each check run's `external_id`. */
  workflowRunId?: string | undefined
}

/** Writes one deployment's skipped check run, or learns the one of its name already there; throws what GitHub refused, in words that name the fix. */
export async function writeSkipped(deployment: Deployment, write: SkipWrite): Promise<void> {
  const { client, repo, sha } = write
  try {
    const there = await client.listCheckRuns(repo, sha, { name: deployment.name })
    const newest = there[0]
    if (newest) {
      deployment.skipped = { reason: deployment.skipped?.reason ?? '', standing: standing(newest) }
      return
    }
    const fields = checkFields(deployment, write.context, {
      completed: true,
      identity: { workflowRunId: write.workflowRunId, build: 'skip' }
    })
    await write.spacer.spaced(() =>
      client.createCheck(repo, { name: deployment.name, head_sha: sha, ...fields })
    )
  } catch (error) {
    const status = error instanceof GitHubError ? error.status : 0
    if (status === 401 || status === 403 || status === 404)
      throw new DeployError(
        `GitHub refused the skip's check run (${status}: ${messageOf(error).replace(/\.$/, '')}): the token needs ${PERMISSION.check}. Give the job permissions: ${PERMISSION.check} (a fork's pull request gets a read-only one).`
      )
    throw error
  }
}

/** How a check run stands, in a few words: `in progress`, `completed: failure`. */
function standing(check: { status?: string | undefined; conclusion?: string | undefined }): string {
  // GitHub's own words, and only letters of them: another app wrote this check run.
  const word = (value: string | undefined, none: string): string =>
    (value ?? none)
      .replace(/[^a-z_]/g, '')
      .replace(/_/g, ' ')
      .slice(0, 20) || none
  return check.status === 'completed'
    ? `completed: ${word(check.conclusion, 'unknown')}`
    : word(check.status, 'queued')
}
