import { messageOf } from '../shared/errors.js'
import { completeLog, type Log } from '../shared/log.js'
import { Secrets } from '../shared/redact.js'
import { sanitize } from '../shared/text.js'
import type { OptionKey } from '../shared/option-refs.js'
import { OPTIONS } from '../shared/option-table.js'
import { render, type Vocabulary } from '../options/vocabulary.js'

/**
 * The filter every text a deploy sends out passes (log lines, the failure,
 * the reason, warnings): options rendered in the front end's words, every
 * secret and credential shape redacted, and the whole sanitized (one line,
 * no control characters, no workflow command). Every callback of the
 * caller's and every reporter (the log, progress, events, a reporter's
 * writes) is called through a guard: one that throws is reported once and
 * not called again, and never stops the deploy.
 */
export class OutputFilter {
  readonly secrets: Secrets
  readonly log: Log
  /** The step's own warnings: a callback or a reporter that threw. */
  private readonly warnings: string[]
  private readonly target: Log
  private readonly failed = new Set<string>()

  constructor(
    private readonly vocabulary: Vocabulary,
    target: Partial<Log> | undefined,
    warnings: string[]
  ) {
    this.warnings = warnings
    this.target = completeLog(isObject(target) ? target : {})
    const mask = this.guard('log.mask', (secret: string) => this.target.mask(secret))
    this.secrets = new Secrets(secret => mask(secret))
    this.log = this.wrap()
  }

  /**
   * Registers every secret option (the API key, the GitHub token) as given
   * and as the environment variable it falls back to holds it, before any
   * option is read: an option refused while it is read (the key pasted into
   * another flag) must find the key masked already in its message.
   */
  addSecretOptions(
    values: Partial<Record<OptionKey, unknown>>,
    env: Record<string, string | undefined> = {}
  ): void {
    for (const [key, spec] of Object.entries(OPTIONS) as [
      OptionKey,
      (typeof OPTIONS)[OptionKey]
    ][]) {
      if (spec.kind !== 'secret' && spec.kind !== 'secretUrl') continue
      const given = values[key]
      if (typeof given === 'string')
        if (spec.kind === 'secretUrl') this.secrets.addUrl(given)
        else this.secrets.add(given)
      if (spec.env) this.secrets.add(env[spec.env.name])
    }
  }

  /** A text for a person, ready to leave the process. */
  text(message: string): string {
    return sanitize(this.secrets.redact(render(message, this.vocabulary)))
  }

  /**
   * A value (an output, a link) ready to leave the process: secrets and
   * credentials out, and otherwise exact, for a later step must read the very
   * path or link. Values are checked where they are read (no control
   * character reaches here); each hand-over format keeps them safe for its
   * reader.
   */
  value(value: string): string {
    return this.secrets.redactValue(value)
  }

  /**
   * A caller's callback that can never throw into the deploy: the first
   * failure is reported as a warning, and the callback is left alone after it.
   */
  guard<A extends unknown[]>(
    name: string,
    callback: ((...args: A) => unknown) | undefined
  ): (...args: A) => void {
    if (typeof callback !== 'function') return () => undefined
    return (...args: A) => {
      if (this.failed.has(name)) return
      try {
        const result = callback(...args)
        // A promise a callback returns is not awaited, but its rejection is not left unhandled either.
        if (result instanceof Promise) result.catch(error => this.report(name, error))
      } catch (error) {
        this.report(name, error)
      }
    }
  }

  private report(name: string, error: unknown): void {
    if (this.failed.has(name)) return
    this.failed.add(name)
    const warning = this.text(
      `The ${name} callback threw (${messageOf(error)}); the deploy goes on without calling it again.`
    )
    this.warnings.push(warning)
    if (name !== 'log.warning') this.guard('log.warning', this.target.warning)(warning)
  }

  private wrap(): Log {
    const { target } = this
    const say = (method: 'info' | 'debug' | 'notice' | 'warning') => {
      const call = this.guard(`log.${method}`, (message: string, title?: string) =>
        target[method](message, title)
      )
      return (message: string, title?: string): void =>
        call(this.text(message), title === undefined ? undefined : this.text(title))
    }
    return {
      info: say('info'),
      debug: say('debug'),
      notice: say('notice'),
      warning: say('warning'),
      mask: secret => this.secrets.add(secret),
      group: async <T>(name: string, work: () => Promise<T>): Promise<T> => {
        if (this.failed.has('log.group')) return work()
        let started = false
        const run = (): Promise<T> => {
          started = true
          return work()
        }
        try {
          return await target.group(this.text(name), run)
        } catch (error) {
          if (started) throw error
          this.report('log.group', error)
          return work()
        }
      }
    }
  }
}

function isObject(value: unknown): value is Partial<Log> {
  return typeof value === 'object' && value !== null
}
