import { describe, expect, it } from '@jest/globals'
import {
  AbortedError,
  DeployError,
  ExpiredUrlError,
  HttpStatusError,
  NetworkError,
  RetriesExhaustedError
} from '../../../../src/core/shared/errors.js'
import {
  backoffDelay,
  isTransient,
  MAX_RETRY_DELAY_MS,
  parseRetryAfter,
  requestedDelay,
  withRetry,
  type RetryPolicy
} from '../../../../src/core/transport/retry.js'
import { sleep, type Clock } from '../../../../src/core/shared/clock.js'

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  deadline: Date.now() + 3_600_000
}

describe('isTransient', () => {
  it.each([
    [new NetworkError('reset'), true],
    [new ExpiredUrlError('expired'), true],
    [new HttpStatusError('x', 429), true],
    [new HttpStatusError('x', 500), true],
    [new HttpStatusError('x', 502), true],
    [new HttpStatusError('x', 503), true],
    [new HttpStatusError('x', 504), true],
    [new HttpStatusError('x', 400), false],
    [new HttpStatusError('x', 401), false],
    [new HttpStatusError('x', 402), false],
    [new HttpStatusError('x', 403), false],
    [new HttpStatusError('x', 501), false],
    [new DeployError('x'), false],
    [new AbortedError('stopped'), false],
    [new Error('x'), false],
    ['a string', false]
  ])('%s -> %s', (error, expected) => {
    expect(isTransient(error)).toBe(expected)
  })
})

describe('backoffDelay', () => {
  it('doubles with equal jitter', () => {
    expect(backoffDelay(1, policy, undefined, () => 0)).toBe(500)
    expect(backoffDelay(1, policy, undefined, () => 1)).toBe(1000)
    expect(backoffDelay(3, policy, undefined, () => 0)).toBe(2000)
    expect(backoffDelay(3, policy, undefined, () => 1)).toBe(4000)
  })

  it('never exceeds the cap', () => {
    expect(backoffDelay(20, policy, undefined, () => 1)).toBe(60_000)
  })

  it('honours Retry-After, capped', () => {
    expect(backoffDelay(1, policy, 7000)).toBe(7000)
    expect(backoffDelay(1, policy, 0)).toBe(0)
    expect(backoffDelay(1, policy, 3_600_000)).toBe(60_000)
  })

  it('never waits past the one cap, whatever a policy allows', () => {
    const lax = { ...policy, maxDelayMs: 3_600_000 }
    expect(backoffDelay(30, lax, undefined, () => 1)).toBe(MAX_RETRY_DELAY_MS)
    expect(backoffDelay(1, lax, 999_999_000)).toBe(MAX_RETRY_DELAY_MS)
  })
})

