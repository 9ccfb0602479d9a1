import { types } from 'node:util'
import { subject, type OptionKey } from './option-refs.js'

/**
 * Every error class of the core. A `DeployError`'s message is written for the
 * person who runs the deploy: what happened and what to do. Options are named
 * by reference, for the front end to render in its own words.
 */
export class DeployError extends Error {
  override name = 'DeployError'
}

/**
 * An option that cannot be used; the message names it, the problem and the
 * fix. A front end's own setting that is no option of the table (the CLI's
 * `--output-env`) is named as the front end spells it, and has no `option`.
 */
export class InputError extends DeployError {
  override name = 'InputError'
  readonly option: OptionKey | undefined

  constructor(option: OptionKey | { named: string }, problem: string, fix: string) {
    super(`${typeof option === 'string' ? subject(option) : option.named} ${problem}. ${fix}`)
    this.option = typeof option === 'string' ? option : undefined
  }
}

/** A request that got no usable HTTP answer: refused, reset, timed out. Transient. */
export class NetworkError extends DeployError {
  override name = 'NetworkError'
}

/** The deploy was stopped: the caller's signal, Ctrl-C, or its own time limit. Never retried. */
export class AbortedError extends DeployError {
  override name = 'AbortedError'
}

/** The service or the store answered with a status that is not success. */
export class HttpStatusError extends DeployError {
  override name = 'HttpStatusError'

  constructor(
    message: string,
    readonly status: number,
    /** The wait the server asked for with Retry-After, in milliseconds. */
    readonly retryAfterMs?: number
  ) {
    super(message)
  }
}

/** A PUT refused because its signed URL expired: worth another attempt with a fresh URL. */
export class ExpiredUrlError extends DeployError {
  override name = 'ExpiredUrlError'
}

/** A transient failure that lasted through every attempt the policy allowed. */
export class RetriesExhaustedError extends DeployError {
  override name = 'RetriesExhaustedError'

  constructor(
    readonly last: unknown,
    readonly attempts: number
  ) {
    const lastMessage = messageOf(last).replace(/([^.])$/, '$1.')
    super(`${lastMessage} Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`)
  }
}

/** The service answered, but with a body that cannot be used. */
export class ResponseError extends DeployError {
  override name = 'ResponseError'
}

/** The file changed (or could not be read) while it was sent: never sent short or long. Permanent. */
export class FileChangedError extends DeployError {
  override name = 'FileChangedError'
}

/** Whether a thrown value is an Error, also one made in another realm (a VM context, a worker). */
export function isError(thrown: unknown): thrown is Error {
  return thrown instanceof Error || types.isNativeError(thrown)
}

/** The message of anything thrown, Error or not. */
export function messageOf(thrown: unknown): string {
  if (isError(thrown)) return String(thrown.message)
  if (typeof thrown === 'string') return thrown
  // An error of another realm (a DOMException an abort() made elsewhere) is no Error here, but says its words.
  const { message } = (thrown ?? {}) as { message?: unknown }
  if (typeof message === 'string') return message
  try {
    return JSON.stringify(thrown) ?? String(thrown)
  } catch {
    return String(thrown)
  }
}
