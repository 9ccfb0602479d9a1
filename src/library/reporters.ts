import {
  type DeployEvent,
  type DeployResult,
  type Reporter,
  type StepFacts,
  type VerdictStatus,
  type Frozen
} from '../core/index.js'

/** What a call resolves with is made of: the step's facts, as the library returns them (the CLI's --json prints the same). */
export class LibraryResult implements Reporter {
  readonly name = 'result'
  facts?: Frozen<StepFacts>

  finish(facts: Frozen<StepFacts>): void {
    this.facts = facts
  }
}

/** The caller's `onStatus`, told each answer of the service while waiting. */
export class StatusCallback implements Reporter {
  readonly name = 'onStatus'

  constructor(private readonly onStatus: (status: VerdictStatus) => void) {}

  onEvent(event: DeployEvent): void {
    if (event.type === 'status') this.onStatus(event.status)
  }

  finish(): void {}
}

export type { DeployResult }
