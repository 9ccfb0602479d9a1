import { types } from 'node:util'

/**
 * An error whose message is written for the workflow author: what happened and
 * what to do about it. `main.ts` prints it as the step's one `::error::` line.
 */
export class ActionError extends Error {
  override name = 'ActionError'
}

/** An input that cannot be used; the message names the input, the problem and the fix. */
export class InputError extends ActionError {
  override name = 'InputError'

  constructor(
    readonly input: string,
    problem: string,
    fix: string
  ) {
    super(`Input '${input}' ${problem}. ${fix}`)
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
