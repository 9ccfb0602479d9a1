/**
 * What a deployment is known to be before any of its steps runs: what the
 * settings alone tell it. Pure.
 */
import type { Settings } from '../options/resolve.js'
import type { Deployment } from '../report/facts.js'

/** What the settings alone tell the deployment at `index` before any step; a value given (a run id) redacted like any other. */
export function factsOf(
  settings: Settings,
  index: number,
  value: (text: string) => string
): Partial<Deployment> {
  const facts: Partial<Deployment> = { mode: settings.mode, failOnNoRun: settings.failOnNoRun }
  if (settings.mode === 'terminate') return facts
  return {
    ...facts,
    git: settings.git,
    ...(settings.mode === 'wait'
      ? { outcome: 'skipped', runId: value(settings.runIds[index]!) }
      : { deploymentType: settings.values.deploymentType }),
    ...(settings.wait ? { wait: { minutes: settings.waitTimeoutMs / 60_000 } } : {}),
    ...(settings.values.reportLater ? { reportLater: true } : {})
  }
}
