/** The job summary's text: every value sanitized and escaped, and a bug table GitHub keeps (it drops a summary over 1 MiB). */
import { describe, expect, it } from '@jest/globals'
import type { Deployment } from '../../../../src/core/report/facts.js'
import {
  bugRows,
  MAX_BUG_TABLE_BYTES,
  summaryMarkdown
} from '../../../../src/core/report/summary.js'
import { markupProblems, render } from '../../../helpers/markdown.js'

describe('the summary', () => {
  it('shows every value from outside as code: invisible characters and line breaks as escapes, markup as text', () => {
    const deployment: Deployment = {
      name: 'Mobile tests',
      failOnNoRun: true,
      warnings: [],
      artifact: { name: 'a\u202eb\u{e0041}c\u00add\n<img src=x>.apk', size: 1 }
    }
    const markdown = summaryMarkdown({
      deployments: [deployment],
      judgement: { conclusion: 'success', cause: 'success' },
      warnings: []
    })
    const rendered = render(markdown)
    expect(markupProblems(rendered, [])).toEqual([])
    expect(rendered.codes).toContain('a\\u202eb\\u{e0041}c\\u00add\\n<img src=x>.apk')
  })
})

describe('the bug table', () => {
  const report = (count: number): Deployment => ({
    name: 'Mobile tests',
    failOnNoRun: true,
    warnings: [],
    verdict: {
      verdict: 'failed',
      greenlight: false,
      runId: 'run_1',
      bugs: Array.from({ length: count }, (_, i) => ({
        name: `Crash ${i}`,
        number: i + 1,
        priority: 'high',
        blocking: true,
        new: true,
        url: `https://app.example.com/runs/run_1/bugs/${i + 1}?${'x'.repeat(2000)}`
      })),
      blockingBugs: [],
      timeoutMs: 60_000,
      answered: true
    }
  })

  it('keeps every row that fits', () => {
    expect(bugRows(report(3))).toHaveLength(3)
  })

  it('keeps within its budget past it, and says how many more the run lists', () => {
    const rows = bugRows(report(500))
    const bytes = Buffer.byteLength(rows.map(row => row.join('')).join(''))
    expect(bytes).toBeLessThanOrEqual(MAX_BUG_TABLE_BYTES)
    expect(rows.length).toBeLessThan(500)
    expect(rows.at(-1)![0]).toBe(`… and ${500 - rows.length + 1} more on the run's page`)
  })
})
