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
import type { Reporter } from '../report/reporter.js'
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
