import { AbortedError } from '../shared/errors.js'
import { formatDuration, formatMinutes } from '../shared/format.js'
import type { Log, ProgressListener } from '../shared/log.js'
import { userAgent, type FrontEnd } from '../shared/version.js'
import { clock } from '../shared/clock.js'
import { LIMIT_VARIABLES, type Limits } from '../options/time-limits.js'
import type { Settings } from '../options/resolve.js'
import type { Vocabulary } from '../options/vocabulary.js'
import type { ServiceApi } from '../service/api.js'
import { connectService } from '../service/connect.js'
import { DEFAULT_BASE_DELAY_MS, MAX_RETRY_DELAY_MS } from '../transport/retry.js'
import type { DeployEvent } from '../report/events.js'
import type { Deployment } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import type { CiContext } from '../ci/context.js'
import type { Artifact } from '../upload/artifact.js'
import type { OutputFilter } from './output-filter.js'

export type { CiContext }

/** What a front end brings to a deploy besides the option values. */
export interface DeployHooks {
  frontEnd: FrontEnd
  /** How this front end names its options in every text. */
  vocabulary: Vocabulary
  /** Where the deploy tells what it does; every line arrives rendered, redacted and on one line. */
  log?: Partial<Log> | undefined
  /** What the front end read from its CI: the Git context, a deployment's state, a pull request to look up. */
  ci?: CiContext | undefined
  /** The environment: time limits, and options that fall back to a variable. */
  env?: Record<string, string | undefined> | undefined
  /** Where a relative `file` is found. */
  workingDirectory: string
  /** Stops whatever is under way at once; the deploy then ends as `aborted`. */
  signal?: AbortSignal | undefined
  /** The surfaces the step's facts are shown on: each told every event, then the judged facts. */
  reporters?: readonly Reporter[] | undefined
  /** Told the bytes sent so far during the upload. */
  onProgress?: ProgressListener | undefined
}

/**
 * What every step of one deployment shares: the settings, the limits, the
 * way out (log, redaction), its facts as they stand and the service's
 * client. Steps read it and return what they learned; the orchestrator
 * alone writes the facts.
 */
export class DeploySession {
  constructor(
    readonly settings: Settings,
    readonly limits: Limits,
    readonly output: OutputFilter,
    readonly hooks: DeployHooks,
    /** The deployment's facts, for its warnings (the orchestrator writes the rest). */
    readonly deployment: Deployment,
    /** Where this deployment tells what it does: with several, each line names its build. */
    readonly log: Log,
    /** Tells every reporter an event of this deployment. */
    readonly emitEvent: (event: DeployEvent) => void
  ) {}

  /** A text from outside (a name, a link), redacted. */
  value(text: string): string {
    return this.output.value(text)
  }

  /** A warning worth a look: in the log and in the deployment's warnings, rendered and redacted once. */
  warn(text: string, title?: string): void {
    const warning = this.output.text(text)
    this.deployment.warnings.push(warning)
    this.log.warning(warning, title)
  }

  /** A log group for one phase, closed with how long the phase took. */
  async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = clock.now()
    return this.log.group(name, async () => {
      try {
        return await work()
      } finally {
        this.log.info(`Took ${formatDuration((clock.now() - started) / 1000)}.`)
      }
    })
  }

  /** The service's client, its retries bounded by `deadline` and stopped by `signal`. */
  service(signal: AbortSignal | undefined, deadline: number): ServiceApi {
    return serviceOf(this, signal, deadline)
  }

  private delivery: { service: ServiceApi; timer: NodeJS.Timeout } | undefined

  /**
   * Runs a request of the delivery (the upload, the notification, the end of
   * an environment) within the delivery's one time limit, started by the
   * first; a wait has its own. The limit aborts whatever is under way, with a
   * message saying so.
   */
  async withinDelivery<T>(work: (service: ServiceApi) => Promise<T>): Promise<T> {
    this.delivery ??= this.startDelivery()
    return work(this.delivery.service)
  }

  /** The delivery is over: its time limit stops. */
  endDelivery(): void {
    if (this.delivery) clearTimeout(this.delivery.timer)
  }

  private startDelivery(): { service: ServiceApi; timer: NodeJS.Timeout } {
    const { deliveryMs } = this.limits
    const limit = new AbortController()
    const timer = setTimeout(
      () =>
        limit.abort(
          new AbortedError(
            `The upload and notification reached their time limit of ${formatMinutes(deliveryMs / 60_000)} and stopped. Set ${LIMIT_VARIABLES.delivery} to allow more.`
          )
        ),
      deliveryMs
    )
    // The limit never keeps the process alive by itself.
    timer.unref()
    const signal = this.hooks.signal
      ? AbortSignal.any([this.hooks.signal, limit.signal])
      : limit.signal
    return { service: this.service(signal, clock.now() + deliveryMs), timer }
  }
}

/**
 * The service's client of a step, built in this one place for every mode
 * (the deploy's requests, a wait, a collect's asks): the settings'
 * connection and retry policy, the limits' transport, its retries bounded
 * by `deadline` and stopped by `signal`, its lines in `log`.
 */
export function serviceOf(
  step: {
    settings: Settings
    limits: Limits
    hooks: Pick<DeployHooks, 'frontEnd'>
    log: Log
    output: Pick<OutputFilter, 'secrets'>
  },
  signal: AbortSignal | undefined,
  deadline: number
): ServiceApi {
  const { settings, limits } = step
  return connectService({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    policy: {
      maxAttempts: settings.maxAttempts,
      baseDelayMs: DEFAULT_BASE_DELAY_MS,
      maxDelayMs: MAX_RETRY_DELAY_MS,
      deadline,
      signal
    },
    transport: { timeouts: limits.timeouts, userAgent: userAgent(step.hooks.frontEnd) },
    log: step.log,
    secrets: step.output.secrets
  })
}

/** What one step of a deployment hands the next beside its facts: the build found, where it goes, what the notification names. */
export interface Handoff {
  /** The path or glob of this deployment's build, as given. */
  file?: string | undefined
  artifact?: Artifact | undefined
  destination?: string | undefined
  runInputPath?: string | undefined
}

/** What a step returns: facts for its deployment, a handoff to the next steps, and the event that tells it. */
export interface StepResult {
  facts?: Partial<Deployment>
  handoff?: Partial<Handoff>
  event?: DeployEvent
}
