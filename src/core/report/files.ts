/**
 * The reports a step writes to files its options name, whichever front end
 * runs it: the JUnit report of the verdicts, the summary in markdown. Each is checked for writing
 * before the first request, and written whatever the step came to; a file
 * that cannot be written then is a warning.
 */
import { resolve } from 'node:path'
import { ensureWritable, writeOutputFile } from '../shared/files.js'
import { ref, type OptionKey } from '../shared/option-refs.js'
import { clock } from '../shared/clock.js'
import { quote } from '../shared/text.js'
import type { Settings } from '../options/resolve.js'
import type { StepFacts } from './facts.js'
import { junitOfStep } from './junit.js'
import type { Reporter } from './reporter.js'
import { summaryFile } from './summary-file.js'

/** The JUnit report of the step's verdicts, a suite per deployment. */
export function junitFile(path: string): Reporter {
  return {
    name: `JUnit report ${quote(path)}`,
    prepare: () => ensureWritable(path, ref('junitReport')),
    finish: (facts: StepFacts) =>
      writeOutputFile(path, junitOfStep(facts, clock.now()), ref('junitReport'))
  }
}

/** Each file report by the option that names its path. */
const FILE_REPORTS: Partial<Record<OptionKey, (path: string) => Reporter>> = {
  junitReport: junitFile,
  summaryFile
}

/** The file reports the settings ask for, each path relative to the working directory. */
export function fileReporters(settings: Settings): Reporter[] {
  return (Object.entries(FILE_REPORTS) as [OptionKey, (path: string) => Reporter][]).flatMap(
    ([key, report]) => {
      const path = settings.values[key]
      return typeof path === 'string' ? [report(resolve(settings.workingDirectory, path))] : []
    }
  )
}
