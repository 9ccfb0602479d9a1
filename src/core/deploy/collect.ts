/**
 * The collect, for every front end: the verdicts of deployments reported
 * later put on their check runs and comments by a scheduled job. Its options
 * are checked by the one table before any request; its requests to GitHub
 * are held to a budget before each one (every page and retry included) and
 * to a reserve of the token's hourly rate limit; what it came to says
 * whether collecting worked, never whether a pull request's run passed.
 */
import { loadClient } from '../github/load.js'
import { apiUrlOf, githubRepoOf, workflowRunUrlOf } from '../github/plan.js'
import type { GitHubClient, Repo } from '../github/client.js'
import { deploymentOutputs, type DeploymentOutputs } from '../report/outputs.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import type { OptionKey } from '../shared/option-table.js'
import { Collect } from './collect-service.js'
import { BudgetSpent, collectPending, type CollectReport } from './collect-pass.js'
import type { DeployHooks } from './session.js'

/** Requests kept back from the token's hourly limit: the deploys of the same hour need them more. */
const RATE_RESERVE = 50

/** What a collect came to, for its front end to show: what it completed, what it left, what stopped it. */
export interface CollectOutcome extends CollectReport {
  /** What stopped the collect before or while it looked: an option that cannot be used (`usage`), GitHub or the service. */
  problem?: { message: string; usage: boolean } | undefined
  /** Requests sent to GitHub's API. */
  requests: number
}

/**
 * A collect: its options checked by the one table before any request (the
 * key, the base URL, the token, the repository: GITHUB_REPOSITORY in a
 * workflow), then one pass over the pending check runs. Never throws: what
 * stopped it is the outcome's `problem`, redacted.
 */
export async function runCollect(
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks
): Promise<CollectOutcome> {
  const env = hooks.env ?? {}
  const empty: CollectOutcome = {
    completed: [],
    pending: 0,
    problems: [],
    warnings: [],
    requests: 0
  }
  const collect = Collect.start(values, hooks)
  if ('problem' in collect) return { ...empty, problem: { message: collect.problem, usage: true } }
  const { settings } = collect
  const target = whereToCollect(collect, env)
  if ('problem' in target) return { ...empty, problem: { message: target.problem, usage: true } }
  const { repo, token } = target
  const maxRequests = settings.values.collectMaxRequests ?? 300
  const client: GitHubClient = await loadClient(token, apiUrlOf(env), {
    signal: hooks.signal ?? new AbortController().signal,
    deadline: () => undefined,
    // Before every request, each page and retry included: a head with thousands of check runs cannot take the budget past its end.
    beforeRequest: () => withinBudget(client, maxRequests)
  })
  try {
    const report = await collectPending(
      {
        repo,
        workflowRunUrl: workflowRunUrlOf(env),
        secrets: collect.output.secrets,
        // A different pull request first in each collect: none waits behind others a budget never gets past.
        turn: Number(env.GITHUB_RUN_ID) || Math.floor(clock.now() / 60_000)
      },
      collect,
      client,
      hooks.signal
    )
    collect.output.log.info(
      `Collected: ${report.completed.length} check run(s) completed, ${report.pending} still waiting for their run, ${client.requestCount()} request(s) to GitHub's API.`
    )
    return {
      ...report,
      problems: report.problems.map(problem => collect.output.text(problem)),
      warnings: report.warnings.map(warning => collect.output.text(warning)),
      requests: client.requestCount()
    }
  } catch (error) {
    return {
      ...empty,
      requests: client.requestCount(),
      problem: {
        message: `Collecting stopped: ${collect.problemOf(error)} Nothing else was written; the next collect tries again.`,
        usage: false
      }
    }
  }
}

/** The repository and the token a collect works with, checked before any request: GITHUB_REPOSITORY in a workflow. */
function whereToCollect(
  collect: Collect,
  env: Record<string, string | undefined>
): { repo: Repo; token: string } | { problem: string } {
  try {
    const repo = githubRepoOf(collect.settings, env)
    const token = collect.settings.values.githubToken
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
  } catch (error) {
    return { problem: collect.problemOf(error) }
  }
}

/** Throws BudgetSpent when the next request would pass the budget or eat into the rate-limit reserve. */
function withinBudget(client: GitHubClient, maxRequests: number): void {
  if (client.requestCount() >= maxRequests)
    throw new BudgetSpent(
      `It sent the ${maxRequests} requests collect-max-requests allows; the rest is collected next time.`
    )
  const rate = client.rateLimit()
  if (rate && rate.remaining <= Math.min(RATE_RESERVE, rate.limit / 10))
    throw new BudgetSpent(
      `The token has ${rate.remaining} of its ${rate.limit} requests an hour left to GitHub's API, kept for the deploys; the rest is collected next time.`
    )
}

/**
 * What a collect came to as the CLI's `--json` and the library's result say
 * it: whether collecting worked (never whether a pull request's run passed),
 * each deployment it completed by its outputs, what it left.
 */
export interface CollectResult {
  conclusion: 'success' | 'failure'
  /** `usage` for an option that cannot be used; `deploy-failed` when GitHub or the service could not be used. */
  cause: 'success' | 'usage' | 'deploy-failed'
  reason?: string | undefined
  /** Each deployment whose check run it completed: its name, run, verdict and what that comes to. */
  completed: DeploymentOutputs[]
  /** Check runs left in progress: their runs go on. */
  pending: number
  /** Why it stopped before it looked everywhere (the request budget, the rate limit); the next collect goes on. */
  stopped?: string | undefined
  /** What could not be collected this time because GitHub or the service could not be used: the collect fails. */
  problems: string[]
  /** Check runs left alone for what they carry (facts of another shape, a completion GitHub refused): the collect goes on. */
  warnings: string[]
  /** Requests sent to GitHub's API. */
  requests: number
}

/** Pure: a collect's outcome as its result. */
export function collectResultOf(outcome: CollectOutcome): CollectResult {
  const failed = outcome.problem !== undefined || outcome.problems.length > 0
  const reason =
    outcome.problem?.message ??
    (outcome.problems.length > 0
      ? `${outcome.problems.length} verdict(s) could not be collected; they are collected again next time.`
      : undefined)
  return {
    conclusion: failed ? 'failure' : 'success',
    cause: outcome.problem?.usage ? 'usage' : failed ? 'deploy-failed' : 'success',
    ...(reason ? { reason } : {}),
    completed: outcome.completed.map(deploymentOutputs),
    pending: outcome.pending,
    ...(outcome.stopped ? { stopped: outcome.stopped } : {}),
    problems: outcome.problems,
    warnings: outcome.warnings,
    requests: outcome.requests
  }
}
