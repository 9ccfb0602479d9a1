/**
 * A request's way through the GitHub stand-in, as GitHub's would go: it is
 * recorded; its body must be JSON and its `X-GitHub-Api-Version` the one
 * the description is for; GitHub's OpenAPI description must know its method
 * and path (404) and allow its parameters and body (422), each recorded as
 * a violation; a fault a test armed answers in its place; a spent rate
 * limit refuses it; a token the stand-in does not know is 401; then its
 * route (github-routes.ts) answers. Every answer tells the rate limit when
 * a test set one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { json } from './answers.js'
import type { Call } from './github-call.js'
import { API_VERSION, checkRequest } from './github-openapi.js'
import { ROUTES } from './github-routes.js'
import type { GitHubFault, GitHubRequest, GitHubState } from './github-state.js'
import { emulatorNow } from './clock.js'

const DOCS = 'https://docs.github.com/rest'
const NOT_FOUND = { message: 'Not Found', documentation_url: DOCS, status: '404' }

/** The answers every step of a request's way may give it, each recorded with the request. */
type Replies = Pick<Call, 'answer' | 'refuse' | 'invalid' | 'notFound'> & {
  violate(message: string): void
}

/** Answers one request to GitHub's API (the controls aside), its body `raw`, by the steps above. */
export async function answerRequest(
  state: GitHubState,
  address: string,
  req: IncomingMessage,
  res: ServerResponse,
  raw: string
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://github')
  const method = req.method ?? ''
  const apiVersion = header(req, 'x-github-api-version')
  const entry: GitHubRequest = {
    method,
    path: `${url.pathname}${url.search}`,
    status: 0,
    authorization: req.headers.authorization,
    apiVersion,
    at: emulatorNow()
  }
  state.requests.push(entry)
  const request = `${method} ${url.pathname}`
  const reply = repliesOf(state, entry, res, request)
  let body: Record<string, unknown> | undefined
  if (raw) {
    try {
      body = JSON.parse(raw) as Record<string, unknown>
      entry.body = body
    } catch {
      reply.violate('the body is not JSON')
      return reply.answer(400, { message: 'Problems parsing JSON', documentation_url: DOCS })
    }
  }
  if (apiVersion !== API_VERSION)
    reply.violate(
      `X-GitHub-Api-Version is ${apiVersion === undefined ? 'missing' : JSON.stringify(apiVersion)}, not ${API_VERSION}`
    )
  const operation = checkRequest(method, url.pathname, url.searchParams, body)
  if ('status' in operation) {
    reply.violate(operation.message)
    if (operation.status === 404) return reply.answer(404, NOT_FOUND)
    return reply.answer(422, {
      message: `Invalid request.\n\n${operation.message}`,
      documentation_url: DOCS
    })
  }
  if (await faulted(state, request, req, res, entry, reply)) return
  if (spent(state, reply)) return
  const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
  const scopes = token ? state.tokens.get(token) : undefined
  if (!scopes) return reply.answer(401, { ...NOT_FOUND, message: 'Bad credentials', status: '401' })
  const route = ROUTES[operation.id as keyof typeof ROUTES]
  // An operation GitHub has and the stand-in does not: the product began to use something new.
  if (!route)
    return reply.invalid(
      `${operation.id} is an operation of GitHub's API the emulator does not answer`
    )
  route({ state, operation, body, url, scopes, address, ...reply })
}

/** The answers of one request: each records its status; a violation is recorded as the request's. */
function repliesOf(
  state: GitHubState,
  entry: GitHubRequest,
  res: ServerResponse,
  request: string
): Replies {
  const answer: Replies['answer'] = (status, body, headers) => {
    entry.status = status
    json(res, status, body, {
      'content-type': 'application/json; charset=utf-8',
      ...rateHeaders(state),
      ...headers
    })
  }
  const violate = (message: string): void => void state.violations.push(`${request}: ${message}`)
  return {
    answer,
    violate,
    notFound: () => answer(404, NOT_FOUND),
    refuse: accepted =>
      answer(
        403,
        {
          message: 'Resource not accessible by integration',
          documentation_url: DOCS,
          status: '403'
        },
        { 'x-accepted-github-permissions': accepted }
      ),
    invalid: message => {
      violate(message)
      answer(422, { message: `Invalid request.\n\n${message}`, documentation_url: DOCS })
    }
  }
}

/** GitHub's rate-limit headers, when a test set a limit. */
function rateHeaders({ rateLimit }: GitHubState): Record<string, string> {
  if (!rateLimit) return {}
  return {
    'x-ratelimit-limit': String(rateLimit.limit),
    'x-ratelimit-remaining': String(rateLimit.remaining),
    'x-ratelimit-used': String(rateLimit.limit - rateLimit.remaining),
    'x-ratelimit-reset': String(Math.ceil(emulatorNow() / 1000) + 3600),
    'x-ratelimit-resource': 'core'
  }
}

/** Whether the rate limit refused the request: GitHub's answer to a token whose hourly requests are spent. */
function spent(state: GitHubState, reply: Replies): boolean {
  const limited = state.rateLimit
  if (!limited) return false
  if (limited.remaining > 0) {
    limited.remaining--
    return false
  }
  reply.answer(403, {
    message: 'API rate limit exceeded for installation.',
    documentation_url:
      'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api'
  })
  return true
}

/** Whether an armed fault took the request: held, answered late, or answered with its status (a page, a body). */
async function faulted(
  state: GitHubState,
  request: string,
  req: IncomingMessage,
  res: ServerResponse,
  entry: GitHubRequest,
  reply: Replies
): Promise<boolean> {
  const armed = state.armed.find(a => a.left > 0 && (!a.fault.match || a.fault.match.test(request)))
  if (!armed) return false
  armed.left--
  const { hang, delayMs, status, page, headers, body }: GitHubFault = armed.fault
  if (hang) {
    res.once('close', () => (entry.status = -1))
    req.socket.setTimeout(0)
    return true
  }
  if (delayMs && !(await delay(req, delayMs))) return true
  if (status === undefined) return false
  if (page === undefined) reply.answer(status, body ?? {}, headers)
  else {
    entry.status = status
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(page)
  }
  return true
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Waits `ms`, or until the client closes the connection: then false. */
function delay(req: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise(resolve => {
    const timer = setTimeout(() => {
      req.socket.off('close', gone)
      resolve(true)
    }, ms)
    const gone = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    req.socket.once('close', gone)
  })
}
