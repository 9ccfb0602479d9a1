/**
 * GitHub's part of a deploy, decided once for every front end from the
 * reporting plan: the check runs and the comment (host/reporter.ts with GitHub's side), what a
 * dry run can learn of them, and the names a wait-only step takes from the
 * check runs of the runs it waits for. No front end wires GitHub itself.
 */
import { adoptCheckNames } from '../github/adopt.js'
import { checkReporting } from '../github/dry-run.js'
import { briefly, loadClient } from '../github/load.js'
import type { ReportingPlan } from '../github/plan.js'
import type { CiContext } from '../ci/context.js'
import { InputError } from '../shared/errors.js'
import { ref, setting } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import { reportingPlanOf } from '../github/plan.js'
import { GitHubSide } from '../github/reporter.js'
import { HostReporter } from '../host/reporter.js'
import { CollectedChecks } from '../github/collected.js'
import { CollectedStatuses } from '../gitlab/collected.js'
import { CollectedBuildStatuses } from '../bitbucket/collected.js'
import { CollectedReporter } from '../host/collected.js'
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
 * InputError).
 */
export async function githubReporters(
  settings: Settings,
  deployments: Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'frontEnd' | 'env' | 'signal' | 'ci'>
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
  if (plan.reportLater) await refuseWhereNoCollectLooks(plan, settings, hooks.ci, hooks.signal)
  return [new HostReporter(limits => new GitHubSide(plan, output.log, loadClient, limits))]
}

/**
 * The names a wait-only step without a check-name takes from GitHub, by
 * deployment, before they are decided (deploy/naming.ts); undefined where
 * GitHub is not reported to or the step is no wait. Whatever `check` says:
 * the comment a wait-only step continues is found by the names too.
 */
export async function adoptedNames(
  settings: Settings,
  deployments: readonly Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'frontEnd' | 'env' | 'signal'>
): Promise<(string | undefined)[] | undefined> {
  if (settings.mode !== 'wait' || settings.values.checkName !== undefined) return undefined
  const plan = reportingPlanOf(hooks.frontEnd, settings, output.secrets, hooks.env ?? {})
  return plan && adoptCheckNames(plan, deployments, output.log, loadClient, hooks.signal)
}

/**
 * Report-later only where a collect looks: an open pull request's head, or
 * the default branch's newest commits. Anywhere else (another branch, a tag,
 * a merge queue's commit) its check run would stay in progress for good, and
 * a required check would block the branch: refused before any request,
 * naming `wait`. The default branch is the event's; GitHub is asked once when
 * no event names it, and a GitHub that cannot tell leaves the deploy to find
 * out when it writes the check run.
 */
async function refuseWhereNoCollectLooks(
  plan: ReportingPlan,
  settings: Settings,
  ci: CiContext | undefined,
  signal: AbortSignal | undefined
): Promise<void> {
  const { pullRequestNumber, branch, sha } = settings.git
  if (pullRequestNumber !== undefined && !ci?.mergeQueue) return
  const defaultBranch =
    ci?.defaultBranch ??
    (await briefly(plan, loadClient, signal, READ_MS, client =>
      client.defaultBranch(plan.repo)
    ).catch(() => undefined))
  if (defaultBranch === undefined || (branch === defaultBranch && !ci?.mergeQueue)) return
  const where = ci?.mergeQueue
    ? `a merge queue's branch ${quote(branch ?? '')}`
    : branch
      ? `branch ${quote(branch)}`
      : 'no branch (a tag, or a commit given by itself)'
  throw new InputError(
    'reportLater',
    `is true for commit ${sha?.slice(0, 12) ?? '(unknown)'} on ${where}, which is neither an open pull request's head nor the default branch (${quote(defaultBranch)}): a collect looks only there, so its check run would stay in progress for good`,
    `Set ${setting('wait', 'true')} to hold the job for the verdict instead, or use ${ref('reportLater')} in workflows of pull requests and of the default branch`
  )
}

/** How long the read of the default branch may take. */
const READ_MS = 10_000

/** The code host's reporter of a collect: completes the check runs (GitHub) or statuses (GitLab) it collected and writes their steps' comments or notes. */
export function collectedReporter(
  collection: Collection,
  settings: Settings,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Reporter {
  const env = hooks.env ?? {}
  const context = { secrets: output.secrets, log: output.log, signal: hooks.signal }
  if (collection.bitbucket)
    return new CollectedReporter(
      new CollectedBuildStatuses({
        collection: collection.bitbucket,
        secrets: output.secrets,
        origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org'),
        log: output.log
      }),
      context
    )
  if (collection.gitlab)
    return new CollectedReporter(
      new CollectedStatuses({
        collection: collection.gitlab,
        secrets: output.secrets,
        origins: linkOrigins(settings.baseUrl, env.CI_SERVER_URL),
        log: output.log
      }),
      context
    )
  return new CollectedReporter(
    new CollectedChecks({
      ...collection.github!,
      secrets: output.secrets,
      origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
      workflowRunUrl: workflowRunUrlOf(env),
      log: output.log,
      signal: hooks.signal
    }),
    context
  )
}
