import type { Log } from '../shared/log.js'
import {
  ExpiredUrlError,
  HttpStatusError,
  NetworkError,
  RetriesExhaustedError,
  messageOf
} from '../shared/errors.js'
import { abortError, clock as theClock, type Clock } from '../shared/clock.js'

/** Statuses worth another attempt: rate limiting and the transient server errors. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504])

/** Whether another attempt may succeed where this one failed. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof ExpiredUrlError) return true
  return error instanceof HttpStatusError && TRANSIENT_STATUSES.has(error.status)
}

/**
 * The longest wait before another attempt (or another ask for the verdict):
 * the ceiling of the backoff, and the cap on a server's Retry-After, in
 * seconds or as an HTTP date. A server that asks for hours, or names a date a
 * year ahead, is asked again within this; its own limits answer 429 again if
 * it meant it, and every wait still ends by its deadline.
 */
export const MAX_RETRY_DELAY_MS = 60_000

export interface RetryPolicy {
  maxAttempts: number
  /** The first backoff; each later one doubles. */
  baseDelayMs: number
  /** No single wait is longer, Retry-After included; at most {@link MAX_RETRY_DELAY_MS}. */
  maxDelayMs: number
  /** No attempt starts once this moment (epoch ms) has passed. */
  deadline: number
  /** Stops the attempt under way, every later one and any wait between them, at once. */
  signal?: AbortSignal | undefined
  /** A caller's own transient answers beside the rule's (GitLab's 409 for a status being updated at that moment). */
  alsoTransient?: ((error: unknown) => boolean) | undefined
}

export const DEFAULT_BASE_DELAY_MS = 1000

/**
 * The wait before attempt `attempt + 1`: the server's Retry-After when it gave
 * one, else exponential backoff with equal jitter (half fixed, half random), so
 * that many pipelines failing together do not retry in lockstep.
 */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  retryAfterMs?: number,
  random: () => number = Math.random
): number {
  const cap = Math.min(policy.maxDelayMs, MAX_RETRY_DELAY_MS)
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, cap)
  const ceiling = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), cap)
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

/** The wait a failed request's server asked for with Retry-After, within the policy's cap; undefined when it asked none. */
export function requestedDelay(
  error: unknown,
  policy: Pick<RetryPolicy, 'maxDelayMs'>
): number | undefined {
  if (!(error instanceof HttpStatusError) || error.retryAfterMs === undefined) return undefined
  return Math.min(error.retryAfterMs, policy.maxDelayMs, MAX_RETRY_DELAY_MS)
}

/** Retry-After in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. Not capped: see {@link requestedDelay}. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = theClock.now()
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value
  if (!text) return undefined
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000
  // An HTTP date always names its weekday and month; anything else (e.g. "-1") is unreadable.
  if (!/[a-z]{3}/i.test(text)) return undefined
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

export interface Attempt {
  /** 1 for the first attempt. */
  number: number
  /** The error of the previous attempt, if any. */
  previous?: unknown
}

/**
 * Runs `operation` until it succeeds, fails permanently (that error is thrown
 * as it is), or runs out of attempts or time (a `RetriesExhaustedError`). An
 * aborted signal ends the loop at once, whatever it was doing. `onRetry`
 * tells the log what failed and how long the wait is.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  operation: (attempt: Attempt) => Promise<T>,
  onRetry: (error: unknown, attempt: number, delayMs: number) => void,
  clock: Clock = theClock
): Promise<T> {
  let previous: unknown
  for (let number = 1; ; number++) {
    if (policy.signal?.aborted) throw abortError(policy.signal)
    try {
      return await operation({ number, previous })
    } catch (error) {
      if (policy.signal?.aborted) throw abortError(policy.signal)
      if (!isTransient(error) && !policy.alsoTransient?.(error)) throw error
      if (number >= policy.maxAttempts) throw new RetriesExhaustedError(error, number)
      const wait = backoffDelay(number, policy, requestedDelay(error, policy))
      if (clock.now() + wait >= policy.deadline) throw new RetriesExhaustedError(error, number)
      onRetry(error, number, wait)
      await clock.sleep(wait, policy.signal)
      previous = error
    }
  }
}

export function logRetry(
  log: Pick<Log, 'info'>,
  error: unknown,
  attempt: number,
  maxAttempts: number,
  delayMs: number
): void {
  const said = messageOf(error).replace(/([^.])$/, '$1.')
  log.info(
    `Attempt ${attempt} of ${maxAttempts} failed: ${said} Retrying in ${(delayMs / 1000).toFixed(1)} s.`
  )
}
