import { AbortedError, DeployError, messageOf } from './errors.js'

/**
 * Where everything that waits or measures a wait reads the time and sleeps:
 * the retry policy, the wait for the verdict, the deploy's deadlines, the
 * spacing of GitHub's writes. Milliseconds throughout. Timers that guard a
 * socket (a request's total deadline, an idle stream) stay on the system's
 * timers, since they stand for a network that does not answer.
 */
export interface Clock {
  /** Epoch ms. */
  now(): number
  /** Waits `ms`, or until `signal` aborts: then it rejects at once with the reason as an `AbortedError`. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Waits `ms`, or until `signal` aborts: then it rejects at once with the reason as an `AbortedError`. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, Math.max(0, ms))
    function done(): void {
      signal?.removeEventListener('abort', stop)
      resolve()
    }
    function stop(): void {
      clearTimeout(timer)
      reject(abortError(signal!))
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/** The system's clock: Date.now and timers. */
export const systemClock: Clock = { now: () => Date.now(), sleep }

let current: Clock = systemClock

/**
 * The one clock the product reads: the system's, unless a test replaced it
 * (one whose sleeps cost no real time, while sockets stay real).
 */
export const clock: Clock = {
  now: () => current.now(),
  sleep: (ms, signal) => current.sleep(ms, signal)
}

/** Replaces the one clock; the returned function puts the previous one back. */
export function replaceClock(replacement: Clock): () => void {
  const previous = current
  current = replacement
  return () => {
    current = previous
  }
}

/**
 * Why an aborted signal stopped the deploy, as an error that is never retried:
 * the core's own reason as it is (a time limit, a file that changed), anything else (a caller's `abort()`, a
 * DOMException) as a stop with its words.
 */
export function abortError(signal: AbortSignal): DeployError {
  const reason: unknown = signal.reason
  if (reason instanceof DeployError) return reason
  return new AbortedError(`The deploy was stopped before it finished${stopReason(signal)}.`)
}

/** Pure: ` (the job was canceled: SIGTERM)`, the stop's own words in brackets, or nothing for a bare abort(). */
export function stopReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason
  const text = reason === undefined ? '' : messageOf(reason)
  return text && !/aborted/i.test(text) ? ` (${text})` : ''
}
