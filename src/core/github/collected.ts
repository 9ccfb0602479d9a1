/**
 * The GitHub reporter of a collect: what a waiting step would have shown,
 * by the same composition (report/check-run.ts, report/comment.ts). Each
 * deployment the collect claimed has its check run completed with its
 * verdict; then each step that changed has its comment written once, on an
 * open pull request whose head is the commit, every row from a check whose
 * run the service answered for: the one just completed, or, for the step's
 * other deployments, the newest check of ours of that very run whose sealed
 * facts hold. Writes are spaced, within the collect's budget; a write GitHub
 * refuses is a warning, GitHub out of reach a problem that fails the collect
 * (the next one tries again), the token refused the collect's end.
 */
import { checkFields } from '../report/check-run.js'
import { commentBody } from '../report/comment.js'
import type { Collected, Deployment, StepFacts } from '../report/facts.js'
import { withTrustedLinks, type LinkOrigins } from '../report/links.js'
import { rowKey } from '../report/pending.js'
import type { Reporter } from '../report/reporter.js'
import type { Seal } from '../report/seal.js'
import { clock } from '../shared/clock.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import { BudgetSpent, type Budget } from './budget.js'
import type { GitHubClient, Repo } from './client.js'
import { OurComment } from '../host/our-comment.js'
import { githubComments, WORKFLOW_TOKEN_LOGIN } from './comment.js'
import { collectFailure } from './errors.js'
import { rowsOfRuns } from './pending-checks.js'
import { scrubbed } from './scrub.js'
import type { Spacer } from './spacer.js'

/** What the collect's GitHub reporter writes with. */
export interface CollectedPlan {
  client: GitHubClient
  /** The collect's budget: what it held back for these writes is theirs now. */
  budget: Budget
  repo: Repo
  seal: Seal
  spacer: Spacer
  secrets: Secrets
  origins: LinkOrigins
  /** The collecting workflow run's page, linked from the comments it writes. */
  workflowRunUrl?: string | undefined
  log: Pick<Log, 'info' | 'warning' | 'notice'>
  signal?: AbortSignal | undefined
}

export class CollectedChecks implements Reporter {
  readonly name = 'GitHub check runs of the collect'
  /** A verdict that could not be put on its check run fails the collect: the next one tries again. */
  readonly required = true
  private readonly problems: string[] = []
  private login?: Promise<string>

  constructor(private readonly plan: CollectedPlan) {}

  async finish(facts: StepFacts): Promise<void> {
    const completed: Deployment[] = []
    this.plan.budget.reserved = 0
    try {
      for (const deployment of facts.deployments) {
        if (this.plan.signal?.aborted) break
        const collected = deployment.collected
        if (
          collected &&
          (await this.attempt(deployment, () => this.complete(deployment, collected)))
        )
          completed.push(deployment)
      }
      for (const step of bySteps(completed)) await this.attempt(step[0]!, () => this.comment(step))
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error
      this.plan.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
    }
    const waiting = facts.collect?.pending ?? 0
    this.plan.log.info(
      `Collected: ${completed.length} check run(s) completed, ${waiting} still waiting for their run, ${this.plan.client.requestCount()} request(s) to GitHub's API.`
    )
    if (this.problems.length > 0) throw new Error(this.problems.join(' '))
  }

  /** One deployment's check run completed with its verdict, as a waiting step completes it. */
  private async complete(deployment: Deployment, collected: Collected): Promise<void> {
    const { client, repo, spacer, origins, seal } = this.plan
    const checks = [
      { checkRunId: collected.checkRunId, identity: collected.identity },
      ...(collected.copies ?? [])
    ]
    let conclusion: unknown
    for (const { checkRunId, identity } of checks) {
      const fields = checkFields(
        deployment,
        {
          workflowRunUrl: collected.workflowRunUrl,
          step: { rows: collected.rows, runs: collected.runs },
          origins,
          seal
        },
        { completed: true, identity }
      )
      conclusion = fields.conclusion
      const stamped = { ...fields, completed_at: new Date(clock.now()).toISOString() }
      await spacer.spaced(() =>
        client.updateCheck(repo, checkRunId, scrubbed(this.plan.secrets, stamped))
      )
    }
    const copies =
      checks.length === 1
        ? ''
        : ` and ${checks.length === 2 ? 'a copy' : `${checks.length - 1} copies`} of it`
    this.plan.log.info(
      `${where(deployment)}: run ${deployment.verdict?.runId ?? deployment.runId} ended, the check run${copies} ${checks.length === 1 ? 'is' : 'are'} completed as ${String(conclusion)}.`
    )
  }

