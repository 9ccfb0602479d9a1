import { describe, expect, it } from '@jest/globals'
import type { Deployment } from '../../../../src/core/report/facts.js'
import { checkOutput } from '../../../../src/core/report/github.js'
import { externalId, parseExternalId } from '../../../../src/core/report/identity.js'
import { factsLine, readFactsLine } from '../../../../src/core/report/pending.js'

const deployment: Deployment = {
  name: 'Mobile tests (Android: com.example.shop, staging)',
  mode: 'deploy',
  outcome: 'success',
  runId: 'run_1',
  runUrl: 'https://app.example.com/runs/run_1',
  reportLater: true,
  failOnNoRun: true,
  warnings: [],
  git: { branch: 'feature/login', sha: 'f'.repeat(40), pullRequestNumber: 7 }
}

describe('the facts a check run reported later carries', () => {
  it('come back as they were written, with the names of the step', () => {
    const line = factsLine({
      deployment,
      names: [deployment.name, 'Other'],
      workflowRunUrl: 'https://github.com/o/r/actions/runs/1'
    })
    expect(line).toMatch(/^<!-- mobile-build-deploy facts=[A-Za-z0-9_-]+ -->$/)
    expect(readFactsLine(`| table |\n\n${line}`)).toEqual({
      deployment,
      names: [deployment.name, 'Other'],
      workflowRunUrl: 'https://github.com/o/r/actions/runs/1'
    })
  })

  it('ride at the end of the pending check run summary, which says the verdict is pending', () => {
    const { title, summary } = checkOutput(deployment, undefined, undefined, [deployment.name])
    expect(title).toBe('⏳ verdict pending')
    expect(summary).toMatch(/The verdict is pending/)
    expect(readFactsLine(summary)?.deployment.runId).toBe('run_1')
  })

  it('keep ten blocking bugs of a verdict, and its count', () => {
    const bugs = Array.from({ length: 40 }, (_, i) => ({
      name: `Bug ${i}`,
      priority: 'high' as const,
      blocking: true,
      new: false
    }))
    const line = factsLine({
      deployment: {
        ...deployment,
        verdict: {
          verdict: 'failed',
          greenlight: false,
          runId: 'run_1',
          bugs,
          blockingBugs: bugs,
          timeoutMs: 1,
          answered: true
        }
      },
      names: [deployment.name]
    })
    const read = readFactsLine(line)!.deployment.verdict!
    expect(read.blockingBugs).toHaveLength(10)
    expect(read.blockingBugsCount).toBe(40)
  })

  it.each([
    ['no line', 'a summary of someone else'],
    ['not base64', '<!-- mobile-build-deploy facts=!!! -->'],
    ['not JSON', `<!-- mobile-build-deploy facts=${Buffer.from('{').toString('base64url')} -->`],
    [
      'no name',
      `<!-- mobile-build-deploy facts=${Buffer.from(JSON.stringify({ deployment: {}, names: [] })).toString('base64url')} -->`
    ],
    [
      'names not text',
      `<!-- mobile-build-deploy facts=${Buffer.from(JSON.stringify({ deployment: { name: 'x' }, names: [1] })).toString('base64url')} -->`
    ]
  ])('are none when the summary carries %s', (_title, summary) => {
    expect(readFactsLine(summary)).toBeUndefined()
  })
})

describe('a check run external_id', () => {
  it('carries a claim of the collect completing it, read back with the rest', () => {
    const id = externalId({ runId: 'run:1', workflowRunId: '42', build: 'abc', claim: 'c0ffee' })
    expect(parseExternalId(id)).toEqual({
      runId: 'run:1',
      workflowRunId: '42',
      build: 'abc',
      claim: 'c0ffee'
    })
    expect(parseExternalId(externalId({ runId: 'r', build: 'b' }))).toEqual({
      runId: 'r',
      workflowRunId: undefined,
      build: 'b'
    })
    expect(parseExternalId('mobile-build-deploy:a:b:c:d:e')).toBeUndefined()
  })
})
