import { appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'
import { summaryMarkdown, type Reporter, type StepFacts, type Frozen } from '../core/index.js'

/**
 * The step's job summary: the step's facts in markdown, appended to the file
 * GITHUB_STEP_SUMMARY names now; outside a runner there is nothing to write
 * to.
 */
export class JobSummary implements Reporter {
  readonly name = 'job summary'

  constructor(private readonly path: string | undefined) {}

  async finish(facts: Frozen<StepFacts>): Promise<void> {
    if (!this.path) return
    await appendFile(this.path, `${summaryMarkdown(facts)}${EOL}`)
  }
}
