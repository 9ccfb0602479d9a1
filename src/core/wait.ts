import { DeployError } from './errors.js'
import { send, NetworkError } from './http.js'
import { asObject } from './json.js'
import { parseRetryAfter, delay, HttpStatusError } from './retry.js'
import { serviceRequest, type ServiceConfig } from './service.js'
import { serviceStatusError } from './statuses.js'
import { parseGreenlight, type Bug, type GreenlightAnswer, type RunStage } from './verdict.js'

export const GREENLIGHT_PATH = '/api/v0/ci-greenlight'
/** The SDK's cadence: every 30 s while initializing, every 60 s under review. */
export const DEFAULT_POLL_INTERVAL_MS = 30_000
/** Failed asks in a row (404 before the run exists, 5xx, network) before the wait gives up, as the SDK. */
const MAX_FAILURES_IN_A_ROW = 10
/** The first asks come sooner: a short run's verdict is known without waiting a whole interval. */
const QUICK_ASKS = 3

/** How a wait ended: the run's verdict, or the timeout. */
export type VerdictName = 'passed' | 'failed' | 'canceled' | 'timed-out'

/** What the wait learned: the verdict and the run that decided it. */
export interface Verdict {
  verdict: VerdictName
  greenlight: boolean
  /** The run that decides: the asked-about one, or the one that superseded it. */
  runId: string
  runUrl?: string
  bugsUrl?: string
  blockingBugsCount?: number
  nonBlockingBugsCount?: number
  bugs: Bug[]
  /** Blocking bugs that decide the verdict: the run's, and the environment's found by other workflows. */
  blockingBugs: Bug[]
}

/** A status the wait reports as it goes. */
export interface VerdictStatus {
  runId: string
  stage?: RunStage
  answer: GreenlightAnswer
}

export interface WaitOptions {
  runId: string
  /** The wait ends with `timed-out` after this long; the run goes on at the service. */
  timeoutMs: number
  /** The base interval: 30 s by default; under review it is doubled. */
  intervalMs?: number
  /** Told every answer, so that a front end can show stage changes. */
  onStatus?: (status: VerdictStatus) => void
  sleep?: (ms: number) => Promise<void>
}

/**
 * Asks for the run's verdict until it is known or the time is up (spec Part 3):
 * a 404 before the run exists, a 5xx, a 429 (after its Retry-After) or a
 * network error is asked again, at most ten times in a row; any other 4xx
 * stops with its message. A superseded run is followed. One log line per stage
 * change, and a heartbeat every few intervals with what the service reports.
 */
export async function waitForVerdict(
  config: ServiceConfig,
  options: WaitOptions
): Promise<Verdict> {
  const { log } = config
  const base = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const sleep = options.sleep ?? delay
  const deadline = Date.now() + options.timeoutMs
  let runId = options.runId
  let last: GreenlightAnswer | undefined
  let failures = 0
  let asks = 0
  let lastStage: RunStage | undefined
  let lastHeartbeat = Date.now()

  for (;;) {
    asks++
    let wait: number
    try {
      const answer = await ask(config, runId)
      failures = 0
      last = answer
      options.onStatus?.({ runId, stage: answer.stage, answer })
      if (answer.relevantRunId && answer.relevantRunId !== runId) {
        log.info(
          `Run ${runId} was superseded by run ${answer.relevantRunId} (a newer deployment with the same deduplication key); following it.`
        )
        runId = answer.relevantRunId
        lastStage = undefined
        continue
      }
      if (answer.stage !== lastStage) {
        log.info(`Run ${runId}: ${describeStage(answer)}.`)
        lastStage = answer.stage
        lastHeartbeat = Date.now()
      } else if (Date.now() - lastHeartbeat >= 6 * base) {
        log.info(`Run ${runId} is still ${describeStage(answer)}.`)
        lastHeartbeat = Date.now()
      }
      if (answer.stage === 'completed')
        return verdictOf(answer.greenlight ? 'passed' : 'failed', runId, answer)
      if (answer.stage === 'canceled') return verdictOf('canceled', runId, answer)
      const interval = answer.stage === 'underReview' ? 2 * base : base
      wait = asks <= QUICK_ASKS ? Math.ceil(interval / 3) : interval
    } catch (error) {
      if (!retryable(error) || ++failures >= MAX_FAILURES_IN_A_ROW) throw error
      const notYet = error instanceof HttpStatusError && error.status === 404
      log.info(
        notYet
          ? `Run ${runId} is not there yet; asking again.`
          : `Asking for the verdict failed (${(error as Error).message}); asking again.`
      )
      const retryAfter = error instanceof HttpStatusError ? error.retryAfterMs : undefined
      wait = retryAfter ?? Math.ceil(base / 3)
    }
    const left = deadline - Date.now()
    if (left <= 0 || wait >= left) {
      if (wait >= left && left > 0) await sleep(left)
      return { ...verdictOf('timed-out', runId, last), greenlight: last?.greenlight ?? false }
    }
    await sleep(wait)
  }
}

async function ask(config: ServiceConfig, runId: string): Promise<GreenlightAnswer> {
  const request = serviceRequest(config, 'GET', `${GREENLIGHT_PATH}/${encodeURIComponent(runId)}`)
  const { label } = request
  config.log.debug(label)
  const response = await send(request, config, config.signal)
  config.log.debug(`${label} answered ${response.status}`)
  if (response.status === 410) {
    throw new DeployError(
      `${label} answered 410 Gone: the run is too old for the service to report on. Wait for a newer run.`
    )
  }
  if (response.status < 200 || response.status >= 300) {
    const error = serviceStatusError(label, response, config.words)
    throw response.status === 404
      ? new HttpStatusError(
          `${label} answered 404 Not Found: no run with this id, or not yet.`,
          404,
          parseRetryAfter(response.headers['retry-after'])
        )
      : error
  }
  let json: unknown
  try {
    json = JSON.parse(response.body)
  } catch {
    throw new HttpStatusError(`${label} answered 200 with a body that is not JSON.`, 502)
  }
  return parseGreenlight(asObject(json))
}

/** Worth asking again: the run not created yet, the service busy or failing, the network. */
function retryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true
  return (
    error instanceof HttpStatusError &&
    (error.status === 404 || error.status === 429 || error.status >= 500)
  )
}

function verdictOf(
  verdict: VerdictName,
  runId: string,
  answer: GreenlightAnswer | undefined
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
    blockingBugs: [...bugs, ...(answer?.otherBlockingBugs ?? [])].filter(bug => bug.blocking)
  }
}

/** A stage in words, with what the service reports of it. */
function describeStage(answer: GreenlightAnswer): string {
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
