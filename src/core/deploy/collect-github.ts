/**
 * GitHub's side of a collect (collect-source.ts): the check runs its deploys
 * left in progress on open pull requests' heads and the default branch's
 * newest commits, their facts sealed under the API key (github/
 * pending-checks.ts); each one whose run ended is claimed (github/claim.ts),
 * with the copies showing the same deployment, so that no collect beside it
 * reports it too. Requests to GitHub are held to the collect's budget
 * before each one (pages and retries included) and to a reserve of the
 * token's hourly rate limit.
 */
import { claim } from '../github/claim.js'
import type { CheckRun, GitHubClient, Repo } from '../github/client.js'
import { collectFailure } from '../github/errors.js'
import { loadClient } from '../github/load.js'
import {
  headsToCollect,
  pendingChecks,
  type Head,
  type PendingCheck
} from '../github/pending-checks.js'
import { apiUrlOf, githubRepoOf } from '../github/plan.js'
import { Spacer } from '../github/spacer.js'
import { Budget, WRITES_PER_CLAIM } from '../host/budget.js'
import type { Verdict } from '../model.js'
import type { Settings } from '../options/resolve.js'
import type { CheckIdentity, Deployment } from '../report/facts.js'
import { sealOf, type Seal } from '../report/seal.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import { quote } from '../shared/text.js'
import type { CollectRun } from './collect-ask.js'
import type { CollectSource, Waiting } from './collect-source.js'

/** GitHub as a collect uses it: its reporter writes with the same client, budget, seal and spacing. */
export interface GitHubCollection {
  client: GitHubClient
  repo: Repo
  seal: Seal
  spacer: Spacer
  budget: Budget
}

/** The collect's GitHub: refused before any request where it cannot look. */
export async function githubSource(
  run: CollectRun
): Promise<{ source: CollectSource<Head>; github: GitHubCollection; turn: number }> {
  const { settings, hooks } = run
  const { repo, token } = whereToCollect(settings, hooks.env ?? {})
  const budget = new Budget(settings.values.collectMaxRequests ?? 300)
  const client: GitHubClient = await loadClient(token, apiUrlOf(hooks.env ?? {}), {
    signal: hooks.signal ?? new AbortController().signal,
    deadline: () => undefined,
    beforeRequest: () => budget.check(client)
  })
  const github = {
    client,
    repo,
    seal: sealOf(settings.apiKey),
    spacer: new Spacer(hooks.signal),
    budget
  }
  const source: CollectSource<Head> = {
    requestCount: () => client.requestCount(),
    places: turn => headsToCollect(client, repo, turn),
    async look(head) {
      const { pending, refused } = await pendingChecks(client, repo, head.sha, github.seal)
      return {
        waiting: pending.map(check => waiting(github, check, head)),
        refused: refused.map(({ run: check, problem, otherKey }) => ({
          what: where(head, check),
          problem,
          otherKey
        }))
      }
    },
    failure: collectFailure
  }
  // A different pull request first in each collect: none waits behind others a budget never gets past.
  const turn = Number(hooks.env?.GITHUB_RUN_ID) || Math.floor(clock.now() / 60_000)
  return { source, github, turn }
}

/** One pending check run, as the pass asks about it; claimed (its copies too) once its run ended. */
function waiting(github: GitHubCollection, check: PendingCheck, head: Head): Waiting {
  const { runId } = check
  return {
    runId,
    since: Date.parse(check.run.startedAt ?? '') || clock.now(),
    count: 1 + check.copies.length,
    what: `${where(head, check.run)} (run ${runId})`,
    collected: verdict => claimed(github, check, head, verdict)
  }
}

async function claimed(
  github: GitHubCollection,
  check: PendingCheck,
  head: Head,
  verdict: Verdict
): Promise<Deployment | undefined> {
  const { client, repo, spacer, budget } = github
  const { facts, identity } = check
  const claimOne = async (check: CheckRun, identity: CheckIdentity): Promise<boolean> => {
    if (!(await claim(client, repo, check, identity, write => spacer.spaced(write)))) return false
    // Its completion and comment come later, from the GitHub reporter: their requests are held for them.
    budget.reserved += WRITES_PER_CLAIM
    return true
  }
  const own = { ...identity, claim: undefined }
  if (!(await claimOne(check.run, own))) return undefined
  const copies: { checkRunId: number; identity: CheckIdentity }[] = []
  for (const copy of check.copies) {
    const theirs = { ...copy.identity, claim: undefined }
    if (await claimOne(copy.run, theirs)) copies.push({ checkRunId: copy.run.id, identity: theirs })
  }
  return {
    ...facts.deployment,
    verdict,
    wait: undefined,
    stage: undefined,
    judgement: undefined,
    collected: {
      checkRunId: check.run.id,
      copies,
      identity: own,
      sha: head.sha,
      pulls: head.pulls,
      rows: facts.rows,
      runs: facts.runs,
      workflowRunUrl: facts.workflowRunUrl
    }
  }
}

/** The repository and the token a collect works with, checked before any request: GITHUB_REPOSITORY in a workflow, never a pull request's. */
function whereToCollect(
  settings: Settings,
  env: Record<string, string | undefined>
): { repo: Repo; token: string } {
  const repo = githubRepoOf(settings, env)
  const token = settings.values.githubToken
  // A pull request's workflow is the pull request's own file, with a fork's read-only token: no place for
  // the one pass that completes every pull request's checks (and whose attestation is signed by that workflow).
  if (env.GITHUB_EVENT_NAME === 'pull_request')
    throw new InputError(
      'collect',
      'is true in a workflow run by a pull_request event: a collect completes the check runs of every open pull request and of the default branch, so it belongs to a workflow of the default branch, never to one a pull request can change (or a fork run with a read-only token)',
      'Collect in a workflow of its own, on: schedule (every 10 minutes) and workflow_dispatch (to collect at once)'
    )
  if (!token)
    throw new InputError(
      'githubToken',
      'is empty',
      "Give a token that may write checks and pull requests: the workflow's GITHUB_TOKEN with permissions checks: write and pull-requests: write"
    )
  if (!repo)
    throw new InputError(
      'githubRepository',
      'is empty, and no GITHUB_REPOSITORY says which repository to collect in',
      'Run the collect in a GitHub workflow, or give the repository as owner/name'
    )
  return { repo, token }
}

/** Pure: a check run named with where it is: the pull requests whose head the commit is, else the commit. */
function where(head: Pick<Head, 'sha' | 'pulls'>, check: Pick<CheckRun, 'name'>): string {
  const on =
    head.pulls.length > 0
      ? `pull request ${head.pulls.map(n => `#${n}`).join(', ')}`
      : `commit ${head.sha.slice(0, 12)}`
  return `Check run ${quote(check.name ?? '')} on ${on}`
}
