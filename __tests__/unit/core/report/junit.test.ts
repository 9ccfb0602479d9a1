import { beforeAll, describe, expect, it } from '@jest/globals'
import { conclude, type Judgement } from '../../../../src/core/report/judgement.js'
import { junitOfStep, junitXml, xmlText } from '../../../../src/core/report/junit.js'
import type { Deployment } from '../../../../src/core/report/facts.js'
import type { Bug } from '../../../../src/core/model.js'
import type { Verdict, VerdictName } from '../../../../src/core/model.js'
import { junitCases, junitKeys, junitProblemsOfEach, junitSuite } from '../../../helpers/junit.js'

const started = new Date('2026-11-23T10:00:00.123Z')

/** The JUnit report of a step of this one deployment, judged so. */
function junitOfReport(report: Deployment, judgement: Judgement, now?: number): string {
  return junitOfStep({ deployments: [{ ...report, judgement }], judgement, warnings: [] }, now)
}
const bug = (name: string, blocking: boolean, number?: number): Bug => ({
  name,
  number,
  priority: blocking ? 'urgent' : 'low',
  blocking,
  new: true,
  url: `https://app.example.com/bugs/${number ?? 0}`
})

/** A report of a deploy that created `runId` and, when given, waited for its verdict. */
function waited(runId: string, verdict?: VerdictName, bugs: Bug[] = []): Deployment {
  const report: Deployment = {
    name: 'Mobile tests',
    startedAt: started.getTime(),
    outcome: 'success',
    runId,
    failOnNoRun: true,
    warnings: [],
    playgroundFileLocation: 'myapp-staging.apk'
  }
  if (verdict) {
    const answer: Verdict = {
      verdict,
      greenlight: verdict === 'passed',
      runId,
      runUrl: `https://app.example.com/runs/${runId}`,
      bugs,
      blockingBugs: bugs.filter(b => b.blocking),
      timeoutMs: 60_000,
      answered: true
    }
    report.verdict = answer
  }
  return report
}

const noRun = (failOnNoRun: boolean): Deployment => ({
  name: 'Mobile tests',
  startedAt: started.getTime(),
  outcome: 'failed',
  failOnNoRun,
  warnings: [],
  noRun: { cause: 'no-trigger', reason: 'no trigger matched', advice: 'Enable mobile triggers.' }
})

/** Every situation a step can end in, and the judgement the step ends with. */
const SITUATIONS: [string, Deployment][] = [
  ['passed', waited('run_1', 'passed', [bug('Typo', false, 2)])],
  ['blocking bugs', waited('run_1', 'failed', [bug('Crash', true, 1), bug('Typo', false, 2)])],
  ['no run, fail-on-no-run true', noRun(true)],
  ['no run, fail-on-no-run false', noRun(false)],
  ['timed out', waited('run_1', 'timed-out')],
  ['canceled', waited('run_1', 'canceled')],
  [
    'aborted (a request failed)',
    {
      name: 'Mobile tests',
      startedAt: started.getTime(),
      outcome: 'aborted',
      failOnNoRun: true,
      warnings: [],
      failure: {
        message: 'GET … answered 401 Unauthorized',
        usage: false,
        aborted: false,
        interrupted: false
      }
    }
  ],
  [
    'bad usage',
    {
      name: 'Mobile tests',
      startedAt: started.getTime(),
      outcome: 'aborted',
      failOnNoRun: true,
      warnings: [],
      failure: { message: 'Flag --file is empty.', usage: true, aborted: false, interrupted: false }
    }
  ],
  ['not waited for', waited('run_1')]
]

describe('the JUnit report renders the one judgement', () => {
  it('is valid against every schema in every situation', async () => {
    const xmls = SITUATIONS.map(([, report]) =>
      junitOfReport(report, conclude(report), started.getTime() + 1500)
    )
    expect(await junitProblemsOfEach(xmls)).toEqual(xmls.map(() => []))
  })

  it.each(SITUATIONS)('%s: failing exactly when the step fails', async (_title, report) => {
    const judgement = conclude(report)
    const xml = junitOfReport(report, judgement, started.getTime() + 1500)
    const suite = junitSuite(xml)
    expect(suite.failures > 0).toBe(judgement.conclusion === 'failure')
    expect(suite.failures).toBe(junitCases(xml).filter(c => c.failure).length)
    const [verdict] = junitCases(xml)
    expect(verdict!.name).toBe('Verdict')
    expect(verdict!.failure !== undefined).toBe(judgement.conclusion === 'failure')
    if (judgement.message) expect(xml).toContain(xmlText(judgement.message))
  })

  it('gives the failure the type of its cause', () => {
    const types = SITUATIONS.map(([, report]) => {
      const [verdict] = junitCases(junitOfReport(report, conclude(report)))
      return verdict!.failure ?? (verdict!.skipped ? 'skipped' : 'passed')
    })
    expect(types).toEqual([
      'passed',
      'BlockingBugs',
      'DeployFailed',
      'skipped',
      'WaitTimedOut',
      'RunCanceled',
      'DeployFailed',
      'BadUsage',
      'skipped'
    ])
  })

  it('never fails a blocking bug while the judgement passes', () => {
    const report = waited('run_1', 'passed', [bug('Known crash', true, 7)])
    const xml = junitOfReport(report, conclude(report))
    expect(junitSuite(xml).failures).toBe(0)
    expect(junitCases(xml)).toEqual([
      { name: 'Verdict' },
      { name: '#7 Known crash', skipped: true }
    ])
  })

  it('fails a case per blocking bug with its priority, number and link when the run failed', () => {
    const report = waited('run_1', 'failed', [bug('Crash', true, 1), bug('Typo', false, 2)])
    const xml = junitOfReport(report, conclude(report))
    expect(junitCases(xml)).toEqual([
      { name: 'Verdict', failure: 'BlockingBugs' },
      { name: '#1 Crash', failure: 'BlockingBug' },
      { name: '#2 Typo' }
    ])
    expect(xml).toContain(
      'Blocking bug #1 Crash: priority urgent, new, https://app.example.com/bugs/1</failure>'
    )
  })
})

