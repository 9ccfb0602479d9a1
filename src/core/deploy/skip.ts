/**
 * A skip: nothing is deployed, and a required check still resolves. Its
 * deployments are the ones a deploy with the same options would make, named
 * as that deploy names them (report/identity.ts) from the app ids it
 * expects, no build read; each is shown on the commit as a completed check
 * run concluded skipped, with the workflow's reason, unless a check run of
 * its name is there already: a skip never stands over a verdict, or over a
 * deploy still under way. Nothing is sent to the service.
 */
import { briefly, loadClient } from '../github/load.js'
import { apiUrlOf, githubRepoOf, workflowRunUrlOf } from '../github/plan.js'
import { githubSkipSide } from '../github/skipped.js'
import { Spacer } from '../github/spacer.js'
import { InputError } from '../shared/errors.js'
import { ref, setting, whereOffered } from '../shared/option-refs.js'
import { PLATFORMS } from '../shared/option-table.js'
import { quote } from '../shared/text.js'
import type { Settings } from '../options/resolve.js'
import { stepOf } from '../report/check-run.js'
import type { Deployment } from '../report/facts.js'
import { MAX_CHECK_NAME, nameOf, joinName, type NamedApp } from '../report/identity.js'
import { linkOrigins } from '../report/links.js'
import { forPlatform } from './destination.js'
import { loadGitLab } from './gitlab.js'
import { laterHostOf } from '../host/where.js'
import { createBitbucketClient } from '../bitbucket/client.js'
import { apiUrlOf as bitbucketApiUrlOf, laneOf, repositoryOf } from '../bitbucket/plan.js'
import { reportContextOf } from '../bitbucket/reporter.js'
import { bitbucketSkipSide } from '../bitbucket/skipped.js'
import { gitlabPlanOf } from '../gitlab/plan.js'
import { gitlabSkipSide } from '../gitlab/skipped.js'
import type { SkipSide } from '../host/skip-side.js'
import { clock } from '../shared/clock.js'
import { failureOf } from './messages.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'

/** How long a skip's reads and writes of the code host may take, all of them. */
const SKIP_MS = 60_000

/**
 * Pure: the deployments one deploy step with these options would make: one
 * per platform `expectedAppId` names (only `platform`'s, when given), else
 * the one app of `expectedAppId` and `platform`, else (with a check-name)
 * the one the name alone makes. A name that needs a build's platform or app
 * id and has neither is refused: a check run of another name resolves no
 * required check. Names a deploy tells apart by its builds' files (an APK
 * beside its AAB) are not a skip's: such deploys give each a check-name.
 */
export function skippedDeployments(settings: Settings, startedAt: number): Deployment[] {
  const { checkName, environment, deploymentType } = settings.values
  const apps = appsOf(settings)
  const reason = settings.values.skipReason ?? ''
  return apps.map(app => ({
    name: joinName(
      nameOf(
        { checkName, environment: forPlatform(environment, app.platform), deploymentType },
        app,
        apps.length > 1
      )
    ),
    startedAt,
    mode: 'skip',
    outcome: 'skipped',
    failOnNoRun: false,
    warnings: [],
    git: settings.git,
    skipped: { reason }
  }))
}

/** Pure: the apps the deploy's names would say, by the rule above; what cannot say one refused. */
function appsOf(settings: Settings): NamedApp[] {
  const { expectedAppId, platform, checkName } = settings.values
  const unnamed = checkName === undefined
  if (checkName !== undefined && checkName.length > MAX_CHECK_NAME)
    throw new InputError(
      'checkName',
      `is ${checkName.length} characters long, more than the ${MAX_CHECK_NAME} a deploy takes`,
      'Give the check name the deploy has'
    )
  if (expectedAppId?.android !== undefined || expectedAppId?.ios !== undefined) {
    const apps = PLATFORMS.filter(each => expectedAppId[each] && (!platform || each === platform))
    if (apps.length === 0)
      throw new InputError(
        'platform',
        `is ${platform}, and ${ref('expectedAppId')} gives no app id for it`,
        `Give ${ref('expectedAppId')} an id for ${platform} (${platform}:…), as the deploy does`
      )
    return apps.map(each => ({ platform: each, appId: expectedAppId[each]! }))
  }
  if (expectedAppId?.all && platform) return [{ platform, appId: expectedAppId.all }]
  if (unnamed && expectedAppId?.all)
    throw new InputError(
      'expectedAppId',
      'names one app id for every build, and a deploy names its check run after the platform it reads from the build, which a skip does not have',
      `Give the id per platform (android:${expectedAppId.all} or ios:${expectedAppId.all}), or ${ref('platform')} too${whereOffered('checkName', ", or the deploy's ")}`
    )
  if (unnamed)
    throw new InputError(
      'expectedAppId',
      `is empty, and a deploy names each build's check run after the app id it reads from the build`,
      `Give ${ref('expectedAppId')} as the deploy does (${platform ?? 'android'}:<app id>, one per platform for a step of both)${whereOffered('checkName', ", or the deploy's ")}`
    )
  return [{ platform: undefined }]
}