  /**
   * The comment of one step, as the step would show it now: each of its
   * deployments by the run the step created for it. Only on an open pull
   * request whose head is this commit: a deployment's own word for its pull
   * request is never enough to write on one. A deployment of the step no
   * check of its run shows any longer leaves the comment as it is.
   */
  private async comment(step: readonly Deployment[]): Promise<void> {
    const { collected, git } = step[0]!
    const number = git?.pullRequestNumber
    if (!collected || number === undefined || !collected.pulls.includes(number)) return
    const { client, repo, seal, spacer } = this.plan
    const wanted = collected.rows.map((key, i) => {
      const runId = collected.runs[i] === '-' ? undefined : collected.runs[i]
      return { key, runId, here: step.find(d => rowKey(d.name) === key && d.runId === runId) }
    })
    const missing = wanted.filter(row => !row.here)
    const read =
      missing.length > 0 ? await rowsOfRuns(client, repo, collected.sha, missing, seal) : []
    const rows: Deployment[] = []
    for (const row of wanted) {
      const found = row.here ?? read[missing.indexOf(row)]?.deployment
      if (!found) return
      rows.push(withTrustedLinks(found, this.plan.origins))
    }
    const body = this.plan.secrets.redactValue(commentBody(rows, this.plan.workflowRunUrl))
    const ours = new OurComment(
      async () => githubComments(client, repo),
      number,
      await this.identity()
    )
    await ours.write(
      body,
      rows.map(row => row.name),
      new AbortController().signal,
      write => spacer.spaced(write)
    )
  }

  /** Runs one write; what a failure comes to by the collect's rule. True when it was written. */
  private async attempt(deployment: Deployment, write: () => Promise<void>): Promise<boolean> {
    try {
      await write()
      return true
    } catch (error) {
      if (error instanceof BudgetSpent || this.plan.signal?.aborted) throw error
      const comes = collectFailure(error, where(deployment))
      if ('stop' in comes) throw comes.stop
      if ('warning' in comes)
        this.plan.log.warning(this.plan.secrets.redact(comes.warning), 'Not collected')
      else this.problems.push(this.plan.secrets.redact(comes.problem))
      return false
    }
  }

  /** Whose comments are ours: the token's identity, asked once for every pull request of the collect. */
  private identity(): Promise<string> {
    this.login ??= this.plan.client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN)
    return this.login
  }
}

/** Pure: a collected deployment named with where it is: the pull requests whose head its commit is, else the commit. */
function where({ name, collected }: Deployment): string {
  const pulls = collected?.pulls ?? []
  const on =
    pulls.length > 0
      ? `pull request ${pulls.map(n => `#${n}`).join(', ')}`
      : `commit ${collected?.sha.slice(0, 12) ?? ''}`
  return `Check run ${quote(name)} on ${on}`
}

/** Pure: completed deployments grouped by the step they belong to (its workflow run, pull request and rows). */
function bySteps(deployments: readonly Deployment[]): Deployment[][] {
  const steps = new Map<string, Deployment[]>()
  for (const deployment of deployments) {
    const { collected, git } = deployment
    const key = JSON.stringify([
      collected?.identity.workflowRunId,
      collected?.sha,
      git?.pullRequestNumber,
      collected?.rows
    ])
    steps.set(key, [...(steps.get(key) ?? []), deployment])
  }
  return [...steps.values()]
}
