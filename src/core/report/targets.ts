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
import { attestationUsable, testAttestation } from './attestation.js'
import { ensureUsable } from '../shared/files.js'
import { ref } from '../shared/option-refs.js'
import { summaryFile } from './summary-file.js'
import { slackWebhook } from './slack.js'
import { resultWebhook } from './webhook.js'

/** Pure: a target of the registry, its value's type tied to its option's. */
function target<K extends OptionKey>(
  option: K,
  build: (value: OptionValue<K>, context: ReportContext) => Reporter,
  usable?: (path: string, shown: string) => Promise<void>
): ReportTarget {
  return { option, build, usable } as unknown as ReportTarget
}

/** Every report an option can ask for. */
export const REPORT_TARGETS: readonly ReportTarget[] = [
  target(
    'junitReport',
    (path, context) => junitFile(resolve(context.workingDirectory, path)),
    (path, shown) => ensureUsable(path, ref('junitReport'), 'file', shown)
  ),
  target(
    'summaryFile',
    (path, context) => summaryFile(resolve(context.workingDirectory, path)),
    (path, shown) => ensureUsable(path, ref('summaryFile'), 'file', shown)
  ),
  target('resultWebhook', (url, context) => resultWebhook(url, context)),
  target('slackWebhook', (url, context) => slackWebhook(url, context)),
  target(
    'testAttestation',
    (folder, context) => testAttestation(resolve(context.workingDirectory, folder), context),
    attestationUsable
  )
]

/**
 * Refuses, as bad usage, a path an option names that no report could be
 * written to (a folder for a file, a file for a folder), by looking only:
 * run once the options are read, before the first request of any kind, so
 * that a step refused for it has sent nothing and written no check run,
 * comment or report.
 */
export async function ensureReportPaths(
  values: Partial<Record<OptionKey, unknown>>,
  workingDirectory: string
): Promise<void> {
  for (const { option, usable } of REPORT_TARGETS) {
    const value = values[option]
    if (usable && typeof value === 'string') await usable(resolve(workingDirectory, value), value)
  }
}

/** The reports the options given ask for, each built with the step's context. */
export function optionReporters(
  values: Partial<Record<OptionKey, unknown>>,
  context: ReportContext
): Reporter[] {
  return REPORT_TARGETS.flatMap(({ option, build }) =>
    values[option] === undefined ? [] : [build(values[option] as never, context)]
  )
}
