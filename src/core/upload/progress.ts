import { formatBytes, formatDuration, formatRate } from '../shared/format.js'

/** When progress lines are printed: never closer than `minIntervalMs`, at every 10 %, and at least every `maxIntervalMs`. */
export interface ProgressPacing {
  minIntervalMs: number
  maxIntervalMs: number
}

export const DEFAULT_PACING: ProgressPacing = { minIntervalMs: 2000, maxIntervalMs: 10_000 }

/**
 * Turns byte counts into occasional log lines. `update` is called for every
 * chunk, so it only compares numbers until a line is due.
 */
export class ProgressReporter {
  private readonly start: number
  private lastAt: number
  private nextMark: number

  constructor(
    private readonly total: number,
    private readonly print: (line: string) => void,
    private readonly now: () => number = Date.now,
    private readonly pacing: ProgressPacing = DEFAULT_PACING
  ) {
    this.start = now()
    this.lastAt = this.start
    this.nextMark = total / 10
  }

  update(sent: number): void {
    const at = this.now()
    const since = at - this.lastAt
    if (since < this.pacing.minIntervalMs) return
    if (sent < this.nextMark && since < this.pacing.maxIntervalMs) return
    if (sent >= this.total) return
    this.lastAt = at
    this.nextMark = (Math.floor((sent / this.total) * 10) + 1) * (this.total / 10)
    this.print(progressLine(sent, this.total, at - this.start))
  }
}

/** `Uploading: 45% (460.8 MiB of 1.00 GiB), 112.3 MiB/s, 5 s left` */
export function progressLine(sent: number, total: number, elapsedMs: number): string {
  const percent = Math.floor((sent / total) * 100)
  const rate = elapsedMs > 0 ? sent / (elapsedMs / 1000) : 0
  const left = rate > 0 ? (total - sent) / rate : Infinity
  return `Uploading: ${percent}% (${formatBytes(sent)} of ${formatBytes(total)}), ${formatRate(rate)}, ${formatDuration(left)} left`
}
