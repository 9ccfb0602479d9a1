import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { ClientLimits, GitHubClient } from './client.js'
import { briefly } from './load.js'
import { PERMISSION } from './errors.js'
import type { ReportingPlan } from './plan.js'

/** How long the dry run's one read of GitHub may take. */
const READ_MS = 15_000

/**
 * What a dry run can learn of the GitHub reporting a real deploy would do,
 * writing nothing. GitHub tells a workflow's token (an installation token) its
 * own permissions by no read: a repository's `permissions` are a person's,
 * `GET /repos/{owner}/{repo}/installation` needs the app's own key, and the
 * `x-accepted-github-permissions` header names what an endpoint needs, not
 * what the token has. So the write permissions stay unknown until the first
 * write; the dry run names them, and on a pull request reads its comments (the
 * read a real deploy does first) to prove the token is accepted. Reporting
 * never decides a deploy, so what this finds is a notice, never a failure.
 */
export async function checkReporting(
  plan: ReportingPlan | undefined,
  names: readonly string[],
  log: Log,
  loadClient: (token: string, baseUrl: string, limits: ClientLimits) => Promise<GitHubClient>,
  signal: AbortSignal | undefined
): Promise<void> {
  if (!plan) {
    log.info('GitHub reporting: none would be written (no check run, no pull-request comment).')
    return
  }
  const writes = [
    plan.check
      ? `${names.length > 1 ? 'check runs' : 'a check run'} ${names.map(name => quote(name)).join(', ')} (needs ${PERMISSION.check})`
      : undefined,
    plan.pullRequest === undefined
      ? undefined
      : `a comment on pull request #${plan.pullRequest} (needs ${PERMISSION.comment})`
  ].filter((write): write is string => write !== undefined)
  log.info(
    `GitHub reporting: would write ${writes.join(' and ')}. Whether the token may write is unknown until the first write: GitHub tells a workflow token's permissions to no request that writes nothing. Grant them in the job's permissions.`
  )
  if (plan.pullRequest === undefined) return
  try {
    const comments = await briefly(plan, loadClient, signal, READ_MS, client =>
      client.findComments(plan.repo, plan.pullRequest!, () => true)
    )
    log.info(
      `GitHub accepted the token: it read the ${comments.length} comment(s) of pull request #${plan.pullRequest}.`
    )
  } catch (error) {
    if (signal?.aborted) throw error
    log.notice(
      `The comments of pull request #${plan.pullRequest} could not be read with the token (${plan.secrets.redact(messageOf(error)).replace(/\.$/, '')}): a real deploy would not comment. Grant ${PERMISSION.comment}.`,
      'GitHub token'
    )
  }
}
