import type { Bug } from '../service/answers.js'
import type { VerdictName } from '../verdict/poll.js'
import type { Judgement } from './conclusion.js'
import { outputValuesOf, type OutputValues } from './outputs.js'
import type { Report } from './report.js'

/**
 * The run's verdict as a JUnit report, in the one shape every reader takes:
 * GitLab's, CircleCI's, Bitrise's and Jenkins' readers, and the strict JUnit
 * schema (an attribute-less <testsuites>; each suite with package, id, name,
 * a zone-less UTC timestamp, hostname, counts and time; properties, cases,
 * system-out and system-err in that order; a message repeated as text, as
 * GitLab shows only text). One case for the verdict, failing unless the run
 * passed, so the report and the step agree; one case per reproduced bug.
 */

/** What a report is made of: the outputs, why the deploy is not a plain success, and when it ran. */
export interface JUnitInput {
  outputs: OutputValues
  /** The judgement's message, when there is one. */
  reason?: string | undefined
  /** The suite's name; by default the run's. */
  name?: string | undefined
  /** When the deploy began, and how long it took. */
  started: Date
  seconds: number
  hostname?: string | undefined
}

const PACKAGE = 'mobile-build-deploy'

/** Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/F): left out of every value. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g

/** A value for an attribute or a text node: never markup, never a character XML refuses. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

interface TestCase {
  name: string
  classname: string
  /** failure (type, message, details), skipped (message), or passed with a line for system-out. */
  failure?: { type: string; message: string; details: string }
  skipped?: string
}

/** Pure: the JUnit XML of a deploy's verdict. */
export function junitXml(input: JUnitInput): string {
  const { outputs } = input
  const runId = outputs.runId ?? 'no run'
  const cases: TestCase[] = [
    verdictCase(outputs, input.reason, runId),
    ...bugCases(outputs.bugs ?? [])
  ]
  const failures = cases.filter(c => c.failure).length
  const skipped = cases.filter(c => c.skipped !== undefined).length
  const properties = (
    [
      ['runId', outputs.runId],
      ['runUrl', outputs.runUrl],
      ['verdict', outputs.verdict],
      ['outcome', outputs.outcome],
      ['blockingBugsCount', outputs.blockingBugsCount],
      ['nonBlockingBugsCount', outputs.nonBlockingBugsCount]
    ] as [string, string | number | undefined][]
  ).filter((p): p is [string, string | number] => p[1] !== undefined)
  const attributes = (pairs: [string, string | number][]): string =>
    pairs.map(([name, value]) => ` ${name}="${xmlText(String(value))}"`).join('')
  const suite = attributes([
    ['package', PACKAGE],
    ['id', 0],
    ['name', input.name ?? `Run ${runId}`],
    ['timestamp', input.started.toISOString().slice(0, 19)],
    ['hostname', input.hostname || 'localhost'],
    ['tests', cases.length],
    ['failures', failures],
    ['errors', 0],
    ['skipped', skipped],
    ['time', seconds(input.seconds)]
  ])
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite${suite}>`,
    properties.length
      ? [
          '    <properties>',
          ...properties.map(
            ([name, value]) =>
              `      <property${attributes([
                ['name', name],
                ['value', value]
              ])}/>`
          ),
          '    </properties>'
        ].join('\n')
      : '    <properties/>',
    ...cases.map(testCase => caseXml(testCase, attributes)),
    `    <system-out>${xmlText(input.reason ?? (outputs.verdict ? `Run ${runId}: ${outputs.verdict}` : ''))}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    ''
  ]
  return lines.join('\n')
}

const VERDICT_TYPES: Record<Exclude<VerdictName, 'passed'>, string> = {
  failed: 'BlockingBugs',
  canceled: 'RunCanceled',
  'timed-out': 'WaitTimedOut'
}

function verdictCase(outputs: OutputValues, reason: string | undefined, runId: string): TestCase {
  const name = `Verdict of run ${runId}`
  const classname = PACKAGE
  const verdict = outputs.verdict
  const link = outputs.runUrl ? ` ${outputs.runUrl}` : ''
  if (verdict === 'passed') return { name, classname }
  if (verdict) {
    const message = reason ?? `Run ${runId}: ${verdict}.`
    return {
      name,
      classname,
      failure: { type: VERDICT_TYPES[verdict], message, details: `${message}${link}` }
    }
  }
  if (reason && outputs.outcome !== 'success' && outputs.outcome !== 'skipped')
    return { name, classname, failure: { type: 'DeployFailed', message: reason, details: reason } }
  return { name, classname, skipped: reason ?? 'The verdict was not waited for.' }
}

function bugCases(bugs: Bug[]): TestCase[] {
  return bugs.map(bug => {
    const title = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
    const facts = `priority ${bug.priority}${bug.new ? ', new' : ''}${bug.url ? `, ${bug.url}` : ''}`
    const testCase = { name: title, classname: `${PACKAGE}.bugs` }
    return bug.blocking
      ? {
          ...testCase,
          failure: {
            type: 'BlockingBug',
            message: `Blocking bug ${title} (${facts})`,
            details: `Blocking bug ${title}: ${facts}`
          }
        }
      : testCase
  })
}

function caseXml(
  testCase: TestCase,
  attributes: (pairs: [string, string | number][]) => string
): string {
  const head = `    <testcase${attributes([
    ['name', testCase.name],
    ['classname', testCase.classname],
    ['time', '0']
  ])}`
  if (testCase.failure) {
    const { type, message, details } = testCase.failure
    return `${head}>\n      <failure${attributes([
      ['message', message],
      ['type', type]
    ])}>${xmlText(details)}</failure>\n    </testcase>`
  }
  if (testCase.skipped !== undefined)
    return `${head}>\n      <skipped${attributes([['message', testCase.skipped]])}>${xmlText(testCase.skipped)}</skipped>\n    </testcase>`
  // A passed case, or a bug that does not block: named, and nothing more (the strict schema has no output on a case).
  return `${head}/>`
}

function seconds(value: number): string {
  return Math.max(0, value).toFixed(3)
}

/** Pure: the JUnit XML of what a deploy learned, with the judgement's words. */
export function junitOfReport(report: Report, judgement: Judgement, now = Date.now()): string {
  const started = report.startedAt ?? now
  return junitXml({
    outputs: outputValuesOf(report),
    reason: judgement.message,
    started: new Date(started),
    seconds: (now - started) / 1000
  })
}
