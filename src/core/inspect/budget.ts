/**
 * What reading one build's descriptors may cost, whatever they claim: a
 * count of the things decoded (elements, attributes, plist objects and the
 * references to them), of the characters decoded, and a time limit. Every
 * reader of a descriptor spends from the one budget its build was given, so
 * a hostile manifest, Info.plist or profile ends in a refusal within a
 * bounded time and memory, never in a hang or a crash; a real build spends
 * a small part of it (a large app's manifest has a few thousand elements and
 * attributes, an Info.plist a few hundred objects).
 *
 * The readers are synchronous, so the time limit is read from the system's
 * clock as they go (every few thousand things), not from a timer, which
 * could not fire until they returned.
 */

export interface ReadLimits {
  /** Elements, attributes, values and references, in all the build's descriptors. */
  things: number
  /** Characters of text decoded (names, values, keys, data as text). */
  characters: number
  /** The longest the reading may take, in milliseconds. */
  milliseconds: number
  /** How deep elements or collections may nest. */
  depth: number
}

export const READ_LIMITS: ReadLimits = {
  things: 200_000,
  characters: 4_000_000,
  milliseconds: 3_000,
  depth: 64
}

/** A descriptor that would cost more than a real one does; the message says which limit. */
export class ReadLimitError extends Error {
  override name = 'ReadLimitError'
}

/** How often (in things) the clock is read. */
const CLOCK_EVERY = 4096

export class ReadBudget {
  private things = 0
  private characters = 0
  private nextLook = CLOCK_EVERY
  private readonly deadline: number

  constructor(
    readonly limits: ReadLimits = READ_LIMITS,
    private readonly now: () => number = () => performance.now()
  ) {
    this.deadline = now() + limits.milliseconds
  }

  /** Spends `count` things (elements, attributes, objects, references). */
  thing(count = 1): void {
    this.things += count
    if (this.things > this.limits.things)
      throw new ReadLimitError(
        `it holds more than ${this.limits.things} elements, attributes or values, far more than a real one`
      )
    if (this.things >= this.nextLook) {
      this.nextLook = this.things + CLOCK_EVERY
      this.checkTime()
    }
  }

  /** Spends `count` characters of decoded text; checked before the text is made. */
  text(count: number): void {
    this.characters += count
    if (this.characters > this.limits.characters)
      throw new ReadLimitError(
        `it holds more than ${this.limits.characters} characters of text, far more than a real one`
      )
  }

  /** Refuses a nesting deeper than the limit. */
  depth(depth: number): void {
    if (depth > this.limits.depth)
      throw new ReadLimitError(`it nests deeper than ${this.limits.depth} levels`)
  }

  checkTime(): void {
    if (this.now() > this.deadline)
      throw new ReadLimitError(
        `reading it took longer than ${this.limits.milliseconds / 1000} s, far longer than a real one`
      )
  }
}
