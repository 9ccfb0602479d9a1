/**
 * The service's side of a collect: one ask for a run's verdict. A collect
 * never waits: a run still going is pending, and the next collect asks
 * again; a run pending for longer than the wait's timeout ends as timed
 * out; a run the service no longer reports on (410, or 404 for longer than
 * the wait's timeout after its deploy) ends as timed out with the service's
 * words, so that its check never stays in progress for good.
 */
import type { Verdict } from '../model.js'
import { clock } from '../shared/clock.js'
import { HttpStatusError } from '../shared/errors.js'
import { verdictNow, type VerdictNow } from '../verdict/poll.js'
import type { Settings } from '../options/resolve.js'
import type { ServiceApi } from '../service/api.js'
import type { Limits } from '../options/time-limits.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'
import { scrubbedVerdict } from './waiting.js'

/** What a collect works with: the step's settings and limits, its way out, its hooks. */
export interface CollectRun {
  settings: Settings
  limits: Limits
  output: OutputFilter
  hooks: DeployHooks
}

/** The longest one ask for a run's verdict may take with its retries. */
export const ASK_MS = 60_000

/** What an ask needs besides the service: the wait's timeout, the stop, the deploy's redaction. */
export interface Asking {
  settings: Pick<Settings, 'waitTimeoutMs'>
  signal?: AbortSignal | undefined
  /** A text from outside (the service's words, a link), redacted. */
  value(text: string): string
}

/** The verdict of run `runId` (pending since `pendingSince`), asked once; the service's words redacted. */
export async function askVerdict(
  service: ServiceApi,
  runId: string,
  pendingSince: number,
  asking: Asking,
  deadline: number
): Promise<VerdictNow> {
  const { waitTimeoutMs } = asking.settings
  try {
    const now = await verdictNow(service, {
      runId,
      timeoutMs: waitTimeoutMs,
      pendingSince,
      deadline,
      signal: asking.signal
    })
    return 'verdict' in now ? { verdict: scrubbedVerdict(now.verdict, asking.value) } : now
  } catch (error) {
    if (!(error instanceof HttpStatusError)) throw error
    const old = clock.now() - pendingSince >= waitTimeoutMs
    if (error.status === 410 || (error.status === 404 && old))
      return { verdict: gone(runId, error, asking) }
    // A run not there yet right after its deploy: still pending.
    if (error.status === 404)
      return { pending: { runId, answer: { greenlight: false, bugs: [], otherBlockingBugs: [] } } }
    throw error
  }
}

/** A run whose verdict will never come, as a timed-out verdict carrying the service's words. */
function gone(runId: string, error: HttpStatusError, asking: Asking): Verdict {
  const words =
    error.status === 410
      ? error.message
      : `The service still answers 404 Not Found for run ${runId}, longer than the wait's timeout after its deploy: it knows no such run in this workspace, or the verdict endpoint (GET /api/v0/ci-greenlight/{runId}, docs/requests.md) is not available for this workspace. Deploy again for a new run; if it happens again, ask the service's operator about the verdict endpoint.`
  return {
    verdict: 'timed-out',
    greenlight: false,
    runId,
    bugs: [],
    blockingBugs: [],
    timeoutMs: asking.settings.waitTimeoutMs,
    answered: false,
    gone: asking.value(words)
  }
}
