/** The job summary's text: every value sanitize and escaped, and a bug table GitHub keeps (it drops a summary over 1 MiB). */
import { describe, expect, it } from '@jest/globals'
import { bugRows, escape, MAX_BUG_TABLE_BYTES, rowsWithin } from '../../../src/action/summary.js'
import type { StepReport } from '../../../src/action/summary.js'

describe('escape', () => {
  it('shows invisible characters and line breaks as escapes, and escapes markup', () => {
    expect(escape('a\u202eb\u{e0041}c\u00add\n<img src=x>')).toBe(
      'a\\u202eb\\u{e0041}c\\u00add\\n&#60;img src=x&#62;'
    )
  })
})

describe('the bug table', () => {
  const report = (count: number): StepReport => ({
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
    const rows = bugRows(report(3))
    expect(rowsWithin(rows)).toEqual(rows)
  })

  it('keeps within its budget past it, and says how many more the run lists', () => {
    const rows = rowsWithin(bugRows(report(500)))
    const bytes = Buffer.byteLength(rows.map(row => row.join('')).join(''))
    expect(bytes).toBeLessThanOrEqual(MAX_BUG_TABLE_BYTES)
    expect(rows.length).toBeLessThan(500)
    expect(rows.at(-1)![0]).toBe(`… and ${500 - rows.length + 1} more on the run's page`)
  })
})
