import type { Mode } from '../options/resolve.js'
import type { VerdictStatus } from '../model.js'

/**
 * What the deploy tells its front end as it learns it, so that each output is
 * set the moment it is known (before a later failure), and a check run can
 * follow the run's stages. The report that comes with each event holds
 * everything learned so far.
 */
export type DeployEvent =
  /** Options checked, build found, destination chosen: the requests begin. */
  | { type: 'planned'; mode: Mode }
  /** The build is in the store. */
  | { type: 'uploaded' }
  /** The service answered the notification (a run, or why none). */
  | { type: 'notified' }
  /** The wait for a run's verdict begins: its id is known. */
  | { type: 'waiting'; runId: string }
  /** The service's answer while waiting. */
  | { type: 'status'; status: VerdictStatus }
  /** The wait ended: a verdict, or the timeout. */
  | { type: 'verdict' }
  /** A preview environment was ended. */
  | { type: 'terminated' }
