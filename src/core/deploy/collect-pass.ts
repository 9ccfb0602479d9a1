/**
 * One pass of a collect over the commits where deployments reported later
 * may be: each pending check run of ours is collected on its own (its run's
 * verdict asked once; an ended one completed as the waiting step would have,
 * with its step's comment), so that no check run (facts of another shape, a
 * completion GitHub refuses, a run the service no longer knows) can stop the
 * collect of the others.
 */
import type { GitHubClient, Repo } from '../github/client.js'
import { claimAndComplete } from '../github/claim.js'
import { OurComment, WORKFLOW_TOKEN_LOGIN } from '../github/comment.js'
import { ForeignAnswerError, GitHubError, GitHubRateLimitError } from '../github/errors.js'
import {
  headsToCollect,
  newestOfName,
  pendingChecks,
  type Head,
  type PendingCheck
} from '../github/pending-checks.js'
import { scrubbed } from '../github/scrub.js'
import type { Deployment } from '../report/facts.js'
import { checkConclusion, checkOutput, commentBody } from '../report/github.js'
import { buildKey, externalId } from '../report/identity.js'
import { stageWords } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { DeployError, HttpStatusError, messageOf } from '../shared/errors.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import type { Collect } from './collect-service.js'

/** GitHub asks for at least a second between two writes (its secondary rate limits): writes are spaced so. */
export const WRITE_SPACING_MS = 1000

/** What a collect is asked to do. */
export interface CollectPlan {
  repo: Repo
  /** The collecting workflow run's page, linked from the comment it edits. */
  workflowRunUrl?: string | undefined
  secrets: Secrets
  /** Where in the open pull requests this collect starts. */
  turn: number
}

/** What a collect did: each deployment it completed, how many it left pending, and why it stopped early. */
export interface CollectReport {
  completed: Deployment[]
  pending: number
  /** Why the collect stopped before it looked everywhere (the request budget, the rate limit). */
  stopped?: string | undefined
  /** What could not be collected because GitHub or the service could not be used: the collect as a whole failed. */
  problems: string[]
  /** Check runs left alone for what they carry, each named: the collect went on. */
  warnings: string[]
}

/** The budget or the rate-limit reserve is spent: the rest waits for the next collect. */
export class BudgetSpent extends Error {}

/** Where a deployment stands now: its facts, with a verdict once its run ended, or the stage it is in. */
interface Standing {
  deployment: Deployment
  /** This collect completed its check run (not one beside it). */
  completed?: boolean
}

/**
 * Finds this repository's check runs of deployments reported later (open
 * pull requests' heads, the default branch's newest commits), and collects
 * each. A check run is ours only when our app wrote it, its `external_id` is
 * ours with a run id, and its summary carries the facts of a deployment of
 * the same name. An unended run is left as it is; nothing is written that
 * did not change; a completed check run is never written again.
 */
