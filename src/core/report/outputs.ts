import type { Frozen } from '../shared/frozen.js'
import { ref } from '../shared/option-refs.js'
import { PLATFORMS, type Platform } from '../shared/option-table.js'
import type { Bug, Outcome, VerdictName } from '../model.js'
import { VERDICT_NAMES } from '../model.js'
import type { Cause, Conclusion, Deployment } from './facts.js'
import { OUTCOMES } from '../model.js'
import { isPending } from './words.js'

/**
 * The outputs, by the names the service's own clients use: one list, with
 * one description each (action.yml, the README and --help come from it), and
 * one derivation from what the deploy learned, used by every front end.
 */
export const OUTPUTS = {
  playgroundFileLocation: `The uploaded file's path without the team id: the value sent as the run variable; when notifying with an earlier upload, the ${ref('runInputPath')} given.`,
  fileLocation: '<team_id>/<destination>, as the service returned it.',
  runId:
    "The created run's id (in wait-only mode, the run waited for); empty when no run was created, and with several builds (see runIds).",
  runIds: `Every run the step created (in wait-only mode, every run waited for), space-separated, in build order: what a wait of its own takes as ${ref('runId')}, whatever the number of builds.`,
  environmentId:
    'The id of the environment the service chose (or ended), when its answer names one; with several builds, the one they share (a preview environment takes every build of a pull request); empty otherwise.',
  environmentIds:
    "Every environment the step's builds went to, space-separated, each once: what a step that ends them takes, whatever the number of builds.",
  outcome:
    'success (a run was created, a preview deployment answered without one, or an environment ended), failed (the service created no run), aborted (the deploy could not be done) or skipped (no notification sent: upload only, wait-only, a dry run, or a deployment that is not healthy).',
  artifactSha256: 'Hex SHA-256 of the uploaded bytes.',
  artifactSize: 'Size of the uploaded file in bytes.',
  appId:
    "The build's app id, read from it before the upload: the Android package name or the iOS bundle id.",
  appVersion:
    "The build's version as people read it: Android's versionName, iOS's CFBundleShortVersionString.",
  buildNumber: "The build's version code (Android's versionCode, iOS's CFBundleVersion).",
  platform: 'The platform the build is for: android or ios; empty for a file that is no app.',
  verdict:
    "The run's verdict when waited for or collected: passed, failed (blocking bugs), canceled or timed-out; pending when a scheduled collect brings it (report-later); empty when the step did not wait. Only passed is a pass: outcome says what the deploy did, never how the run went.",
  greenlight:
    'When waiting, true when the run lets the pipeline go ahead, as the service last answered; otherwise false.',
  runUrl:
    "The run's page, asked for once when the run is created (empty if the service did not name it); when waiting, the page of the run that decides (a superseding run, when there is one).",
  blockingBugsCount:
    'When waiting, the blocking bugs of the run, as the service last counted them.',
  nonBlockingBugsCount:
    'When waiting, the non-blocking bugs of the run, as the service last counted them.',
  bugs: "When waiting, a JSON array of the run's reproduced bugs: name, number, priority, blocking, new, url.",
  deployments:
    "A JSON array with an object per build (one for a step without a build): its name (the check run's), its outputs above but bugs, and its conclusion and cause. With several builds the outputs above are empty but outcome and verdict, which hold the most severe of the builds' (outcome: aborted, failed, skipped, success; verdict: failed, timed-out, canceled, pending, passed): read each build's here."
} as const

export type OutputName = keyof typeof OUTPUTS

export const OUTPUT_NAMES = Object.keys(OUTPUTS) as OutputName[]

/** The outputs whose value is always one of a list: a wrapper that declares value options takes them from here. */
export const OUTPUT_VALUES: Partial<Record<OutputName, readonly string[]>> = {
  outcome: OUTCOMES,
  verdict: [...VERDICT_NAMES, 'pending'],
  platform: PLATFORMS
}

/** The outputs as values of their own types, for the library; absent when not known. */
export interface OutputValues {
  playgroundFileLocation?: string | undefined
  fileLocation?: string | undefined
  runId?: string | undefined
  runIds?: string | undefined
  environmentId?: string | undefined
  environmentIds?: string | undefined
  outcome?: Outcome | undefined
  artifactSha256?: string | undefined
  artifactSize?: number | undefined
  appId?: string | undefined
  appVersion?: string | undefined
  buildNumber?: string | undefined
  platform?: Platform | undefined
  /** The run's verdict; `pending` while a scheduled collect is to bring it (report-later). */
  verdict?: VerdictName | 'pending' | undefined
  greenlight?: boolean | undefined
  runUrl?: string | undefined
  blockingBugsCount?: number | undefined
  nonBlockingBugsCount?: number | undefined
  bugs?: Bug[] | undefined
  deployments?: DeploymentOutputs[] | undefined
}

/** One build's outputs in `deployments`: its name, its outputs but bugs, and what it comes to. */
export interface DeploymentOutputs extends Omit<
  OutputValues,
  'bugs' | 'deployments' | 'runIds' | 'environmentIds'
