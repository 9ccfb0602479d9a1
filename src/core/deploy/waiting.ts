import { formatMinutes } from '../shared/format.js'
import { clock } from '../shared/clock.js'
import { pollVerdict } from '../verdict/poll.js'
import type { Verdict } from '../model.js'
import type { Deployment } from '../report/facts.js'
import type { DeploySession, StepResult } from './session.js'

/**
 * Waits for the verdict of the run the deploy created (or, in wait mode, the
 * one given); the judgement decides what a verdict other than passed does.
 */
export async function waitForVerdict(
  session: DeploySession,
  deployment: Readonly<Deployment>
): Promise<StepResult> {
  const { settings, log } = session
  const afterDeploy = settings.mode !== 'wait'
  const runId = deployment.runId
  if (!runId || deployment.noRun) {
    log.info('No run was created, so there is no verdict to wait for.')
    return {}
  }
  const deadline = clock.now() + settings.waitTimeoutMs
  const service = session.service(session.hooks.signal, deadline)
  const base = settings.pollIntervalMs
  session.emitEvent({ type: 'waiting', runId })
  const verdict = await session.phase(`Verdict of run ${runId}`, () => {
    log.info(
      `Waiting up to ${formatMinutes(settings.waitTimeoutMs / 60_000)} for the verdict of run ${runId}.`
    )
    return pollVerdict(service, {
      runId,
      timeoutMs: settings.waitTimeoutMs,
      intervalMs: base,
      // Right after the notification the service creates the run a moment later; a run id given by hand should exist.
      notFoundGraceMs: Math.max(afterDeploy ? 10_000 : 3_000, ((afterDeploy ? 10 : 3) * base) / 3),
      createdHere: afterDeploy,
      signal: session.hooks.signal,
      onStatus: status => session.emitEvent({ type: 'status', status })
    })
  })
  if (verdict.verdict === 'passed')
    log.info(
      `Run ${verdict.runId} passed: green light.${verdict.runUrl ? ` ${verdict.runUrl}` : ''}`
    )
  if (verdict.verdict === 'timed-out')
    log.info(`The wait timed out; run ${verdict.runId} goes on at the service.`)
  return { facts: { verdict: scrubbed(session, verdict) }, event: { type: 'verdict' } }
}

/** A verdict whose service-given texts (bug names, links) carry no secret. */
function scrubbed(session: DeploySession, verdict: Verdict): Verdict {
  return scrubbedVerdict(verdict, text => session.value(text))
}

/** Pure: a verdict with each service-given text (bug names, links) passed through `value`, the deploy's redaction. */
export function scrubbedVerdict(verdict: Verdict, value: (text: string) => string): Verdict {
  const text = (t: string | undefined): string | undefined =>
    t === undefined ? undefined : value(t)
  const clean = (bugs: Verdict['bugs']) =>
    bugs.map(bug => ({ ...bug, name: text(bug.name)!, url: text(bug.url) }))
  return {
    ...verdict,
    runUrl: text(verdict.runUrl),
    bugsUrl: text(verdict.bugsUrl),
    bugs: clean(verdict.bugs),
    blockingBugs: clean(verdict.blockingBugs)
  }
}
