/**
 * GitLab's part of a deploy, decided once for every front end from the
 * settings and the pipeline's variables: the commit statuses and the
 * merge-request note (GitLabReporter), or none. A token that cannot be used
 * where the step runs is refused here, before any request.
 */
import type { ClientLimits } from '../github/resources.js'
import type { GitLabClient } from '../gitlab/client.js'
import { gitlabPlanOf, type GitLabPlan } from '../gitlab/plan.js'
import { GitLabReporter } from '../gitlab/reporter.js'
import type { Settings } from '../options/resolve.js'
import type { Deployment } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import { clock } from '../shared/clock.js'
import { quote } from '../shared/text.js'
import { writeSkippedStatus } from '../gitlab/skipped.js'
import { failureOf } from './messages.js'
import { ourCommentRuns } from '../host/our-comment.js'
import { MAX_NAME_CHARACTERS } from '../report/pending.js'
import { messageOf } from '../shared/errors.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'

/** The GitLab reporter the settings ask for, or none; a dry run writes nothing there. */
export function gitlabReporters(
  settings: Settings,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env'>
): Reporter[] {
  const plan = gitlabPlanOf(settings, output.secrets, hooks.env ?? {})
  if (!plan || settings.values.dryRun) return []
  return [new GitLabReporter(plan, output.log, loadGitLab)]
}

/** GitLab's client, loaded only when something is reported there. */
async function loadGitLab(plan: GitLabPlan, limits: ClientLimits): Promise<GitLabClient> {
  const { createGitLabClient } = await import('../gitlab/client.js')
  return createGitLabClient({
    token: plan.token,
    apiUrl: plan.apiUrl,
    project: plan.project,
    limits
  })
}

/** How long a skip's reads and writes of GitLab may take, all of them. */
const SKIP_MS = 60_000

/**
 * The skip's commit statuses on GitLab, each deployment's by itself: written
 * `skipped`, or left where one of its name is there already (a notice says
 * so); a write GitLab refuses fails that deployment, naming the token.
 */
export async function skipStatuses(
  settings: Settings,
  deployments: Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Promise<void> {
  const plan = gitlabPlanOf(settings, output.secrets, hooks.env ?? {})!
  const stop = AbortSignal.timeout(SKIP_MS)
  const deadline = clock.now() + SKIP_MS
  const client = await loadGitLab(plan, {
    signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
    deadline: () => deadline
  })
  const commit = plan.sha.slice(0, 12)
  for (const deployment of deployments) {
    try {
      await writeSkippedStatus(deployment, client, plan)
    } catch (error) {
      deployment.failure = failureOf(error, output, hooks.signal)
      deployment.outcome = 'aborted'
      continue
    }
    const name = quote(deployment.name, 200)
    const standing = deployment.skipped?.standing
    if (standing)
      output.log.notice(
        `A commit status named ${name} is already on commit ${commit} (${standing}): the skip wrote nothing over it.`,
        'Commit status left as it is'
      )
    else output.log.info(`Commit status ${name} written as skipped on commit ${commit}.`)
  }
}

/** How long the read of the merge request's notes may take. */
const READ_MS = 10_000

/**
 * The names a wait-only step without a check-name takes on GitLab, by
 * deployment: the name our note on the merge request gives each run (the
 * deploy that did not wait wrote it), so that the step's statuses bear the
 * deploy's names and its note is the same one. Undefined where GitLab is not
 * reported to or the step is no wait; a read that fails finds none, with a
 * notice.
 */
export async function gitlabAdoptedNames(
  settings: Settings,
  deployments: readonly Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Promise<(string | undefined)[] | undefined> {
  if (settings.mode !== 'wait' || settings.values.checkName !== undefined) return undefined
  const plan = gitlabPlanOf(settings, output.secrets, hooks.env ?? {})
  if (!plan || plan.mergeRequest === undefined) return undefined
  const stop = AbortSignal.timeout(READ_MS)
  const deadline = clock.now() + READ_MS
  try {
    const client = await loadGitLab(plan, {
      signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
      deadline: () => deadline
    })
    const said = await ourCommentRuns(client, plan.mergeRequest)
    return deployments.map(({ runId }) => {
      const note = runId ? said.find(entry => entry.runs.includes(runId)) : undefined
      const name = note?.names[note.runs.indexOf(runId!)]
      return name && name.length <= MAX_NAME_CHARACTERS ? name : undefined
    })
  } catch (error) {
    if (hooks.signal?.aborted) throw error
    output.log.notice(
      `The notes of merge request !${plan.mergeRequest} could not be read (${messageOf(error).replace(/\.$/, '')}); the verdicts are shown under the default names. Give check-name to name them.`,
      'Status name'
    )
    return undefined
  }
}
