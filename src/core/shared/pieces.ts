/**
 * Pure: a key's pieces at a text's edges, for a caller that redacts a key's
 * pieces one by one (a stream cut mid-key, a key pasted across messages):
 * what a text begins or ends with of a key's spelling, and what goes on with
 * a key's start the texts before it ended with. A run inside a text is
 * spellings.ts's `markRuns`.
 */
import { MIN_EDGE, type Runs } from './spellings.js'

/**
 * Pure: marks in `masked` the longest stretch (of `MIN_EDGE` code units or
 * more, shorter than a run) at the start of `read` that ends a spelling, and
 * at its end that begins one: the rest of a key whose start the text before
 * ended with, or the start of one the text after goes on with. Only a key's
 * own start and end: a word of a text that is also inside a key stays.
 */
export function markEdges(
  read: string,
  length: number,
  { joined, starts, ends }: Runs,
  masked: Uint8Array
): void {
  let head = 0
  let tail = 0
  for (let size = MIN_EDGE; size < length && size <= read.length; size++) {
    const first = read.slice(0, size)
    if (ends.has(first.slice(-MIN_EDGE)) && joined.includes(`${first}\n`)) head = size
    const last = read.slice(read.length - size)
    if (starts.has(last.slice(0, MIN_EDGE)) && joined.includes(`\n${last}`)) tail = size
  }
  masked.fill(1, 0, head)
  masked.fill(1, read.length - tail, read.length)
}

/**
 * Pure: marks in `masked` the start of `read` that goes on with a
 * spelling's start the text before it (`before`, as read) ended with: a key
 * whose first pieces, each shorter than `MIN_EDGE`, a caller redacts one by
 * one. Once the pieces together reach `MIN_EDGE` characters of a key's
 * start, the rest of them is masked; a first piece of five characters or
 * fewer that stands alone can show.
 */
export function markContinued(
  before: string,
  read: string,
  length: number,
  { joined, starts }: Runs,
  masked: Uint8Array
): void {
  let longest = 0
  for (let k = 1; k < length && k <= before.length; k++) {
    const ended = before.slice(before.length - k)
    if (!starts.has((ended + read).slice(0, MIN_EDGE))) continue
    for (let m = Math.min(read.length, length - k); m > longest && k + m >= MIN_EDGE; m--)
      if (joined.includes(`\n${ended}${read.slice(0, m)}`)) {
        longest = m
        break
      }
  }
  masked.fill(1, 0, longest)
}
