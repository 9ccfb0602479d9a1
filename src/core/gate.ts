import { phase, serviceConfig, type DeployReport, type FlowContext } from './flow.js'
import type { Settings } from './options.js'
import { terminateEnvironment, type EnvironmentRef } from './service.js'
import { quote } from './inert.js'
import type { Bug } from './verdict.js'
import { waitForVerdict, type Verdict } from './wait.js'
import type { Words } from './words.js'

/**
 * Waits for the verdict of `runId` (spec Part 3) and tells its outputs; the
 * front end decides what a verdict other than `passed` does.
 */
export async function awaitVerdict(
  settings: Settings,
  context: FlowContext,
  report: DeployReport,
  runId: string
): Promise<Verdict> {
  const config = serviceConfig(settings, context)
  const minutes = settings.waitTimeoutMs / 60_000
  const verdict = await phase(context.log, `Verdict of run ${runId}`, () => {
    context.log.info(`Waiting up to ${formatMinutes(minutes)} for the verdict of run ${runId}.`)
    return waitForVerdict(config, {
      runId,
      timeoutMs: settings.waitTimeoutMs,
      intervalMs: context.pollIntervalMs,
      onStatus: context.onStatus
    })
  })
  report.verdict = verdict
  const output = context.onOutput ?? (() => undefined)
  output('verdict', verdict.verdict)
  output('greenlight', String(verdict.greenlight))
  output('runUrl', verdict.runUrl ?? '')
  output('blockingBugsCount', String(verdict.blockingBugsCount ?? ''))
  output('nonBlockingBugsCount', String(verdict.nonBlockingBugsCount ?? ''))
  output('bugs', JSON.stringify(verdict.bugs))
  const link = verdict.runUrl ? ` ${verdict.runUrl}` : ''
  if (verdict.verdict === 'passed')
    context.log.info(`Run ${verdict.runId} passed: green light.${link}`)
  if (verdict.verdict === 'timed-out')
    context.log.info(`The wait timed out; run ${verdict.runId} goes on at the service.`)
  return verdict
}

/** One line that says why the verdict stops the pipeline, and what to do; undefined when it passed. */
export function verdictMessage(
  verdict: Verdict,
  minutes: number,
  words: Words
): string | undefined {
  const link = verdict.runUrl ? ` See ${verdict.runUrl}` : ''
  switch (verdict.verdict) {
    case 'passed':
      return undefined
    case 'failed': {
      const shown = verdict.blockingBugs.slice(0, 10).map(describeBug)
      const more =
        verdict.blockingBugs.length > 10 ? `, and ${verdict.blockingBugs.length - 10} more` : ''
      const count = verdict.blockingBugsCount ?? verdict.blockingBugs.length
      return `Run ${verdict.runId} failed with ${count} blocking bug(s)${shown.length ? `: ${shown.join('; ')}${more}` : ''}.${link}`.concat(
        ' Fix them, or lower their priority in the service, and run again.'
      )
    }
    case 'canceled':
      return `Run ${verdict.runId} was canceled at the service, so it gives no verdict.${link} Run the deploy again for a new run.`
    case 'timed-out':
      return `The wait for the verdict of run ${verdict.runId} timed out after ${formatMinutes(minutes)}; the run goes on at the service.${link} Wait again in a later job with ${words.setting('runId', verdict.runId)}, or raise ${words.name('waitTimeoutMinutes')}.`
  }
}

/** Ends a preview environment, and says so. */
export async function endEnvironment(
  settings: Settings,
  context: FlowContext,
  report: DeployReport,
  environment: EnvironmentRef
): Promise<void> {
  const config = serviceConfig(settings, context)
  const [which, value] = Object.entries(environment)[0]!
  const result = await phase(context.log, 'End the preview environment', () =>
    terminateEnvironment(config, environment)
  )
  report.terminated = result
  context.log.info(
    result.state === 'already'
      ? `The environment with ${which} ${JSON.stringify(value)} was already ended.`
      : `The environment with ${which} ${JSON.stringify(value)} is ended${result.environmentId ? ` (${result.environmentId})` : ''}; the service stops testing it.`
  )
}

function describeBug(bug: Bug): string {
  const number = bug.number !== undefined ? `#${bug.number} ` : ''
  return `${number}${quote(bug.name)} (${bug.priority}${bug.new ? ', new' : ''})${bug.url ? ` ${bug.url}` : ''}`
}

function formatMinutes(minutes: number): string {
  return minutes >= 1 ? `${Number(minutes.toFixed(2))} min` : `${Math.round(minutes * 60)} s`
}