describe('the names of a report', () => {
  it('are the same from one pipeline to the next for the same build and bugs; the run goes in properties and system-out', () => {
    const bugs = [bug('Crash', true, 1), bug('Typo', false, 2)]
    const first = waited('run_1', 'failed', bugs)
    const second = { ...waited('run_2', 'failed', bugs), startedAt: started.getTime() + 86_400_000 }
    const [a, b] = [first, second].map(report => junitOfReport(report, conclude(report)))
    expect(junitKeys(a!)).toEqual(junitKeys(b!))
    expect(junitKeys(a!)).toEqual([
      'Mobile tests / mobile-build-deploy / Verdict',
      'Mobile tests / mobile-build-deploy.bugs / #1 Crash',
      'Mobile tests / mobile-build-deploy.bugs / #2 Typo'
    ])
    for (const [xml, runId] of [
      [a!, 'run_1'],
      [b!, 'run_2']
    ] as const) {
      expect(junitKeys(xml).join('\n')).not.toContain(runId)
      expect(xml).toContain(`<property name="runId" value="${runId}"/>`)
      expect(xml).toContain(
        `<property name="runUrl" value="https://app.example.com/runs/${runId}"/>`
      )
      expect(xml).toMatch(
        new RegExp(
          `<system-out>Run ${runId}: verdict failed\\.\\nhttps://app\\.example\\.com/runs/${runId}\\n`
        )
      )
    }
  })

  it('takes the suite name a caller gives', () => {
    const report = waited('run_1')
    const xml = junitXml({
      outputs: { runId: 'run_1' },
      judgement: conclude(report),
      name: 'Android staging',
      started,
      seconds: 1
    })
    expect(junitSuite(xml).name).toBe('Android staging')
  })
})

describe('the characters of a report', () => {
  const success: Judgement = { conclusion: 'failure', cause: 'run-failed', message: 'failed' }
  const withBug = (name: string) =>
    junitXml({
      outputs: { runId: 'run_1', verdict: 'failed', bugs: [bug(name, true, 1)] },
      judgement: success,
      started,
      seconds: 0
    })
  const emojiName = 'Crash 🚀 on é\u0085\u007f, \ud800lone \udc00 and \u0000\u001b[31m\ufffe end'
  const hostileName = '</failure><testcase name="x"/><!-- & "\'> ]]>\n\tsecond line\r'
  const emoji = withBug(emojiName)
  const hostile = withBug(hostileName)
  const invisible = junitXml({
    outputs: {
      runId: 'run_1',
      appId: 'com.example.app',
      appVersion: '1.0\u202e\u200b\ufe01',
      buildNumber: '7\u2066\u{e0041}',
      verdict: 'passed'
    },
    judgement: { conclusion: 'success', cause: 'success' },
    started,
    seconds: 0
  })
  // The three reports checked in one run of xmllint per schema.
  let problems: string[][] = []
  beforeAll(async () => {
    problems = await junitProblemsOfEach([emoji, hostile, invisible])
  })

  it('keeps every character XML holds, emoji included, and replaces the rest', () => {
    expect(problems[0]).toEqual([])
    expect(junitCases(emoji)[1]!.name).toBe(
      '#1 Crash 🚀 on é\u0085\u007f, \ufffdlone \ufffd and \ufffd\ufffd[31m\ufffd end'
    )
  })

  it('keeps a hostile bug name as text: no markup, and its line breaks and tabs exact', () => {
    expect(problems[1]).toEqual([])
    expect(junitCases(hostile)).toHaveLength(2)
    expect(junitCases(hostile)[1]!.name).toBe(`#1 ${hostileName}`)
    expect(xmlText('\u0000a\u001bb&')).toBe('\ufffda\ufffdb&amp;')
  })

  it('shows the invisible characters of a build’s values as escapes, as every outward text does', () => {
    expect(problems[2]).toEqual([])
    for (const hidden of ['\u202e', '\u200b', '\ufe01', '\u2066', '\u{e0041}'])
      expect(invisible).not.toContain(hidden)
    expect(invisible).toContain('value="1.0\\u202e\\u200b\\ufe01"')
    expect(invisible).toContain('value="7\\u2066\\u{e0041}"')
  })
})

describe('the schemas the reports are checked against', () => {
  it('each refuse a report their readers would refuse', async () => {
    const report = waited('run_1', 'passed')
    const xml = junitOfReport(report, conclude(report), started.getTime())
    const schemasOf = (problems: string[]) => new Set(problems.map(p => p.split(':')[0]))
    const [noHostname, badTime] = await junitProblemsOfEach([
      xml.replace(/ hostname="[^"]*"/, ''),
      xml.replace(/(<testsuite [^>]*) time="[^"]*"/, '$1 time="soon"')
    ])
    expect(schemasOf(noHostname!)).toEqual(new Set(['junit.xsd', 'windyroad-JUnit.xsd']))
    expect(schemasOf(badTime!)).toEqual(
      new Set(['junit.xsd', 'windyroad-JUnit.xsd', 'jenkins-xunit-junit-10.xsd'])
    )
  })
})
