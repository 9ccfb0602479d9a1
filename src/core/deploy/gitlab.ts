/**
 * GitLab's part of a deploy, decided once for every front end from the
 * settings and the pipeline's variables: the commit statuses and the
 * merge-request note (host/reporter.ts with GitLab's side), or none. A token that cannot be used
 * where the step runs is refused here, before any request.
 */
import type { ClientLimits } from '../host/limits.js'
import type { GitLabClient } from '../gitlab/client.js'
import { gitlabPlanOf, type GitLabPlan } from '../gitlab/plan.js'
import { missingTokenWords } from '../gitlab/errors.js'
import { GitLabSide } from '../gitlab/reporter.js'
import { HostReporter } from '../host/reporter.js'
import type { Settings } from '../options/resolve.js'
import type { Deployment } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import { clock } from '../shared/clock.js'
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
  const env = hooks.env ?? {}
  const plan = gitlabPlanOf(settings, output.secrets, env)
  if (settings.values.dryRun) return []
  if (!plan) {
    // A GitLab job that waits, with only the job token GitLab gives every job: say what would show the verdict.
    if (settings.wait && env.GITLAB_CI === 'true' && !settings.values.githubToken)
      output.log.notice(
        `The verdict is not shown on the merge request or the commit: GITLAB_TOKEN is not set. ${missingTokenWords(env)}.`,
        'Not shown on GitLab'
      )
    return []
  }
  return [new HostReporter(limits => new GitLabSide(plan, output.log, loadGitLab, limits))]
}

/** GitLab's client, loaded only when something is reported there. */
export async function loadGitLab(plan: GitLabPlan, limits: ClientLimits): Promise<GitLabClient> {
  const { createGitLabClient } = await import('../gitlab/client.js')
  return createGitLabClient({
    token: plan.token,
    apiUrl: plan.apiUrl,
    project: plan.project,
    limits
  })
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
