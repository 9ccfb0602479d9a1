import type { Frozen } from '../shared/frozen.js'
import type { Cause, Conclusion } from './judgement.js'
import type { DryRunPlan, StepFacts } from './facts.js'
import {
  deploymentOutputs,
  stepOutputValues,
  type DeploymentOutputs,
  type OutputValues
} from './outputs.js'
import type { Outcome } from '../model.js'
import { clock } from '../shared/clock.js'

/**
 * What a deploy came to, as one object: the outputs by the action's names
 * and the one judgement. The library returns it and the CLI's `--json`
 * prints it, so both carry the same facts.
 */
export interface DeployResult extends OutputValues {
  /** `success`: a run was created (or a preview answered without one); `failed`: the service created no run; `aborted`: the call could not be done; `skipped`: nothing was notified (upload only, wait only, a dry run). */
  outcome: Outcome
  /** The one rule's judgement: `failure` when the deploy failed, no run was created (with `failOnNoRun`), or the verdict is not passed. */
  conclusion: Conclusion
  /** Why, as the CLI's exit codes tell it: the service could not be used, or the app has a bug. */
  cause: Cause
  /** Why the conclusion is not a plain success, in words for a person (redacted, one line). */
  reason?: string | undefined
  /** Warnings worth a look: the service's own, a callback of yours that threw. */
  warnings?: string[] | undefined
  /** When the call began (ISO 8601, UTC) and how long it took, in seconds: a JUnit report's timestamp and time. */
  startedAt?: string | undefined
  seconds?: number | undefined
  /** A dry run's plan, a deployment each (by its name): the destination, the build's SHA-256, the notification it would send. */
  plan?: (DryRunPlan & { name: string })[] | undefined
}

/** Pure: the result of a step, read from its facts and judgement and never judged again. */
export function resultOf({
  deployments,
  judgement,
  warnings: own,
  endedAt
}: Frozen<StepFacts>): DeployResult & {
  /** Terminate mode: `already` when the service had ended the environment before. */
  state?: 'terminated' | 'already'
} {
  const deployment = deployments[0]!
  const warnings = [...deployments.flatMap(deployment => deployment.warnings), ...own]
  const values = stepOutputValues(deployments)
  const now = endedAt ?? clock.now()
  const started = Math.min(...deployments.map(d => d.startedAt ?? now))
  return {
    ...values,
    outcome: values.outcome ?? 'aborted',
    conclusion: judgement.conclusion,
    cause: judgement.cause,
    ...(judgement.message ? { reason: judgement.message } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    startedAt: new Date(started).toISOString(),
    seconds: Math.max(0, Math.round(now - started) / 1000),
    ...(deployments.some(deployment => deployment.plan)
      ? {
          plan: deployments.flatMap(({ name, plan }) => (plan ? [{ name, ...plan }] : []))
        }
      : {}),
    ...(deployments.length === 1 && deployment.terminated
      ? { state: deployment.terminated.state }
      : {})
  }
}

/**
 * What a collect came to, as the CLI's `--json`, the library's result and
 * the result webhook say it: whether collecting worked (never whether a
 * pull request's run passed), each deployment it collected by its outputs
 * (its verdict, and what that comes to), what it left.
 */
export interface CollectResult {
  conclusion: Conclusion
  /** `usage` for an option that cannot be used; `deploy-failed` when GitHub or the service could not be used. */
  cause: Cause
  reason?: string | undefined
  /** Each deployment whose verdict it collected (its check run completed): its name, run, verdict and what that comes to. */
  completed: DeploymentOutputs[]
  /** Check runs left in progress: their runs go on. */
  pending: number
  /** Why it stopped before it looked everywhere (the request budget, the rate limit); the next collect goes on. */
  stopped?: string | undefined
  /** What could not be collected this time because GitHub or the service could not be used: the collect fails. */
  problems: string[]
  /** Check runs left alone for what they carry (facts refused, a seal that does not hold): the collect goes on. */
  warnings: string[]
  /** Requests sent to GitHub's API. */
  requests: number
  /** When the collect began (ISO 8601, UTC), and how long it took, in seconds. */
  startedAt?: string | undefined
  seconds?: number | undefined
}

/** Pure: a collect's result, read from its facts and judgement and never judged again. */
export function collectResultOf(facts: Frozen<StepFacts>): CollectResult {
  const { judgement, collect } = facts
  const ended = facts.endedAt ?? clock.now()
  const started = facts.startedAt ?? ended
  return {
    conclusion: judgement.conclusion,
    cause: judgement.cause,
    ...(judgement.message ? { reason: judgement.message } : {}),
    completed: facts.deployments.map(deploymentOutputs),
    pending: collect?.pending ?? 0,
    ...(collect?.stopped ? { stopped: collect.stopped } : {}),
    problems: [...(collect?.problems ?? [])],
    warnings: [...(collect?.warnings ?? []), ...facts.warnings],
    requests: collect?.requests ?? 0,
    startedAt: new Date(started).toISOString(),
    seconds: Math.max(0, Math.round(ended - started) / 1000)
  }
}

/** Pure: a step's result as one object, whatever its mode: a collect's, else a deploy's. */
export function stepResultOf(facts: Frozen<StepFacts>): DeployResult | CollectResult {
  return facts.collect ? collectResultOf(facts) : resultOf(facts)
}
