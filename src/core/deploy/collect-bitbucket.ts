/**
 * Bitbucket's side of a collect (collect-source.ts), over what a Bitbucket
 * step reported later leaves: a build status `INPROGRESS` per deployment
 * and the step's Code Insights report `PENDING`, each deployment's
 * annotation carrying its facts sealed under the API key (report.ts). It
 * reads the reports of ours on the source commits of the repository's open
 * pull requests; each pending deployment whose run ended is collected, and
 * its report goes to the Bitbucket reporter (bitbucket/collected.ts), which
 * completes its status and writes the report again. A report someone else
 * wrote under our id carries no facts sealed under the key: it decides
 * nothing and is never written over. Requests are held to the budget.
 */
import { Budget } from '../host/budget.js'
import { hostFailure } from '../host/api-errors.js'
import { rotated } from '../github/pending-checks.js'
import { createBitbucketClient, type BitbucketClient } from '../bitbucket/client.js'
import { showsRun, type BitbucketCollection, type CollectedReport } from '../bitbucket/collected.js'
import { linkOrigins } from '../report/links.js'
import { apiUrlOf, repositoryOf } from '../bitbucket/plan.js'
import { KEY_PREFIX, stepDigest } from '../bitbucket/report.js'
import type { Settings } from '../options/resolve.js'
import { readFactsLine, type PendingFacts } from '../report/pending.js'
import { sealOf } from '../report/seal.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { CollectRun } from './collect-ask.js'
import {
  stopping,
  waitingInStep,
  type CollectSource,
  type Refused,
  type Waiting
} from './collect-source.js'

/** A deployment's own annotation: its external id is its status key. */
const DEPLOYMENT_ANNOTATION = new RegExp(`^${KEY_PREFIX}[0-9a-f]{20}$`)

/** The collect's Bitbucket: refused before any request where it cannot look. */
export function bitbucketSource(run: CollectRun): {
  source: CollectSource<string>
  bitbucket: BitbucketCollection
  turn: number
} {
  const { settings, hooks } = run
  const env = hooks.env ?? {}
  const { token, workspace, repoSlug } = whereToCollect(settings, env)
  const budget = new Budget(settings.values.collectMaxRequests ?? 300)
  const client: BitbucketClient = createBitbucketClient({
    auth: { token },
    apiUrl: apiUrlOf(settings, false),
    workspace,
    repoSlug,
    limits: {
      signal: hooks.signal ?? new AbortController().signal,
      deadline: () => undefined,
      beforeRequest: () => budget.check(client)
    }
  })
  const bitbucket: BitbucketCollection = {
    client,
    budget,
    seal: sealOf(settings.apiKey),
    commits: `https://bitbucket.org/${encodeURIComponent(workspace)}/${encodeURIComponent(repoSlug)}/commits/`,
    origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org'),
    reports: []
  }
  const source: CollectSource<string> = {
    requestCount: () => client.requestCount(),
    places: turn =>
      stopping(async () => rotated([...new Set(await client.openPullRequestCommits())], turn)),
    look: commit => stopping(() => lookAt(bitbucket, commit)),
    failure: hostFailure
  }
  // A different pull request first in each collect: none waits behind others a budget never gets past.
  const turn = Number(env.BITBUCKET_BUILD_NUMBER) || Math.floor(clock.now() / 60_000)
  return { source, bitbucket, turn }
}

/**
 * The reports of ours on one commit, each a step: one whose deployments'
 * facts are not its whole step, sealed under the key for this very report,
 * decides nothing; a pending deployment whose status shows another run now
 * is left as it is.
 */
