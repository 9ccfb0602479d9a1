import { GREENLIGHT_PATH } from '../service/api.js'
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
  /**
   * The run was created by this step's own notification: a 404 that lasts
   * past the grace then means the workspace does not offer the verdict
   * endpoint, not a wrong run id.
   */
  createdHere?: boolean | undefined
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
  const wait = new VerdictWait(service, options)
  for (;;) {
    let next: Verdict | number
    try {
      next = wait.answered(await service.greenlight(wait.runId, wait.deadline))
    } catch (error) {
      next = wait.failed(error)
    }
    if (typeof next !== 'number') return next
    const left = wait.deadline - wait.clock.now()
    if (left <= 0) return wait.timedOut()
    if (next >= left) {
      await wait.clock.sleep(left, options.signal)
      return wait.timedOut()
    }
    await wait.clock.sleep(next, options.signal)
  }
}

/** What one ask for a run's verdict learned: its verdict, or where the run still is. */
export type VerdictNow = { verdict: Verdict } | { pending: VerdictStatus }

/**
 * Asks once for the verdict of a run someone else waits for (a collect of a
 * deployment reported later): no loop and no sleep. A superseding run is
 * followed at once, as far as the wait would follow it; a run still under
 * way is pending, unless it has been pending for `timeoutMs` since
 * `pendingSince`: then its verdict is timed-out, as the wait's would be.
 * A failed ask throws, after the transport's own retries within `deadline`.
 */
export async function verdictNow(
  service: ServiceApi,
  options: {
    runId: string
    timeoutMs: number
    pendingSince: number
    deadline: number
    signal?: AbortSignal | undefined
    clock?: Clock | undefined
  }
): Promise<VerdictNow> {
  const clock = options.clock ?? theClock
  const wait = new VerdictWait(service, {
    runId: options.runId,
    timeoutMs: options.timeoutMs,
    intervalMs: 1,
    notFoundGraceMs: 0,
    signal: options.signal,
    clock
  })
  let last: VerdictStatus | undefined
  for (;;) {
    const runId = wait.runId
    const answer = await service.greenlight(runId, options.deadline)
    last = { runId, stage: answer.stage, answer }
    const next = wait.answered(answer)
    if (typeof next !== 'number') return { verdict: next }
    if (wait.runId !== runId) continue
    if (clock.now() - options.pendingSince >= options.timeoutMs) return { verdict: wait.timedOut() }
    return { pending: { ...last, runId: wait.runId } }
  }
}

/** One wait's state: the run followed, the last answer, the failures in a row; each answer gives the verdict or the next sleep. */
class VerdictWait {
  readonly clock: Clock
  readonly deadline: number
  runId: string
  private readonly log: ServiceApi['config']['log']
  private readonly base: number
  private readonly followed: string[]
  private last: RunStatus | undefined
  private failures = 0
  private notFoundSince: number | undefined
  private asks = 0
  private lastStage: RunStage | undefined
  private lastHeartbeat: number
  private problem: string | undefined

  constructor(
    private readonly service: ServiceApi,
    private readonly options: PollOptions
  ) {
    this.clock = options.clock ?? theClock
    this.log = service.config.log
    this.base = options.intervalMs
    this.lastHeartbeat = this.clock.now()
    this.deadline = this.lastHeartbeat + options.timeoutMs
    this.runId = options.runId
    this.followed = [this.runId]
  }

  /** The verdict the answer settles, or how long to sleep before the next ask. */
  answered(answer: RunStatus): Verdict | number {
    this.asks++
    this.failures = 0
    this.notFoundSince = undefined
    this.problem = undefined
    this.last = answer
    this.options.onStatus?.({ runId: this.runId, stage: answer.stage, answer })
    const next = answer.relevantRunId
    if (next && next !== this.runId) return this.follow(next)
    this.tellStage(answer)
    const { timeoutMs } = this.options
    if (answer.stage === 'completed')
      return verdictOf(answer.greenlight ? 'passed' : 'failed', this.runId, answer, timeoutMs)
    if (answer.stage === 'canceled') return verdictOf('canceled', this.runId, answer, timeoutMs)
    const interval = answer.stage === 'underReview' ? 2 * this.base : this.base
    return this.asks <= QUICK_ASKS ? Math.ceil(interval / 3) : interval
  }