/** Where a skip writes, or the refusal, before any request, of what it cannot write without. */
export function skipTarget(
  settings: Settings,
  repo: { owner: string; repo: string } | undefined
): { token: string; repo: { owner: string; repo: string }; sha: string } {
  const token = settings.values.githubToken
  const { sha } = settings.git
  const why = `${setting('skip', 'true')} writes its check runs`
  if (!token)
    throw new InputError(
      'githubToken',
      `is empty, and ${why} with it`,
      `Give ${ref('githubToken')}: a token that may write checks (the workflow's GITHUB_TOKEN with permissions: checks: write)`
    )
  if (!repo)
    throw new InputError(
      'githubRepository',
      `is empty, and ${why} there`,
      `Give ${ref('githubRepository')} as owner/name`
    )
  if (!sha)
    throw new InputError('sha', `is unknown, and ${why} on that commit`, `Pass ${ref('sha')}`)
  return { token, repo, sha }
}

/**
 * The skip's check runs, each deployment's by itself: written, or left where
 * one of its name is there already (a notice says so); a write GitHub
 * refuses fails that deployment, naming the permission.
 */
export async function skipChecks(
  settings: Settings,
  deployments: Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Promise<void> {
  if (settings.values.gitlabToken) return skipStatuses(settings, deployments, output, hooks)
  if (settings.values.bitbucketToken) return skipBuildStatuses(settings, deployments, output, hooks)
  const env = hooks.env ?? {}
  if (laterHostOf(settings.values, env) === 'bitbucket')
    throw new InputError(
      'bitbucketToken',
      'is empty, and a skip in Bitbucket Pipelines writes its build statuses on Bitbucket, which Pipelines’ proxy may not sign',
      `Give ${ref('bitbucketToken')}: a repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable BITBUCKET_ACCESS_TOKEN`
    )
  const { token, repo, sha } = skipTarget(settings, githubRepoOf(settings, env))
  const apiUrl = apiUrlOf(env)
  await briefly({ token, apiUrl }, loadClient, hooks.signal, SKIP_MS, async client => {
    const write = {
      client,
      repo,
      sha,
      spacer: new Spacer(hooks.signal),
      context: {
        workflowRunUrl: workflowRunUrlOf(env),
        step: stepOf(deployments),
        origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL)
      },
      workflowRunId: env.GITHUB_RUN_ID || undefined
    }
    await skipEach(deployments, githubSkipSide(write), output, hooks)
  })
}

/**
 * Each of a skip's deployments by itself, on any code host's side: where a
 * status of its name is already on the commit, nothing is written and a
 * notice says how that one stands; else its status is written skipped. A
 * write refused fails that deployment alone.
 */
export async function skipEach(
  deployments: Deployment[],
  side: SkipSide,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'signal'>
): Promise<void> {
  const commit = side.sha.slice(0, 12)
  const What = `${side.what[0]!.toUpperCase()}${side.what.slice(1)}`
  for (const deployment of deployments) {
    const name = quote(deployment.name, 200)
    try {
      const standing = await side.standing(deployment.name)
      if (standing) {
        deployment.skipped = { reason: deployment.skipped?.reason ?? '', standing }
        output.log.notice(
          `A ${side.what} named ${name} is already on commit ${commit} (${standing}): the skip wrote nothing over it.`,
          `${What} left as it is`
        )
        continue
      }
      await side.writeSkipped(deployment)
    } catch (error) {
      deployment.failure = failureOf(error, output, hooks.signal)
      deployment.outcome = 'aborted'
      continue
    }
    output.log.info(
      `${What} ${name} ${side.what === 'check run' ? 'completed' : 'written'} as skipped on commit ${commit}.`
    )
  }
}

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
  await skipEach(deployments, gitlabSkipSide(client, plan), output, hooks)
}

/**
 * The skip's build statuses on Bitbucket, each deployment's by itself:
 * written `STOPPED` under the key a deploy would give it, or left where one
 * of that key is there already (a notice says so); a write Bitbucket
 * refuses fails that deployment, naming the token.
 */
export async function skipBuildStatuses(
  settings: Settings,
  deployments: Deployment[],
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'env' | 'signal'>
): Promise<void> {
  const env = hooks.env ?? {}
  const commit = env.BITBUCKET_COMMIT || settings.git.sha || ''
  const { workspace, repoSlug } = repositoryOf(env, commit)
  const stop = AbortSignal.timeout(SKIP_MS)
  const deadline = clock.now() + SKIP_MS
  const apiUrl = bitbucketApiUrlOf(settings, false)
  const client = createBitbucketClient({
    auth: { token: settings.values.bitbucketToken! },
    apiUrl,
    workspace,
    repoSlug,
    limits: {
      signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
      deadline: () => deadline
    }
  })
  const context = reportContextOf({
    auth: { token: '' },
    apiUrl,
    workspace,
    repoSlug,
    commit,
    statuses: true,
    refname: env.BITBUCKET_BRANCH || undefined,
    lane: laneOf(env),
    secrets: output.secrets,
    origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org')
  })
  await skipEach(deployments, bitbucketSkipSide(client, context, output.secrets), output, hooks)
}
