import { ExpiredUrlError, HttpStatusError } from '../../shared/errors.js'
import { ref } from '../../shared/option-refs.js'
import { quote, withoutTrailingSlashes } from '../../shared/text.js'
import { parseRetryAfter } from '../../transport/retry.js'
import type { HttpResponse } from '../../transport/send.js'
import { describeErrorBody, eventIdOf } from './answers.js'

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  411: 'Length Required',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

function answered(label: string, response: HttpResponse): string {
  const reason = REASONS[response.status]
  const detail = describeErrorBody(response.body)
  return `${label} answered ${response.status}${reason ? ` ${reason}` : ''}${detail ? ` (${detail})` : ''}`
}

/** The error for a non-2xx answer of the service's own endpoints, with what to do about it. */
export function serviceStatusError(
  label: string,
  response: HttpResponse,
  /** The base URL the request started from: a gateway's prefix changes what a 404 says. */
  baseUrl?: string
): HttpStatusError {
  const { status } = response
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'])
  const what = answered(label, response)
  const event = eventIdOf(response.body)
  const support = event ? ` Event id ${event}: give this id to support.` : ''
  return new HttpStatusError(
    `${what}: ${serviceAdvice(status, response, baseUrl)}${support}`,
    status,
    retryAfterMs
  )
}

function serviceAdvice(status: number, response: HttpResponse, baseUrl?: string): string {
  if (status === 401) {
    return `the API key is missing or invalid. Check ${ref('apiKey')} and the secret it reads (e.g. SERVICE_API_KEY): it must be an API key of this workspace, from Integrations, API Access.`
  }
  if (status === 402)
    return 'billing prevents runs for this workspace. Ask the workspace owner to check its billing.'
  if (status === 403)
    return 'access is forbidden, usually because the workspace is disabled. Ask the service operator to enable it.'
  if (status === 404) {
    const prefix = baseUrl ? withoutTrailingSlashes(new URL(baseUrl).pathname) : ''
    const forms = `the service's origin (e.g. https://service.example.com) or a gateway's prefix in front of it (e.g. https://gw.example.com/testing), never an /api address`
    return prefix
      ? `check ${ref('baseUrl')}: the service was asked under the prefix ${quote(prefix)} and knows no such address there. It is either ${forms}.`
      : `check ${ref('baseUrl')}: it must be ${forms}.`
  }
  if (status === 429)
    return `the service is rate limiting this workspace. Send fewer requests at once, or raise ${ref('maxAttempts')}.`
  if (status === 400)
    return 'the service found the request malformed. Check the options the message names; report it if they look right.'
  if (status >= 300 && status < 400) {
    const location = response.headers.location
    const target = typeof location === 'string' ? safeLocation(location) : 'another address'
    return `the service redirects to ${target}. Set ${ref('baseUrl')} to the address the service really answers on.`
  }
  if (status >= 500) return 'the service failed. Try again later; contact support if it persists.'
  return 'the service refused the request. Check the options; contact support if it persists.'
}

function safeLocation(location: string): string {
  try {
    const url = new URL(location)
    return `${url.origin}${url.pathname}`
  } catch {
    return 'another address'
  }
}

/** The error for a non-2xx answer of the object store to the PUT. */
export function storeStatusError(
  label: string,
  response: HttpResponse,
  signedUrl: string,
  now = Date.now()
): HttpStatusError | ExpiredUrlError {
  const { status } = response
  const what = answered(label, response)
  if (status === 403 && (/expired/i.test(response.body) || signedUrlExpired(signedUrl, now))) {
    return new ExpiredUrlError(`${what}: the signed URL expired before the upload finished.`)
  }
  const advice =
    status === 403
      ? 'the store did not accept the signed URL for this request (signature mismatch). A proxy that rewrites requests causes this; otherwise report it to support.'
      : status === 411 || status === 501
        ? 'the store wants a Content-Length header; a proxy may have removed it.'
        : status === 413 || /EntityTooLarge/i.test(response.body)
          ? 'the file is larger than the store takes in one upload (5 GB on S3-compatible stores).'
          : status >= 500
            ? 'the store failed. Try again later.'
            : 'the store refused the upload.'
  return new HttpStatusError(
    `${what}: ${advice}`,
    status,
    parseRetryAfter(response.headers['retry-after'])
  )
}

/**
 * Whether a signed URL is past its expiry by its own parameters: SigV4
 * (`X-Amz-Date` + `X-Amz-Expires`), Google V4 (`X-Goog-Date` + `X-Goog-Expires`)
 * or V2 (`Expires`, epoch seconds). A store may report expiry as a signature mismatch.
 */
export function signedUrlExpired(signedUrl: string, now = Date.now()): boolean {
  let query: URLSearchParams
  try {
    query = new URL(signedUrl).searchParams
  } catch {
    return false
  }
  for (const prefix of ['X-Amz', 'X-Goog']) {
    const date = parseCompactDate(query.get(`${prefix}-Date`))
    const expires = Number(query.get(`${prefix}-Expires`))
    if (date !== undefined && Number.isFinite(expires) && expires > 0)
      return now >= date + expires * 1000
  }
  const epoch = Number(query.get('Expires'))
  return Number.isFinite(epoch) && epoch > 0 ? now >= epoch * 1000 : false
}

/** `20261121T101500Z` in epoch milliseconds. */
function parseCompactDate(value: string | null): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined
}
