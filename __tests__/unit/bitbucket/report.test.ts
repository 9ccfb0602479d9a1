/**
 * A step as Bitbucket shows it, pure: SUCCESSFUL only beside a passed
 * verdict; a report's result by the one judgement (PENDING while a verdict
 * is to come, none without one); within Bitbucket's limits at 64
 * deployments and 1,500 bugs (10 data fields, 1,000 annotations, the
 * failed first, the rest counted; summaries of 1 to 450 characters); a URL
 * from outside never read as a template; facts of a step reported later
 * read back from its annotations, in order, sealed.
 */
import { describe, expect, it } from '@jest/globals'
import {
  literalUrl,
  MAX_ANNOTATIONS,
  reportId,
  reportResult,
  stateOf,
  statusKey,
  statusWrite,
  stepReport
} from '../../../src/core/bitbucket/report.js'
import type { Deployment } from '../../../src/core/report/facts.js'
import { readFactsLine } from '../../../src/core/report/pending.js'
import { sealOf } from '../../../src/core/report/seal.js'

const seal = sealOf('demo-api-key-0123456789')
const context = {
  origins: ['https://app.example.com'],
  pipelineUrl: 'https://bitbucket.org/acme/shop/pipelines/results/41',
  commitUrl: 'https://bitbucket.org/acme/shop/commits/' + 'c'.repeat(40),
  commit: 'c'.repeat(40)
}
const passed = { verdict: 'passed', greenlight: true, blockingBugs: [], bugs: [] }

function deployment(i: number, fields: Partial<Deployment> = {}): Deployment {
  return {
    name: `Mobile tests ${i}`,
    mode: 'deploy',
    outcome: 'success',
    runId: `run_${i}`,
    runUrl: `https://app.example.com/runs/run_${i}`,
    failOnNoRun: true,
    warnings: [],
    git: { branch: 'feature/login', sha: 'c'.repeat(40) },
    ...fields
  } as Deployment
}

function failed(i: number, bugs: number): Deployment {
  const list = Array.from({ length: bugs }, (_, b) => ({
    name: `Bug ${b} of ${i}`,
    priority: 'urgent' as const,
    blocking: true,
    new: true,
    url: `https://app.example.com/runs/run_${i}/bugs/${b}`
  }))
  return deployment(i, {
    verdict: { verdict: 'failed', greenlight: false, blockingBugs: list, bugs: list } as never,
    judgement: { conclusion: 'failure', cause: 'bugs' } as never
  })
}

describe('a build status', () => {
  it('is SUCCESSFUL only beside a passed verdict; a step without one STOPPED; a failure FAILED', () => {
    expect(stateOf(deployment(1, { verdict: passed as never }))).toBe('SUCCESSFUL')
    expect(stateOf(deployment(1))).toBe('STOPPED')
    expect(stateOf(failed(1, 1))).toBe('FAILED')
    expect(
      stateOf(deployment(1, { judgement: { conclusion: 'failure', cause: 'timed-out' } as never }))
    ).toBe('FAILED')
  })

  it('keeps its key for its name; a template in a URL from outside is escaped', () => {
    expect(statusKey('Mobile tests 1')).toBe(statusKey('Mobile tests 1'))
    expect(statusKey('Mobile tests 1')).not.toBe(statusKey('Mobile tests 2'))
    expect(statusKey('x'.repeat(5000)).length).toBeLessThanOrEqual(40)
    const hostile = deployment(1, { runUrl: 'https://app.example.com/runs/{repository.full_name}' })
    const write = statusWrite(hostile, { ...context, completed: false })
    expect(write.url).toBe('https://app.example.com/runs/%7Brepository.full_name%7D')
    expect(literalUrl('https://x/{a}{b}')).toBe('https://x/%7Ba%7D%7Bb%7D')
    expect(write.state).toBe('INPROGRESS')
  })
})

describe('the report', () => {
  it('PENDING while a verdict is to come; FAILED by the one judgement; PASSED only when every run passed; else none', () => {
    expect(reportResult([deployment(1, { reportLater: true })])).toBe('PENDING')
    expect(reportResult([failed(1, 1), deployment(2, { verdict: passed as never })])).toBe('FAILED')
    expect(reportResult([deployment(1, { verdict: passed as never })])).toBe('PASSED')
    const noRun = deployment(1, {
      runId: undefined,
      judgement: { conclusion: 'warning', cause: 'no-run' } as never
    })
    expect(reportResult([noRun])).toBeUndefined()
  })

  it('64 deployments with 1,500 bugs: 10 data fields, 1,000 annotations, every deployment’s, the rest counted', () => {
    const step = [
      ...Array.from({ length: 54 }, (_, i) => deployment(i, { verdict: passed as never })),
      ...Array.from({ length: 10 }, (_, i) => failed(100 + i, 150))
    ]
    const { report, annotations } = stepReport(step, context)
    expect(report.data.length).toBeLessThanOrEqual(10)
    // The failed first among the data fields.
    expect(String((report.data[0]!.value as { text: string }).text)).toMatch(/failed/)
    expect(annotations).toHaveLength(MAX_ANNOTATIONS)
    expect(new Set(annotations.map(a => a.external_id)).size).toBe(MAX_ANNOTATIONS)
    for (const d of step)
      expect(annotations.some(a => a.external_id === statusKey(d.name))).toBe(true)
    expect(report.details).toMatch(/564 blocking bug\(s\) are not annotated/)
    expect(report.result).toBe('FAILED')
  })

  it('summaries of 1 to 450 characters, whatever the names', () => {
    const long = failed(1, 1)
    long.name = '名'.repeat(320)
    long.verdict!.blockingBugs[0]!.name = '\u200b\u200b'
    const { annotations } = stepReport([long], context)
    for (const a of annotations) {
      expect(a.summary.length).toBeGreaterThan(0)
      expect(a.summary.length).toBeLessThanOrEqual(450)
    }
  })

  it('reported later: each deployment’s annotation carries its facts, sealed, read back in order', () => {
    const step = [deployment(1, { reportLater: true }), deployment(2, { reportLater: true })]
    const { annotations } = stepReport(step, { ...context, seal })
    const read = annotations.slice(0, 2).map(a => readFactsLine(a.details, seal))
    expect(read.map(r => (r && 'deployment' in r ? r.deployment.runId : r))).toEqual([
      'run_1',
      'run_2'
    ])
    expect(read.every(r => r && 'deployment' in r && r.status?.sha === 'c'.repeat(40))).toBe(true)
    const forged = annotations[0]!.details!.replace(/seal=\S+/, 'seal=x.y')
    expect(readFactsLine(forged, seal)).toMatchObject({ problem: expect.stringMatching(/seal/) })
    expect(reportId(step)).toBe(reportId([...step]))
  })
})
