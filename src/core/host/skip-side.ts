/**
 * What a skip needs of a code host: how a status of a deployment's name
 * already on the commit stands (anyone's: a skip never writes over one),
 * and a status written skipped. GitHub's side writes check runs
 * (github/skipped.ts), GitLab's commit statuses (gitlab/skipped.ts); the
 * one loop over a skip's deployments is deploy/skip.ts's.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Deployment } from '../report/facts.js'

export interface SkipSide {
  /** What it writes, in messages: `check run`, `commit status`, `build status`. */
  readonly what: 'check run' | 'commit status' | 'build status'
  /** The commit it writes on. */
  readonly sha: string
  /** How a status of this name on the commit stands, in a few of the host's words; undefined when there is none. */
  standing(name: string): Promise<string | undefined>
  /** The deployment's status, written skipped; throws what the host refused, in words that name the fix. */
  writeSkipped(deployment: Frozen<Deployment>): Promise<void>
}
