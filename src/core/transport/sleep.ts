import { AbortedError, DeployError, messageOf } from '../shared/errors.js'

/**
 * Where the retry policy and the wait for the verdict read the time and
 * sleep: the system's, or a test's that sleeps no real time. Milliseconds
 * throughout.
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

/**
 * Why an aborted signal stopped the deploy, as an error that is never retried:
 * the core's own reason as it is (a time limit, a file that changed), anything else (a caller's `abort()`, a
 * DOMException) as a stop with its words.
 */
export function abortError(signal: AbortSignal): DeployError {
  const reason: unknown = signal.reason
  if (reason instanceof DeployError) return reason
  const said = reason === undefined ? '' : messageOf(reason)
  return new AbortedError(
    `The deploy was stopped before it finished${said && !/aborted/i.test(said) ? ` (${said})` : ''}.`
  )
}
