import { DeployError, HttpStatusError, NetworkError } from '../../shared/errors.js'
import { ref } from '../../shared/option-refs.js'
import { logRetry, withRetry } from '../../transport/retry.js'
import { labelOf, send, type HttpRequest, type HttpResponse } from '../../transport/send.js'
import { parseDeployAnswer, parseSignedUpload } from './answers.js'
import { parseGreenlightAnswer, parseTerminateAnswer } from './greenlight.js'
import type {
  DeployAnswer,
  EnvironmentRef,
  Notification,
  RunStatus,
  SignedUpload,
  Termination
} from '../../model.js'
import type { ServiceApi } from '../api.js'
import type { ServiceConfig } from '../config.js'
import { buildDeployBody, type DeployRequestBody } from './body.js'
import { serviceStatusError } from './statuses.js'
import { clock } from '../../shared/clock.js'
import { GREENLIGHT_PATH } from './paths.js'

export const SIGNED_URL_PATH = '/api/v0/run-inputs-executables-signed-urls'
export const DEPLOY_PATH = '/api/webhooks/deploy_success'
export { GREENLIGHT_PATH }
export const TERMINATE_PATH = '/api/webhooks/environment_terminated'

/**
 * The most of a verdict answer that is read: generous, as it lists the run's
 * bugs with their names and links (thousands of bugs stay far under it). A
 * larger one is a problem of that ask, never of the deploy.
 */
export const MAX_GREENLIGHT_ANSWER_BYTES = 8 * 1024 * 1024

/** The service's four endpoints, each through the same request builder, status errors and retry policy. */
export class ServiceClient implements ServiceApi {
  constructor(readonly config: ServiceConfig) {}

  /** GET a signed upload URL for `destination` (spec 4.1); the URL is registered as a secret before anything else happens. */
  async signedUpload(destination: string, retry = true): Promise<SignedUpload> {
    const request = this.request(
      'GET',
      `${SIGNED_URL_PATH}?file=${encodeURIComponent(destination)}`
    )
    const response = retry ? await this.call(request) : await this.callOnce(request)
    const signed = parseSignedUpload(response.body)
    this.config.secrets.addSignedUrl(signed.signedUrl)
    return signed
  }

  /** The deploy notification's body as v0 sends it. */
  notificationBody(notification: Notification): DeployRequestBody {
    return buildDeployBody(notification)
  }

  /** POST the deploy notification (spec 4.3) and read whether a run was created. */
  async notify(notification: Notification): Promise<DeployAnswer> {
    const body = this.notificationBody(notification)
    const response = await this.call(this.request('POST', DEPLOY_PATH, body))
    return parseDeployAnswer(response.body)
  }

  /**
   * One ask for a run's verdict (spec Part 3), cut at `deadline`; the caller
   * decides what an error means. A 410 says the run is too old; an answer
   * over {@link MAX_GREENLIGHT_ANSWER_BYTES} is an `OversizeAnswerError`.
   */
  async greenlight(runId: string, deadline: number): Promise<RunStatus> {
    const request = this.request('GET', `${GREENLIGHT_PATH}/${encodeURIComponent(runId)}`)
    try {
      const response = await this.callOnce(request, 'one ask', {
        deadline,
        maxBytes: MAX_GREENLIGHT_ANSWER_BYTES
      })
      return parseGreenlightAnswer(response.body)
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 410)
        throw new HttpStatusError(
          `${request.label} answered 410 Gone: run ${runId} is too old for the service to report on. Deploy again for a new run.`,
          410
        )
      throw error
    }
  }

  /**
   * Ends a preview environment so that the service stops testing it. Resolves
   * `terminated`, or `already` for a 409 (already ended: fine for a clean-up);
   * a 404 fails with advice.
   */
  async terminate(environment: EnvironmentRef): Promise<Termination> {
    const request = this.request('POST', TERMINATE_PATH, environment)
    try {
      const response = await this.call(request)
      return { state: 'terminated', ...parseTerminateAnswer(response.body) }
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 409) return { state: 'already' }
      if (error instanceof HttpStatusError && error.status === 404) {
        const which = Object.keys(environment)[0] as keyof EnvironmentRef
        throw new DeployError(
          `${request.label} answered 404 Not Found: the service knows no environment with this ${which}. Check ${ref(which)}: pass the environmentId of the deploy that made the environment, unchanged.`
        )
      }
      throw error
    }
  }

  /** A request to one of the service's own endpoints: authorized with the key, JSON in and out. */
  private request(method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest {
    const url = `${this.config.baseUrl}${path}`
    return {
      method,
      url,
      headers: {
        authorization: `Bearer ${this.config.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      label: labelOf(method, url)
    }
  }

  /** One call under the retry policy. */
  private call(request: HttpRequest): Promise<HttpResponse> {
    const { policy, log } = this.config
    return withRetry(
      policy,
      ({ number }) => this.callOnce(request, `attempt ${number} of ${policy.maxAttempts}`),
      (error, attempt, delayMs) => logRetry(log, error, attempt, policy.maxAttempts, delayMs)
    )
  }

  /** One request, cut after the request time limit (or `deadline`); a non-2xx answer becomes an error that says what to do. */
  private async callOnce(
    request: HttpRequest,
    which = 'single attempt',
    { deadline, maxBytes }: { deadline?: number; maxBytes?: number } = {}
  ): Promise<HttpResponse> {
    const { log, transport, policy } = this.config
    log.debug(`${request.label} (${which})`)
    const response = await send(request, transport, {
      signal: policy.signal,
      deadline: Math.min(deadline ?? Infinity, clock.now() + transport.timeouts.requestMs),
      maxBytes
    }).catch((error: unknown) => {
      // Nothing listens at that address, or the name is unknown: most often a wrong base URL.
      if (error instanceof NetworkError && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(error.message))
        throw new NetworkError(
          `${error.message}. Check that ${ref('baseUrl')} is the service's address`
        )
      throw error
    })
    log.debug(`${request.label} answered ${response.status}`)
    if (response.status < 200 || response.status >= 300)
      throw serviceStatusError(request.label, response, this.config.baseUrl)
    return response
  }
}
