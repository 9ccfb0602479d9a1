import type { IncomingMessage, Server, ServerResponse } from 'node:http'

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

let busy = 0
let changes = 0

/**
 * Counts the requests a server is answering, so that a test's clock moves on
 * only while the emulator is idle: no answer is then on its way while time
 * jumps past a run's stage.
 */
export function watchRequests(server: Server): void {
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    busy++
    changes++
    res.once('close', () => {
      busy--
      changes++
    })
  })
}

/** How many requests are being answered, and a count that moves whenever one starts or ends. */
export function emulatorActivity(): { busy: number; changes: number } {
  return { busy, changes }
}
