/**
 * The run's verdict as a JUnit report, in the one shape every reader takes:
 * GitLab's, CircleCI's, Bitrise's and Jenkins' readers, and the Ant/Jenkins
 * JUnit schemas (an attribute-less <testsuites>; each suite with package, id,
 * name, a zone-less UTC timestamp, hostname, counts and time; properties,
 * cases, system-out and system-err in that order; a message repeated as text,
 * as GitLab shows only text).
 *
 * It renders the deploy's one judgement (conclusion.ts) and decides nothing
 * itself: the verdict's case fails exactly when the step fails, so the report
 * and the step never disagree. The names are the same from one pipeline to
 * the next (GitLab keys a test's history, and a merge request's comparison
 * with its target branch, on suite, class and case name): no run id, no
 * pull request, no time in them; the run and its link are properties and
 * system-out.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Bug, Outcome } from '../model.js'
import type { Cause, Judgement } from './judgement.js'
import { OUTPUT_NAMES, outputValuesOf, type OutputValues } from './outputs.js'
import type { StepFacts } from './facts.js'
import { clock } from '../shared/clock.js'
import { showInvisible } from '../shared/text.js'

/** What a report is made of: the outputs, the judgement, and when it ran. */
export interface JUnitInput {
  outputs: OutputValues
  /** The deploy's one judgement, its message ready to leave the process. */
  judgement: Judgement
  /** The suite's name; the deployment's name by default (`mobile-build-deploy` when none is known). */
  name?: string | undefined
  /** When the deploy began, and how long it took. */
  started: Date
  seconds: number
  hostname?: string | undefined
}

const PACKAGE = 'mobile-build-deploy'

/** The verdict's case, and the class of each bug's. */
export const VERDICT_CASE = 'Verdict'
const BUG_CLASS = `${PACKAGE}.bugs`

/**
 * Characters XML 1.0 cannot hold: controls other than tab and line breaks,
 * U+FFFE and U+FFFF, and a surrogate that is not half of a pair. A pair (an
 * emoji) is a character XML holds, and is kept.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * A value for a text node: never markup; an invisible character shown as an
 * escape, as in every outward text; a character XML refuses becomes U+FFFD;
 * a carriage return survives the parser's line-end rule.
 */
export function xmlText(value: string): string {
  return showInvisible(value)
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
}

/** A value for an attribute: as a text node, and with tabs and line breaks as references, which a parser would turn into spaces. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;')
}

interface TestCase {
  name: string
  classname: string
  /** failure (type, message, details), skipped (message), or passed. */
  failure?: { type: string; message: string; details: string }
  skipped?: string
}

/** The failure's type by the judgement's cause. */
const FAILURE_TYPES: Record<Cause, string> = {
  'deploy-failed': 'DeployFailed',
  usage: 'BadUsage',
  'run-failed': 'BlockingBugs',
  'timed-out': 'WaitTimedOut',
  canceled: 'RunCanceled',
  success: 'Failed'
}

/** Pure: the JUnit XML of a deploy's judgement and outputs, as one suite. */
export function junitXml(input: JUnitInput): string {
  return junitDocument([input])
}

/** Pure: the JUnit XML of several suites, one per deployment, in the order given. */
export function junitDocument(inputs: readonly JUnitInput[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    ...inputs.flatMap((input, id) => suiteLines(input, id)),
    '</testsuites>',
    ''
  ].join('\n')
}

