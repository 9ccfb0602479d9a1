import { send, labelOf, type HttpRequest, type HttpResponse, type Timeouts } from './http.js'
import type { DeployRequestBody } from './git.js'
import type { Log } from './log.js'
import type { Words } from './words.js'
import {
  parseDeployResponse,
  parseSignedUpload,
  type DeployResult,
  type SignedUpload
} from './responses.js'
import { safeId } from './service-text.js'
import { HttpStatusError, withRetry, type RetryPolicy } from './retry.js'
import { serviceStatusError } from './statuses.js'
import { DeployError, messageOf } from './errors.js'

/** What every request needs: where, who, how patient, and where to tell about it. */
export interface ServiceConfig {
  baseUrl: string
  apiKey: string
  policy: RetryPolicy
  timeouts: Timeouts
  /** Sent with every request: the product, its version and the front end. */
  userAgent: string
  /** Aborts whatever is under way (the step's deadline, the caller's signal). */
  signal?: AbortSignal
  log: Log
  /** How messages name the options. */
  words: Words
}

export const SIGNED_URL_PATH = '/api/v0/run-inputs-executables-signed-urls'
export const DEPLOY_PATH = '/api/webhooks/deploy_success'

/** GET a signed upload URL for `destination` (service spec 4.1); the URL is masked before anything else happens. */
export async function requestSignedUpload(
  config: ServiceConfig,
  destination: string,
  /** false inside a retry loop of its own (a fresh URL for an upload attempt): one request, its failure the caller's. */
  retry = true
): Promise<SignedUpload> {
  const request = serviceRequest(
    config,
    'GET',
    `${SIGNED_URL_PATH}?file=${encodeURIComponent(destination)}`
  )
  const response = retry ? await callService(config, request) : await callOnce(config, request)
  const signed = parseSignedUpload(response.body)
  maskSignedUrl(config.log, signed.signedUrl)
  return signed
}

/** POST the deploy notification (service spec 4.3) and read whether a run was created. */
export async function notifyDeployment(
  config: ServiceConfig,
  body: DeployRequestBody
): Promise<DeployResult> {
  const response = await callService(config, serviceRequest(config, 'POST', DEPLOY_PATH, body))
  return parseDeployResponse(response.body)
}

export const TERMINATE_PATH = '/api/webhooks/environment_terminated'

/** Which preview environment to end: exactly one of these (spec Part 3). */
export type EnvironmentRef =
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }

/**
 * Ends a preview environment so that the service stops testing it. Resolves
 * `terminated`, or `already` for a 409 (already ended: fine for a clean-up
 * step); a 404 fails with advice.
 */
export async function terminateEnvironment(
  config: ServiceConfig,
  environment: EnvironmentRef
): Promise<{ state: 'terminated' | 'already'; environmentId?: string }> {
  const request = serviceRequest(config, 'POST', TERMINATE_PATH, environment)
  try {
    const response = await callService(config, request)
    let answer: Record<string, unknown> = {}
    try {
      answer = JSON.parse(response.body) as Record<string, unknown>
    } catch {
      // The status says it all; the body only names the environment.
    }
    return { state: 'terminated', environmentId: safeId(answer?.environmentId) }
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 409) return { state: 'already' }
    if (error instanceof HttpStatusError && error.status === 404) {
      const which = Object.keys(environment)[0] as keyof typeof environment
      throw new DeployError(
        `${request.label} answered 404 Not Found: the service knows no environment with this ${which}. Check ${config.words.name(which)}: pass the environmentId output of the deploying step, unchanged.`
      )
    }
    throw error
  }
}

/** A request to one of the service's own endpoints: authorized with the key, JSON in and out. */
export function serviceRequest(
  config: Pick<ServiceConfig, 'baseUrl' | 'apiKey'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown
): HttpRequest {
  const url = `${config.baseUrl}${path}`
  return {
    method,
    url,
    headers: {
      authorization: `Bearer ${config.apiKey}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    label: labelOf(method, url)
  }
}

/** One call to the service under the retry policy; a non-2xx answer becomes an error that says what to do. */
async function callService(config: ServiceConfig, request: HttpRequest): Promise<HttpResponse> {
  return withRetry(
    config.policy,
    ({ number }) => callOnce(config, request, `attempt ${number} of ${config.policy.maxAttempts}`),
    (error, attempt, delayMs) =>
      logRetry(config.log, error, attempt, config.policy.maxAttempts, delayMs)
  )
}

/** One request to the service; a non-2xx answer becomes an error that says what to do. */
async function callOnce(
  config: ServiceConfig,
  request: HttpRequest,
  which = 'single attempt'
): Promise<HttpResponse> {
  config.log.debug(`${request.label} (${which})`)
  const response = await send(request, config, config.signal)
  config.log.debug(`${request.label} answered ${response.status}`)
  if (response.status < 200 || response.status >= 300)
    throw serviceStatusError(request.label, response, config.words)
  return response
}

export function logRetry(
  log: Pick<Log, 'info'>,
  error: unknown,
  attempt: number,
  maxAttempts: number,
  delayMs: number
): void {
  const said = messageOf(error).replace(/([^.])$/, '$1.')
  log.info(
    `Attempt ${attempt} of ${maxAttempts} failed: ${said} Retrying in ${(delayMs / 1000).toFixed(1)} s.`
  )
}

/** Masks a signed URL and the parts of it that could be printed alone: its query and its signature. */
export function maskSignedUrl(log: Pick<Log, 'mask'>, signedUrl: string): void {
  log.mask(signedUrl)
  const url = new URL(signedUrl)
  if (url.search.length > 1) log.mask(url.search.slice(1))
  for (const [name, value] of url.searchParams) {
    if (/signature|credential|token|key/i.test(name) && value.length >= 8) {
      for (const form of new Set([value, encodeURIComponent(value)])) log.mask(form)
    }
  }
}
