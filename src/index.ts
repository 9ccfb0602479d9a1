/**
 * mobile-build-deploy as a Node library: put a mobile build in front of the
 * test service. Upload it through a signed URL, notify the service of the
 * deployment so that a test run starts against it, learn the run's id, and
 * (when asked) wait for the run's verdict.
 *
 * ```ts
 * import { deployBuild } from 'mobile-build-deploy'
 *
 * const result = await deployBuild({
 *   apiKey: process.env.SERVICE_API_KEY ?? '',
 *   baseUrl: 'https://service.example.com',
 *   file: 'app/build/outputs/apk/release/app-release.apk',
 *   namePrefix: 'myapp',
 *   environment: 'staging'
 * })
 * if (result.conclusion === 'failure') throw new Error(result.reason)
 * console.log(result.runId)
 * ```
 *
 * Like the service's own SDK, no function rejects, whatever it is given: each
 * resolves with an `outcome`, a `conclusion` and a `reason`.
 *
 * @packageDocumentation
 */
export {
  deployBuild,
  uploadBuild,
  notifyDeployment,
  waitForVerdict,
  watchVerdict,
  terminateEnvironment,
  collectVerdicts,
  skipDeployments,
  type VerdictUpdate
} from './library/api.js'
export { junitReport } from './library/junit.js'
export type {
  ConnectionOptions,
  GitOptions,
  BuildOptions,
  NotificationOptions,
  VerdictTiming,
  WaitingOptions,
  DeployOptions,
  UploadOptions,
  NotifyOptions,
  WaitOptions,
  TerminateOptions,
  CollectOptions,
  SkipOptions,
  DeployResult,
  TerminateResult
} from './library/types.js'
export type { CollectResult, DeploymentOutputs } from './core/index.js'
export type {
  Bug,
  Cause,
  Conclusion,
  GreenlightAnswer,
  Log,
  Outcome,
  OutputValues,
  Platform,
  BuildFacts,
  BuildFormat,
  BuildWarning,
  AndroidBuild,
  IosBuild,
  OtherBuild,
  ProvisioningProfile,
  ProfileKind,
  ProgressListener,
  Repository,
  RunStage,
  RunStatus,
  VariablesValue,
  Verdict,
  VerdictName,
  VerdictStatus,
  EnvironmentRef,
  NoRunCause
} from './core/index.js'
