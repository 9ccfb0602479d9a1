/**
 * The context every reporter of a step is built with (report/reporter.ts),
 * and its one sanctioned way to the network: a request through the
 * product's transport (the runner's proxy settings, its time limits), under
 * the one retry rule within a total deadline, stopped at once by the step's
 * signal; a status outside 2xx is an error naming the request, its address
 * redacted like every text the step prints.
 */
import type { Limits } from '../options/time-limits.js'
import type { Settings } from '../options/resolve.js'
import { workflowRunUrlOf } from '../github/plan.js'
import { linkOrigins } from '../report/links.js'
import type { Outbound, ReportContext } from '../report/reporter.js'
import { clock } from '../shared/clock.js'
import { HttpStatusError } from '../shared/errors.js'
import { userAgent } from '../shared/version.js'
import {
  DEFAULT_BASE_DELAY_MS,
  logRetry,
  MAX_RETRY_DELAY_MS,
  parseRetryAfter,
  withRetry
} from '../transport/retry.js'
import { labelOf, send } from '../transport/send.js'
import type { OutputFilter } from './output-filter.js'
import type { DeployHooks } from './session.js'

/** The longest a report's request may take with its retries: the step is never held longer for it. */
export const REPORT_MS = 30_000

/** The step's context for its reporters. */
export function reportContext(
  settings: Settings,
  limits: Limits,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'frontEnd' | 'signal' | 'env'>
): ReportContext {
  const env = hooks.env ?? {}
  return {
    frontEnd: hooks.frontEnd,
    workingDirectory: settings.workingDirectory,
    log: output.log,
    secrets: output.secrets,
    origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
    workflowRunUrl: workflowRunUrlOf(env),
    signal: hooks.signal,
    send: request => sendOutbound(request, settings, limits, output, hooks)
  }
}

async function sendOutbound(
  request: Outbound,
  settings: Settings,
  limits: Limits,
  output: OutputFilter,
  hooks: Pick<DeployHooks, 'frontEnd' | 'signal'>
): Promise<{ status: number; body: string }> {
  const deadline = clock.now() + REPORT_MS
  const label = labelOf(request.method, request.url)
  const policy = {
    maxAttempts: settings.maxAttempts,
    baseDelayMs: DEFAULT_BASE_DELAY_MS,
    maxDelayMs: MAX_RETRY_DELAY_MS,
    deadline,
    signal: hooks.signal
  }
  return withRetry(
    policy,
    async () => {
      const answer = await send(
        {
          method: request.method,
          url: request.url,
          headers: request.headers ?? {},
          body: request.body,
          label
        },
        { timeouts: limits.timeouts, userAgent: userAgent(hooks.frontEnd) },
        { signal: hooks.signal, deadline }
      )
      if (answer.status < 200 || answer.status >= 300)
        throw new HttpStatusError(
          `${label} answered ${answer.status}`,
          answer.status,
          parseRetryAfter(answer.headers['retry-after'] as string | undefined)
        )
      return { status: answer.status, body: answer.body }
    },
    (error, attempt, delayMs) => logRetry(output.log, error, attempt, settings.maxAttempts, delayMs)
  )
}
