import { describe, expect, it } from '@jest/globals'
import { junitXml, xmlText } from '../../src/core/deploy/junit.js'
import type { Bug } from '../../src/core/service/answers.js'
import { junitCases, junitProblems } from '../helpers/junit.js'

const started = new Date('2026-11-23T10:00:00.123Z')
const bug = (name: string, blocking: boolean, number?: number): Bug => ({
  name,
  number,
  priority: blocking ? 'urgent' : 'low',
  blocking,
  new: true,
  url: `https://app.example.com/bugs/${number ?? 0}`
})

describe('the JUnit report', () => {
  it('is valid for every verdict and for a deploy that failed, with a case for the verdict and one per bug', async () => {
    const situations = [
      {
        outputs: {
          outcome: 'success' as const,
          runId: 'run_1',
          verdict: 'passed' as const,
          bugs: [bug('Typo', false, 2)]
        }
      },
      {
        outputs: {
          outcome: 'success' as const,
          runId: 'run_1',
          verdict: 'failed' as const,
          runUrl: 'https://app.example.com/runs/run_1',
          bugs: [bug('Crash', true, 1), bug('Typo', false, 2)]
        },
        reason: 'Run run_1 failed with 1 blocking bug(s).'
      },
      {
        outputs: { outcome: 'success' as const, runId: 'run_1', verdict: 'canceled' as const },
        reason: 'canceled'
      },
      {
        outputs: { outcome: 'success' as const, runId: 'run_1', verdict: 'timed-out' as const },
        reason: 'The wait timed out.'
      },
      { outputs: { outcome: 'aborted' as const }, reason: 'POST … answered 401 Unauthorized' },
      { outputs: { outcome: 'success' as const, runId: 'run_1' } }
    ]
    const types: (string | undefined)[] = []
    for (const situation of situations) {
      const xml = junitXml({ ...situation, started, seconds: 12.5 })
      expect(await junitProblems(xml)).toEqual([])
      types.push(
        junitCases(xml)[0]!.failure ?? (junitCases(xml)[0]!.skipped ? 'skipped' : 'passed')
      )
    }
    expect(types).toEqual([
      'passed',
      'BlockingBugs',
      'RunCanceled',
      'WaitTimedOut',
      'DeployFailed',
      'skipped'
    ])
  })

  it('fails a case per blocking bug, with its priority, number and link, and names a non-blocking bug as passed', () => {
    const xml = junitXml({
      outputs: {
        runId: 'run_1',
        verdict: 'failed',
        bugs: [bug('Crash', true, 1), bug('Typo', false, 2)]
      },
      started,
      seconds: 1
    })
    expect(junitCases(xml)).toEqual([
      { name: 'Verdict of run run_1', failure: 'BlockingBugs' },
      { name: '#1 Crash', failure: 'BlockingBug' },
      { name: '#2 Typo' }
    ])
    expect(xml).toContain(
      'Blocking bug #1 Crash: priority urgent, new, https://app.example.com/bugs/1</failure>'
    )
    expect(xml).toMatch(
      /<testsuite package="mobile-build-deploy" id="0" name="Run run_1" timestamp="2026-11-23T10:00:00" hostname="localhost" tests="3" failures="2" errors="0" skipped="0" time="1.000">/
    )
  })

  it('keeps a hostile bug name as text: no markup, no character XML refuses', async () => {
    const name = '</failure><testcase name="x"/><!-- \u0000\u001b[31m & "\'> ]]>'
    const xml = junitXml({
      outputs: { runId: 'run_1', verdict: 'failed', bugs: [bug(name, true, 1)] },
      started,
      seconds: 0
    })
    expect(await junitProblems(xml)).toEqual([])
    expect(junitCases(xml)).toHaveLength(2)
    expect(xmlText('\u0000a\u001bb&')).toBe('ab&amp;')
  })
})
