/**
 * GitHub's side of a collect's reporter (host/collected.ts): what a waiting
 * step would have shown, by the same composition (report/check-run.ts,
 * report/comment.ts). Each deployment the collect claimed has its check run
 * (and its copies) completed with its verdict; each step's comment is
 * written on an open pull request whose head is the commit, every row from
 * a check whose run the service answered for: the one just completed, or,
 * for the step's other deployments, the newest check of ours of that very
 * run whose sealed facts hold. Writes are spaced.
 */
import type { Frozen } from '../shared/frozen.js'
import { checkFields } from '../report/check-run.js'
import { commentBody } from '../report/comment.js'
import type { Deployment } from '../report/facts.js'
import { withTrustedLinks, type LinkOrigins } from '../report/links.js'
import { rowKey } from '../report/pending.js'
import type { CollectedSide, CollectFailure } from '../host/collected.js'
import type { Seal } from '../report/seal.js'
import { clock } from '../shared/clock.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import type { Budget } from '../host/budget.js'
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

/** GitHub's side of a collect's reporter (host/collected.ts): the claimed check runs, the pull requests' comments. */
export class CollectedChecks implements CollectedSide {
  readonly name = 'GitHub check runs of the collect'
  readonly completes = 'check run(s)'
  readonly host = 'GitHub'
  readonly budget: Budget
  private login?: Promise<string>

  constructor(private readonly plan: CollectedPlan) {
    this.budget = plan.budget
  }

  requestCount(): number {
    return this.plan.client.requestCount()
  }

  owns(deployment: Frozen<Deployment>): boolean {
    return deployment.collected !== undefined
  }

  steps(completed: readonly Frozen<Deployment>[]): Frozen<Deployment>[][] {
    return bySteps(completed)
  }

  rewrite(step: readonly Frozen<Deployment>[]): Promise<void> {
    return this.comment(step)
  }

  failure(error: unknown, what: string): CollectFailure {
    return collectFailure(error, what)
  }

  where(deployment: Frozen<Deployment>): string {
    return where(deployment)
  }

  /** One deployment's check run completed with its verdict, as a waiting step completes it. */
  async complete(deployment: Frozen<Deployment>): Promise<void> {
    const collected = deployment.collected!
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
  private async comment(step: readonly Frozen<Deployment>[]): Promise<void> {
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
    const rows: Frozen<Deployment>[] = []
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

  /** Whose comments are ours: the token's identity, asked once for every pull request of the collect. */
  private identity(): Promise<string> {
    this.login ??= this.plan.client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN)
    return this.login
  }
}

/** Pure: a collected deployment named with where it is: the pull requests whose head its commit is, else the commit. */
function where({ name, collected }: Frozen<Deployment>): string {
  const pulls = collected?.pulls ?? []
  const on =
    pulls.length > 0
      ? `pull request ${pulls.map(n => `#${n}`).join(', ')}`
      : `commit ${collected?.sha.slice(0, 12) ?? ''}`
  return `Check run ${quote(name)} on ${on}`
}

/** Pure: completed deployments grouped by the step they belong to (its workflow run, pull request and rows). */
function bySteps(deployments: readonly Frozen<Deployment>[]): Frozen<Deployment>[][] {
  const steps = new Map<string, Frozen<Deployment>[]>()
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
