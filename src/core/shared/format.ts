/** Sizes, rates and durations as a person reads them. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(value >= 100 || unit === 0 ? 1 : 2).replace(/\.?0+$/, '') || '0'} ${units[unit]}`
}

export function formatRate(bytesPerSecond: number): string {
  return `${(bytesPerSecond / (1024 * 1024)).toFixed(1)} MiB/s`
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown time'
  if (seconds < 1) return `${Math.max(0, seconds).toFixed(2)} s`
  if (seconds < 10) return `${seconds.toFixed(1)} s`
  const s = Math.round(seconds)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

/** A time limit given in minutes: `60 min`, `2.5 min`, `6 s`. */
export function formatMinutes(minutes: number): string {
  return minutes >= 1 ? `${Number(minutes.toFixed(2))} min` : `${Math.round(minutes * 60)} s`
}
