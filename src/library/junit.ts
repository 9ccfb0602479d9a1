import { clock, sanitize, judgementOf, junitDocument, junitXml } from '../core/index.js'
import type { CollectResult } from '../core/index.js'
import type { DeployResult } from './types.js'
import { isObject, kindOf } from './refusals.js'

/**
 * The verdict of a call as a JUnit report (XML text), for a CI that shows
 * test results: one case for the verdict, failing exactly when the call's
 * `conclusion` is `failure`, and one per reproduced bug. The report renders
 * the result's own judgement, the one the call made, and its timing (the
 * result's `startedAt` and `seconds`, which `started` and `seconds` replace
 * when given); `name` names the suite (`mobile-build-deploy` by
 * default), the same from one pipeline to the next. A collect's result
 * (`collectVerdicts`) gives a suite per deployment it completed, each with
 * its own verdict and judgement, as the collect's own JUnit report has them.
 */
export function junitReport(
  result: DeployResult | CollectResult,
  options: {
    name?: string | undefined
    started?: Date | undefined
    seconds?: number | undefined
  } = {}
): string {
  const received: Partial<DeployResult> & Partial<CollectResult> = isObject(result) ? result : {}
  const {
    conclusion,
    cause,
    reason,
    warnings,
    startedAt,
    seconds: took,
    plan,
    completed,
    pending,
    stopped,
    problems,
    requests,
    ...outputs
  } = received
  void [warnings, plan, pending, stopped, problems, requests]
  const judgement = judgementOf({ conclusion, cause, reason }) ?? {
    conclusion: 'failure' as const,
    cause: 'usage' as const,
    message: sanitize(
      `junitReport takes the result of a call (with its conclusion and cause), not ${kindOf(result)}.`
    )
  }
  const settings = isObject(options) ? options : {}
  // The call's own timing unless the options say otherwise.
  const given = [settings.started, typeof startedAt === 'string' ? new Date(startedAt) : undefined]
  const started =
    given.find(date => date instanceof Date && !Number.isNaN(date.getTime())) ??
    new Date(clock.now())
  const seconds =
    typeof settings.seconds === 'number' ? settings.seconds : typeof took === 'number' ? took : 0
  const name = typeof settings.name === 'string' ? settings.name : undefined
  // A collect's deployments, or several builds: a suite for each, as the step's own report has them, each rendering its judgement.
  const collected = Array.isArray(completed) ? completed : undefined
  const entries = collected ?? (Array.isArray(outputs.deployments) ? outputs.deployments : [])
  if (collected || entries.length > 1)
    return junitDocument(
      entries.map(entry => ({
        outputs: entry,
        judgement: judgementOf(entry) ?? judgement,
        name: entry.name,
        started,
        seconds
      }))
    )
  return junitXml({ outputs, judgement, name, started, seconds })
}
