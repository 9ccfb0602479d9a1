import { describe, expect, it } from '@jest/globals'
import type { Deployment } from '../../../../src/core/report/facts.js'
import { checkOutput } from '../../../../src/core/report/github.js'
import { externalId, parseExternalId } from '../../../../src/core/report/identity.js'
import {
  factsLine,
  MAX_LINE_CHARACTERS,
  readFactsLine,
  type PendingFacts
} from '../../../../src/core/report/pending.js'

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
    const { title, summary } = checkOutput(deployment, undefined, [deployment.name])
    expect(title).toBe('⏳ pending (a scheduled collect brings it)')
    expect(summary).toMatch(/The verdict is pending/)
    expect((readFactsLine(summary) as PendingFacts).deployment.runId).toBe('run_1')
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
    const read = (readFactsLine(line) as PendingFacts).deployment.verdict!
    expect(read.blockingBugs).toHaveLength(10)
    expect(read.blockingBugsCount).toBe(40)
  })

  it('are none when the summary carries no line of ours', () => {
    expect(readFactsLine('a summary of someone else')).toBeUndefined()
  })

  it.each([
    ['not base64', '<!-- mobile-build-deploy facts=!!! -->'],
    // A runner masks a secret wherever its text appears, a line of base64 included.
    ['a mask in its base64', '<!-- mobile-build-deploy facts=eyJkZXBsb3***jAxMjM0NTY3In0 -->']
  ])('are refused, told, when our line was changed: %s', (_title, summary) => {
    expect(readFactsLine(summary)).toEqual({
      problem:
        'its facts line is not the base64url this product writes (changed after it was written)'
    })
  })

  const line = (value: unknown): string =>
    `<!-- mobile-build-deploy facts=${Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')} -->`
  const facts = (fields: Record<string, unknown>) => ({
    deployment: { name: 'x', runId: 'run_1', reportLater: true, ...fields },
    names: ['x']
  })

  // Any workflow with checks: write writes as our app: what a check carries is input from outside.
  it.each([
    ['not JSON', '{', /not the JSON/],
    ['no name', { deployment: {}, names: [] }, /names no deployment/],
    ['names not text', { deployment: { name: 'x' }, names: [1] }, /names\[0\] is not text/],
    [
      'a count of the wrong type',
      facts({ verdict: { verdict: 'failed', blockingBugsCount: '9 <b>' } }),
      /blockingBugsCount is not a whole number/
    ],
    [
      'a priority outside its list',
      facts({ verdict: { verdict: 'failed', blockingBugs: [{ name: 'b', priority: '<img>' }] } }),
      /priority is not one of/
    ],
    [
      'a pull request number as text',
      facts({ git: { pullRequestNumber: '7 | x' } }),
      /pullRequestNumber is not a whole number/
    ],
    [
      'a verdict outside its list',
      facts({ verdict: { verdict: 'green' } }),
      /verdict\.verdict is not one of/
    ],
    ['a name over its limit', facts({ name: 'x'.repeat(400) }), /longer than 320/],
    [
      'a million bugs',
      facts({ verdict: { verdict: 'failed', blockingBugs: Array(11).fill({ name: 'b' }) } }),
      /more than 10 items/
    ]
  ])('are refused, saying why, when the line carries %s', (_title, value, why) => {
    const read = readFactsLine(`summary\n\n${line(value)}`)
    expect(read).toEqual({ problem: expect.stringMatching(why) })
  })

  it('are read through the schema: a field it does not name is left out', () => {
    const read = readFactsLine(
      line({ ...facts({}), token: 'ghs_x', deployment: { ...facts({}).deployment, secret: 'x' } })
    )
    expect(read).not.toHaveProperty('token')
    expect((read as PendingFacts).deployment).not.toHaveProperty('secret')
  })

  it('are cut to fit when written, and what is written is always read back', () => {
    const long = '界'.repeat(5000)
    const bugs = Array.from({ length: 40 }, (_, i) => ({
      name: `${long} ${i}`,
      priority: 'urgent' as const,
      blocking: true,
      new: true,
      url: `https://app.example.com/bugs/${'x'.repeat(2000)}`
    }))
    const written = factsLine({
      deployment: {
        ...deployment,
        name: 'n'.repeat(320),
        destination: `abis/${'arm64-v8a-'.repeat(200)}.apk`,
        artifact: { name: long, size: 1, sha256: 'f'.repeat(64) },
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
      names: Array.from({ length: 30 }, (_, i) => `${long}${i}`)
    })
    const encoded = /facts=([A-Za-z0-9_-]+)/.exec(written)![1]!
    expect(encoded.length).toBeLessThanOrEqual(MAX_LINE_CHARACTERS)
    const read = readFactsLine(written) as PendingFacts
    expect(read.deployment.name).toBe('n'.repeat(320))
    expect(read.deployment.runId).toBe('run_1')
    // Bugs were cut to fit, their count kept.
    expect(read.deployment.verdict!.blockingBugs.length).toBeLessThan(10)
    expect(read.deployment.verdict!.blockingBugsCount).toBe(40)
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
