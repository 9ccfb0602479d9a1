import { randomBytes } from 'node:crypto'
import { Collect } from '../deploy/collect.js'
import type { Deployment } from '../report/facts.js'
import { checkConclusion, checkOutput, commentBody, isPending } from '../report/github.js'
import { buildKey, externalId, parseExternalId } from '../report/identity.js'
import { readFactsLine, type PendingFacts } from '../report/pending.js'
import { stageWords } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { messageOf } from '../shared/errors.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import type { DeployHooks } from '../deploy/session.js'
import { deploymentOutputs, type DeploymentOutputs } from '../report/outputs.js'
import { InputError } from '../shared/errors.js'
import type { OptionKey } from '../shared/option-table.js'
import type { CheckRun, GitHubClient, Repo } from './client.js'
import { loadClient } from './load.js'
import { apiUrlOf, githubRepoOf, workflowRunUrlOf } from './plan.js'
import { OurComment, WORKFLOW_TOKEN_LOGIN } from './comment.js'
import { scrubbed } from './scrub.js'

/**
 * The newest commits of the default branch a collect looks at: a deploy on
 * push checks its own commit, and between two collects a busy branch gets a
 * few merges; ten covers them at one request, where a deployment older than
 * that is superseded by a newer one anyway.
 */
export const DEFAULT_BRANCH_COMMITS = 10
/** The open pull requests a collect looks at, the most recently updated first. */
const MAX_PULLS = 100
/** GitHub asks for at least a second between two writes (its secondary rate limits): writes are spaced so. */
export const WRITE_SPACING_MS = 1000
/** Requests kept back from the token's hourly limit: the deploys of the same hour need them more. */
const RATE_RESERVE = 50
/** The app whose check runs a collect completes: the workflow token's (GITHUB_TOKEN is an installation token of `github-actions`). */
export const OUR_APP = 'github-actions'

/** What a collect came to, for its front end to show: what it completed, what it left, what stopped it. */
export interface CollectOutcome extends CollectReport {
  /** What stopped the collect before or while it looked: an option that cannot be used (`usage`), GitHub or the service. */
  problem?: { message: string; usage: boolean } | undefined
  /** Requests sent to GitHub's API. */
  requests: number
}

/**
 * A collect, for every front end: its options checked by the one table
 * before any request (the key, the base URL, the token, the repository:
 * GITHUB_REPOSITORY in a workflow), then {@link collectPending}. Never
 * throws: what stopped it is the outcome's `problem`, redacted.
 */
