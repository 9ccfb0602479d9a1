/**
 * GitHub's side of a skip (host/skip-side.ts): the commit's check runs of
 * a name are read (every one, any app's) to tell how one already there
 * stands; a skipped deployment's check run is written completed, concluded
 * skipped, by the one composition of a check run (report/check-run.ts).
 * Writes are spaced as GitHub asks.
 */
import type { SkipSide } from '../host/skip-side.js'
import { checkFields, type CheckContext } from '../report/check-run.js'
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

/** A skip's check runs on GitHub. */
export function githubSkipSide(write: SkipWrite): SkipSide {
  const { client, repo, sha } = write
  return {
    what: 'check run',
    sha,
    standing: name =>
      refusedInWords(async () => {
        const [newest] = await client.listCheckRuns(repo, sha, { name })
        return newest && standing(newest)
      }),
    writeSkipped: deployment =>
      refusedInWords(async () => {
        const fields = checkFields(deployment, write.context, {
          completed: true,
          identity: { workflowRunId: write.workflowRunId, build: 'skip' }
        })
        await write.spacer.spaced(() =>
          client.createCheck(repo, { name: deployment.name, head_sha: sha, ...fields })
        )
      })
  }
}

/** Runs a request of the skip's; GitHub's refusal of the token is told naming the permission to give. */
async function refusedInWords<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
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
