import { types } from 'node:util'
import type { OptionKey, Words } from './words.js'

/**
 * A failure whose message is written for the person who runs the deploy: what
 * happened and what to do about it. A front end prints it as it is.
 */
export class DeployError extends Error {
  override name = 'DeployError'
}

/** An option that cannot be used; the message names it in the front end's words, with the problem and the fix. */
export class InputError extends DeployError {
  override name = 'InputError'

  constructor(
    words: Words,
    readonly option: OptionKey,
    problem: string,
    fix: string
  ) {
    super(`${words.subject(option)} ${problem}. ${fix}`)
  }
}

/** Whether a thrown value is an Error, also one made in another realm (a VM context, a worker). */
export function isError(thrown: unknown): thrown is Error {
  return thrown instanceof Error || types.isNativeError(thrown)
}

/** The message of anything thrown, Error or not. */
export function messageOf(thrown: unknown): string {
  if (isError(thrown)) return thrown.message
  if (typeof thrown === 'string') return thrown
  try {
    return JSON.stringify(thrown) ?? String(thrown)
  } catch {
    return String(thrown)
  }
}