> {
  name: string
  conclusion?: Conclusion | undefined
  cause?: Cause | undefined
}

/** Pure: the outputs known from what was learned; nothing empty, nothing guessed. */
export function outputValuesOf(deployment: Frozen<Deployment>): OutputValues {
  const { verdict, build } = deployment
  // Like the build's size and SHA-256: the facts of what was sent, none when nothing was.
  const app = build?.platform && deployment.artifact?.sha256 !== undefined ? build : undefined
  const uploaded = deployment.artifact?.sha256 !== undefined
  const values: OutputValues = {
    playgroundFileLocation: deployment.playgroundFileLocation,
    fileLocation: deployment.fileLocation,
    runId: deployment.runId,
    environmentId: deployment.environmentId ?? deployment.terminated?.environmentId,
    outcome: deployment.outcome,
    artifactSha256: uploaded ? deployment.artifact?.sha256 : undefined,
    artifactSize: uploaded ? deployment.artifact?.size : undefined,
    appId: app?.appId,
    appVersion: app?.appVersion,
    buildNumber: app?.buildNumber,
    platform: app?.platform,
    verdict: verdict?.verdict ?? (isPending(deployment) ? 'pending' : undefined),
    greenlight: verdict?.greenlight,
    runUrl: verdict?.runUrl ?? deployment.runUrl,
    blockingBugsCount: verdict && blockingCount(deployment),
    nonBlockingBugsCount:
      verdict?.nonBlockingBugsCount ??
      (verdict?.answered ? verdict.bugs.filter(bug => !bug.blocking).length : undefined),
    bugs: verdict?.answered ? [...verdict.bugs] : undefined
  }
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== '')
  ) as OutputValues
}

/** The blocking bugs: the service's count, else the blocking bugs it listed; unknown when it never answered. */
export function blockingCount(deployment: Frozen<Deployment>): number | undefined {
  const { verdict } = deployment
  if (!verdict) return undefined
  return verdict.blockingBugsCount ?? (verdict.answered ? verdict.blockingBugs.length : undefined)
}

/** Pure: one build's entry of `deployments`. */
export function deploymentOutputs(deployment: Frozen<Deployment>): DeploymentOutputs {
  const { bugs, ...values } = outputValuesOf(deployment)
  void bugs
  return {
    name: deployment.name,
    ...values,
    ...(deployment.judgement
      ? { conclusion: deployment.judgement.conclusion, cause: deployment.judgement.cause }
      : {})
  }
}

/** From the most severe down, as the step's outcome and verdict take the builds'. */
const OUTCOME_SEVERITY: readonly Outcome[] = ['aborted', 'failed', 'skipped', 'success']
const VERDICT_SEVERITY: readonly (VerdictName | 'pending')[] = [
  'failed',
  'timed-out',
  'canceled',
  'pending',
  'passed'
]

/**
 * Pure: a step's outputs: one build's own and `deployments`; with several
 * builds, `deployments` and the most severe outcome and verdict of theirs,
 * and nothing that would be one build's value passed off as the step's.
 */
export function stepOutputValues(deployments: readonly Frozen<Deployment>[]): OutputValues {
  const entries = deployments.map(deploymentOutputs)
  const runs = entries.flatMap(entry => (entry.runId ? [entry.runId] : []))
  const runIds = runs.length > 0 ? { runIds: runs.join(' ') } : {}
  const environments = [
    ...new Set(entries.flatMap(entry => (entry.environmentId ? [entry.environmentId] : [])))
  ]
  const environmentIds = environments.length > 0 ? { environmentIds: environments.join(' ') } : {}
  if (deployments.length === 1)
    return {
      ...outputValuesOf(deployments[0]!),
      ...runIds,
      ...environmentIds,
      deployments: entries
    }
  const most = <T>(order: readonly T[], values: (T | undefined)[]): T | undefined =>
    order.find(value => values.includes(value))
  const outcome = most(
    OUTCOME_SEVERITY,
    entries.map(entry => entry.outcome)
  )
  const verdict = most(
    VERDICT_SEVERITY,
    entries.map(entry => entry.verdict)
  )
  return {
    ...runIds,
    ...environmentIds,
    // Every build in one environment (a pull request's preview): the step's own value, not one build's passed off.
    ...(environments.length === 1 && entries.every(entry => entry.environmentId)
      ? { environmentId: environments[0] }
      : {}),
    ...(outcome ? { outcome } : {}),
    ...(verdict ? { verdict } : {}),
    deployments: entries
  }
}

/** Pure: a step's outputs as the text a runner, a shell or a file carries; `bugs` and `deployments` as JSON. */
export function outputsOf(
  deployments: readonly Frozen<Deployment>[]
): Partial<Record<OutputName, string>> {
  return Object.fromEntries(
    Object.entries(stepOutputValues(deployments)).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value)
    ])
  )
}
