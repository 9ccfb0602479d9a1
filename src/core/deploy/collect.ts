/**
 * The collect: a mode of the one orchestrator, whose deployments are the
 * ones reported later that it finds ended. What is its own is finding them
 * (the check runs its deploys left in progress on open pull requests' heads
 * and the default branch's newest commits, their facts sealed under the API
 * key) and asking the service once per run; each it finds ended it claims,
 * so that no collect beside it reports it too. The rest is the deploy's
 * road: the orchestrator judges them by the one rule and hands them to every
 * report target, the GitHub reporter among them (github/collected.ts),
 * which completes each claimed check run as a waiting step would have.
 * Requests to GitHub are held to a budget before each one (pages and
 * retries included) and to a reserve of the token's hourly rate limit.
 */
import { Budget, BudgetSpent, WRITES_PER_CLAIM } from '../host/budget.js'
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
import type { Settings } from '../options/resolve.js'
import type { CheckIdentity, CollectFacts, Deployment } from '../report/facts.js'
import type { Command, OptionKey } from '../shared/option-table.js'
import { rowKey } from '../report/pending.js'
import { sealOf, type Seal } from '../report/seal.js'
import { clock } from '../shared/clock.js'
import { HttpStatusError, InputError } from '../shared/errors.js'
import { quote } from '../shared/text.js'
import { ASK_MS, askVerdict, type Asking, type CollectRun } from './collect-ask.js'
import type { ServiceApi } from '../service/api.js'
import { serviceOf } from './session.js'
import { Spacer } from '../github/spacer.js'
import type { GitLabCollection } from '../gitlab/collected.js'
import { collectGitLab } from './collect-gitlab.js'

export type { CollectRun } from './collect-ask.js'

/** What a collect found: the deployments it claimed (their verdicts in), its own facts, and GitHub as it used it. */
export interface Collection {
  deployments: Deployment[]
  facts: CollectFacts
  /** The service answered this collect's key once (a check sealed under another key made it ask). */
  keyConfirmed?: boolean
  /** GitHub as the collect used it; a collect on GitLab used GitLab instead. */
  github?: { client: GitHubClient; repo: Repo; seal: Seal; spacer: Spacer; budget: Budget }
  gitlab?: GitLabCollection
}

/** A collect on GitHub. */
type OnGitHub = Collection & { github: NonNullable<Collection['github']> }

/**
 * One pass over the commits where deployments reported later may be. Each
 * pending check run is collected on its own: one that cannot be (facts of
 * another shape, a seal that does not hold, a run the service answers
 * nothing usable for) is a warning or a problem of its own, and the rest go
 * on; the token refused or the rate limit ends the pass (thrown).
 */
