/**
 * A request's way through the GitLab stand-in, as GitLab's would go: it is
 * recorded; its body must be JSON; GitLab's OpenAPI description must know
 * its method and path (404) and allow its parameters and body (400, in
 * Grape's words), each recorded as a violation; its token must be one
 * GitLab knows (401), and the project one it can see (404); a status
 * already being updated answers 409; a fault a test armed answers in its
 * place (a 429 from the rate limiter, a status, a delay); then its route
 * (gitlab-routes.ts) answers, and that answer is checked against the
 * description's response schema (a violation of ours when it is wrong).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { json } from './answers.js'
import type { Call } from './gitlab-call.js'
import { answerProblem, checkRequest, type Operation } from './gitlab-openapi.js'
import { ROUTES } from './gitlab-routes.js'
import { statusKey } from './gitlab-statuses.js'
import type { GitLabRequest, GitLabState, GitLabToken } from './gitlab-state.js'
import { faulted } from './host-faults.js'
import { emulatorNow } from './clock.js'

type Replies = Omit<Call, 'state' | 'operation' | 'body' | 'url' | 'token' | 'address'> & {
  violate(message: string): void
}

const UNAUTHORIZED = { message: '401 Unauthorized' }

/**
 * The operations GitLab answers 401 without a credential it reads
 * (`authenticate!` before anything: commit statuses, notes, the user and
 * its token); the others look for the project first, and a private project
 * is not found by nobody (404).
 */
const AUTHENTICATED = /Statuses|Notes|V4User$|PersonalAccessTokensSelf$/

/** Answers one request to GitLab's API (the controls aside), its body `raw`, by the steps above. */
export async function answerRequest(
  state: GitLabState,
  address: string,
  req: IncomingMessage,
  res: ServerResponse,
  raw: string
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://gitlab')
  const method = req.method ?? ''
  const entry: GitLabRequest = {
    method,
    path: `${url.pathname}${url.search}`,
    status: 0,
    at: emulatorNow()
  }
  entry.credential = credentialOf(req)
  state.requests.push(entry)
  const reply = repliesOf(state, entry, res, `${method} ${url.pathname}`)
  let body: Record<string, unknown> | undefined
  if (raw) {
    try {
      body = entry.body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      reply.violate('the body is not JSON')
      return reply.answer(400, { error: 'body is invalid' })
    }
  }
  const operation = checkRequest(method, url.pathname, url.searchParams, body)
  if ('status' in operation) {
    reply.violate(operation.message)
    return reply.answer(operation.status, { error: operation.error })
  }
  reply.operation = operation
  const token = tokenOf(state, req)
  if (token === 'unknown' || (!token && AUTHENTICATED.test(operation.id)))
    return reply.answer(401, UNAUTHORIZED)
  if (!token || !isProject(state, operation)) return reply.notFound('Project')
  const route = ROUTES[operation.id]
  // An operation GitLab has and the stand-in does not: the product began to use something new.
  if (!route)
    return reply.invalid(
      `${operation.id} is an operation of GitLab's API the emulator does not answer`
    )
  const key =
    operation.id === 'postApiV4ProjectsIdStatusesSha'
      ? statusKey(state, operation.params.sha!, body)
      : undefined
  if (key !== undefined && state.updating.has(key))
    return reply.answer(409, { message: 'Another update to this commit status is in progress' })
  if (key !== undefined) state.updating.add(key)
  try {
    if (
      await faulted(state, `${method} ${url.pathname}`, req, res, { answer: reply.answer, entry })
    )
      return
    route({ state, operation, body, url, token, address, ...reply })
  } finally {
    if (key !== undefined) state.updating.delete(key)
  }
}

/** The header that carried a credential, and its value, as recorded. */
function credentialOf(req: IncomingMessage): string | undefined {
  for (const name of ['private-token', 'job-token', 'authorization'])
    if (req.headers[name] !== undefined) return `${name}: ${String(req.headers[name])}`
  return undefined
}

/**
 * The token of a request: `PRIVATE-TOKEN: <token>` or `Authorization:
 * Bearer <token>`. `JOB-TOKEN` (a job's CI_JOB_TOKEN) is read by GitLab
 * only on the routes that allow a job token (`job_token_allowed`: packages,
 * releases, artifacts, …), none of these: here the request is nobody's, so
 * GitLab answers 401 where it authenticates first and 404 where it looks
 * for a private project first. A token GitLab does not know is 401 anyway.
 */
function tokenOf(state: GitLabState, req: IncomingMessage): GitLabToken | 'unknown' | undefined {
  const privateToken = req.headers['private-token']
  const bearer = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
  const given = typeof privateToken === 'string' ? privateToken : bearer
  if (given === undefined) return undefined
  return state.tokens.get(given) ?? 'unknown'
}

/** Whether the path's `id` names the project: its number, or its path (`group%2Fproject`). */
function isProject({ project }: GitLabState, operation: Operation): boolean {
  const id = operation.params.id
  return id === undefined || id === String(project.id) || id === project.path
}

/** The answers of one request: each records its status and is checked against the description. */
function repliesOf(
  state: GitLabState,
  entry: GitLabRequest,
  res: ServerResponse,
  request: string
): Replies & { operation?: Operation } {
  const violate = (message: string): void => void state.violations.push(`${request}: ${message}`)
  const replies: Replies & { operation?: Operation } = {
    violate,
    answer(status, body, headers) {
      entry.status = status
      const problem = replies.operation && answerProblem(replies.operation.id, status, body)
      if (problem) violate(problem)
      json(res, status, body, headers)
    },
    insufficientScope() {
      const words = 'The request requires higher privileges than provided by the access token.'
      replies.answer(
        403,
        { error: 'insufficient_scope', error_description: words, scope: 'api' },
        {
          'www-authenticate': `Bearer realm="Protected by OAuth 2.0", error="insufficient_scope", error_description="${words}", scope="api"`
        }
      )
    },
    forbidden: () => replies.answer(403, { message: '403 Forbidden' }),
    invalid(message) {
      violate(message)
      replies.answer(400, { error: message })
    },
    notFound: what => replies.answer(404, { message: `404 ${what} Not Found` })
  }
  return replies
}
