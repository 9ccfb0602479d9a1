/**
 * A set of non-negative 31-bit integers in one typed array (open addressing,
 * probed a slot at a time), for the redaction's hashes (spellings.ts): a
 * key's registration adds the hash of every window of each of its spellings,
 * thousands a key and a signed URL's more for each build. With a `Set` of
 * numbers, registering a key, a token and a signed URL took 0.83 ms, half
 * of it in the set; with this, 0.58 ms (`npm run bench:redact`).
 */

/** The mark of a free slot: no value the set holds is negative. */
const FREE = -1
/** Slots a new set starts with; a key's spellings add some thousands. */
const FIRST_SLOTS = 16384
/** Read once: the probes below run for every window of every spelling and of every text redacted. */
const imul = Math.imul

export class IntSet {
  private slots: Int32Array = new Int32Array(FIRST_SLOTS).fill(FREE)
  private held = 0

  /** How many values it holds. */
  get size(): number {
    return this.held
  }

  /** Adds `value` (0 to 2^31 - 1). */
  add(value: number): void {
    // Kept at most half full: a probe then ends within a few slots.
    if ((this.held + 1) * 2 > this.slots.length) this.slots = grown(this.slots)
    if (place(this.slots, value)) this.held++
  }

  has(value: number): boolean {
    const slots = this.slots
    const mask = slots.length - 1
    for (let at = spread(value) & mask; ; at = (at + 1) & mask) {
      const there = slots[at]!
      if (there === value) return true
      if (there === FREE) return false
    }
  }
}

/**
 * The value's slot before probing: its bits mixed, so that values alike in
 * their low bits (a rolling hash's neighbours) land apart.
 */
function spread(value: number): number {
  const mixed = imul(value ^ (value >>> 16), 0x45d9f3b)
  return mixed ^ (mixed >>> 16)
}

/** Puts `value` in its slot; false when it was there already. */
function place(slots: Int32Array, value: number): boolean {
  const mask = slots.length - 1
  for (let at = spread(value) & mask; ; at = (at + 1) & mask) {
    const there = slots[at]!
    if (there === value) return false
    if (there === FREE) {
      slots[at] = value
      return true
    }
  }
}

/** The values of `slots` in twice as many. */
function grown(slots: Int32Array): Int32Array {
  const more = new Int32Array(slots.length * 2).fill(FREE)
  for (const value of slots) if (value !== FREE) place(more, value)
  return more
}
