/** The sentences a deploy ends with when something stopped it. */
import { DeployError, isError, messageOf } from '../shared/errors.js'

/** One line that says what went wrong: the error's own words when it was written for people, never a stack. */
export function failureText(error: unknown): string {
  const text = messageOf(error).replace(/\s*\n\s*/g, ' ')
  if (error instanceof DeployError) return text
  return `Unexpected error: ${text}. Please report it with this log.`
}

/** The stack of an error the product did not expect, for a debug line of a bug report. */
export function unexpectedStack(error: unknown): string | undefined {
  if (error instanceof DeployError || !isError(error)) return undefined
  return error.stack
}
