import { afterAll, beforeAll } from '@jest/globals'
import diagnostics from 'node:diagnostics_channel'
import type { ClientRequest } from 'node:http'
import { abortError, replaceClock, type Clock } from '../../src/core/shared/clock.js'
import { useEmulatorClock } from '../../emulator/clock.js'

interface Sleeper {
  at: number
  wake(): void
}

type Activity = () => { busy: number; changes: number }

/** Real milliseconds between two looks at whether everything is quiet. */
const LOOK_MS = 2

/**
 * A clock whose sleeps cost no real time: once everything is quiet (no
 * request under way, nothing started or ended, nothing gone to sleep
 * or woken between two looks a few real milliseconds apart), time jumps to
 * the earliest sleeper's hour and wakes it (and any other whose hour has
 * come), in order. Two looks, since after a pause of the process the first
 * timer runs before the sockets' pending events are read. Real time still
 * passes beside it, so sockets, their timers and the emulator stay real.
 */
export class VirtualClock implements Clock {
  private skipped = 0
  private sleepers: Sleeper[] = []
  private pending: NodeJS.Timeout | undefined
  private changes = 0
  private seen = ''

  constructor(private readonly activity: Activity = () => ({ busy: 0, changes: 0 })) {}

  now(): number {
    return Date.now() + this.skipped
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal))
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = {
        at: this.now() + Math.max(0, ms),
        wake: () => {
          signal?.removeEventListener('abort', stop)
          resolve()
        }
      }
      const stop = (): void => {
        this.sleepers = this.sleepers.filter(other => other !== sleeper)
        reject(abortError(signal!))
      }
      signal?.addEventListener('abort', stop, { once: true })
      this.sleepers.push(sleeper)
      this.changes++
      this.schedule()
    })
  }

  private schedule(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined
      this.look()
    }, LOOK_MS)
  }

  private look(): void {
    if (this.sleepers.length === 0) return
    const { busy, changes } = this.activity()
    const state = `${busy} ${changes} ${this.changes}`
    const quiet = busy === 0 && state === this.seen
    this.seen = state
    if (quiet) this.wakeNext()
    else this.schedule()
  }

  private wakeNext(): void {
    const earliest = Math.min(...this.sleepers.map(s => s.at))
    this.skipped += Math.max(0, earliest - this.now())
    const now = this.now()
    const due = this.sleepers.filter(s => s.at <= now)
    this.sleepers = this.sleepers.filter(s => s.at > now)
    for (const sleeper of due) sleeper.wake()
    this.changes++
    if (this.sleepers.length > 0) this.schedule()
  }
}

/**
 * Runs the product and the emulator on one virtual clock until the returned
 * function puts the system's back. Time stands still while any HTTP request
 * of this process is under way (Node's own `http.client.request.start`
 * channel), so that no answer is on its way while time jumps.
 */
export function useVirtualClock(): () => void {
  let requests = 0
  let changes = 0
  const onRequest = (message: unknown): void => {
    const { request } = message as { request: ClientRequest }
    requests++
    changes++
    request.once('close', () => {
      requests--
      changes++
    })
  }
  diagnostics.subscribe('http.client.request.start', onRequest)
  const virtual = new VirtualClock(() => ({ busy: requests, changes }))
  const restoreProduct = replaceClock(virtual)
  const restoreEmulator = useEmulatorClock(() => virtual.now())
  return () => {
    diagnostics.unsubscribe('http.client.request.start', onRequest)
    restoreProduct()
    restoreEmulator()
  }
}

/** The test file's runs on the virtual clock: from before its first test to after its last. Called at the file's top level. */
export function onVirtualClock(): void {
  let restore: (() => void) | undefined
  beforeAll(() => {
    restore = useVirtualClock()
  })
  afterAll(() => restore?.())
}
