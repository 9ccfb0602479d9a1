import type { Verdict } from '../model.js'
import { resolveOptions, type Settings } from '../options/resolve.js'
import { limitsFromEnv } from '../options/time-limits.js'
import type { Deployment } from '../report/facts.js'
import { conclude } from '../report/judgement.js'
import { connectService } from '../service/connect.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
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
 * deployments are found and what is written about them is the front end's
 * (GitHub's check runs and comments for the action); the texts it gets back
 * have been through the deploy's one redaction and formatter.
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
      output.secrets.add(settings.githubToken)
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
   * timed out; the service's words redacted.
   */
  async verdictOf(runId: string, pendingSince: number): Promise<VerdictNow> {
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