export async function runCollect(
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks
): Promise<CollectOutcome> {
  const env = hooks.env ?? {}
  const empty: CollectOutcome = { completed: [], pending: 0, problems: [], requests: 0 }
  const collect = Collect.start(values, hooks)
  if ('problem' in collect) return { ...empty, problem: { message: collect.problem, usage: true } }
  const { settings } = collect
  let repo: Repo | undefined
  try {
    repo = githubRepoOf(settings, env)
    if (!settings.githubToken)
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
  } catch (error) {
    return { ...empty, problem: { message: collect.problemOf(error), usage: true } }
  }
  const client = await loadClient(settings.githubToken, apiUrlOf(env), {
    signal: hooks.signal ?? new AbortController().signal,
    deadline: () => undefined
  })
  try {
    const report = await collectPending(
      {
        repo,
        maxRequests: settings.values.collectMaxRequests ?? 300,
        workflowRunUrl: workflowRunUrlOf(env),
        secrets: collect.output.secrets
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
  /** What could not be collected this time. */
  problems: string[]
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
    requests: outcome.requests
  }
}

/** What a collect is asked to do. */
export interface CollectPlan {
  repo: Repo
  /** Requests to GitHub's API at most (collect-max-requests). */
  maxRequests: number
  /** The collecting workflow run's page, linked from the comment it edits. */
  workflowRunUrl?: string | undefined
  secrets: Secrets
}

/** What a collect did: each deployment it completed, how many it left pending, and why it stopped early. */
export interface CollectReport {
  completed: Deployment[]
  pending: number
  /** Why the collect stopped before it looked everywhere (the request budget, the rate limit). */
  stopped?: string | undefined
  /** What could not be done: a check whose run could not be asked for, a write GitHub refused. */
  problems: string[]
}

/** One of our check runs in progress, with the facts it carries. */
interface Pending {
  run: CheckRun
  facts: PendingFacts
  runId: string
}

/** Ran out of requests: the rest waits for the next collect. */
class Budget extends Error {}

/**
 * One collect: finds this repository's check runs of deployments reported
 * later (on open pull requests' heads and the default branch's newest
 * commits), asks the service once for each run's verdict, and completes each
 * ended one as the waiting step would have: the same judgement, check
 * output and comment. A check run is ours only when our app wrote it, its
 * `external_id` is ours with a run id, and its summary carries the facts of
 * a deployment of the same name. An unended run is left as it is; nothing is
 * written that did not change; a completed check run is never written again.
 */
export async function collectPending(
  plan: CollectPlan,
  collect: Collect,
  client: GitHubClient,
  signal?: AbortSignal
): Promise<CollectReport> {
  const report: CollectReport = { completed: [], pending: 0, problems: [] }
  const log = collect.output.log
  const budget = (): void => {
    const used = client.requestCount()
    if (used >= plan.maxRequests)
      throw new Budget(
        `It sent the ${plan.maxRequests} requests collect-max-requests allows; the rest is collected next time.`
      )
    const rate = client.rateLimit()
    if (rate && rate.remaining <= Math.min(RATE_RESERVE, rate.limit / 10))
      throw new Budget(
        `The token has ${rate.remaining} of its ${rate.limit} requests an hour left to GitHub's API, kept for the deploys; the rest is collected next time.`
      )
  }
  // Whose comments are ours: the token's identity, asked once for every pull request of the collect.
  let login: Promise<string> | undefined
  const identity = (): Promise<string> => {
    budget()
    login ??= client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN)
    return login
  }
  let lastWrite = -Infinity
  /** Waits until the next write may go, a write spacing after the last one. */
  const nextSlot = async (): Promise<void> => {
    budget()
    const wait = lastWrite + WRITE_SPACING_MS - clock.now()
    if (wait > 0) await clock.sleep(wait, signal)
  }
  const spaced = async <T>(write: () => Promise<T>): Promise<T> => {
    await nextSlot()
    lastWrite = clock.now()
    return write()
  }
  try {
    budget()
    const pulls = await client.openPulls(plan.repo, MAX_PULLS)
    budget()
    const commits = await client.defaultBranchCommits(plan.repo, DEFAULT_BRANCH_COMMITS)
    const heads = [...new Set([...pulls.map(pull => pull.headSha), ...commits])]
    for (const sha of heads) {
      if (signal?.aborted) break
      budget()
      const runs = await client.listCheckRuns(plan.repo, sha)
      const ours = runs.map(pendingOf).filter((p): p is Pending => p !== undefined)
      const waiting = ours.filter(p => p.run.status !== 'completed')
      if (waiting.length === 0) continue
      // Where each deployment now stands: its facts, with a verdict once its run ended.
      const now = new Map<string, { deployment: Deployment; stage?: string }>()
      const changed: Pending[] = []
      for (const pending of waiting) {
        const since = Date.parse(pending.run.startedAt ?? '') || clock.now()
        let verdict
        try {
          verdict = await collect.verdictOf(pending.runId, since)
        } catch (error) {
          report.problems.push(
            `The verdict of run ${pending.runId} (${quote(pending.run.name ?? '')}) could not be asked for: ${messageOf(error)}`
          )
          continue
        }
        if ('pending' in verdict) {
          report.pending++
          now.set(pending.run.name!, {
            deployment: pending.facts.deployment,
            stage: stageWords(verdict.pending)
          })
          continue
        }
        const deployment = collect.judged(pending.facts.deployment, verdict.verdict)
        now.set(pending.run.name!, { deployment })
        if (await complete(pending, deployment)) {
          report.completed.push(deployment)
          changed.push(pending)
        }
      }
      for (const pending of uniqueSteps(changed))
        await comment(
          pending,
          ours,
          now,
          new Set(pulls.filter(p => p.headSha === sha).map(p => p.number))
        )
    }
  } catch (error) {
    if (!(error instanceof Budget)) throw error
    report.stopped = error.message
    log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
  }
  return report

  /**
   * Completes a check run with its verdict, unless a collect beside this one
   * does. GitHub has no conditional write, so a collect claims the check
   * run first (its own token in `external_id`), reads it back a write
   * spacing later, and completes it only if the claim is still its own and
   * the check still in progress: of two collects at once, the later claim wins, and one that
   * claims after the other's look finds the check completed.
   */
  async function complete(pending: Pending, deployment: Deployment): Promise<boolean> {
    // Listed in progress a moment ago: the claim goes at once, and the read after it tells the rest.
    const checkId = parseExternalId(pending.run.externalId)!
    const claim = randomBytes(6).toString('hex')
    await spaced(() =>
      client.updateCheck(plan.repo, pending.run.id, {
        external_id: externalId({ ...checkId, claim })
      })
    )
    // The claim stands a write spacing before it is read back: a collect beside this one has claimed by then.
    await nextSlot()
    budget()
    const claimed = await client.getCheck(plan.repo, pending.run.id)
    if (claimed.status === 'completed' || parseExternalId(claimed.externalId)?.claim !== claim)
      return false
    const fields = scrubbed(plan.secrets, {
      status: 'completed',
      conclusion: checkConclusion(deployment),
      completed_at: new Date(clock.now()).toISOString(),
      external_id: externalId({
        runId: deployment.verdict?.runId ?? pending.runId,
        workflowRunId: checkId.workflowRunId,
        build: checkId.build || buildKey(deployment)
      }),
      ...(deployment.verdict?.runUrl ? { details_url: deployment.verdict.runUrl } : {}),
      output: checkOutput(deployment, undefined, pending.facts.workflowRunUrl, pending.facts.names)
    })
    lastWrite = clock.now()
    await client.updateCheck(plan.repo, pending.run.id, fields)
    collect.output.log.info(
      `${pending.run.name}: run ${deployment.verdict?.runId ?? pending.runId} ended, the check run is completed as ${String(fields.conclusion)}.`
    )
    return true
  }

  /**
   * The comment of the step a completed deployment belongs to, as the step
   * would show it now: each of its deployments as its newest check run of
   * ours says, the one just completed with its verdict. Only on an open pull
   * request whose head is this commit: a deployment's own word for its pull
   * request is never enough to write on one.
   */
  async function comment(
    pending: Pending,
    ours: Pending[],
    now: Map<string, { deployment: Deployment; stage?: string }>,
    openHere: Set<number>
  ): Promise<void> {
    const number = pending.facts.deployment.git?.pullRequestNumber
    if (number === undefined || !openHere.has(number)) return
    const { names } = pending.facts
    const shown = names.map(name => {
      const current = now.get(name)
      if (current) return current
      // The newest of the name first: GitHub lists a commit's check runs newest first.
      const latest = ours.find(p => p.run.name === name)
      return latest ? { deployment: latest.facts.deployment } : undefined
    })
    if (shown.some(entry => entry === undefined)) return
    const entries = shown as { deployment: Deployment; stage?: string }[]
    const body = plan.secrets.redactValue(
      commentBody(
        entries.map(entry => entry.deployment),
        entries.map(entry => entry.stage),
        plan.workflowRunUrl
      )
    )
    const ourComment = new OurComment(async () => client, plan.repo, number, await identity())
    const controller = new AbortController()
    try {
      budget()
      await ourComment.write(body, names, controller.signal, write => spaced(write))
    } catch (error) {
      if (error instanceof Budget) throw error
      report.problems.push(
        `The comment on pull request #${number} could not be written: ${messageOf(error)}`
      )
    }
  }
}

/** A check run of ours still to collect, or undefined: another app's, another product's, or one that carries no facts. */
function pendingOf(run: CheckRun): Pending | undefined {
  if (run.app !== OUR_APP) return undefined
  const identity = parseExternalId(run.externalId)
  if (!identity?.runId) return undefined
  const facts = readFactsLine(run.summary)
  if (!facts || facts.deployment.name !== run.name || !facts.deployment.reportLater)
    return undefined
  if (run.status !== 'completed' && !isPending(facts.deployment)) return undefined
  return { run, facts, runId: identity.runId }
}

/** One completed deployment per step: a step's comment is written once for all of them. */
function uniqueSteps(changed: Pending[]): Pending[] {
  const seen = new Set<string>()
  return changed.filter(pending => {
    const key = JSON.stringify([
      pending.facts.deployment.git?.pullRequestNumber,
      pending.facts.names
    ])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
