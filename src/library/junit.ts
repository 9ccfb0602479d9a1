import { clock, sanitize, judgementOf, junitDocument, junitXml } from '../core/index.js'
import type { DeployResult } from './types.js'
import { isObject, kindOf } from './refusals.js'

/**
 * The verdict of a call as a JUnit report (XML text), for a CI that shows
 * test results: one case for the verdict, failing exactly when the call's
 * `conclusion` is `failure`, and one per reproduced bug. The report renders
 * the result's own judgement, the one the call made, and its timing (the
 * result's `startedAt` and `seconds`, which `started` and `seconds` replace
 * when given); `name` names the suite (`mobile-build-deploy` by
 * default), the same from one pipeline to the next.
 */
export function junitReport(
  result: DeployResult,
  options: {
    name?: string | undefined
    started?: Date | undefined
    seconds?: number | undefined
  } = {}
): string {
  const received: Partial<DeployResult> = isObject(result) ? result : {}
  const {
    conclusion,
    cause,
    reason,
    warnings,
    startedAt,
    seconds: took,
    plan,
    ...outputs
  } = received
  void warnings
  void plan
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
  // Several builds: a suite for each, as the step's own report has them, each rendering its judgement.
  const entries = Array.isArray(outputs.deployments) ? outputs.deployments : []
  if (entries.length > 1)
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
