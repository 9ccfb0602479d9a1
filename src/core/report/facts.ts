import type { BuildFacts } from '../inspect/facts.js'
import type { GitContext } from '../shared/git-context.js'
import type { OptionKey } from '../shared/option-refs.js'
import type { Mode } from '../options/resolve.js'
import type { NoRunCause, Outcome, Termination, Verdict } from '../model.js'

export { OUTCOMES, type Outcome } from '../model.js'

/** What stopped a deploy, in words for a person (rendered, redacted, on one line). */
export interface Failure {
  message: string
  /** Bad usage: an option that cannot be used, found before any request. */
  usage: boolean
  /** The option the failure is about, when it is about one. */
  option?: OptionKey | undefined
  /** Stopped by the caller's signal, Ctrl-C, or the time limit. */
  aborted: boolean
  /** Stopped by the caller: its signal, Ctrl-C, SIGTERM (a time limit of the deploy's own is not). */
  interrupted: boolean
  /** An error the product did not expect, with its stack for a bug report. */
  unexpected?: { stack: string } | undefined
}

/**
 * One deployment (one build sent to one destination, or a mode without a
 * build) and what it learned, as far as it got: everything the outputs, the
 * summary, the check run, the comment, JUnit, the hand-over files and the
 * library's result are made of.
 */
export interface Deployment {
  /** Its name in every report: the check run's, the comment's row, the summary's heading, the JUnit suite. */
  name: string
  /** When the deploy began (epoch ms). */
  startedAt?: number | undefined
  mode?: Mode | undefined
  outcome?: Outcome | undefined
  artifact?:
    | { name: string; size: number; sha256?: string | undefined; target?: string | undefined }
    | undefined
  /** What the build was read to be before anything was sent: its app, version and platform. */
  build?: BuildFacts | undefined
  destination?: string | undefined
  fileLocation?: string | undefined
  playgroundFileLocation?: string | undefined
  deploymentType?: string | undefined
  git?: GitContext | undefined
  runId?: string | undefined
  /** Every run id the answer names, when several triggers matched. */
  runIds?: string[] | undefined
  /** The created run's page, asked for once when the run was created; a verdict's own link wins over it. */
  runUrl?: string | undefined
  /** The run already existed for this deployment (a repeated notification). */
  duplicate?: boolean | undefined
  /** A preview deployment answered without a run: a success with no run. */
  preview?: boolean | undefined
  /** The environment's alias or name, and its id, when the answer names them. */
  environment?: string | undefined
  environmentId?: string | undefined
  /** Why no run was created, in the service's words, and what to do. */
  noRun?: { cause: NoRunCause; reason: string; advice: string } | undefined
  /** A dry run: everything checked, nothing uploaded or notified. */
  dryRun?: boolean | undefined
  /** What a dry run would have done, for `--json` and the library's result. */
  plan?: DryRunPlan | undefined
  /** Whether a notification that creates no run is a failure. */
  failOnNoRun: boolean
  /** The deploy was asked to wait for the verdict, and for how long at most. */
  wait?: { minutes: number } | undefined
  /** The verdict is left to a scheduled collect (report-later): the check run stays in progress until then. */
  reportLater?: boolean | undefined
  /** Where its run is while the verdict is awaited, in words (`initializing`, `under review: …`); none before the wait. */
  stage?: string | undefined
  /** The run's verdict, when waited for. */
  verdict?: Verdict | undefined
  /** A preview environment ended (terminate mode). */
  terminated?: Termination | undefined
  /** What stopped the deploy. */
  failure?: Failure | undefined
  /** Warnings worth a look: the service's own, a caller's callback that threw. */
  warnings: string[]
  /** What it comes to for the pipeline, by the one rule, once it is done. */
  judgement?: Judgement | undefined
}

/** What a step did: its deployments, in the order given, and what the step comes to. */
export interface StepFacts {
  deployments: Deployment[]
  /** The step's judgement: the most severe of its deployments' (judgement.ts), or its own problem's. */
  judgement: Judgement
  /** A surface the step must write (the outputs a later step reads, a hand-over file) that could not be written. */
  problem?: string | undefined
  /** The step's own warnings: a callback of the caller's or a reporter that threw. */
  warnings: string[]
  /** When the step's work ended (epoch ms): every report renders the same time. */
  endedAt?: number | undefined
}

/** What a deploy comes to for the pipeline. */
export type Conclusion = 'success' | 'warning' | 'failure'

/**
 * Why, in the few causes a pipeline tells apart without reading text (the
 * CLI's exit codes, the library's `cause`): the service could not be used, or
 * our app has a bug.
 */
export type Cause =
  | 'success'
  /** The deploy failed: a request, the upload, or no run created. */
  | 'deploy-failed'
  /** An option that cannot be used. */
  | 'usage'
  /** The run failed with blocking bugs. */
  | 'run-failed'
  /** The wait for the verdict timed out. */
  | 'timed-out'
  /** The run was canceled at the service, or the deploy by its caller (its signal, Ctrl-C, SIGTERM). */
  | 'canceled'

export interface Judgement {
  conclusion: Conclusion
  cause: Cause
  /** Why it is not a plain success, with what to do; references to options not yet rendered. */
  message?: string | undefined
}

/** What a dry run found it would do for one deployment: nothing of it was sent. */
export interface DryRunPlan {
  /** Where the build would be uploaded (the run variable's value), as the service signed it. */
  destination?: string | undefined
  /** The build's SHA-256 and size, read whole. */
  artifactSha256?: string | undefined
  artifactSize?: number | undefined
  /** The deploy notification's body, as it would be sent, secrets masked; absent for an upload only. */
  notification?: Record<string, unknown> | undefined
  /** Whether the deploy would wait for the verdict. */
  wait: boolean
}
