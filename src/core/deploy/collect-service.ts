import type { Verdict } from '../model.js'
import { resolveOptions, type Settings } from '../options/resolve.js'
import { limitsFromEnv } from '../options/time-limits.js'
import type { Deployment } from '../report/facts.js'
import { conclude } from '../report/judgement.js'
import { connectService } from '../service/connect.js'
import { clock } from '../shared/clock.js'
import { HttpStatusError, InputError } from '../shared/errors.js'
import { setting } from '../shared/option-refs.js'
import { userAgent } from '../shared/version.js'
import { DEFAULT_BASE_DELAY_MS, MAX_RETRY_DELAY_MS } from '../transport/retry.js'
import { verdictNow, type VerdictNow } from '../verdict/poll.js'
import { failureText } from './messages.js'
import { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'
import { scrubbedVerdict } from './waiting.js'

/** The longest one ask for a run's verdict may take with its retries. */
const ASK_MS = 60_000

/**
 * The service's side of a collect: the options read and checked by the one
 * table (the key, the base URL, the wait's timeout), one ask per run for its
 * verdict, and the one judgement of what it comes to. Where the pending
 * deployments are found and what is written about them is GitHub's side
 * (github/pending-checks.ts, github/claim.ts); the texts it gets back have
 * been through the deploy's one redaction and formatter.
 */
export class Collect {
  readonly settings: Settings
  readonly output: OutputFilter

  private constructor(
    settings: Settings,
    output: OutputFilter,
    private readonly hooks: DeployHooks
  ) {
    this.settings = settings
    this.output = output
  }

  /**
   * The options of a collect, checked before any request: an option that
   * cannot be used comes back as the problem, in the front end's words,
   * naming it and the fix.
   */
  static start(
    values: Parameters<typeof resolveOptions>[0]['values'],
    hooks: DeployHooks
  ): Collect | { problem: string } {
    const output = new OutputFilter(hooks.vocabulary, hooks.log, [])
    output.addSecretOptions(values, hooks.env)
    try {
      const settings = resolveOptions({
        frontEnd: hooks.frontEnd,
        // The action is every mode in one step, its input `collect` choosing this one.
        command: hooks.frontEnd === 'action' ? undefined : 'collect',
        values,
        env: hooks.env,
        workingDirectory: hooks.workingDirectory
      })
      if (settings.mode !== 'collect')
        throw new InputError('collect', 'is not true', `Set ${setting('collect', 'true')}`)
      output.secrets.add(settings.apiKey)
      output.secrets.add(settings.values.githubToken)
      return new Collect(settings, output, hooks)
    } catch (error) {
      return { problem: output.text(failureText(error)) }
    }
  }

  /** What stopped the collect, in the front end's words and redacted: an option's error names it and the fix. */
  problemOf(error: unknown): string {
    return this.output.text(failureText(error))
  }

  /**
   * The verdict of a run, asked once: a superseding run followed, a run
   * pending since `pendingSince` for longer than the wait's timeout ended as
   * timed out; a run the service no longer reports on (410, or 404 for
   * longer than the wait's timeout since its deploy) ended as timed out with
   * the service's words, so that its check never stays in progress; the
   * service's words redacted.
   */
  async verdictOf(runId: string, pendingSince: number): Promise<VerdictNow> {
    try {
      return await this.askOnce(runId, pendingSince)
    } catch (error) {
      if (!(error instanceof HttpStatusError)) throw error
      const old = clock.now() - pendingSince >= this.settings.waitTimeoutMs
      if (error.status === 410 || (error.status === 404 && old))
        return { verdict: this.gone(runId, error) }
      // A run not there yet right after its deploy: still pending.
      if (error.status === 404)
        return {
          pending: { runId, answer: { greenlight: false, bugs: [], otherBlockingBugs: [] } }
        }
      throw error
    }
  }

  /** A run whose verdict will never come, as a timed-out verdict carrying the service's words. */
  private gone(runId: string, error: HttpStatusError): Verdict {
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
      timeoutMs: this.settings.waitTimeoutMs,
      answered: false,
      gone: this.output.text(words)
    }
  }

  /** One ask, with the transport's retries within ASK_MS. */
  private async askOnce(runId: string, pendingSince: number): Promise<VerdictNow> {
    const limits = limitsFromEnv(this.hooks.env ?? {})
    const deadline = clock.now() + ASK_MS
    const service = connectService({
      baseUrl: this.settings.baseUrl,
      apiKey: this.settings.apiKey,
      policy: {
        maxAttempts: this.settings.maxAttempts,
        baseDelayMs: DEFAULT_BASE_DELAY_MS,
        maxDelayMs: MAX_RETRY_DELAY_MS,
        deadline,
        signal: this.hooks.signal
      },
      transport: { timeouts: limits.timeouts, userAgent: userAgent(this.hooks.frontEnd) },
      log: this.output.log,
      secrets: this.output.secrets
    })
    const now = await verdictNow(service, {
      runId,
      timeoutMs: this.settings.waitTimeoutMs,
      pendingSince,
      deadline,
      signal: this.hooks.signal
    })
    return 'verdict' in now
      ? { verdict: scrubbedVerdict(now.verdict, text => this.output.value(text)) }
      : now
  }

  /** A deployment reported later, with its verdict: judged by the one rule, as the waiting step would have. */
  judged(deployment: Deployment, verdict: Verdict): Deployment {
    const done: Deployment = { ...deployment, verdict, wait: undefined, judgement: undefined }
    const { message, ...judged } = conclude(done)
    return { ...done, judgement: { ...judged, message: message && this.output.text(message) } }
  }
}
