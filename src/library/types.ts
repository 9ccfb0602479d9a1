import type {
  Cause,
  Conclusion,
  DeployResult,
  Log,
  Platform,
  ProgressListener,
  Repository,
  VariablesValue,
  VerdictStatus
} from '../core/index.js'

/**
 * The library's options and results. Each function's option type carries
 * only what that function uses; the option table is the source of every
 * option here, and a type test checks that the two agree. Every optional
 * field accepts `undefined`, for `exactOptionalPropertyTypes`.
 */

/** What every call needs: where the service is, the key, and how it reports. */
export interface ConnectionOptions {
  /** The workspace API key (Integrations, API Access), kept as a secret such as SERVICE_API_KEY. */
  apiKey: string
  /** The service's base URL, e.g. `https://service.example.com`; https, or http to a loopback host. */
  baseUrl: string
  /** Attempts per request for transient failures (network, 429, 5xx), 1 to 10; default 5. */
  maxAttempts?: number | undefined
  /** Stops whatever is under way at once; the result is then `outcome: 'aborted'`, `cause: 'canceled'`. */
  signal?: AbortSignal | undefined
  /** Where progress and detail are told, rendered and redacted; default nowhere. A method that throws is dropped, never fatal. */
  log?: Partial<Log> | undefined
}

/** Where the code comes from; each field overrides nothing (the library derives no context), and every one is optional. */
export interface GitOptions {
  branch?: string | undefined
  /** The commit, in hexadecimal. */
  sha?: string | undefined
  commitUrl?: string | undefined
  pullRequestNumber?: number | undefined
  /** A GitLab merge request's number (IID), sent as merge_request_number. */
  mergeRequestNumber?: number | undefined
  repository?: Repository | undefined
  /** Where the code is hosted, sent as hosting_service: GitHub, GitLab, Bitbucket, … */
  hostingService?: string | undefined
}

/** The build to upload and where it goes. */
export interface BuildOptions {
  /** Path or glob of the build, relative to `workingDirectory` or absolute; must match exactly one file. */
  file: string
  /** Where the build goes in the workspace's storage; default: by `namePrefix`, else the file's own name. */
  destination?: string | undefined
  /** Builds the destination by the naming convention: `<prefix>-<environment>.<ext>`, or a pull request's name. */
  namePrefix?: string | undefined
  /** The static environment of the naming convention, with `namePrefix`. */
  environment?: string | undefined
  /** The app id the build must have (Android package name, iOS bundle id); a build of another app is refused before anything is sent. */
  expectedAppId?: string | undefined
  /** The platform the build must be for; a build for the other one, or a file that is no app, is refused before anything is sent. */
  platform?: Platform | undefined
  /** The slowest upload still waited for, in KiB/s (default 64): one attempt may take the build's size at this speed plus the request time limit. Lower it for a slow link. */
  minUploadKibPerSecond?: number | undefined
  /** Where a relative `file` is found; default the current directory. */
  workingDirectory?: string | undefined
  /** Told the bytes sent so far, and the total, during the upload. One that throws is dropped, never fatal. */
  onProgress?: ProgressListener | undefined
}

/** What the deploy notification says besides the build. */
export interface NotificationOptions {
  /** Sent as deployment_type: the workspace's label for this kind of deployment. */
  deploymentType?: string | undefined
  /** Extra variables for the run: an object, or JSON text of one. */
  variables?: VariablesValue | undefined
  /** The run variable that carries the build's path; default `RUN_INPUT_PATH`. */
  runVariable?: string | undefined
  /** Sent as deduplication_key. */
  deduplicationKey?: string | undefined
  /** The deployment is a short-lived preview environment. */
  ephemeralEnvironment?: boolean | undefined
  /** URL of the deployed environment, sent as deployment_url. */
  deploymentUrl?: string | undefined
  /** When the service creates no run: true (default) makes it a failure (`conclusion: 'failure'`), false a warning. */
  failOnNoRun?: boolean | undefined
  /** Where the code comes from. */
  git?: GitOptions | undefined
}

/** How long and how often to ask for a run's verdict. */
export interface VerdictTiming {
  /** How long to wait, in minutes (fractions allowed); default 60. At the timeout the verdict is `timed-out`. */
  waitTimeoutMinutes?: number | undefined
  /** Seconds between asks, 1 to 600; default 30 (or MOBILE_DEPLOY_POLL_INTERVAL_SECONDS). */
  pollIntervalSeconds?: number | undefined
  /** Told every answer of the service while waiting. One that throws is dropped, never fatal. */
  onStatus?: ((status: VerdictStatus) => void) | undefined
}

/** After the notification, wait for the run's verdict. */
export interface WaitingOptions extends VerdictTiming {
  /** Wait for the run's verdict; anything but passed is a failure. Default false. */
  wait?: boolean | undefined
}

/** Check everything a deployment needs and tell what it would do, without uploading or notifying. */
export interface DryRunOptions {
  /** Check the options, the build, the key and the base URL (a request that creates nothing), and log what a real deployment would do; nothing is uploaded or notified. Default false. */
  dryRun?: boolean | undefined
}

/** Options of `deployBuild`: upload, notify, and (with `wait`) the verdict. */
export interface DeployOptions
  extends
    ConnectionOptions,
    Partial<BuildOptions>,
    NotificationOptions,
    WaitingOptions,
    DryRunOptions {
  /** Notify with an earlier upload instead of a file: its playgroundFileLocation. */
  runInputPath?: string | undefined
}

/** Options of `uploadBuild`: a build to upload, and where it goes; no notification. */
export interface UploadOptions extends ConnectionOptions, BuildOptions, DryRunOptions {
  git?: GitOptions | undefined
}

/** Options of `notifyDeployment`: no upload; `runInputPath` names an earlier one, if any. */
export interface NotifyOptions
  extends ConnectionOptions, NotificationOptions, WaitingOptions, DryRunOptions {
  runInputPath?: string | undefined
}

/** Options of `waitForVerdict`: the run, and how long to wait. */
export interface WaitOptions extends ConnectionOptions, VerdictTiming {
  /** The run to wait for: the `runId` of a deploy. */
  runId: string
}

/** Options of `terminateEnvironment`: exactly one of `environmentId`, `environmentAlias`, `deploymentUrl`. */
export interface TerminateOptions extends ConnectionOptions {
  environmentId?: string | undefined
  environmentAlias?: string | undefined
  deploymentUrl?: string | undefined
}

/** What a call came to: the outputs by the action's names, and what it means for a pipeline. */
export type { DeployResult }

/** What `terminateEnvironment` came to. */
export interface TerminateResult {
  /** `success` when the environment is ended now or was already; `aborted` otherwise. */
  outcome: 'success' | 'aborted'
  conclusion: Conclusion
  cause: Cause
  /** `already` when the service had ended it before (409), which is no failure for a clean-up. */
  state?: 'terminated' | 'already' | undefined
  environmentId?: string | undefined
  reason?: string | undefined
  warnings?: string[] | undefined
}
