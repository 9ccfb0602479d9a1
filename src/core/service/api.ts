import type {
  DeployAnswer,
  EnvironmentRef,
  Notification,
  RunStatus,
  SignedUpload,
  Termination
} from '../model.js'
import type { ServiceConfig } from './config.js'

export type { ServiceConfig }
/** The store's answers to the PUT of a signed URL (its status, an expired URL): what the upload reads. */
export { storeStatusError } from './v0/statuses.js'
export { GREENLIGHT_PATH } from './v0/paths.js'

/**
 * What the core asks of the service, in its own terms: where to upload a
 * build, the deploy notification, a run's status and the end of a preview
 * environment. The one version spoken today is v0 (`v0/`); the rest of the
 * core depends on this interface only (a lint rule), so that a next version
 * is a folder beside it.
 */
export interface ServiceApi {
  /** How the client reaches the service: the retry policy and the transport an upload shares. */
  readonly config: ServiceConfig
  /** A signed URL to PUT the build to, and where it will be. */
  signedUpload(destination: string, retry?: boolean): Promise<SignedUpload>
  /** The notification's body as it is sent, for a dry run's log and the debug log. */
  notificationBody(notification: Notification): object
  /** The deploy notification; what the service made of it. */
  notify(notification: Notification): Promise<DeployAnswer>
  /** Where a run is and what it found, asked once (retries within `deadline`). */
  greenlight(runId: string, deadline: number): Promise<RunStatus>
  /** Ends a preview environment. */
  terminate(environment: EnvironmentRef): Promise<Termination>
}
