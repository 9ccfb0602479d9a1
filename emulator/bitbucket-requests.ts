/**
 * A request's way through the Bitbucket stand-in, as Bitbucket's would go:
 * it is recorded; its body must be JSON; Bitbucket's OpenAPI description
 * (bitbucket-openapi.ts, the pinned extract) must know its method and path
 * (404) and allow its parameters and body (400), each recorded as a
 * violation; its token must be one Bitbucket knows (401; `Bearer`, a
 * repository access token); the repository one it can see (404); a fault a
 * test armed answers in its place (Bitbucket's 429 with `Retry-After`, a
 * status, a delay, a hold); then its route (bitbucket-routes.ts) answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { json } from './answers.js'
import { checkRequest } from './bitbucket-openapi.js'
import { ROUTES } from './bitbucket-routes.js'
import {
  PROXIED_HOST,
  REPO_SLUG,
  WORKSPACE,
  type BitbucketRequest,
  type BitbucketState,
  type BitbucketToken
} from './bitbucket-state.js'
import { emulatorNow } from './clock.js'
import { faulted, type Throttle } from './host-faults.js'

/** What the proxy signs with: the pipeline's own access to its repository. */
const PROXY_TOKEN: BitbucketToken = {
  name: 'pipelines-proxy',
  scopes: ['repository', 'repository:write']
}

/** Bitbucket's error body: `{"type": "error", "error": {"message": …}}`. */
function error(message: string): object {
  return { type: 'error', error: { message } }
}

/** Bitbucket's rate limit: 429 in its error form, `Retry-After` in seconds. */
const throttle: Throttle = (res, retryAfter, headers) =>
  json(res, 429, error('Rate limit for this resource has been exceeded'), {
    'retry-after': String(retryAfter),
    ...headers
  })

/** A request as the stand-in holds it: where it came (through the proxy or not), its record, and how it is answered. */
interface Exchange {
  proxied: boolean
  target: URL
  url: URL
  method: string
  entry: BitbucketRequest
  violate(message: string): void
  answer(status: number, body: unknown, headers?: Record<string, string>): void
}

/** Answers one request to Bitbucket's API (the controls aside), its body `raw`, by the steps above. */
export async function answerRequest(
  state: BitbucketState,
  req: IncomingMessage,
  res: ServerResponse,
  raw: string,
  apiUrl: string
): Promise<void> {
  const exchange = recorded(state, req, res)
  const { proxied, target, url, method, violate, answer } = exchange
  let body: unknown
  if (raw) {
    try {
      body = exchange.entry.body = JSON.parse(raw)
    } catch {
      violate('the body is not JSON')
      return answer(400, error('The request body is not valid JSON.'))
    }
  }
  // Bitbucket's API is served under /2.0.
  const path = url.pathname.replace(/^\/2\.0(?=\/)/, '')
  const operation = checkRequest(method, path, url.searchParams, body)
  if ('status' in operation) {
    violate(operation.message)
    return answer(operation.status === 404 ? 404 : 400, error(operation.message))
  }
  if (proxied && (target.protocol !== 'http:' || target.host !== PROXIED_HOST))
    return answer(403, error(`The proxy forwards only to http://${PROXIED_HOST}`))
  const token = tokenOf(state, req, proxied, operation.id)
  if (!token) return answer(401, error('Unauthorized'))
  const { workspace, repo_slug } = operation.params
  if (workspace !== WORKSPACE || repo_slug !== REPO_SLUG)
    return answer(404, error(`Repository ${workspace}/${repo_slug} not found`))
  const route = ROUTES[operation.id]
  const invalid = (message: string): void => {
    violate(message)
    answer(400, error(message))
  }
  if (!route)
    return invalid(
      `${operation.id} is an operation of Bitbucket's API the emulator does not answer`
    )
  const { entry } = exchange
  if (await faulted(state, `${method} ${path}`, req, res, { answer, entry, throttle })) return
  route({
    state,
    operation,
    body,
    url,
    apiUrl: proxied ? `http://${PROXIED_HOST}/2.0` : apiUrl,
    writes: token.scopes.includes('repository:write'),
    answer,
    invalid,
    notFound: what => answer(404, error(`No such ${what}`))
  })
}

/** The request recorded as it came: a request in absolute form came through the proxy, naming Bitbucket's API itself. */
function recorded(state: BitbucketState, req: IncomingMessage, res: ServerResponse): Exchange {
  const proxied = /^https?:\/\//i.test(req.url ?? '')
  const target = new URL(req.url ?? '/', 'http://bitbucket')
  const url = new URL(`${target.pathname}${target.search}`, 'http://bitbucket')
  const method = req.method ?? ''
  const entry: BitbucketRequest = {
    method,
    path: `${url.pathname}${url.search}`,
    status: 0,
    at: emulatorNow(),
    ...(req.headers.authorization ? { credential: req.headers.authorization } : {})
  }
  state.requests.push(entry)
  return {
    proxied,
    target,
    url,
    method,
    entry,
    violate: message => void state.violations.push(`${method} ${url.pathname}: ${message}`),
    answer(status, body, headers) {
      entry.status = status
      json(res, status, body, headers)
    }
  }
}

/** The token a request carries (a bearer Bitbucket knows), or the pipeline's own through the proxy where it signs. */
function tokenOf(
  state: BitbucketState,
  req: IncomingMessage,
  proxied: boolean,
  operation: string
): Pick<BitbucketToken, 'scopes'> | undefined {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
  if (bearer !== undefined) return state.tokens.get(bearer)
  return proxied && state.proxySigns.has(operation) ? PROXY_TOKEN : undefined
}
