import { clock } from '../shared/clock.js'

/** GitHub asks for at least a second between two writes (its secondary rate limits): a collect's writes are spaced so. */
export const WRITE_SPACING_MS = 1000

/**
 * The spacing of a collect's writes to GitHub, its claims and its
 * reporter's completions alike: each write waits until WRITE_SPACING_MS
 * after the last one; a stop ends the wait at once.
 */
export class Spacer {
  private lastWrite = -Infinity

  constructor(private readonly signal: AbortSignal | undefined) {}

  async spaced<T>(write: () => Promise<T>): Promise<T> {
    const wait = this.lastWrite + WRITE_SPACING_MS - clock.now()
    if (wait > 0) await clock.sleep(wait, this.signal)
    this.lastWrite = clock.now()
    return write()
  }
}
