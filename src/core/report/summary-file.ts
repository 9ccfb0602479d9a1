import type { Frozen } from '../shared/frozen.js'
import { ensureWritable, writeOutputFile } from '../shared/files.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { StepFacts } from './facts.js'
import type { Reporter } from './reporter.js'
import { summaryMarkdown } from './summary.js'

/** The step's summary in markdown, in the file `summaryFile` names: what the action writes as its job summary, for any CI. */
export function summaryFile(path: string): Reporter {
  return {
    name: `summary file ${quote(path)}`,
    prepare: () => ensureWritable(path, ref('summaryFile')),
    finish: (facts: Frozen<StepFacts>) =>
      writeOutputFile(path, summaryMarkdown(facts), ref('summaryFile'))
  }
}
