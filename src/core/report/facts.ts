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
  /** A verdict collected later: the check run the collect claimed for it, and where its step's comment is. */
  collected?: Collected | undefined
  /** A verdict collected later on GitLab: which of the collect's notes carried its facts, and its row there. */
  collectedNote?: { note: number; row: number } | undefined
  /** Nothing deployed (a skip): why, as the workflow says it, and, when a check run of its name was already on the commit, how that one stands (nothing was written over it). */
  skipped?: { reason: string; standing?: string | undefined } | undefined
}

/** What a check run of ours carries in its `external_id` (identity.ts): never the key, a token or a signed URL. */
export interface CheckIdentity {
  /** The service's run the check shows, when one was created. */
  runId?: string | undefined
  /** The workflow run that wrote it (GITHUB_RUN_ID). */
  workflowRunId?: string | undefined
  /** Which build it is, whatever its name: a short hash of its platform, app id and destination. */
  build: string
  /** The collect that is completing it (github/claim.ts): two collects at once never both complete it. */
  claim?: string | undefined
}

/**
 * Where a collected deployment's verdict goes on GitHub: the check run its
 * deploy left in progress (claimed by this collect, so no other completes
 * it), the commit and the open pull requests whose head that is, and its
 * step's deployments by name and run (what the step's comment shows).
 */
export interface Collected {
  checkRunId: number
  /** Other check runs showing the same deployment (copies, claimed too): completed with the same verdict. */
  copies?: { checkRunId: number; identity: CheckIdentity }[] | undefined
  /** The check run's `external_id` as its deploy wrote it (identity.ts), the claim left out. */
  identity: CheckIdentity
  sha: string
  pulls: number[]
  /** Its step's deployments, by the key of each one's name (pending.ts's rowKey), in the step's order, and the run each created. */
  rows: string[]
  runs: string[]
  /** The deploying workflow run's page, where its job summary is. */
  workflowRunUrl?: string | undefined
}

/** What a collect did beside the deployments it completed: what it left, why it stopped, what it could not do. */
export interface CollectFacts {
  /** Check runs left in progress: their runs go on. */
  pending: number
  /** Why it stopped before it looked everywhere (the request budget, the rate limit); the next collect goes on. */
  stopped?: string | undefined
  /** What could not be collected because GitHub or the service could not be used: the collect fails. */
  problems: string[]
  /** Check runs left alone for what they carry (facts refused, a seal that does not hold), each named. */
  warnings: string[]
  /** What stopped the collect as a whole: an option that cannot be used, the token refused, GitHub out of reach. */
  failure?: Failure | undefined
  /** Requests sent to GitHub's API, its writes included: read when the result is rendered. */
  readonly requests: number
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
  /** When the step began (epoch ms); a deploy's deployments carry it too. */
  startedAt?: number | undefined
  /** When the step's work ended (epoch ms): every report renders the same time. */
  endedAt?: number | undefined
  /** A collect's own facts; its deployments are the ones whose verdicts it collected. */
  collect?: CollectFacts | undefined
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
