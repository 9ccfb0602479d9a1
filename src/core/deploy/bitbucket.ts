/**
 * Bitbucket's part of a deploy, decided once for every front end from the
 * settings and the pipeline's variables: the build statuses and the Code
 * Insights report (host/reporter.ts with Bitbucket's side), or none. What
 * cannot be used where the step runs is refused here, before any request.
 */
import { createBitbucketClient, type BitbucketClient } from '../bitbucket/client.js'
import { bitbucketPlanOf, type BitbucketPlan } from '../bitbucket/plan.js'
import { BitbucketSide } from '../bitbucket/reporter.js'
import type { ClientLimits } from '../host/limits.js'
import { HostReporter } from '../host/reporter.js'
import type { Settings } from '../options/resolve.js'
import type { Reporter } from '../report/reporter.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'

/** The Bitbucket reporter the settings ask for, or none; a dry run writes nothing there. */
export function bitbucketReporters(
  settings: Settings,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env'>
): Reporter[] {
  const plan = bitbucketPlanOf(settings, output.secrets, hooks.env ?? {})
  if (settings.values.dryRun || !plan) return []
  return [new HostReporter(limits => new BitbucketSide(plan, output.log, loadBitbucket, limits))]
}

/** Bitbucket's client of a plan. */
export function loadBitbucket(plan: BitbucketPlan, limits: ClientLimits): Promise<BitbucketClient> {
  return Promise.resolve(
    createBitbucketClient({
      auth: plan.auth,
      apiUrl: plan.apiUrl,
      workspace: plan.workspace,
      repoSlug: plan.repoSlug,
      limits
    })
  )
}
