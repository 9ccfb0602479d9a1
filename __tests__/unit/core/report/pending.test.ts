import { describe, expect, it } from '@jest/globals'
import type { Deployment } from '../../../../src/core/report/facts.js'
import { checkOutput } from '../../../../src/core/report/check-run.js'
import { externalId, parseExternalId } from '../../../../src/core/report/identity.js'
import { sealOf } from '../../../../src/core/report/seal.js'
import {
  factsLine,
  MAX_LINE_CHARACTERS,
  readFactsLine,
  rowKey,
  type PendingFacts
} from '../../../../src/core/report/pending.js'

const seal = sealOf('demo-api-key-0123456789')
const read = (summary: string) => readFactsLine(summary, seal)

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
  it('come back as they were written, with the rows of the step', () => {
    const line = factsLine(
      {
        deployment,
        rows: [rowKey(deployment.name), rowKey('Other')],
        runs: ['run_1', 'run_2'],
        workflowRunUrl: 'https://github.com/o/r/actions/runs/1'
      },
      seal
    )
    expect(line).toMatch(
      /^<!-- mobile-build-deploy facts=[A-Za-z0-9_-]+ seal=[\w-]{11}\.[\w-]{43} -->$/
    )
    expect(read(`| table |\n\n${line}`)).toEqual({
      deployment,
      rows: [rowKey(deployment.name), rowKey('Other')],
      runs: ['run_1', 'run_2'],
      workflowRunUrl: 'https://github.com/o/r/actions/runs/1'
    })
  })

  it('ride at the end of the pending check run summary, which says the verdict is pending', () => {
    const { title, summary } = checkOutput(deployment, {
      step: { rows: [rowKey(deployment.name)], runs: ['run_1'] },
      origins: [],
      seal
    })
    expect(title).toBe('⏳ pending (a scheduled collect brings it)')
    expect(summary).toMatch(/The verdict is pending/)
    expect((read(summary) as PendingFacts).deployment.runId).toBe('run_1')
  })

  it('keep ten blocking bugs of a verdict, and its count', () => {
    const bugs = Array.from({ length: 40 }, (_, i) => ({
      name: `Bug ${i}`,
      priority: 'high' as const,
      blocking: true,
      new: false
    }))
    const line = factsLine(
      {
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
        rows: [rowKey(deployment.name)],
        runs: ['run_1']
      },
      seal
    )
    const verdict = (read(line) as PendingFacts).deployment.verdict!
    expect(verdict.blockingBugs).toHaveLength(10)
    expect(verdict.blockingBugsCount).toBe(40)
  })

  it('are none when the summary carries no line of ours', () => {
    expect(read('a summary of someone else')).toBeUndefined()
  })

  it.each([
    ['not base64', '!!!'],
    // A runner masks a secret wherever its text appears, a line of base64 included.
    ['a mask in its base64', 'eyJkZXBsb3***jAxMjM0NTY3In0']
  ])('are refused, told, when our line was changed: %s', (_title, text) => {
    expect(read(`<!-- mobile-build-deploy facts=${text} seal=${seal.sign(text)} -->`)).toEqual({
      problem:
        'its facts line is not the base64url this product writes (changed after it was written)'
    })
  })

  /** A line of `value` sealed under the test's key, as a deploy with that key writes it. */
  const line = (value: unknown, under = seal): string => {
    const text = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
      'base64url'
    )
    return `<!-- mobile-build-deploy facts=${text} seal=${under.sign(text)} -->`
  }
  const facts = (fields: Record<string, unknown>) => ({
    deployment: { name: 'x', runId: 'run_1', reportLater: true, ...fields },
    rows: [rowKey('x')],
    runs: ['run_1']
  })

  // Anyone with checks: write can copy a check run; only the key's holders can seal what it carries.
  it('are used only under the seal of the API key: none, a changed line, another key, each told', () => {
    const good = line(facts({}))
    const text = /facts=(\S+) seal/.exec(good)![1]!
    expect(read(good)).toMatchObject({ rows: [rowKey('x')], runs: ['run_1'] })
    // A line written before the keys, with the names themselves, is read as their keys.
    const named = { ...facts({}), rows: undefined, names: ['x'] }
    expect(read(line(named))).toMatchObject({ rows: [rowKey('x')], runs: ['run_1'] })
    expect(read(`<!-- mobile-build-deploy facts=${text} -->`)).toEqual({
      problem: expect.stringMatching(/carries no seal/)
    })
    const changed = Buffer.from(
      JSON.stringify(facts({ verdict: { verdict: 'passed', greenlight: true } }))
    ).toString('base64url')
    expect(read(good.replace(text, changed))).toEqual({
      problem: expect.stringMatching(/does not carry the seal of the API key/)
    })
    expect(read(line(facts({}), sealOf('a-rotated-api-key-98765')))).toEqual({
      problem: expect.stringMatching(/sealed under another API key/),
      otherKey: true
    })
  })

  // Any workflow with checks: write writes as our app: what a check carries is input from outside.
  it.each([
    ['not JSON', '{', /not the JSON/],
    ['no name', { deployment: {}, rows: [] }, /names no deployment/],
    ['rows not text', { deployment: { name: 'x' }, rows: [1] }, /rows\[0\] is not text/],
    [
      'a row key too long',
      { deployment: { name: 'x' }, rows: ['k'.repeat(17)] },
      /rows\[0\] is longer/
    ],
    ['runs unlike its names', { ...facts({}), runs: [] }, /deployments and runs unevenly/],
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
    expect(read(`summary\n\n${line(value)}`)).toEqual({ problem: expect.stringMatching(why) })
  })

  it('are read through the schema: a field it does not name is left out', () => {
    const back = read(
      line({ ...facts({}), token: 'ghs_x', deployment: { ...facts({}).deployment, secret: 'x' } })
    )
    expect(back).not.toHaveProperty('token')
    expect((back as PendingFacts).deployment).not.toHaveProperty('secret')
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
    const written = factsLine(
      {
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
        rows: Array.from({ length: 30 }, (_, i) => rowKey(`${long}${i}`)),
        runs: Array.from({ length: 30 }, (_, i) => `run_${i}`)
      },
      seal
    )
    const encoded = /facts=([A-Za-z0-9_-]+)/.exec(written)![1]!
    expect(encoded.length).toBeLessThanOrEqual(MAX_LINE_CHARACTERS)
    const back = read(written) as PendingFacts
    expect(back.deployment.name).toBe('n'.repeat(320))
    expect(back.deployment.runId).toBe('run_1')
    // Bugs were cut to fit, their count kept.
    expect(back.deployment.verdict!.blockingBugs.length).toBeLessThan(10)
    expect(back.deployment.verdict!.blockingBugsCount).toBe(40)
  })
})

