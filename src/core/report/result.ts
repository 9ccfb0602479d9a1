import type { Cause, Conclusion } from './judgement.js'
import type { StepFacts } from './facts.js'
import { stepOutputValues, type OutputValues } from './outputs.js'
import type { Outcome } from '../model.js'

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
}

/** Pure: the result of a step, read from its facts and judgement and never judged again. */
export function resultOf({ deployments, judgement, warnings: own }: StepFacts): DeployResult & {
  /** Terminate mode: `already` when the service had ended the environment before. */
  state?: 'terminated' | 'already'
} {
  const deployment = deployments[0]!
  const warnings = [...deployments.flatMap(deployment => deployment.warnings), ...own]
  const values = stepOutputValues(deployments)
  return {
    ...values,
    outcome: values.outcome ?? 'aborted',
    conclusion: judgement.conclusion,
    cause: judgement.cause,
    ...(judgement.message ? { reason: judgement.message } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(deployments.length === 1 && deployment.terminated
      ? { state: deployment.terminated.state }
      : {})
  }
}
