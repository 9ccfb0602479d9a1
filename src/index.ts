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
import { runDeploy, resultOf, type DeployResult } from './core/run.js'
import type { DeployOptions } from './core/options.js'
import { userAgent } from './core/version.js'
import { LIBRARY_WORDS } from './core/words.js'

export type { DeployOptions } from './core/options.js'
export type { DeployResult } from './core/run.js'
export type { Outcome } from './core/flow.js'
export type { GitContext, Repository } from './core/git.js'
export type { Log, ProgressListener } from './core/log.js'
export type { VariablesValue } from './core/validate.js'

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
  const { report, error } = await runDeploy(options, {
    words: LIBRARY_WORDS,
    userAgent: userAgent('library')
  })
  return resultOf(report, error)
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
