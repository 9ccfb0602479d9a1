/**
 * The domain's nouns: what a deploy puts in front of the service and what it
 * learns back, in the product's own terms. The service's wire (service/v0/)
 * reads its answers into these; every report, output and the library's
 * types are made of them, and the library exports them.
 */
import type { GitContext } from './shared/git-context.js'
import type { OptionKey } from './shared/option-table.js'

// ---------------------------------------------------------------- outcome

/** `success`: a run was created (or a preview answered without one, or an environment ended); `failed`: the service created no run; `aborted`: the deploy could not be done; `skipped`: no notification was sent. */
export const OUTCOMES = ['success', 'failed', 'aborted', 'skipped'] as const
export type Outcome = (typeof OUTCOMES)[number]

// ---------------------------------------------------------------- upload

/** The answer of the signed-URL endpoint (service spec 2.2). */
export interface SignedUpload {
  /** `<team_id>/<destination>`; empty when the service left it out. */
  fileLocation: string
  /** The destination without the team id: the value of the run variable. */
  playgroundFileLocation: string
  /** Where to PUT the bytes; a bearer credential until it expires. */
  signedUrl: string
}

// ---------------------------------------------------------------- notification

/** What the deploy notification tells the service: the deployment, its Git context, and the build it names. */
export interface Notification {
  /** The options' values by key: every option the option table gives a field of the notification is sent from here. */
  values: Partial<Record<OptionKey, unknown>>
  /** The Git facts, derived and overridden: the Git options are sent from here. */
  git: GitContext
  /** The run variable that carries the uploaded build's path; none for a notification without a build. */
  build?: { variable: string; path: string } | undefined
}

/** Why a deployment created no run; each cause has its own advice. */
export type NoRunCause =
  /** No trigger matched: mobile triggers off, or the deployment type not the workspace's label. */
  | 'no-trigger'
  /** The answer names no environment: the file name matched none. */
  | 'no-environment'
  /** The service skipped the whole deployment, with its reason. */
  | 'skipped-deployment'
  /** A trigger was skipped, with its reason. */
  | 'trigger-skipped'
  /** Billing prevents runs. */
  | 'billing'
  /** A trigger failed for another reason. */
  | 'trigger-failed'

/** What a deploy notification led to, reduced as the service's own clients do. */
export interface DeployAnswer {
  /** `success`: a run exists, or a preview environment was answered without one. */
  outcome: 'success' | 'failed'
  /** The run's id when a run exists; empty otherwise. */
  runId: string
  /** True when the run already existed for this deployment (a repeated notification). */
  duplicate: boolean
  /** True for a preview environment answered with no results: no run, and no failure. */
  preview: boolean
  /** Why no run was created (with `outcome: failed`). */
  cause?: NoRunCause | undefined
  /** Why no run was created, in the service's words. */
  reason?: string | undefined
  /** A warning the service returned, to be shown. */
  warning?: string | undefined
  deploymentId?: string | undefined
  /** The environment's alias, or its name when the answer gives a string. */
  environment?: string | undefined
  /** The environment's id when the answer names one. */
  environmentId?: string | undefined
  /** Every run id the answer names, when several triggers matched. */
  runIds: string[]
}

// ---------------------------------------------------------------- run and verdict

/** Where a run is (spec Part 3): `underReview` means its failures are being investigated. */
export type RunStage = 'initializing' | 'underReview' | 'completed' | 'canceled'

/** A bug the run found, as the outputs and the summary show it. */
export interface Bug {
  name: string
  number?: number | undefined
  priority: 'urgent' | 'high' | 'medium' | 'low' | 'unprioritized'
  blocking: boolean
  new: boolean
  url?: string | undefined
}

/** Where a run is and what it found so far: one answer of the verdict endpoint, read tolerantly. */
export interface RunStatus {
  stage?: RunStage | undefined
  greenlight: boolean
  rootRunId?: string | undefined
  relevantRunId?: string | undefined
  /** The page of the run that decides (a superseding run's, when there is one). */
  runUrl?: string | undefined
  bugsUrl?: string | undefined
  workflows?: number | undefined
  underInvestigation?: number | undefined
  autoRetrying?: number | undefined
  blockingBugsCount?: number | undefined
  nonBlockingBugsCount?: number | undefined
  /** The run's reproduced bugs. */
  bugs: Bug[]
  /** Blocking bugs of the environment found by other workflows. */
  otherBlockingBugs: Bug[]
}

/** The former name of {@link RunStatus}, kept for the library's users. */
export type GreenlightAnswer = RunStatus

/** How a wait ended: the run's verdict, or the timeout (the values of the `verdict` output). */
export const VERDICT_NAMES = ['passed', 'failed', 'canceled', 'timed-out'] as const
export type VerdictName = (typeof VERDICT_NAMES)[number]

/** What the wait learned: the verdict and the run that decided it. */
export interface Verdict {
  verdict: VerdictName
  greenlight: boolean
  /** The run that decides: the asked-about one, or the one that superseded it. */
  runId: string
  runUrl?: string | undefined
  bugsUrl?: string | undefined
  blockingBugsCount?: number | undefined
  nonBlockingBugsCount?: number | undefined
  bugs: Bug[]
  /** Blocking bugs that decide the verdict: the run's, and the environment's found by other workflows. */
  blockingBugs: Bug[]
  /** How long the wait could be, in milliseconds. */
  timeoutMs: number
  /** Whether the service answered at all (a wait can time out before the run exists). */
  answered: boolean
  /** Why the last asks before a timeout got no usable answer (a transient failure, an answer too large to read); absent when the run was simply still going. */
  problem?: string | undefined
  /** The service no longer reports on the run (410, or 404 long after its deploy), in its words: the verdict will never come. */
  gone?: string | undefined
}

/** A status the wait reports as it goes: the run it asked about, and what the service said. */
export interface VerdictStatus {
  runId: string
  stage?: RunStage | undefined
  answer: RunStatus
}

// ---------------------------------------------------------------- environment

/** Which preview environment to end: exactly one of these (spec Part 3). */
export type EnvironmentRef =
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }

/** What ending an environment came to: ended now, or already ended before (409). */
export interface Termination {
  state: 'terminated' | 'already'
  environmentId?: string | undefined
}
