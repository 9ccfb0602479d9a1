/**
 * What a collect needs of a code host to find what deploys reported later
 * left for it: the places to look (GitHub: open pull requests' heads and the
 * default branch's newest commits; GitLab: open merge requests), what waits
 * at each (a deployment whose run the service is asked about once), and how
 * one is claimed once its run ended. The pass over them is one
 * (collect.ts); GitHub's side is collect-github.ts, GitLab's
 * collect-gitlab.ts.
 */
import type { CollectFailure } from '../host/collected.js'
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