const attributes = (pairs: [string, string | number][]): string =>
  pairs.map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`).join('')

function suiteLines(input: JUnitInput, id: number): string[] {
  const { outputs, judgement } = input
  const cases: TestCase[] = [
    verdictCase(outputs, judgement),
    ...bugCases(outputs.bugs ?? [], judgement)
  ]
  const failures = cases.filter(c => c.failure).length
  const skipped = cases.filter(c => c.skipped !== undefined).length
  const suite = attributes([
    ['package', PACKAGE],
    ['id', id],
    ['name', input.name?.trim() || onlyName(outputs) || PACKAGE],
    ['timestamp', input.started.toISOString().slice(0, 19)],
    ['hostname', input.hostname?.trim() || 'localhost'],
    ['tests', cases.length],
    ['failures', failures],
    ['errors', 0],
    ['skipped', skipped],
    ['time', seconds(input.seconds)]
  ])
  const properties: [string, string][] = [
    ...OUTPUT_NAMES.filter(name => name !== 'bugs' && outputs[name] !== undefined).map(
      (name): [string, string] => [name, String(outputs[name])]
    ),
    ['conclusion', judgement.conclusion],
    ['cause', judgement.cause]
  ]
  return [
    `  <testsuite${suite}>`,
    '    <properties>',
    ...properties.map(
      ([name, value]) =>
        `      <property${attributes([
          ['name', name],
          ['value', value]
        ])}/>`
    ),
    '    </properties>',
    ...cases.map(testCase => caseXml(testCase)),
    `    <system-out>${xmlText(systemOut(outputs, judgement))}</system-out>`,
    '    <system-err/>',
    '  </testsuite>'
  ]
}

/** Why a suite names no run, by the deploy's outcome. */
const NO_RUN_WORDS: Record<Outcome, string> = {
  success: 'none was to be created',
  failed: 'the service created none',
  aborted: 'the deploy stopped before one',
  skipped: 'not notified'
}

/** What a person reads under the suite: the run, its link, and the judgement's words. */
function systemOut(outputs: OutputValues, judgement: Judgement): string {
  // A state is never a verdict: without one, the words say what the step did, neutrally.
  const run = outputs.runId
    ? `Run ${outputs.runId}: ${outputs.verdict ? `verdict ${outputs.verdict}` : 'no verdict yet'}.`
    : `No run${outputs.outcome ? ` (${NO_RUN_WORDS[outputs.outcome]})` : ''}.`
  return [run, outputs.runUrl, judgement.message].filter(Boolean).join('\n')
}

function verdictCase(outputs: OutputValues, judgement: Judgement): TestCase {
  const testCase = { name: VERDICT_CASE, classname: PACKAGE }
  const { message } = judgement
  if (judgement.conclusion === 'failure') {
    // Without the judgement's words (a deployment's entry of a result), the verdict when there is one.
    const said =
      message ??
      (outputs.verdict && outputs.runId
        ? `Run ${outputs.runId}: verdict ${outputs.verdict}.`
        : `The deploy failed (${judgement.cause}).`)
    const link = outputs.runUrl && !said.includes(outputs.runUrl) ? `\n${outputs.runUrl}` : ''
    return {
      ...testCase,
      failure: { type: FAILURE_TYPES[judgement.cause], message: said, details: `${said}${link}` }
    }
  }
  if (outputs.verdict === 'passed' && judgement.conclusion === 'success') return testCase
  return {
    ...testCase,
    skipped:
      message ??
      (outputs.verdict
        ? `Run ${outputs.runId ?? ''}: ${outputs.verdict}.`
        : 'The verdict was not waited for.')
  }
}

/** A case per reproduced bug: a blocking bug fails only when the judgement fails; the others pass, named. */
function bugCases(bugs: Bug[], judgement: Judgement): TestCase[] {
  return bugs.map(bug => {
    const title = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
    const facts = `priority ${bug.priority}${bug.new ? ', new' : ''}${bug.url ? `, ${bug.url}` : ''}`
    const testCase = { name: title, classname: BUG_CLASS }
    if (!bug.blocking) return testCase
    if (judgement.conclusion !== 'failure')
      return {
        ...testCase,
        skipped: `Blocking bug ${title} (${facts}); the run's verdict lets the pipeline go on all the same.`
      }
    return {
      ...testCase,
      failure: {
        type: 'BlockingBug',
        message: `Blocking bug ${title} (${facts})`,
        details: `Blocking bug ${title}: ${facts}`
      }
    }
  })
}

function caseXml(testCase: TestCase): string {
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

/** The name of the one deployment the outputs are of, when they name one. */
function onlyName(outputs: OutputValues): string | undefined {
  return outputs.deployments?.length === 1 ? outputs.deployments[0]!.name.trim() : undefined
}

function seconds(value: number): string {
  return Math.max(0, Number.isFinite(value) ? value : 0).toFixed(3)
}

/**
 * Pure: the JUnit XML of a step: a suite per deployment, named after it (the
 * same name from one pipeline to the next for the same build and
 * environment), each rendering its own judgement.
 */
export function junitOfStep(facts: Frozen<StepFacts>, now = facts.endedAt ?? clock.now()): string {
  return junitDocument(
    facts.deployments.map(deployment => {
      const started = deployment.startedAt ?? now
      return {
        outputs: outputValuesOf(deployment),
        judgement: deployment.judgement ?? facts.judgement,
        name: deployment.name,
        started: new Date(started),
        seconds: (now - started) / 1000
      }
    })
  )
}
