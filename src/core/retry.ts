import { DeployError } from './errors.js'
import { NetworkError } from './http.js'

/** Statuses worth another attempt: rate limiting and the transient server errors. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504])

/** The service or the store answered with a status that is not success. */
export class HttpStatusError extends DeployError {
  override name = 'HttpStatusError'

  constructor(
    message: string,
    readonly status: number,
    /** The wait the server asked for with Retry-After, in milliseconds. */
    readonly retryAfterMs?: number
  ) {
    super(message)
  }
}

/** A PUT refused because its signed URL expired: worth another attempt with a fresh URL. */
export class ExpiredUrlError extends DeployError {
  override name = 'ExpiredUrlError'
}

/** A transient failure that lasted through every attempt the policy allowed. */
export class RetriesExhaustedError extends DeployError {
  override name = 'RetriesExhaustedError'

  constructor(
    readonly last: unknown,
    readonly attempts: number
  ) {
    const said = (last instanceof Error ? last.message : String(last)).replace(/([^.])$/, '$1.')
    super(`${said} Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`)
  }
}

/** Whether another attempt may succeed where this one failed. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof ExpiredUrlError) return true
  return error instanceof HttpStatusError && TRANSIENT_STATUSES.has(error.status)
}

export interface RetryPolicy {
  maxAttempts: number
  /** The first backoff; each later one doubles. */
  baseDelayMs: number
  /** No single wait is longer, Retry-After included. */
  maxDelayMs: number
  /** No attempt starts once this moment (epoch ms) has passed. */
  deadline: number
}

export const DEFAULT_BASE_DELAY_MS = 1000
export const DEFAULT_MAX_DELAY_MS = 60_000

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
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs)
  const ceiling = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs)
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

/** Retry-After in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now()
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
 * as it is), or runs out of attempts or time (a `RetriesExhaustedError`). `onRetry` tells the log
 * what failed and how long the wait is.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  operation: (attempt: Attempt) => Promise<T>,
  onRetry: (error: unknown, attempt: number, delayMs: number) => void,
  sleep: (ms: number) => Promise<void> = delay
): Promise<T> {
  let previous: unknown
  for (let number = 1; ; number++) {
    try {
      return await operation({ number, previous })
    } catch (error) {
      if (!isTransient(error)) throw error
      if (number >= policy.maxAttempts) throw new RetriesExhaustedError(error, number)
      const retryAfter = error instanceof HttpStatusError ? error.retryAfterMs : undefined
      const wait = backoffDelay(number, policy, retryAfter)
      if (Date.now() + wait >= policy.deadline) throw new RetriesExhaustedError(error, number)
      onRetry(error, number, wait)
      await sleep(wait)
      previous = error
    }
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms))
}
