import { DeployError, HttpStatusError, messageOf, NetworkError } from '../shared/errors.js'
import { ref, setting } from '../shared/option-refs.js'
import type { RunStatus, RunStage, Verdict, VerdictName, VerdictStatus } from '../model.js'
import type { ServiceApi } from '../service/api.js'
import { isTransient, requestedDelay } from '../transport/retry.js'
import { OversizeAnswerError } from '../transport/send.js'
import { clock as theClock, type Clock } from '../shared/clock.js'

/** The SDK's cadence: every 30 s while initializing, every 60 s under review. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 30
/** Failed asks in a row (5xx, network, 429) before the wait gives up, as the SDK. */
const MAX_FAILURES_IN_A_ROW = 10
/** The first asks come sooner: a short run's verdict is known without waiting a whole interval. */
const QUICK_ASKS = 3
/** A run followed through more supersedings than this is a service in a loop, not a busy branch. */
const MAX_SUPERSEDINGS = 20

export interface PollOptions {
  runId: string
  /** The wait ends with `timed-out` after this long; the run goes on at the service. */
  timeoutMs: number
  /** The base interval; under review it is doubled. */
  intervalMs: number
  /**
   * How long a run may answer 404 before the wait gives up: long right after
   * a notification (the service creates the run a little later), short for a
   * run id given by hand (it should exist already).
   */
  notFoundGraceMs: number
  /** Told every answer, so that a front end can show stage changes. */
  onStatus?: ((status: VerdictStatus) => void) | undefined
  signal?: AbortSignal | undefined
  /** Where the time is read and the waits slept; the system's by default. */
  clock?: Clock | undefined
}

/**
 * Asks for the run's verdict until it is known or the time is up (spec Part 3).
 * A 404 while the run is not there yet is asked again for a grace; what the
 * transport's retry policy calls transient (network, 429, 500, 502, 503, 504)
 * is asked again at most ten times in a row, after the server's Retry-After
 * within the policy's cap; any other 4xx stops with its message. An answer too
 * large to read is asked again at the normal pace, and named if the wait times
 * out. A superseded run is followed at the same pace, and a chain of
 * supersedings that loops or never ends stops the wait. Every ask and every
 * sleep ends by the timeout, and at once on the signal. One log line per stage
 * change, and a heartbeat every few intervals.
 */
