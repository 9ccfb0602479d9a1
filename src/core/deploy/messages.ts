/** The sentences a deploy ends with when something stopped it, and the failure facts they are told in. */
import { AbortedError, DeployError, InputError, isError, messageOf } from '../shared/errors.js'
import { stopReason } from '../shared/clock.js'
import { setting } from '../shared/option-refs.js'
import type { Deployment, Failure } from '../report/facts.js'
import type { OutputFilter } from './output-filter.js'

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

/** What a wait stopped after its run was created says: the run goes on, and how to wait for it again. */
export function stoppedWait(
  { runId, runUrl }: Deployment,
  signal: AbortSignal | undefined
): string {
  return `The wait for the verdict of run ${runId} was stopped${stopReason(signal)}; the run goes on at the service${runUrl ? ` (${runUrl})` : ''}. Wait for its verdict again with ${setting('runId', runId!)}.`
}

/** What stopped the deploy, ready to leave the process; an unexpected error's stack goes to the debug log. */
export function failureOf(
  error: unknown,
  output: OutputFilter,
  signal: AbortSignal | undefined
): Failure {
  const stack = unexpectedStack(error)
  if (stack) output.log.debug(stack)
  // The caller's stop explains whatever it cut short, whatever error that left.
  const interrupted = signal?.aborted === true
  return {
    message: output.text(failureText(error)),
    usage: error instanceof InputError,
    option: error instanceof InputError ? error.option : undefined,
    aborted: interrupted || error instanceof AbortedError,
    interrupted,
    unexpected: stack === undefined ? undefined : { stack: output.text(stack) }
  }
}

/** What stopped a collect once it looked: the next collect tries again, and nothing else was written. */
export function collectFailureOf(failure: Failure): Failure {
  return failure.usage || failure.interrupted
    ? failure
    : {
        ...failure,
        message: `Collecting stopped: ${failure.message} Nothing else was written; the next collect tries again.`
      }
}
