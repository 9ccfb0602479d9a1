/**
 * The JUnit report of a step's verdicts, to the file its option names:
 * checked for writing before the first request, and written whatever the
 * step came to; a file that cannot be written then is a warning.
 */
import type { Frozen } from '../shared/frozen.js'
import { ensureWritable, writeOutputFile } from '../shared/files.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { StepFacts } from './facts.js'
import { junitOfStep } from './junit.js'
import type { Reporter } from './reporter.js'

/** The JUnit report of the step's verdicts, a suite per deployment. */
export function junitFile(path: string): Reporter {
  return {
    name: `JUnit report ${quote(path)}`,
    prepare: () => ensureWritable(path, ref('junitReport')),
    finish: (facts: Frozen<StepFacts>) =>
      writeOutputFile(path, junitOfStep(facts), ref('junitReport'))
  }
}