export async function collectPending(run: CollectRun): Promise<Collection> {
  const { settings, hooks, output } = run
  // A GitLab pipeline, or a GitLab token given: the verdicts were left on GitLab.
  if (
    settings.values.gitlabToken ||
    (hooks.env?.GITLAB_CI === 'true' && !settings.values.githubToken)
  )
    return collectGitLab(run)
  const { repo, token } = whereToCollect(settings, hooks.env ?? {})
  const budget = new Budget(settings.values.collectMaxRequests ?? 300)
  const client: GitHubClient = await loadClient(token, apiUrlOf(hooks.env ?? {}), {
    signal: hooks.signal ?? new AbortController().signal,
    deadline: () => undefined,
    beforeRequest: () => budget.check(client)
  })
  const facts: CollectFacts = {
    pending: 0,
    problems: [],
    warnings: [],
    get requests() {
      return client.requestCount()
    }
  }
  const collection: OnGitHub = {
    deployments: [],
    facts,
    github: {
      client,
      repo,
      seal: sealOf(settings.apiKey),
      spacer: new Spacer(hooks.signal),
      budget
    }
  }
  // A different pull request first in each collect: none waits behind others a budget never gets past.
  const turn = Number(hooks.env?.GITHUB_RUN_ID) || Math.floor(clock.now() / 60_000)
  try {
    for (const head of await headsToCollect(client, repo, turn)) {
      if (hooks.signal?.aborted) break
      await collectHead(run, collection, head)
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error
    facts.stopped = error.message
    output.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
  }
  collection.deployments = inStepOrder(collection.deployments)
  return collection
}

/**
 * Pure: the collected deployments in the order their steps gave them, so
 * that every report lists them as the waiting step would have (GitHub lists
 * check runs newest first): each step's (one commit, one list of its
 * deployments' keys) in the order it named them, the steps as first met.
 */
export function inStepOrder(deployments: readonly Deployment[]): Deployment[] {
  const steps = new Map<string, number>()
  const keyed = deployments.map((deployment, found) => {
    const { sha = '', rows = [] } = deployment.collected ?? {}
    const step = `${sha}\n${rows.join('\n')}`
    if (!steps.has(step)) steps.set(step, steps.size)
    const at = rows.indexOf(rowKey(deployment.name))
    return { deployment, step: steps.get(step)!, at: at < 0 ? rows.length : at, found }
  })
  keyed.sort((a, b) => a.step - b.step || a.at - b.at || a.found - b.found)
  return keyed.map(({ deployment }) => deployment)
}

/** Every pending check run of one commit, each on its own. */
async function collectHead(run: CollectRun, collection: OnGitHub, head: Head): Promise<void> {
  const { client, repo, seal } = collection.github
  const { pending, refused } = await pendingChecks(client, repo, head.sha, seal)
  for (const { run: check, problem, otherKey } of refused) {
    // Sealed under another key: the service tells whether this collect's key is the one rotated in, or a wrong one.
    if (otherKey && !collection.keyConfirmed) {
      collection.keyConfirmed = true
      await confirmKey(run, otherKey)
    }
    warn(run, collection, `${where(head, check)} is not collected: ${problem}.`)
  }
  for (const check of pending) {
    if (run.hooks.signal?.aborted) return
    try {
      const deployment = await collectCheck(run, collection, check, head)
      if (deployment) collection.deployments.push(deployment)
    } catch (error) {
      failed(run, collection, error, `${where(head, check.run)} (run ${check.runId})`)
    }
  }
}

/** One check run: its run's verdict asked once; an ended run's deployment, once this collect has claimed its check. */
async function collectCheck(
  run: CollectRun,
  collection: OnGitHub,
  check: PendingCheck,
  head: Head
): Promise<Deployment | undefined> {
  const { facts, identity, runId } = check
  const since = Date.parse(check.run.startedAt ?? '') || clock.now()
  const deadline = clock.now() + ASK_MS
  const asked = await askVerdict(serviceFor(run, deadline), runId, since, asking(run), deadline)
  if ('pending' in asked) {
    collection.facts.pending += 1 + check.copies.length
    return undefined
  }
  const { client, repo, spacer, budget } = collection.github
  const claimed = async (check: CheckRun, identity: CheckIdentity): Promise<boolean> => {
    if (!(await claim(client, repo, check, identity, write => spacer.spaced(write)))) return false
    // Its completion and comment come later, from the GitHub reporter: their requests are held for them.
    budget.reserved += WRITES_PER_CLAIM
    return true
  }
  const own = { ...identity, claim: undefined }
  if (!(await claimed(check.run, own))) return undefined
  const copies: { checkRunId: number; identity: CheckIdentity }[] = []
  for (const copy of check.copies) {
    const theirs = { ...copy.identity, claim: undefined }
    if (await claimed(copy.run, theirs)) copies.push({ checkRunId: copy.run.id, identity: theirs })
  }
  return {
    ...facts.deployment,
    verdict: asked.verdict,
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

/** Asks the service about `runId` once, to tell a wrong key (its refusal, thrown) from a rotated one; nothing else it says is used. */
async function confirmKey(run: CollectRun, runId: string): Promise<void> {
  try {
    await askVerdict(serviceFor(run), runId, clock.now(), asking(run), clock.now() + ASK_MS)
  } catch (error) {
    if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403))
      throw error
  }
}

/** The service's client of one ask, within ASK_MS. */
function serviceFor(run: CollectRun, deadline = clock.now() + ASK_MS): ServiceApi {
  return serviceOf({ ...run, log: run.output.log }, run.hooks.signal, deadline)
}

function asking(run: CollectRun): Asking {
  return { settings: run.settings, signal: run.hooks.signal, value: text => run.output.value(text) }
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

/** A check that could not be collected: the budget and a stop end the pass, the rest by collectFailure's rule. */
function failed(run: CollectRun, collection: Collection, error: unknown, what: string): void {
  if (error instanceof BudgetSpent || run.hooks.signal?.aborted) throw error
  const comes = collectFailure(error, what)
  if ('stop' in comes) throw comes.stop
  if ('warning' in comes) return warn(run, collection, comes.warning)
  const problem = run.output.text(comes.problem)
  collection.facts.problems.push(problem)
  run.output.log.warning(problem, 'Not collected')
}

function warn(run: CollectRun, collection: Collection, text: string): void {
  const warning = run.output.text(text)
  collection.facts.warnings.push(warning)
  run.output.log.warning(warning, 'Not collected')
}

/** Pure: a check run named with where it is: the pull requests whose head the commit is, else the commit. */
function where(head: Pick<Head, 'sha' | 'pulls'>, check: Pick<CheckRun, 'name'>): string {
  const on =
    head.pulls.length > 0
      ? `pull request ${head.pulls.map(n => `#${n}`).join(', ')}`
      : `commit ${head.sha.slice(0, 12)}`
  return `Check run ${quote(check.name ?? '')} on ${on}`
}

/** Whether a request asks for a collect, before its options are read: the command, or the action's input. */
export function asksToCollect(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>
): boolean {
  const given = values.collect
  return (
    command === 'collect' ||
    given === true ||
    (typeof given === 'string' && given.trim().toLowerCase() === 'true')
  )
}

export function emptyCollect(): CollectFacts {
  return { pending: 0, problems: [], warnings: [], requests: 0 }
}
