/**
 * What a collect needs of a code host to find what deploys reported later
 * left for it: the places to look (GitHub: open pull requests' heads and the
 * default branch's newest commits; GitLab: open merge requests), what waits
 * at each (a deployment whose run the service is asked about once), and how
 * one is claimed once its run ended. The pass over them is one
 * (collect.ts); GitHub's side is collect-github.ts, GitLab's
 * collect-gitlab.ts.
 */
import { hostFailure } from '../host/api-errors.js'
import { WRITES_PER_CLAIM, type Budget } from '../host/budget.js'
import type { CollectFailure } from '../host/collected.js'
import type { PendingFacts } from '../report/pending.js'
import { clock } from '../shared/clock.js'
import type { Verdict } from '../model.js'
import type { Deployment } from '../report/facts.js'

/** A deployment a collect found waiting for its run's verdict. */
export interface Waiting {
  runId: string
  /** When its run was created (epoch ms): a run pending past the wait's timeout ends as timed out. */
  since: number
  /** The statuses it stands for (a check run and its copies): counted as pending while its run goes on. */
  count: number
  /** Names it in a warning: where it is, and its run. */
  what: string
  /** Its deployment with the verdict, once this collect has claimed it; undefined when another collect has. */
  collected(verdict: Verdict): Promise<Deployment | undefined>
}

/** What a collect found and cannot use, and why; `otherKey` a run to ask about when it was sealed under another key. */
export interface Refused {
  what: string
  problem: string
  otherKey?: string | undefined
}

export interface CollectSource<Place> {
  /** Requests sent to the host so far. */
  requestCount(): number
  /** Where to look, `turn` first among the change requests (none waits behind others a budget never gets past). */
  places(turn: number): Promise<readonly Place[]>
  /** What waits at a place, and what is refused there. */
  look(place: Place): Promise<{ waiting: Waiting[]; refused: Refused[] }>
  /** What a failed request comes to, by the collect's one rule. */
  failure(error: unknown, what: string): CollectFailure
}

/**
 * A deployment of a step a host keeps whole (a GitLab note, a Bitbucket
 * report) waiting for its run: once claimed, its step joins `steps` (the
 * first time one of its rows is), the writes it will need are reserved in
 * the budget (or it is left for the next collect), and it points at its
 * step and row for the host's collected reporter.
 */
export function waitingInStep<Step extends { step: readonly PendingFacts[] }>(
  held: { budget: Budget; client: { requestCount(): number }; steps: Step[] },
  step: Step,
  row: number,
  what: string
): Waiting {
  const { deployment } = step.step[row]!
  return {
    runId: deployment.runId!,
    since: deployment.startedAt ?? clock.now(),
    count: 1,
    what: `${what} (run ${deployment.runId})`,
    async collected(verdict) {
      held.budget.reserve(held.client, WRITES_PER_CLAIM)
      let at = held.steps.indexOf(step)
      if (at < 0) at = held.steps.push(step) - 1
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

/** A request of the pass itself: a refusal the host's rule stops on ends the collect. */
export async function stopping<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    const comes = hostFailure(error, 'The collect')
    throw 'stop' in comes ? comes.stop : error
  }
}
