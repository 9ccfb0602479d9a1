/**
 * The one registry of the reports an option asks for, whichever front end
 * runs the step: the JUnit report and the summary file by their paths, the
 * result webhook and the Slack message by their URLs. Each is built with the step's context
 * (reporter.ts); the GitHub reporter, which takes a reporting plan rather
 * than one option, is the orchestrator's (deploy/github.ts).
 */
import { resolve } from 'node:path'
import type { OptionKey, OptionValue } from '../shared/option-table.js'
import { junitFile } from './junit-file.js'
import type { ReportContext, Reporter, ReportTarget } from './reporter.js'
import { testAttestation } from './attestation.js'
import { summaryFile } from './summary-file.js'
import { slackWebhook } from './slack.js'
import { resultWebhook } from './webhook.js'

/** Pure: a target of the registry, its value's type tied to its option's. */
function target<K extends OptionKey>(
  option: K,
  build: (value: OptionValue<K>, context: ReportContext) => Reporter
): ReportTarget {
  return { option, build } as unknown as ReportTarget
}

/** Every report an option can ask for. */
export const REPORT_TARGETS: readonly ReportTarget[] = [
  target('junitReport', (path, context) => junitFile(resolve(context.workingDirectory, path))),
  target('summaryFile', (path, context) => summaryFile(resolve(context.workingDirectory, path))),
  target('resultWebhook', (url, context) => resultWebhook(url, context)),
  target('slackWebhook', (url, context) => slackWebhook(url, context)),
  target('testAttestation', (folder, context) =>
    testAttestation(resolve(context.workingDirectory, folder), context)
  )
]

/** The reports the options given ask for, each built with the step's context. */
export function optionReporters(
  values: Partial<Record<OptionKey, unknown>>,
  context: ReportContext
): Reporter[] {
  return REPORT_TARGETS.flatMap(({ option, build }) =>
    values[option] === undefined ? [] : [build(values[option] as never, context)]
  )
}
