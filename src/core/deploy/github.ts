/**
 * GitHub's part of a deploy, decided once for every front end from the
 * reporting plan: the check runs and the comment (GitHubReporter), what a
 * dry run can learn of them, and the names a wait-only step takes from the
 * check runs of the runs it waits for. No front end wires GitHub itself.
 */
import { adoptCheckNames } from '../github/adopt.js'
import { checkReporting } from '../github/dry-run.js'
import { loadClient } from '../github/load.js'
import { reportingPlanOf } from '../github/plan.js'
import { GitHubReporter } from '../github/reporter.js'
import { CollectedChecks } from '../github/collected.js'
import { workflowRunUrlOf } from '../github/plan.js'
import { linkOrigins } from '../report/links.js'
import type { Collection } from './collect.js'
import type { Settings } from '../options/resolve.js'
import type { Deployment } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'

/**
 * The GitHub reporter the settings ask for, or none; report-later where its
 * check run could not be written is refused here, before any request (an
 * InputError). A wait-only step without a check-name first names each
 * deployment after the check run that shows its run.
 */
export async function githubReporters(
  settings: Settings,
  deployments: Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'frontEnd' | 'env' | 'signal'>
): Promise<Reporter[]> {
  const plan = reportingPlanOf(hooks.frontEnd, settings, output.secrets, hooks.env ?? {})
  if (settings.values.dryRun) {
    if (plan || hooks.frontEnd === 'action') {
      const names = deployments.map(deployment => deployment.name)
      await checkReporting(plan, names, output.log, loadClient, hooks.signal)
    }
    return []
  }
  if (!plan) return []
  if (settings.mode === 'wait' && settings.values.checkName === undefined && plan.check)
    await adoptCheckNames(plan, deployments, output.log, loadClient, hooks.signal)
  return [new GitHubReporter(plan, output.log, loadClient)]
}

/** The GitHub reporter of a collect: completes the check runs it claimed and writes their steps' comments. */
export function collectedReporter(
  collection: Collection,
  settings: Settings,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Reporter {
  const env = hooks.env ?? {}
  return new CollectedChecks({
    ...collection.github,
    secrets: output.secrets,
    origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
    workflowRunUrl: workflowRunUrlOf(env),
    log: output.log,
    signal: hooks.signal
  })
}