describe('the facts of a step of 64 builds with names of 200 characters', () => {
  const scripts: [string, string][] = [
    ['Latin', 'Mobile tests of the shop, Android '],
    ['CJK', 'モバイルテスト・ショップアプリ（本番環境）'],
    ['emoji', '📱🧪🚀✅'],
    ['RTL', 'اختبار التطبيق على الهاتف '],
    ['every script', 'Shop モバイル 📱 اختبار ']
  ]
  // 200 characters each, the last ones telling the 64 apart.
  const names = (stem: string): string[] =>
    Array.from(
      { length: 64 },
      (_, i) => `${stem.repeat(200)}`.slice(0, 196) + ` #${i}`.padStart(4, '0')
    )

  it.each(scripts)(
    'in %s: each check carries every row of the step, read back whole',
    (_, stem) => {
      const all = names(stem)
      expect(new Set(all).size).toBe(64)
      const runs = all.map((__, i) => `run_${i}_${'r'.repeat(100)}`)
      for (const [i, name] of all.entries()) {
        if (i % 21 !== 0 && i !== 63) continue
        const written = factsLine(
          { deployment: { ...deployment, name, runId: runs[i] }, rows: all.map(rowKey), runs },
          seal
        )
        expect(/facts=([A-Za-z0-9_-]+)/.exec(written)![1]!.length).toBeLessThanOrEqual(
          MAX_LINE_CHARACTERS
        )
        const back = read(written) as PendingFacts
        // What the collect needs: this row's name and run, and every row of the step in order.
        expect(back.deployment.name).toBe(name)
        expect(back.deployment.runId).toBe(runs[i])
        expect(back.rows).toEqual(all.map(rowKey))
        expect(back.runs).toEqual(runs)
        expect(new Set(back.rows).size).toBe(64)
      }
    }
  )
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
