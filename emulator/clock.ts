/**
 * The time the emulated service and GitHub read (a run's stages, when a
 * request came): the system's, unless a test runs the product on a clock of
 * its own; then the emulator reads the same one, so that a run's stages pass
 * as the product's waits do.
 */
let read: () => number = () => Date.now()

export function emulatorNow(): number {
  return read()
}

/** Makes the emulator read `now`; the returned function puts the system's clock back. */
export function useEmulatorClock(now: () => number): () => void {
  const previous = read
  read = now
  return () => {
    read = previous
  }
}
