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
 * A wait-only step continues the deployments whose runs it waits for:
 * without a `check-name` of its own, each takes the name of the check run of
 * ours that shows its run on the commit, so that its verdict is the newest
 * check run of that name (and its comment row the same one). One read of the
 * commit's check runs for them all; a read that fails leaves the default
 * names, with a notice.
 */
export async function adoptCheckNames(
  plan: ReportingPlan,
  deployments: readonly Deployment[],
  log: Pick<Log, 'info' | 'notice'>,
  loadClient: (token: string, baseUrl: string, limits: ClientLimits) => Promise<GitHubClient>,
  signal: AbortSignal | undefined
): Promise<void> {
  if (!plan.sha || !deployments.some(deployment => deployment.runId)) return
  try {
    const checks = await briefly(plan, loadClient, signal, READ_MS, client =>
      client.listCheckRuns(plan.repo, plan.sha!)
    )
    for (const deployment of deployments) {
      const shown = checks.find(
        check => parseExternalId(check.externalId)?.runId === deployment.runId && check.name
      )
      if (!shown?.name) continue
      deployment.name = shown.name
      log.info(
        `The check run of run ${deployment.runId} on this commit is named ${quote(shown.name)}: the verdict is shown under that name.`
      )
    }
  } catch (error) {
    if (signal?.aborted) throw error
    log.notice(
      `The check runs of commit ${plan.sha.slice(0, 12)} could not be read (${messageOf(error).replace(/\.$/, '')}); the verdicts are shown under the default names. Give check-name to name them.`,
      'Check name'
    )
  }
}
