/** The candidate nearest to a misspelt name, when it is near enough to be what was meant. */
export function nearest(typed: string, candidates: string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const name of candidates) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase())
    if (!best || distance < best.distance) best = { name, distance }
  }
  return best && best.distance <= Math.max(2, Math.floor(typed.length / 3)) ? best.name : undefined
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
    previous = row
  }
  return previous[b.length]!
}
