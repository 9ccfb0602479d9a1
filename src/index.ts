/**
 * mobile-build-deploy as a Node library: put a mobile build in front of the
 * test service. Upload it through a signed URL, notify the service of the
 * deployment so that a test run starts against it, and learn the run's id.
 *
 * ```ts
 * import { deployBuild } from 'mobile-build-deploy'
 *
 * const result = await deployBuild({
 *   apiKey: process.env.SERVICE_API_KEY!,
 *   baseUrl: 'https://service.example.com',
 *   file: 'app/build/outputs/apk/release/app-release.apk',
 *   namePrefix: 'myapp',
 *   environment: 'staging'
 * })
 * if (result.outcome !== 'success') throw new Error(result.reason)
 * console.log(result.runId)
 * ```
 *
 * Like the service's own SDK, no function rejects for a service, network or
 * option failure: each resolves with `outcome: 'aborted'` or `'failed'` and a
 * `reason`.
 *
 * @packageDocumentation
 */
import { endEnvironment } from './core/gate.js'
import { completeLog } from './core/log.js'
import { environmentRef, resolveOptions, type DeployOptions } from './core/options.js'
import { failureText, runDeploy, resultOf, type DeployResult } from './core/run.js'
import type { VerdictStatus } from './core/wait.js'
import { userAgent } from './core/version.js'
import { LIBRARY_WORDS } from './core/words.js'

export type { DeployOptions } from './core/options.js'
export type { DeployResult } from './core/run.js'
export type { Outcome } from './core/flow.js'
export type { GitContext, Repository } from './core/git.js'
export type { Log, ProgressListener } from './core/log.js'
export type { VariablesValue } from './core/validate.js'
export type { Bug, GreenlightAnswer, RunStage } from './core/verdict.js'
export type { VerdictName, VerdictStatus } from './core/wait.js'

/** Options of {@link uploadBuild}: a build to upload, and where it goes. */
export type UploadOptions = Omit<
  DeployOptions,
  | 'notify'
  | 'runInputPath'
  | 'runVariable'
  | 'deploymentType'
  | 'variables'
  | 'deduplicationKey'
  | 'ephemeralEnvironment'
> & { file: string }

/** Options of {@link notifyDeployment}: no build is uploaded; `runInputPath` names an earlier upload, if any. */
export type NotifyOptions = Omit<
  DeployOptions,
  'file' | 'destination' | 'namePrefix' | 'environment' | 'notify'
>

/**
 * Uploads the build (when `file` is given) and notifies the service of the
 * deployment, with the build's path in `RUN_INPUT_PATH` (or `runVariable`).
 * Resolves with the run's id on success; never rejects.
 */
export async function deployBuild(options: DeployOptions): Promise<DeployResult> {
  return run(options)
}

async function run(
  options: DeployOptions,
  onStatus?: (status: VerdictStatus) => void
): Promise<DeployResult> {
  const { report, error } = await runDeploy(options, {
    words: LIBRARY_WORDS,
    userAgent: userAgent('library'),
    pollIntervalMs: options.pollIntervalSeconds && options.pollIntervalSeconds * 1000,
    onStatus
  })
  return resultOf(report, LIBRARY_WORDS, error)
}

/** Options of {@link waitForVerdict}: the run, and how long to wait. */
export interface WaitOptions extends Pick<
  DeployOptions,
  'apiKey' | 'baseUrl' | 'maxAttempts' | 'signal' | 'log' | 'pollIntervalSeconds'
> {
  /** The run to wait for: the `runId` of a deploy. */
  runId: string
  /** Default 60; fractions allowed. At the timeout the verdict is `timed-out`; the run goes on at the service. */
  waitTimeoutMinutes?: number
  /** Told every answer of the service while waiting (its stage, counts, bugs). */
  onStatus?: (status: VerdictStatus) => void
}

