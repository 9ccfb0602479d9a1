import type { Deployment } from '../report/facts.js'
import { parseExternalId } from '../report/identity.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { ClientLimits, GitHubClient } from './client.js'
import { briefly } from './load.js'
import type { ReportingPlan } from './reporter.js'

/** How long the one read of the commit's check runs may take. */
const READ_MS = 10_000

/**
 * A wait-only step continues the deployment whose run it waits for: without
 * a `check-name` of its own, it takes the name of the check run of ours that
 * shows that run on the commit, so that its verdict is the newest check run
 * of that name (and its comment the same one). A read that fails leaves the
 * default name, with a notice.
 */
export async function adoptCheckName(
  plan: ReportingPlan,
  deployment: Deployment,
  log: Pick<Log, 'info' | 'notice'>,
  loadClient: (token: string, baseUrl: string, limits: ClientLimits) => Promise<GitHubClient>,
  signal: AbortSignal | undefined
): Promise<void> {
  if (!plan.sha || !deployment.runId) return
  try {
    const shown = await briefly(plan, loadClient, signal, READ_MS, async client =>
      (await client.listCheckRuns(plan.repo, plan.sha!)).find(
        check => parseExternalId(check.externalId)?.runId === deployment.runId && check.name
      )
    )
    if (!shown?.name) return
    deployment.name = shown.name
    log.info(
      `The check run of run ${deployment.runId} on this commit is named "${shown.name}": the verdict is shown under that name.`
    )
  } catch (error) {
    if (signal?.aborted) throw error
    log.notice(
      `The check runs of commit ${plan.sha.slice(0, 12)} could not be read (${messageOf(error).replace(/\.$/, '')}); the verdict is shown under the name ${quote(deployment.name)}. Give check-name to name it.`,
      'Check name'
    )
  }
}