  /** What a failed ask comes to, by the transport's one retry rule: the timeout, an error that stops the wait, or the next sleep. */
  failed(error: unknown): Verdict | number {
    this.asks++
    if (this.clock.now() >= this.deadline && error instanceof NetworkError) return this.timedOut()
    if (error instanceof OversizeAnswerError) {
      // The service is there and answered: no failure of its own, so no step toward giving up.
      this.problem = error.message
      this.log.info(
        `The answer about run ${this.runId} could not be read (${error.message}); asking again.`
      )
      return this.base
    }
    if (error instanceof HttpStatusError && error.status === 404) {
      this.notFoundSince ??= this.clock.now()
      if (this.clock.now() - this.notFoundSince >= this.options.notFoundGraceMs)
        throw unknownRun(this.runId, error, this.options.createdHere === true)
      this.log.info(`Run ${this.runId} is not there yet; asking again.`)
      return Math.ceil(this.base / 3)
    }
    if (!isTransient(error) || ++this.failures >= MAX_FAILURES_IN_A_ROW) throw error
    this.problem = messageOf(error)
    this.log.info(`Asking for the verdict failed (${this.problem}); asking again.`)
    return requestedDelay(error, this.service.config.policy) ?? Math.ceil(this.base / 3)
  }

  timedOut(): Verdict {
    return {
      ...verdictOf('timed-out', this.runId, this.last, this.options.timeoutMs),
      greenlight: this.last?.greenlight ?? false,
      ...(this.problem === undefined ? {} : { problem: this.problem })
    }
  }

  /** Follows a superseding run at the normal pace; a chain that loops or never ends stops the wait. */
  private follow(next: string): number {
    const { runId, followed } = this
    if (followed.includes(next))
      throw new DeployError(
        `The service named run ${runId} as superseded by run ${next}, which it had named as superseded before (${[...followed, next].join(' → ')}); the wait stops here rather than go round in circles. Contact support with these run ids.`
      )
    if (followed.length > MAX_SUPERSEDINGS)
      throw new DeployError(
        `Run ${this.options.runId} was superseded ${followed.length} times while waiting (${followed.slice(-3).join(' → ')} → ${next}); the wait stops here. Deploy less often to this branch and environment, or set ${ref('deduplicationKey')} per deployment.`
      )
    this.log.info(
      `Run ${runId} was superseded by run ${next} (a newer deployment with the same deduplication key); following it.`
    )
    followed.push(next)
    this.runId = next
    this.lastStage = undefined
    return this.base
  }

  /** One line per stage change, and a heartbeat every six intervals. */
  private tellStage(answer: RunStatus): void {
    if (answer.stage !== this.lastStage) {
      this.log.info(`Run ${this.runId}: ${describeStage(answer)}.`)
      this.lastStage = answer.stage
      this.lastHeartbeat = this.clock.now()
    } else if (this.clock.now() - this.lastHeartbeat >= 6 * this.base) {
      this.log.info(`Run ${this.runId} is still ${describeStage(answer)}.`)
      this.lastHeartbeat = this.clock.now()
    }
  }
}

/**
 * A run the service still does not know after the grace. Created by this
 * step's own notification, the run exists: the workspace does not offer the
 * verdict endpoint. Given by hand, it is a wrong id, another workspace's, or
 * the same missing endpoint.
 */
function unknownRun(runId: string, error: HttpStatusError, createdHere: boolean): DeployError {
  const label = error.message.replace(/ answered 404.*$/s, '')
  const endpoint = `the verdict endpoint (GET ${GREENLIGHT_PATH}/{runId}, docs/requests.md) is not available for this workspace`
  return new DeployError(
    createdHere
      ? `${label} still answers 404 Not Found for run ${runId}, which this step's notification created: ${endpoint}. The run goes on at the service, on its page. Ask the service's operator to offer the verdict endpoint for this workspace, or deploy without waiting for the verdict.`
      : `${label} still answers 404 Not Found: the service knows no run ${runId} in this workspace, or ${endpoint}. Check ${ref('runId')}: pass the runId of the deploy that created the run, unchanged, with the API key of the same workspace (${setting('runId', runId)}); if it is, ask the service's operator about the verdict endpoint.`
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