export async function collectPending(
  plan: CollectPlan,
  collect: Collect,
  client: GitHubClient,
  signal?: AbortSignal
): Promise<CollectReport> {
  const pass = new Pass(plan, collect, client, signal)
  try {
    for (const head of await headsToCollect(client, plan.repo, plan.turn)) {
      if (signal?.aborted) break
      await pass.head(head)
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error
    pass.report.stopped = error.message
    collect.output.log.notice(
      `The collect stopped early: ${error.message}`,
      'Collect stopped early'
    )
  }
  return pass.report
}

/** One collect's pass: its report so far, its spaced writes, the token's identity asked once. */
class Pass {
  readonly report: CollectReport = { completed: [], pending: 0, problems: [], warnings: [] }
  private lastWrite = -Infinity
  private login?: Promise<string>

  constructor(
    private readonly plan: CollectPlan,
    private readonly collect: Collect,
    private readonly client: GitHubClient,
    private readonly signal: AbortSignal | undefined
  ) {}

  /** Every pending check run of one commit, each on its own; then the comment of each step that changed. */
  async head(head: Head): Promise<void> {
    const { pending, refused } = await pendingChecks(this.client, this.plan.repo, head.sha)
    for (const { run, problem } of refused)
      this.warn(`${where(head, run.name)} is not collected: ${problem}.`)
    const now = new Map<PendingCheck, Standing>()
    const changed: PendingCheck[] = []
    for (const check of pending) {
      if (this.signal?.aborted) return
      try {
        const standing = await this.check(check, head)
        now.set(check, standing)
        if (standing.completed) changed.push(check)
      } catch (error) {
        this.failed(error, `${where(head, check.run.name)} (run ${check.runId})`)
      }
    }
    for (const check of onePerStep(changed)) {
      try {
        await this.comment(check, head, now)
      } catch (error) {
        this.failed(error, `The comment of ${where(head, check.run.name)}`)
      }
    }
  }

  /** One check run: its run's verdict asked once; completed when the run ended. */
  private async check(check: PendingCheck, head: Head): Promise<Standing> {
    const { facts, run, runId, identity } = check
    const since = Date.parse(run.startedAt ?? '') || clock.now()
    const verdict = await this.collect.verdictOf(runId, since)
    if ('pending' in verdict) {
      this.report.pending++
      return { deployment: { ...facts.deployment, stage: stageWords(verdict.pending) } }
    }
    const deployment = this.collect.judged(facts.deployment, verdict.verdict)
    const fields = scrubbed(this.plan.secrets, {
      status: 'completed',
      conclusion: checkConclusion(deployment),
      completed_at: new Date(clock.now()).toISOString(),
      external_id: externalId({
        runId: deployment.verdict?.runId ?? runId,
        workflowRunId: identity.workflowRunId,
        build: identity.build || buildKey(deployment)
      }),
      ...(deployment.verdict?.runUrl ? { details_url: deployment.verdict.runUrl } : {}),
      output: checkOutput(deployment, facts.workflowRunUrl, facts.names)
    })
    const spaced = <T>(write: () => Promise<T>): Promise<T> => this.spaced(write)
    const completed = await claimAndComplete(
      this.client,
      this.plan.repo,
      run,
      identity,
      fields,
      spaced
    )
    if (completed) {
      this.report.completed.push(deployment)
      this.collect.output.log.info(
        `${where(head, run.name)}: run ${deployment.verdict?.runId ?? runId} ended, the check run is completed as ${String(fields.conclusion)}.`
      )
    }
    return { deployment, completed }
  }

  /**
   * The comment of the step a completed deployment belongs to, as the step
   * would show it now: each of its deployments as its newest check run of
   * ours says, the one just completed with its verdict. Only on an open pull
   * request whose head is this commit: a deployment's own word for its pull
   * request is never enough to write on one.
   */
  private async comment(
    check: PendingCheck,
    head: Head,
    now: Map<PendingCheck, Standing>
  ): Promise<void> {
    const number = check.facts.deployment.git?.pullRequestNumber
    if (number === undefined || !head.pulls.includes(number)) return
    const { names } = check.facts
    const step = [...now].filter(
      ([other]) => other.identity.workflowRunId === check.identity.workflowRunId
    )
    const shown: Standing[] = []
    for (const name of names) {
      const here = step.find(([other]) => other.run.name === name)?.[1]
      const newest = here ?? (await this.newest(head.sha, name))
      // A deployment of the step no check run shows any longer: its row cannot be told, nor the comment.
      if (!newest) return
      shown.push(newest)
    }
    const body = this.plan.secrets.redactValue(
      commentBody(
        shown.map(entry => entry.deployment),
        this.plan.workflowRunUrl
      )
    )
    const ours = new OurComment(
      async () => this.client,
      this.plan.repo,
      number,
      await this.identity()
    )
    await ours.write(body, names, new AbortController().signal, write => this.spaced(write))
  }

  private async newest(sha: string, name: string): Promise<Standing | undefined> {
    const facts = await newestOfName(this.client, this.plan.repo, sha, name)
    return facts && { deployment: facts.deployment }
  }

  /** Whose comments are ours: the token's identity, asked once for every pull request of the collect. */
  private identity(): Promise<string> {
    this.login ??= this.client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN)
    return this.login
  }

  /** A write, a write spacing after the last one. */
  private async spaced<T>(write: () => Promise<T>): Promise<T> {
    const wait = this.lastWrite + WRITE_SPACING_MS - clock.now()
    if (wait > 0) await clock.sleep(wait, this.signal)
    this.lastWrite = clock.now()
    return write()
  }

  /**
   * What a failed check comes to: the budget ends the pass; a refusal of
   * the token or the key ends the collect (every other check would meet it
   * too); GitHub or the service out of reach is a problem of this check,
   * which fails the collect; anything about the check itself (a completion
   * GitHub refused) is a warning, and the pass goes on.
   */
  private failed(error: unknown, what: string): void {
    if (error instanceof BudgetSpent || this.signal?.aborted) throw error
    const status =
      error instanceof GitHubError || error instanceof HttpStatusError ? error.status : 0
    if (error instanceof GitHubRateLimitError || error instanceof ForeignAnswerError)
      throw new DeployError(messageOf(error))
    if (error instanceof GitHubError && (status === 401 || status === 403))
      throw new DeployError(
        `GitHub refused the token (${status}: ${messageOf(error).replace(/\.$/, '')}): a collect writes check runs and comments. Give the collecting job permissions: checks: write and pull-requests: write (a workflow's GITHUB_TOKEN), or a token that may.`
      )
    if (status === 401 || status === 403) throw error
    const text = `${what} could not be collected: ${messageOf(error)}`
    if (error instanceof GitHubError && status >= 400 && status < 500)
      this.warn(`${text} It is left as it is.`)
    else this.report.problems.push(`${text} It is collected again next time.`)
  }

  private warn(text: string): void {
    this.report.warnings.push(text)
    this.collect.output.log.warning(text, 'Not collected')
  }
}

/** Pure: a check run named with where it is: the pull requests whose head the commit is, else the commit. */
function where(head: Head, name: string | undefined): string {
  const on =
    head.pulls.length > 0
      ? `pull request ${head.pulls.map(n => `#${n}`).join(', ')}`
      : `commit ${head.sha.slice(0, 12)}`
  return `Check run ${quote(name ?? '')} on ${on}`
}

/** One completed deployment per step: a step's comment is written once for all of them. */
function onePerStep(changed: PendingCheck[]): PendingCheck[] {
  const seen = new Set<string>()
  return changed.filter(check => {
    const key = JSON.stringify([
      check.identity.workflowRunId,
      check.facts.deployment.git?.pullRequestNumber,
      check.facts.names
    ])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
