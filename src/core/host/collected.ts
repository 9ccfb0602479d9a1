/**
 * The code host's reporter of a collect, the same on every host: what a
 * waiting step would have shown, by the same composition. Each deployment
 * the collect found ended has its status completed by the host's side
 * (GitHub's claimed check run and its copies: github/collected.ts; GitLab's
 * commit status in the deploy's pipeline: gitlab/collected.ts); then each
 * step that changed has its comment written again, once. Writes keep the
 * collect's budget (what it held back for them is released here); a write
 * the host refuses is a warning, the host out of reach a problem that fails
 * the collect (the next one tries again), the token refused the collect's
 * end, by the side's reading of the collect's one failure rule.
 */
import type { Frozen } from '../shared/frozen.js'
import { BudgetSpent, type Budget } from './budget.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'

/** What a failed request of a collect comes to (github/errors.ts's collectFailure, and GitLab's reading of it). */
export type CollectFailure = { stop: Error } | { problem: string } | { warning: string }

/** A code host's side of a collect's reporter. */
export interface CollectedSide {
  readonly name: string
  /** What it completes, counted in the closing line: `check run(s)`, `commit status(es)`. */
  readonly completes: string
  /** The host's name in the closing line. */
  readonly host: string
  readonly budget: Budget
  requestCount(): number
  /** Whether the collect found this deployment on this side. */
  owns(deployment: Frozen<Deployment>): boolean
  /** Completes the deployment's status with its verdict (and tells it in the log). */
  complete(deployment: Frozen<Deployment>): Promise<void>
  /** The completed deployments by the step whose comment shows them; each step's comment is written once. */
  steps(completed: readonly Frozen<Deployment>[]): Frozen<Deployment>[][]
  /** Writes one step's comment again (or leaves it, where the side cannot show every row). */
  rewrite(step: readonly Frozen<Deployment>[]): Promise<void>
  /** What a failed write comes to, `what` naming it. */
  failure(error: unknown, what: string): CollectFailure
  /** A deployment named with where it is, for a failure's words. */
  where(deployment: Frozen<Deployment>): string
}

/** Pure: collected deployments by the step a host keeps whole (a GitLab note, a Bitbucket report) that carried them. */
export function stepsOfKept(completed: readonly Frozen<Deployment>[]): Frozen<Deployment>[][] {
  const steps = new Map<number, Frozen<Deployment>[]>()
  for (const deployment of completed) {
    const at = deployment.collectedNote!.note
    steps.set(at, [...(steps.get(at) ?? []), deployment])
  }
  return [...steps.values()]
}

export class CollectedReporter implements Reporter {
  readonly name: string
  /** A verdict that could not be put on its status fails the collect: the next one tries again. */
  readonly required = true
  private readonly problems: string[] = []

  constructor(
    private readonly side: CollectedSide,
    private readonly context: {
      secrets: Secrets
      log: Pick<Log, 'info' | 'warning' | 'notice'>
      signal?: AbortSignal | undefined
    }
  ) {
    this.name = side.name
  }

  async finish(facts: Frozen<StepFacts>): Promise<void> {
    const { side } = this
    const completed: Frozen<Deployment>[] = []
    side.budget.reserved = 0
    try {
      for (const deployment of facts.deployments) {
        if (this.context.signal?.aborted) break
        if (!side.owns(deployment)) continue
        const what = side.where(deployment)
        if (await this.attempt(what, () => side.complete(deployment))) completed.push(deployment)
      }
      for (const step of side.steps(completed))
        await this.attempt(side.where(step[0]!), () => side.rewrite(step))
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error
      this.context.log.notice(
        `The collect stopped early: ${error.message}`,
        'Collect stopped early'
      )
    }
    const waiting = facts.collect?.pending ?? 0
    this.context.log.info(
      `Collected: ${completed.length} ${side.completes} completed, ${waiting} still waiting for their run, ${side.requestCount()} request(s) to ${side.host}'s API.`
    )
    if (this.problems.length > 0) throw new Error(this.problems.join(' '))
  }

  /** Runs one write; what a failure comes to by the collect's rule. True when it was written. */
  private async attempt(what: string, write: () => Promise<void>): Promise<boolean> {
    try {
      await write()
      return true
    } catch (error) {
      if (error instanceof BudgetSpent || this.context.signal?.aborted) throw error
      const comes = this.side.failure(error, what)
      if ('stop' in comes) throw comes.stop
      const { secrets, log } = this.context
      if ('warning' in comes) log.warning(secrets.redact(comes.warning), 'Not collected')
      else this.problems.push(secrets.redact(comes.problem))
      return false
    }
  }
}
