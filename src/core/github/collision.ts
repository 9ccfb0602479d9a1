/**
 * What a deploy learns from the check runs of its name already on the
 * commit, before it writes its own. Two jobs that give one check-name would
 * share a check run, and GitHub shows only the newest of a name: one verdict
 * would hide the other. Within one step names are unique by construction
 * (deploy/naming.ts); across jobs only GitHub's list can tell, so the later
 * one is warned. And a deploy whose run already existed (a re-run of the
 * job: the service answers with the run it had) continues the check run of
 * ours already showing that run in progress, never a second one beside it:
 * two in-progress checks of one run would both wait for one collect.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Deployment } from '../report/facts.js'
import { buildKey, parseExternalId } from '../report/identity.js'
import { readFactsLine } from '../report/pending.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { CheckRun } from './client.js'
import { OUR_APP } from './pending-checks.js'
import type { ReportingPlan } from './plan.js'

/**
 * Pure: another deployment of this workflow run with a check run of the
 * same name on this commit (`named`, the commit's check runs of the
 * deployment's name) is told once, naming both; the check is written all
 * the same (a required check reads it).
 */
export function warnOfCollision(
  named: readonly CheckRun[],
  plan: ReportingPlan,
  deployment: Frozen<Deployment>,
  log: Pick<Log, 'warning'>
): void {
  if (!plan.sha || !plan.workflowRunId) return
  const own = buildKey(deployment)
  const others = named
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

/**
 * Pure: the check run of ours in progress on this commit that already
 * shows this deployment's run, when the run already existed (the newest,
 * should there be several); undefined for a run created now, or when none
 * does. Only a check whose sealed facts name this very run, name and commit
 * counts: a stranger's check of our name is never taken up.
 */
export function checkToContinue(
  named: readonly CheckRun[],
  plan: Pick<ReportingPlan, 'sha' | 'seal'>,
  deployment: Frozen<Deployment>
): CheckRun | undefined {
  if (!deployment.duplicate || deployment.runId === undefined || !plan.sha) return undefined
  const showing = named.filter(run => {
    if (run.app !== OUR_APP || run.status === 'completed') return false
    if (parseExternalId(run.externalId)?.runId !== deployment.runId) return false
    const facts = readFactsLine(run.summary, plan.seal)
    if (!facts || 'problem' in facts) return false
    const shown = facts.deployment
    return (
      shown.name === deployment.name &&
      shown.runId === deployment.runId &&
      shown.git?.sha === plan.sha
    )
  })
  return showing.reduce<CheckRun | undefined>(
    (newest, run) => (newest === undefined || run.id > newest.id ? run : newest),
    undefined
  )
}

/** Pure: what a deploy says when it continues the check run of a run that already existed. */
export function continuedText(deployment: Frozen<Deployment>, sha: string): string {
  return `Run ${deployment.runId} already existed for ${quote(deployment.name)} (the job was run again): its check run on commit ${sha.slice(0, 12)} is continued, not a second one. The run tested the bytes of the deploy that created it, so no attestation binds its verdict to these bytes.`
}