async function lookAt(
  bitbucket: BitbucketCollection,
  commit: string
): Promise<{ waiting: Waiting[]; refused: Refused[] }> {
  const reports = await bitbucket.client.listReports(commit)
  const waiting: Waiting[] = []
  const refused: Refused[] = []
  for (const found of reports) {
    // Every report of ours, whatever its result says: a result someone wrote over ours hides no pending deployment.
    if (!found.id.startsWith(KEY_PREFIX)) continue
    const what = `The report ${quote(found.id)} on commit ${commit.slice(0, 12)}`
    const annotations = (await bitbucket.client.listAnnotations(commit, found.id)).filter(a =>
      DEPLOYMENT_ANNOTATION.test(String(a.external_id ?? ''))
    )
    const read = new Map(
      annotations.map(a => [String(a.external_id), typeof a.details === 'string' ? a.details : ''])
    )
    const step = stepOf(read, bitbucket, found.id, commit)
    if (step === undefined) continue
    if ('problem' in step) {
      refused.push({ what, problem: step.problem })
      continue
    }
    const report: CollectedReport = { commit: step[0]!.status!.sha, reportId: found.id, step, read }
    for (const [row, facts] of step.entries()) {
      if (!isPending(facts.deployment)) continue
      const context = {
        origins: bitbucket.origins,
        pipelineUrl: facts.workflowRunUrl,
        commitUrl: `${bitbucket.commits}${encodeURIComponent(report.commit)}`,
        commit: report.commit
      }
      if (await showsRun(bitbucket, report.commit, facts.status!.key!, facts, context))
        waiting.push(
          waitingInStep(
            { ...bitbucket, steps: bitbucket.reports },
            report,
            row,
            `${what}: ${quote(facts.deployment.name)}`
          )
        )
      else
        refused.push({
          what: `${what}: ${quote(facts.deployment.name)}`,
          problem:
            'its build status shows another run now (a later deploy wrote it, or someone else), so it is left as it is'
        })
    }
  }
  return { waiting, refused }
}

/**
 * Pure: the step a report's deployments' annotations carry, in its order:
 * each sealed under the key, for this report and commit, under its own
 * status key, and all of them the whole step its digest names (a sibling
 * removed, or one copied from elsewhere, and it decides nothing); undefined
 * for a report that carries no facts.
 */
function stepOf(
  read: Map<string, string>,
  bitbucket: Pick<BitbucketCollection, 'seal'>,
  id: string,
  commit: string
): PendingFacts[] | { problem: string } | undefined {
  const facts = [...read].map(([key, details]) => ({
    key,
    facts: readFactsLine(details, bitbucket.seal)
  }))
  const carried = facts.filter(f => f.facts !== undefined)
  if (carried.length === 0) return undefined
  const problems = carried.flatMap(f => ('problem' in f.facts! ? [f.facts.problem] : []))
  if (problems.length > 0) return { problem: [...new Set(problems)].join('; ') }
  const step = carried.map(f => ({ key: f.key, facts: f.facts as PendingFacts }))
  const [first] = step
  const place = first!.facts.status
  const sorted = [...step].sort(
    (a, b) => (a.facts.status?.index ?? 0) - (b.facts.status?.index ?? 0)
  )
  const whole =
    place?.sha !== undefined &&
    place.sha.startsWith(commit) &&
    step.every(
      ({ key, facts }) =>
        facts.status?.key === key &&
        facts.status.report === id &&
        facts.status.sha === place.sha &&
        facts.status.step === place.step
    ) &&
    sorted.every(({ facts }, index) => facts.status?.index === index) &&
    stepDigest(sorted.map(({ facts }) => facts.deployment)) === place.step
  if (!whole)
    return {
      problem:
        'its deployments’ facts are not the whole step sealed for this report and commit (one removed, or copied from another report, commit or step)'
    }
  return sorted.map(({ facts }) => facts)
}

/**
 * The repository and the token a collect on Bitbucket works with, checked
 * before any request: a pipeline of the repository's own (a schedule, a
 * custom pipeline), never a pull request's, whose configuration the pull
 * request can change.
 */
function whereToCollect(
  settings: Settings,
  env: Record<string, string | undefined>
): { token: string; workspace: string; repoSlug: string } {
  if (env.BITBUCKET_PR_ID)
    throw new InputError(
      'collect',
      'is true in a pull request’s pipeline: a collect completes the statuses and reports of every open pull request, so it belongs to a scheduled pipeline of the main branch, never to one a pull request can change',
      'Collect in a scheduled pipeline (Repository settings, Pipelines, Schedules: a custom pipeline every hour)'
    )
  const token = settings.values.bitbucketToken
  if (!token)
    throw new InputError(
      'bitbucketToken',
      'is empty in a Bitbucket collect: Pipelines’ authentication proxy does not list pull requests',
      `Give ${ref('bitbucketToken')}: a repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable BITBUCKET_ACCESS_TOKEN`
    )
  return { token, ...repositoryOf(env, 'collect') }
}