export async function pollVerdict(service: ServiceApi, options: PollOptions): Promise<Verdict> {
  const { log, policy } = service.config
  const base = options.intervalMs
  const clock = options.clock ?? theClock
  const started = clock.now()
  const deadline = started + options.timeoutMs
  const { timeoutMs } = options
  let runId = options.runId
  const followed = [runId]
  let last: RunStatus | undefined
  let failures = 0
  let notFoundSince: number | undefined
  let asks = 0
  let lastStage: RunStage | undefined
  let lastHeartbeat = started
  let problem: string | undefined
  const timedOut = (): Verdict => ({
    ...verdictOf('timed-out', runId, last, timeoutMs),
    greenlight: last?.greenlight ?? false,
    ...(problem === undefined ? {} : { problem })
  })

  for (;;) {
    asks++
    let wait: number
    try {
      const answer = await service.greenlight(runId, deadline)
      failures = 0
      notFoundSince = undefined
      problem = undefined
      last = answer
      options.onStatus?.({ runId, stage: answer.stage, answer })
      const next = answer.relevantRunId
      if (next && next !== runId) {
        if (followed.includes(next))
          throw new DeployError(
            `The service named run ${runId} as superseded by run ${next}, which it had named as superseded before (${[...followed, next].join(' → ')}); the wait stops here rather than go round in circles. Contact support with these run ids.`
          )
        if (followed.length > MAX_SUPERSEDINGS)
          throw new DeployError(
            `Run ${options.runId} was superseded ${followed.length} times while waiting (${followed.slice(-3).join(' → ')} → ${next}); the wait stops here. Deploy less often to this branch and environment, or set ${ref('deduplicationKey')} per deployment.`
          )
        log.info(
          `Run ${runId} was superseded by run ${next} (a newer deployment with the same deduplication key); following it.`
        )
        followed.push(next)
        runId = next
        lastStage = undefined
        wait = base
      } else {
        if (answer.stage !== lastStage) {
          log.info(`Run ${runId}: ${describeStage(answer)}.`)
          lastStage = answer.stage
          lastHeartbeat = clock.now()
        } else if (clock.now() - lastHeartbeat >= 6 * base) {
          log.info(`Run ${runId} is still ${describeStage(answer)}.`)
          lastHeartbeat = clock.now()
        }
        if (answer.stage === 'completed')
          return verdictOf(answer.greenlight ? 'passed' : 'failed', runId, answer, timeoutMs)
        if (answer.stage === 'canceled') return verdictOf('canceled', runId, answer, timeoutMs)
        const interval = answer.stage === 'underReview' ? 2 * base : base
        wait = asks <= QUICK_ASKS ? Math.ceil(interval / 3) : interval
      }
    } catch (error) {
      if (clock.now() >= deadline && error instanceof NetworkError) return timedOut()
      if (error instanceof OversizeAnswerError) {
        // The service is there and answered: no failure of its own, so no step toward giving up.
        problem = error.message
        log.info(
          `The answer about run ${runId} could not be read (${error.message}); asking again.`
        )
        wait = base
      } else if (error instanceof HttpStatusError && error.status === 404) {
        notFoundSince ??= clock.now()
        if (clock.now() - notFoundSince >= options.notFoundGraceMs) throw unknownRun(runId, error)
        log.info(`Run ${runId} is not there yet; asking again.`)
        wait = Math.ceil(base / 3)
      } else {
        if (!isTransient(error) || ++failures >= MAX_FAILURES_IN_A_ROW) throw error
        problem = messageOf(error)
        log.info(`Asking for the verdict failed (${problem}); asking again.`)
        wait = requestedDelay(error, policy) ?? Math.ceil(base / 3)
      }
    }
    const left = deadline - clock.now()
    if (left <= 0) return timedOut()
    if (wait >= left) {
      await clock.sleep(left, options.signal)
      return timedOut()
    }
    await clock.sleep(wait, options.signal)
  }
}

/** A run the service still does not know after the grace: a wrong id, or another workspace's. */
function unknownRun(runId: string, error: HttpStatusError): DeployError {
  const label = error.message.replace(/ answered 404.*$/s, '')
  return new DeployError(
    `${label} still answers 404 Not Found: the service knows no run ${runId} in this workspace. Check ${ref('runId')}: pass the runId of the deploy that created the run, unchanged, with the API key of the same workspace (${setting('runId', runId)}).`
  )
}

function verdictOf(
  verdict: VerdictName,
  runId: string,
  answer: RunStatus | undefined,
  timeoutMs: number
): Verdict {
  const bugs = answer?.bugs ?? []
  return {
    verdict,
    greenlight: verdict === 'passed',
    runId,
    runUrl: answer?.runUrl,
    bugsUrl: answer?.bugsUrl,
    blockingBugsCount: answer?.blockingBugsCount,
    nonBlockingBugsCount: answer?.nonBlockingBugsCount,
    bugs,
    blockingBugs: [...bugs, ...(answer?.otherBlockingBugs ?? [])].filter(bug => bug.blocking),
    timeoutMs,
    answered: answer !== undefined
  }
}

/** A stage in words, with what the service reports of it. */
export function describeStage(answer: RunStatus): string {
  switch (answer.stage) {
    case 'initializing':
      return 'initializing (the flows are starting)'
    case 'underReview': {
      const parts = [
        answer.underInvestigation !== undefined &&
          `${answer.underInvestigation} workflow(s) under investigation`,
        answer.autoRetrying && `${answer.autoRetrying} retrying`,
        answer.blockingBugsCount !== undefined &&
          `${answer.blockingBugsCount} blocking bug(s) so far`,
        answer.nonBlockingBugsCount !== undefined && `${answer.nonBlockingBugsCount} non-blocking`
      ].filter(Boolean)
      return `under review${parts.length ? ` (${parts.join(', ')})` : ''}`
    }
    case 'completed':
      return answer.greenlight
        ? 'completed, green'
        : `completed with ${answer.blockingBugsCount ?? 'some'} blocking bug(s)`
    case 'canceled':
      return 'canceled'
    default:
      return 'in a stage this client does not know'
  }
}