describe('requestedDelay', () => {
  const year = new Date(Date.now() + 365 * 86_400_000).toUTCString()
  it.each([
    [new HttpStatusError('x', 429, 2000), 2000],
    [new HttpStatusError('x', 429, 999_999_000), MAX_RETRY_DELAY_MS],
    [new HttpStatusError('x', 503, parseRetryAfter(year)), MAX_RETRY_DELAY_MS],
    [new HttpStatusError('x', 429), undefined],
    [new NetworkError('reset'), undefined]
  ])('%s -> %s', (error, expected) => {
    expect(requestedDelay(error, { maxDelayMs: 3_600_000 })).toBe(expected)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z')
  it.each([
    ['3', 3000],
    [' 0 ', 0],
    ['Sat, 21 Nov 2026 10:00:05 GMT', 5000],
    ['Sat, 21 Nov 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    [undefined, undefined],
    [['2', '9'], 2000]
  ])('%j -> %s', (value, expected) => {
    expect(parseRetryAfter(value as string | string[] | undefined, now)).toBe(expected)
  })
})

describe('withRetry', () => {
  /** A clock whose sleeps are recorded, not slept. */
  const noSleep = (waits: number[]): Clock => ({
    now: () => Date.now(),
    sleep: ms => {
      waits.push(ms)
      return Promise.resolve()
    }
  })

  it('retries transient failures and returns the first success', async () => {
    const waits: number[] = []
    const seen: number[] = []
    const result = await withRetry(
      policy,
      async ({ number }) => {
        seen.push(number)
        if (number < 3) throw new HttpStatusError('busy', 503)
        return 'done'
      },
      () => undefined,
      noSleep(waits)
    )
    expect(result).toBe('done')
    expect(seen).toEqual([1, 2, 3])
    expect(waits).toHaveLength(2)
  })

  it('hands the previous error to the next attempt', async () => {
    const previous: unknown[] = []
    await withRetry(
      policy,
      async ({ number, previous: p }) => {
        previous.push(p)
        if (number === 1) throw new ExpiredUrlError('expired')
        return 1
      },
      () => undefined,
      noSleep([])
    )
    expect(previous[0]).toBeUndefined()
    expect(previous[1]).toBeInstanceOf(ExpiredUrlError)
  })

  it('stops at once on a permanent failure', async () => {
    let calls = 0
    const error = new HttpStatusError('no', 401)
    await expect(
      withRetry(
        policy,
        async () => {
          calls++
          throw error
        },
        () => undefined,
        noSleep([])
      )
    ).rejects.toBe(error)
    expect(calls).toBe(1)
  })

  it('gives up after maxAttempts with the last message and the count', async () => {
    let calls = 0
    const promise = withRetry(
      policy,
      async () => {
        calls++
        throw new HttpStatusError(`busy ${calls}`, 500)
      },
      () => undefined,
      noSleep([])
    )
    await expect(promise).rejects.toBeInstanceOf(RetriesExhaustedError)
    await expect(promise).rejects.toThrow('busy 4. Gave up after 4 attempts.')
    expect(calls).toBe(4)
  })

  it('uses Retry-After as the wait', async () => {
    const waits: number[] = []
    await withRetry(
      policy,
      async ({ number }) => {
        if (number === 1) throw new HttpStatusError('slow down', 429, 2500)
        return 1
      },
      () => undefined,
      noSleep(waits)
    )
    expect(waits).toEqual([2500])
  })

  it('does not start an attempt past the deadline', async () => {
    let calls = 0
    const promise = withRetry(
      { ...policy, deadline: Date.now() + 100 },
      async () => {
        calls++
        throw new HttpStatusError('slow down', 429, 5000)
      },
      () => undefined,
      noSleep([])
    )
    await expect(promise).rejects.toThrow('Gave up after 1 attempt.')
    expect(calls).toBe(1)
  })

  it('stops the loop and its wait at once when the signal aborts, whatever the reason', async () => {
    const controller = new AbortController()
    let calls = 0
    const started = Date.now()
    const promise = withRetry(
      { ...policy, signal: controller.signal },
      async () => {
        calls++
        throw new NetworkError('reset')
      },
      () => setTimeout(() => controller.abort('a plain string reason'), 50)
    )
    const error = await promise.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect(calls).toBe(1)
    // The wait was about 0.5 to 1 s; the abort came 50 ms into it.
    expect(Date.now() - started).toBeLessThan(450)
  })

  it('starts no attempt on a signal aborted before', async () => {
    let calls = 0
    await expect(
      withRetry(
        { ...policy, signal: AbortSignal.abort(new Error('gone')) },
        async () => ++calls,
        () => undefined
      )
    ).rejects.toBeInstanceOf(AbortedError)
    expect(calls).toBe(0)
  })
})

describe('sleep', () => {
  it('ends at once on the signal, with the reason as an AbortedError', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('Ctrl-C')), 20)
    const started = Date.now()
    const error = await sleep(60_000, controller.signal).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect((error as Error).message).toContain('Ctrl-C')
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it("keeps the core's own reason as it is", async () => {
    const reason = new DeployError('The upload reached its time limit')
    await expect(sleep(10, AbortSignal.abort(reason))).rejects.toBe(reason)
  })
})