/**
 * Waits for a run's verdict (`passed`, `failed`, `canceled` or `timed-out`),
 * following a run that superseded it. Resolves with the verdict, the deciding
 * run's page and its bugs, and a `reason` unless it passed; never rejects.
 * `outcome` is `skipped` (nothing was deployed), or `aborted` when the wait
 * itself failed.
 */
export function waitForVerdict(options: WaitOptions): Promise<DeployResult> {
  const { onStatus, ...rest } = options
  return run({ ...rest, wait: true }, onStatus)
}

/** One update of {@link watchVerdict}: a status while waiting, then the result. */
export type VerdictUpdate =
  { kind: 'status'; status: VerdictStatus } | { kind: 'result'; result: DeployResult }

/**
 * {@link waitForVerdict} as an async iterator: yields each status as the
 * service answers, then the result, and ends.
 *
 * ```ts
 * for await (const update of watchVerdict({ apiKey, baseUrl, runId }))
 *   if (update.kind === 'status') console.log(update.status.stage)
 *   else console.log(update.result.verdict)
 * ```
 */
export async function* watchVerdict(
  options: Omit<WaitOptions, 'onStatus'>
): AsyncGenerator<VerdictUpdate, void, undefined> {
  const pending: VerdictUpdate[] = []
  let wake: (() => void) | undefined
  const push = (update: VerdictUpdate): void => {
    pending.push(update)
    wake?.()
  }
  const done = waitForVerdict({
    ...options,
    onStatus: status => push({ kind: 'status', status })
  }).then(result => push({ kind: 'result', result }))
  for (;;) {
    while (pending.length > 0) {
      const update = pending.shift()!
      yield update
      if (update.kind === 'result') return await done
    }
    await new Promise<void>(resolve => (wake = resolve))
    wake = undefined
  }
}

/** Options of {@link terminateEnvironment}: exactly one of `environmentId`, `environmentAlias`, `deploymentUrl`. */
export interface TerminateOptions extends Pick<
  DeployOptions,
  'apiKey' | 'baseUrl' | 'maxAttempts' | 'signal' | 'log'
> {
  environmentId?: string
  environmentAlias?: string
  deploymentUrl?: string
}

/** What {@link terminateEnvironment} came to. */
export interface TerminateResult {
  /** `success` when the environment is ended now or was already; `aborted` otherwise. */
  outcome: 'success' | 'aborted'
  /** `already` when the service had ended it before (409), which is no failure for a clean-up. */
  state?: 'terminated' | 'already'
  environmentId?: string
  reason?: string
}

/**
 * Ends a preview environment (a pull request's, once it closes), so that the
 * service stops testing it. Never rejects.
 */
export async function terminateEnvironment(options: TerminateOptions): Promise<TerminateResult> {
  const report: Parameters<typeof endEnvironment>[2] = {}
  try {
    const settings = resolveOptions({ ...options, git: {} }, LIBRARY_WORDS)
    const environment = environmentRef(LIBRARY_WORDS, options)
    await endEnvironment(
      settings,
      {
        words: LIBRARY_WORDS,
        log: completeLog(options.log),
        userAgent: userAgent('library'),
        signal: options.signal
      },
      report,
      environment
    )
    return { outcome: 'success', ...report.terminated }
  } catch (error) {
    return { outcome: 'aborted', reason: failureText(error) }
  }
}

/**
 * Uploads the build only, with no notification (workspace set-up, or a later
 * {@link notifyDeployment} with its `playgroundFileLocation`). Resolves with
 * `outcome: 'skipped'` once uploaded; never rejects.
 */
export function uploadBuild(options: UploadOptions): Promise<DeployResult> {
  return deployBuild({ ...options, notify: false })
}

/**
 * Notifies the service of a deployment without uploading: with
 * `runInputPath` (an earlier upload's `playgroundFileLocation`) for a mobile
 * run, or without a build for a web deployment. Never rejects.
 */
export function notifyDeployment(options: NotifyOptions): Promise<DeployResult> {
  return deployBuild({ ...options, file: undefined, notify: true })
}
