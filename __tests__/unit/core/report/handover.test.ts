import { describe, expect, it } from '@jest/globals'
import {
  DOTENV_LIMIT_BYTES,
  dotenv,
  dotenvProblem,
  envman,
  HAND_OVER_LIMIT_BYTES,
  shell
} from '../../../../src/core/report/handover.js'
import { gitlabDotenv } from '../../../helpers/gitlab-dotenv.js'

describe("the dotenv hand-over, by GitLab's reader", () => {
  it.each([
    ['https://app.example.com/#/runs/1', undefined],
    [`a "quoted" 'value' with \\ and \``, undefined],
    ['caf\u00e9 🚀', undefined],
    ['$HOME', 'a $'],
    [' padded', 'white space'],
    ['two\nlines', 'line break'],
    ['tab\there', 'control character']
  ])('%j: %s', (value, problem) => {
    const said = dotenvProblem(value)
    if (problem === undefined) {
      expect(said).toBeUndefined()
      expect(gitlabDotenv(dotenv({ runUrl: value }).text).runUrl).toBe(value)
    } else expect(said).toContain(problem)
  })

  it("stays under GitLab's limit, which refuses a file of exactly 5 KB", () => {
    const line = (value: string) => `runUrl=${value}\n`
    const fits = 'x'.repeat(DOTENV_LIMIT_BYTES - line('').length - 1)
    expect(dotenv({ runUrl: fits }).left).toEqual([])
    const exact = `${fits}x`
    const over = dotenv({ runId: 'run_1', runUrl: exact })
    expect(over.left.map(l => l.name)).toEqual(['runUrl'])
    expect(gitlabDotenv(over.text)).toEqual({ runId: 'run_1' })
  })

  it("leaves the longest values out first, in the outputs' order otherwise", () => {
    const long = `https://app.example.com/runs/1?${'q'.repeat(6000)}`
    const handed = dotenv({
      runId: 'run_1',
      verdict: 'failed',
      runUrl: long,
      blockingBugsCount: '3',
      nonBlockingBugsCount: '0',
      bugs: '[]'
    })
    expect(handed.text).toBe(
      'runId=run_1\nverdict=failed\nblockingBugsCount=3\nnonBlockingBugsCount=0\n'
    )
    expect(handed.left.map(l => l.name)).toEqual(['runUrl'])
  })
})

describe('the shell and envman hand-overs', () => {
  it.each([
    ['shell', shell],
    ['envman', envman]
  ])('%s leaves bugs out first past its limit, and keeps the rest', (_name, write) => {
    const bugs = JSON.stringify(
      Array.from({ length: 2000 }, (_, i) => ({ name: `Bug ${i} ${'x'.repeat(50)}` }))
    )
    const handed = write({ runId: 'run_1', bugs, verdict: 'failed' })
    expect(Buffer.byteLength(handed.text)).toBeLessThan(HAND_OVER_LIMIT_BYTES)
    expect(handed.left).toEqual([
      {
        name: 'bugs',
        why: 'the file would reach the hand-over limit of 64 KiB (the JUnit report, --junit, carries the bugs)'
      }
    ])
    expect(handed.text).toContain('run_1')
    expect(handed.text).toContain('failed')
    expect(write({ runId: 'run_1', bugs: '[]' }).left).toEqual([])
  })
})
