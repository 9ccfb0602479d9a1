import type { Frozen } from '../shared/frozen.js'
import type { Deployment } from '../report/facts.js'
import { parseExternalId } from '../report/identity.js'
import { MAX_NAME_CHARACTERS } from '../report/pending.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { ClientLimits, GitHubClient } from './client.js'
import { ourCommentRuns } from '../host/our-comment.js'
import { githubComments } from './comment.js'
import { briefly } from './load.js'
import type { ReportingPlan } from './plan.js'

/** How long the reads of the commit's check runs and the pull request's comments may take. */
const READ_MS = 10_000

/**
 * A wait-only step continues the deployments whose runs it waits for:
 * without a `check-name` of its own, each is named after the check run of
 * ours that shows its run on the commit, else the name our comment on the
 * pull request gives its run (a deploy that did not wait wrote no check
 * run), so that its verdict is the newest check run of that name and its
 * comment the same one. Comments are read only when a check run named none,
 * and only our own (the token's identity). The names found, by deployment
 * (undefined where none was); a read that fails finds none, with a notice.
 */
export async function adoptCheckNames(
  plan: ReportingPlan,
  deployments: readonly Frozen<Deployment>[],
  log: Pick<Log, 'info' | 'notice'>,
  loadClient: (token: string, baseUrl: string, limits: ClientLimits) => Promise<GitHubClient>,
  signal: AbortSignal | undefined
): Promise<(string | undefined)[]> {
  const names: (string | undefined)[] = deployments.map(() => undefined)
  if (!plan.sha || !deployments.some(deployment => deployment.runId)) return names
  try {
    await briefly(plan, loadClient, signal, READ_MS, async client => {
      const checks = await client.listCheckRuns(plan.repo, plan.sha!)
      const unnamed: number[] = []
      for (const [index, deployment] of deployments.entries()) {
        const shown = checks.find(
          check => parseExternalId(check.externalId)?.runId === deployment.runId && check.name
        )?.name
        if (shown) adopt(index, shown, 'check run')
        else if (deployment.runId) unnamed.push(index)
      }
      if (unnamed.length === 0 || plan.pullRequest === undefined) return
      const said = await ourCommentRuns(githubComments(client, plan.repo), plan.pullRequest)
      for (const index of unnamed) {
        const runId = deployments[index]!.runId!
        const comment = said.find(entry => entry.runs.includes(runId))
        const name = comment?.names[comment.runs.indexOf(runId)]
        if (name) adopt(index, name, 'comment')
      }
    })
  } catch (error) {
    if (signal?.aborted) throw error
    log.notice(
      `The check runs of commit ${plan.sha.slice(0, 12)} could not be read (${messageOf(error).replace(/\.$/, '')}); the verdicts are shown under the default names. Give check-name to name them.`,
      'Check name'
    )
  }
  return names

  function adopt(index: number, name: string, where: string): void {
    if (name.length > MAX_NAME_CHARACTERS) return
    names[index] = name
    log.info(
      `Run ${deployments[index]!.runId} is shown as ${quote(name)} by its ${where} on this commit: the verdict is shown under that name.`
    )
  }
}
