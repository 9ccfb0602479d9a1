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
import { Budget, WRITES_PER_CLAIM } from '../host/budget.js'
import { hostFailure } from '../host/api-errors.js'
import { rotated } from '../github/pending-checks.js'
import { createBitbucketClient, type BitbucketClient } from '../bitbucket/client.js'
import type { BitbucketCollection, CollectedReport } from '../bitbucket/collected.js'
import { apiUrlOf, repositoryOf } from '../bitbucket/plan.js'
import { KEY_PREFIX } from '../bitbucket/report.js'
import type { Settings } from '../options/resolve.js'
import { readFactsLine, type PendingFacts } from '../report/pending.js'
import { sealOf } from '../report/seal.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { CollectRun } from './collect-ask.js'
import type { CollectSource, Refused, Waiting } from './collect-source.js'

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

/** The pending reports of ours on one commit, each a step; a report with an annotation it cannot use is left as it is. */
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
    const annotations = await bitbucket.client.listAnnotations(commit, found.id)
    const read = annotations
      .filter(a => DEPLOYMENT_ANNOTATION.test(String(a.external_id ?? '')))
      .map(a =>
        readFactsLine(typeof a.details === 'string' ? a.details : undefined, bitbucket.seal)
      )
      .filter(facts => facts !== undefined)
    const problems = read.flatMap(facts => ('problem' in facts ? [facts.problem] : []))
    if (problems.length > 0) {
      refused.push({ what, problem: [...new Set(problems)].join('; ') })
      continue
    }
    const step = read as PendingFacts[]
    // The commit the deploy wrote on, by its sealed facts: a report copied to another commit decides nothing there.
    const sealed = step[0]?.status?.sha
    if (
      !sealed ||
      !step.every(facts => facts.status?.sha === sealed) ||
      !sealed.startsWith(commit)
    ) {
      if (step.length > 0)
        refused.push({
          what,
          problem: 'its facts were sealed for another commit than the one it is on'
        })
      continue
    }
    const report: CollectedReport = { commit: sealed, reportId: found.id, step }
    for (const [row, facts] of step.entries())
      if (isPending(facts.deployment)) waiting.push(waitingRow(bitbucket, report, row, what))
  }
  return { waiting, refused }
}

function waitingRow(
  bitbucket: BitbucketCollection,
  report: CollectedReport,
  row: number,
  where: string
): Waiting {
  const { deployment } = report.step[row]!
  return {
    runId: deployment.runId!,
    since: deployment.startedAt ?? clock.now(),
    count: 1,
    what: `${where}: ${quote(deployment.name)} (run ${deployment.runId})`,
    async collected(verdict) {
      bitbucket.budget.reserve(bitbucket.client, WRITES_PER_CLAIM)
      let at = bitbucket.reports.indexOf(report)
      if (at < 0) at = bitbucket.reports.push(report) - 1
      return {
        ...deployment,
        verdict,
        wait: undefined,
        stage: undefined,
        judgement: undefined,
        collectedNote: { note: at, row }
      }
    }
  }
}

/** A request of the pass itself: a refusal of Bitbucket's ends the collect. */
async function stopping<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    const comes = hostFailure(error, 'The collect')
    throw 'stop' in comes ? comes.stop : error
  }
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
