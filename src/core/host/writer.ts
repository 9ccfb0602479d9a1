import { clock } from '../shared/clock.js'

/** The shortest time between two writes of one kind: a stage that keeps changing never floods GitHub. */
export const MIN_WRITE_INTERVAL_MS = 10_000

/** How long the end of the step gives its last reports, whatever GitHub does: the job is never held longer. */
export const FINISH_MS = 5_000
/** What each further deployment adds to FINISH_MS: a step of many builds completes a check run each at its end. */
const FINISH_MS_EACH = 1_000

/** Pure: how long the end of a step of `deployments` gives its last writes, within a minute. */
export function finishMs(deployments: number): number {
  return Math.min(60_000, FINISH_MS + FINISH_MS_EACH * Math.max(0, deployments - 1))
}

/** One state of a check run or a comment to write; `key` tells two states apart, timestamps aside. */
export interface Wanted {
  fields: Record<string, unknown>
  key: string
  final: boolean
}

/**
 * One kind of report (the check run, the comment): the newest state wanted
 * is written; a state not yet written when a newer one comes is dropped; a
 * state equal to the last one written is not written again; two writes are
 * MIN_WRITE_INTERVAL_MS apart, except the final one, which goes at once and
 * replaces a write still under way.
 */
export class Writer {
  private wanted?: Wanted
  private lastKey?: string
  private lastAt = -Infinity
  private running?: Promise<void>
  private inFlight?: AbortController
  private wake?: () => void
  private stopped = false

  constructor(
    readonly write: (wanted: Wanted, signal: AbortSignal) => Promise<void>,
    private readonly stop: AbortSignal,
    /** Told a failed write; true stops this kind of report. */
    private readonly failed: (error: unknown) => boolean
  ) {}

  want(wanted: Wanted): void {
    if (this.stopped || (this.wanted?.final && !wanted.final)) return
    this.wanted = wanted
    if (wanted.final) {
      this.inFlight?.abort(new Error('replaced by the final state'))
      this.wake?.()
    }
    this.running ??= this.pump().finally(() => (this.running = undefined))
  }

  /** Settles when nothing is left to write. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve()
  }

  private async pump(): Promise<void> {
    while (this.wanted && !this.stopped && !this.stop.aborted) {
      const wait = this.lastAt + MIN_WRITE_INTERVAL_MS - clock.now()
      if (wait > 0 && !this.wanted.final) await this.pause(wait)
      const next = this.wanted
      this.wanted = undefined
      if (!next || this.stop.aborted) return
      if (next.key === this.lastKey) continue
      const controller = new AbortController()
      this.inFlight = controller
      this.lastAt = clock.now()
      try {
        await this.write(next, controller.signal)
        this.lastKey = next.key
      } catch (error) {
        // A write the final state replaced is not a failure.
        if (controller.signal.aborted && !this.stop.aborted) continue
        if (this.failed(error)) this.stopped = true
      } finally {
        this.inFlight = undefined
      }
    }
  }

  /** Waits `ms` on the one clock, or until the final state comes or everything stops. */
  private async pause(ms: number): Promise<void> {
    const woken = new AbortController()
    this.wake = () => woken.abort()
    try {
      await clock.sleep(ms, AbortSignal.any([woken.signal, this.stop]))
    } catch {
      // Woken early: the final state came, or everything stops.
    } finally {
      this.wake = undefined
    }
  }
}

/**
 * The end of a step's writes on a code host: every writer's last state,
 * within `allowed` ms whatever the host does; then whatever is still under
 * way is stopped (`stop` aborted with why), and the writes settle at once.
 */
export async function idleWithin(
  writers: readonly Writer[],
  allowed: number,
  stop: AbortController,
  host: string
): Promise<void> {
  const done = Promise.all(writers.map(writer => writer.idle()))
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>(resolve => (timer = setTimeout(resolve, allowed, 'late')))
  try {
    if ((await Promise.race([done, late])) === 'late') {
      stop.abort(new Error(`${host} did not answer within ${allowed / 1000} s`))
      await done
    }
  } finally {
    clearTimeout(timer)
    stop.abort()
  }
}
