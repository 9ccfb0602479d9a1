import {
  ensureWritable,
  handOver,
  outputsOf,
  sanitizeJson,
  stepResultOf,
  writeOutputFile,
  type HandOverFormat,
  type Log,
  type Reporter,
  type StepFacts,
  type Frozen
} from '../core/index.js'

/**
 * The outputs on stdout: one JSON object with --json (the library's result,
 * field for field, for every exit), else in the hand-over format; envman's
 * pairs are for a script to read, not a person, and go to the file only.
 */
export class StdoutOutputs implements Reporter {
  readonly name = 'standard output'

  constructor(
    private readonly write: (text: string) => void,
    private readonly json: boolean,
    private readonly format: HandOverFormat
  ) {}

  finish(facts: Frozen<StepFacts>): void {
    if (this.json) this.write(`${sanitizeJson(stepResultOf(facts), 2)}\n`)
    else if (this.format !== 'envman')
      this.write(handOver(outputsOf(facts.deployments), this.format).text)
  }
}

/**
 * The --output-env file, replaced, so that a later step never reads a value
 * of an earlier run; checked for writing before the first request. Required:
 * a later job that cannot read the outputs fails, and so does the step.
 */
export class HandOverFile implements Reporter {
  readonly name: string
  readonly required = true

  constructor(
    private readonly path: string,
    private readonly given: string,
    private readonly format: HandOverFormat,
    private readonly log: Pick<Log, 'warning'>
  ) {
    this.name = `--output-env file`
  }

  prepare(): Promise<void> {
    return ensureWritable(this.path, '--output-env', this.given)
  }

  async finish(facts: Frozen<StepFacts>): Promise<void> {
    const files = handOver(outputsOf(facts.deployments), this.format)
    for (const { name, why } of files.left)
      this.log.warning(
        `The ${name} output is left out of the ${this.format} hand-over: ${why}. --json carries it.`,
        'Output left out'
      )
    await writeOutputFile(this.path, files.text, '--output-env')
  }
}
