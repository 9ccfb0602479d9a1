import type { DeployEvent } from './events.js'
import type { Deployment, StepFacts } from './facts.js'

/**
 * A surface a step's facts are shown on: the job summary, the check run and
 * the comment, JUnit, `--json`, the hand-over files, the library's result, a
 * summary file. The orchestrator hands every reporter it was given the same
 * facts and writes no format itself; each reporter renders them its own way.
 * A reporter's failure is told as a warning and never changes the step,
 * unless it is `required`: then the step fails with its problem, and the
 * reporters after it show that.
 */
export interface Reporter {
  /** What it writes, for a warning when it cannot ("the JUnit report"). */
  readonly name: string
  /** The step fails when it cannot write (the outputs a later step reads, a hand-over file); such reporters finish first. */
  readonly required?: boolean
  /**
   * Checked once the options are read and the builds found, before the
   * first request: a surface that could not be written (a file's folder, a
   * symbolic link) is refused then, as bad usage, and nothing is sent.
   */
  prepare?(): void | Promise<void>
  /**
   * Told each event of a deployment as it happens, with every deployment of
   * the step as it stands; quick and synchronous: a reporter that writes
   * elsewhere does so beside the deploy.
   */
  onEvent?(event: DeployEvent, deployments: readonly Deployment[], index: number): void
  /** The step is judged: writes what it shows. */
  finish(facts: StepFacts): void | Promise<void>
}
