import { messageOf } from '../shared/errors.js'
import type { DeployEvent } from '../report/events.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import { judgeStep } from '../report/judgement.js'
import type { Reporter } from '../report/reporter.js'
import type { OutputFilter } from './output-filter.js'

/**
 * The reporters of one step, told the same facts: each event as it happens,
 * then the judged facts once. Every call goes through the output filter's
 * guard, so a reporter that throws is told once and never stops the deploy.
 * Required reporters finish first, one after another: the first that cannot
 * write is the step's problem, which the others then show.
 */
export class Reporting {
  private readonly reporters: Reporter[]

  constructor(
    private readonly output: OutputFilter,
    reporters: readonly Reporter[]
  ) {
    this.reporters = [...reporters]
  }

  add(reporters: readonly Reporter[]): void {
    this.reporters.push(...reporters)
  }

  /** Every reporter told an event of the deployment at `index`. */
  event(event: DeployEvent, deployments: readonly Deployment[], index: number): void {
    for (const reporter of this.reporters)
      this.output.guard(reporter.name, reporter.onEvent?.bind(reporter))(event, deployments, index)
  }

  /**
   * Every reporter checked, before the first request: one that could not
   * write is bad usage, thrown, and is dropped first, so that the step's end
   * never hands it the facts (a target refused for its address must never
   * be sent anything there).
   */
  async prepare(): Promise<void> {
    for (const reporter of [...this.reporters])
      try {
        await reporter.prepare?.()
      } catch (error) {
        this.reporters.splice(this.reporters.indexOf(reporter), 1)
        throw error
      }
  }

  /** The judged facts handed to every reporter: the required ones first, the rest beside each other. */
  async finish(facts: StepFacts): Promise<void> {
    for (const reporter of this.reporters.filter(r => r.required)) {
      try {
        await reporter.finish(facts)
      } catch (error) {
        const problem = this.output.text(
          `The ${reporter.name} could not be written: ${messageOf(error)}`
        )
        if (facts.problem === undefined) {
          facts.problem = problem
          facts.judgement = judgeStep(facts, problem)
        }
        // A failure that came first is the cause to show; this one is then a detail.
        if (facts.judgement.message !== problem) this.output.log.warning(problem)
      }
    }
    await Promise.all(
      this.reporters
        .filter(reporter => !reporter.required)
        .map(async reporter => {
          try {
            await reporter.finish(facts)
          } catch (error) {
            this.output.log.warning(
              this.output.text(`The ${reporter.name} could not be written: ${messageOf(error)}`)
            )
          }
        })
    )
  }
}
