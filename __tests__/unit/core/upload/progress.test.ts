import { describe, expect, it } from '@jest/globals'
import { formatBytes, formatDuration } from '../../../../src/core/shared/format.js'
import { progressLine, ProgressReporter } from '../../../../src/core/upload/progress.js'

const MiB = 1024 * 1024

/** Feeds `total` bytes in 1 MiB chunks at `mibPerSecond`, on a fake clock; returns the lines and when each came. */
function simulate(total: number, mibPerSecond: number): { lines: string[]; at: number[] } {
  let now = 0
  const lines: string[] = []
  const at: number[] = []
  const reporter = new ProgressReporter(
    total,
    line => {
      lines.push(line)
      at.push(now)
    },
    () => now
  )
  for (let sent = MiB; sent <= total; sent += MiB) {
    now += 1000 / mibPerSecond
    reporter.update(sent)
  }
  return { lines, at }
}

describe('ProgressReporter', () => {
  it('prints nothing for a small file', () => {
    expect(simulate(20 * MiB, 50).lines).toEqual([])
  })

  it('prints at every 10 % of a fast upload, never closer than 2 s', () => {
    const { lines, at } = simulate(1024 * MiB, 50)
    expect(lines.length).toBeGreaterThanOrEqual(9)
    expect(lines.length).toBeLessThanOrEqual(10)
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(2000)
    expect(lines[0]).toMatch(
      /^Uploading: 1\d% \(\d+(\.\d+)? MiB of 1 GiB\), 50\.0 MiB\/s, \d+ s left$/
    )
  })

  it('prints at least every 10 s of a slow upload, even within 10 %', () => {
    const { at } = simulate(1024 * MiB, 1)
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeLessThanOrEqual(11_000)
    expect(at.length).toBeGreaterThan(90)
  })
})

describe('formatting', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KiB'],
    [2 * MiB, '2 MiB'],
    [1024 * MiB, '1 GiB'],
    [5.5 * 1024 * MiB, '5.5 GiB'],
    [150 * MiB, '150 MiB']
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it.each([
    [0.034, '0.03 s'],
    [4.25, '4.3 s'],
    [42, '42 s'],
    [125, '2 min 5 s'],
    [3725, '1 h 2 min'],
    [Infinity, 'unknown time']
  ])('%f seconds is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })

  it('builds a line with percent, bytes, rate and time left', () => {
    expect(progressLine(256 * MiB, 1024 * MiB, 4000)).toBe(
      'Uploading: 25% (256 MiB of 1 GiB), 64.0 MiB/s, 12 s left'
    )
  })
})
