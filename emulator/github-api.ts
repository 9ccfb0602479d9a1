import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { json } from './answers.js'
import { API_VERSION, checkRequest, type Operation } from './github-openapi.js'
import { emulatorNow } from './clock.js'
import { control, isControl } from './github-controls.js'

/**
 * The part of GitHub's REST API the action reports through, held to GitHub's
 * own rules. Every request is checked against GitHub's OpenAPI description
 * (github-openapi.ts): a method and path that is no operation answers 404, a
 * parameter or body the operation does not allow answers 422, and both are
 * recorded as violations, as is a request without `X-GitHub-Api-Version`; the
 * test harness fails every test whose requests left one. Beyond the schemas,
 * GitHub's documented semantics: a completed check run keeps its status and
 * conclusion; `output.summary` and `output.text` hold at most 65,535 UTF-8
 * bytes, a comment at most 65,536 characters; only a GitHub App creates
 * check runs; `GET /user` is refused to an installation token. Then check
 * runs (create, update, list for a ref), issue comments (list with
 * pagination, create, update) written by the token's own identity, the pull
 * requests of a head branch or commit; tokens with their permissions (403
 * "Resource not accessible by integration" with GitHub's headers for one that
 * may not write), and faults per request (a status, a redirect, a delay, a
 * request that is never answered).
 */

export interface GitHubCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  external_id: string | null
  details_url: string | null
  started_at: string | null
  completed_at: string | null
  output: { title?: string; summary?: string; text?: string }
  app: { slug: string }
  /** Every state the check went through, for tests: status and conclusion after each write. */
  history: { status: string; conclusion: string | null }[]
}

export interface GitHubUser {
  login: string
  id: number
  type: 'User' | 'Bot'
}

export interface GitHubComment {
  id: number
  issue: number
  body: string
  user: GitHubUser
}

export interface GitHubPull {
  number: number
  state: 'open' | 'closed'
  head: { ref: string; sha: string; owner: string }
}

/** A token: what it may do, as GITHUB_TOKEN's `permissions:` grant it, and whose it is. */
export interface TokenScopes {
  checks: 'write' | 'read'
  pullRequests: 'write' | 'read'
  /** The identity that writes with it: a GitHub App's bot, or a person (a personal access token). */
  user: GitHubUser
  /** The GitHub App an installation token belongs to; none for a person's token. */
  app?: string | undefined
}

export interface GitHubFault {
  /** Answer with this status, headers and body instead of the normal answer (a 3xx with `location` is a redirect). */
  status?: number
  headers?: Record<string, string>
  body?: unknown
  /** Answer with this page as text/html (a proxy's sign-in page) instead of a JSON body. */
  page?: string
  /** Never answer: the request is held until the client gives up. */
  hang?: true
  /** Wait this long (or until the client gives up) before answering. */
  delayMs?: number
  /** Only requests whose method and path match, e.g. /^PATCH .*check-runs/. */
  match?: RegExp
  times?: number
}

export interface GitHubRequest {
  method: string
  path: string
  status: number
  body?: unknown
  authorization?: string | undefined
  /** The `X-GitHub-Api-Version` header. */
  apiVersion?: string | undefined
  /** When the request arrived (ms since the epoch). */
  at: number
}

/** GitHub's primary rate limit of the emulated API: every answer tells it; at 0 every request is refused until reset. */
export interface GitHubRateLimit {
  limit: number
  remaining: number
}

export interface GitHubApi {
  url: string
  /** The repository's default branch and its commits, newest first: what `repos/get` and `repos/list-commits` answer. */
  repository: { defaultBranch: string; commits: string[] }
  /** The primary rate limit, when a test sets one; none by default (answers carry no rate-limit headers). */
  rateLimit?: GitHubRateLimit | undefined
  checkRuns: GitHubCheckRun[]
  comments: GitHubComment[]
  pulls: GitHubPull[]
  tokens: Map<string, TokenScopes>
  requests: GitHubRequest[]
  /** Every request that broke GitHub's description or rules since the last `takeViolations()`. */
  violations: string[]
  /** The violations so far, forgotten by the emulator: for a test that breaks the rules on purpose. */
  takeViolations(): string[]
  faults: { add(...faults: GitHubFault[]): void }
  reset(): void
  close(): Promise<void>
}

/** The bot GitHub names the workflow token's writes after: GITHUB_TOKEN is an installation token of the `github-actions` app. */
export const ACTIONS_BOT: GitHubUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }
/** The token the emulated runner gives every job unless a test says otherwise: may write checks and comments. */
export const WRITE_TOKEN = 'ghs_emulatedRunnerToken0123456789abcdef'
export const READ_ONLY_TOKEN = 'ghs_readOnlyForkToken0123456789abcdef'
/** A person's token (a personal access token): may write comments, never check runs (only a GitHub App may). */
export const PERSONAL_TOKEN = 'ghp_emulatedPersonalToken0123456789abcd'
export const PERSON: GitHubUser = { login: 'octo-dev', id: 5_000_001, type: 'User' }

/** GitHub's limits beyond the schemas: a check run's summary and text in UTF-8 bytes, a comment in characters. */
export const MAX_OUTPUT_BYTES = 65_535
export const MAX_COMMENT_CHARACTERS = 65_536

const PAGE = 100
const DOCS = 'https://docs.github.com/rest'

/** Every emulated API of this process that is open: the test harness asks each for its violations after every test. */
const live = new Set<GitHubApi>()
export function liveGitHubApis(): GitHubApi[] {
  return [...live]
}

export async function startGitHubApi(host = '127.0.0.1', port = 0): Promise<GitHubApi> {
  const checkRuns: GitHubCheckRun[] = []
  const comments: GitHubComment[] = []
  const pulls: GitHubPull[] = []
  const requests: GitHubRequest[] = []
  const violations: string[] = []
  const armed: { fault: GitHubFault; left: number }[] = []
  const tokens = new Map<string, TokenScopes>()
  const repository = { defaultBranch: 'main', commits: [] as string[] }
  const defaults = (): void => {
    tokens.clear()
    tokens.set(WRITE_TOKEN, {
      checks: 'write',
      pullRequests: 'write',
      user: ACTIONS_BOT,
      app: 'github-actions'
    })
    tokens.set(READ_ONLY_TOKEN, {
      checks: 'read',
      pullRequests: 'read',
      user: ACTIONS_BOT,
      app: 'github-actions'
    })
    tokens.set(PERSONAL_TOKEN, { checks: 'write', pullRequests: 'write', user: PERSON })
  }
  defaults()
  let nextId = 1000

  // eslint-disable-next-line prefer-const -- the API object is made once the server listens; requests read it then
  let api: GitHubApi
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://github')
      const method = req.method ?? ''
      const raw = await readBody(req)
      // A person's controls (docs/try-locally.md), outside GitHub's API and its checks.
      if (isControl(req)) return control(api, method, url.pathname, raw, res)
      const apiVersion = header(req, 'x-github-api-version')
      const entry: GitHubRequest = {
        method,
        path: `${url.pathname}${url.search}`,
        status: 0,
        authorization: req.headers.authorization,
        apiVersion,
        at: emulatorNow()
      }
      requests.push(entry)
      const limited = api.rateLimit
      const rateHeaders = (): Record<string, string> =>
        limited
          ? {
              'x-ratelimit-limit': String(limited.limit),
              'x-ratelimit-remaining': String(limited.remaining),
              'x-ratelimit-used': String(limited.limit - limited.remaining),
              'x-ratelimit-reset': String(Math.ceil(emulatorNow() / 1000) + 3600),
              'x-ratelimit-resource': 'core'
            }
          : {}
      const answer = (status: number, body: unknown, headers?: Record<string, string>): void => {
        entry.status = status
        send(res, status, body, { ...rateHeaders(), ...headers })
      }
      const violate = (message: string): void => {
        violations.push(`${method} ${url.pathname}: ${message}`)
      }
      let body: unknown
      if (raw) {
        try {
          body = JSON.parse(raw)
          entry.body = body
        } catch {
          violate('the body is not JSON')
          return answer(400, { message: 'Problems parsing JSON', documentation_url: DOCS })
        }
      }
      if (apiVersion !== API_VERSION)
        violate(
          `X-GitHub-Api-Version is ${apiVersion === undefined ? 'missing' : JSON.stringify(apiVersion)}, not ${API_VERSION}`
        )
      const checked = checkRequest(method, url.pathname, url.searchParams, body)
      if ('status' in checked) {
        violate(checked.message)
        return answer(
          checked.status,
          checked.status === 404
            ? { message: 'Not Found', documentation_url: DOCS, status: '404' }
            : { message: `Invalid request.\n\n${checked.message}`, documentation_url: DOCS }
        )
      }
      const fault = armed.find(
        a => a.left > 0 && (!a.fault.match || a.fault.match.test(`${method} ${url.pathname}`))
      )
      if (fault) {
        fault.left--
        const { hang, delayMs, status } = fault.fault
        if (hang) return hold(req, res, () => (entry.status = -1))
        if (delayMs && !(await delay(req, delayMs))) return
        if (status !== undefined && fault.fault.page !== undefined) {
          entry.status = status
          res.writeHead(status, {
            'content-type': 'text/html; charset=utf-8',
            ...fault.fault.headers
          })
          return void res.end(fault.fault.page)
        }
        if (status !== undefined) return answer(status, fault.fault.body ?? {}, fault.fault.headers)
      }
      if (limited) {
        // GitHub's answer to a token whose hourly requests are spent: 403, its words, remaining 0.
        if (limited.remaining <= 0)
          return answer(403, {
            message: 'API rate limit exceeded for installation.',
            documentation_url:
              'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api'
          })
        limited.remaining--
      }
      const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
      const scopes = token ? tokens.get(token) : undefined
      if (!scopes)
        return answer(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' })
      const refuse = (accepted: string): void =>
        answer(
          403,
          {
            message: 'Resource not accessible by integration',
            documentation_url: DOCS,
            status: '403'
          },
          { 'x-accepted-github-permissions': accepted }
        )
      const invalid = (message: string): void => {
        violate(message)
        answer(422, { message: `Invalid request.\n\n${message}`, documentation_url: DOCS })
      }
      return route(checked, body as Record<string, unknown> | undefined, url, scopes, {
        answer,
        refuse,
        invalid
      })
    })().catch(error => send(res, 500, { message: String(error) }))
  })

  interface Answers {
    answer(status: number, body: unknown, headers?: Record<string, string>): void
    refuse(accepted: string): void
    invalid(message: string): void
  }

  function route(
    operation: Operation,
    body: Record<string, unknown> | undefined,
    url: URL,
    scopes: TokenScopes,
    { answer, refuse, invalid }: Answers
  ): void {
    const notFound = (): void =>
      answer(404, { message: 'Not Found', documentation_url: DOCS, status: '404' })
    const { params } = operation
    switch (operation.id) {
      case 'users/get-authenticated':
        // An installation token (the workflow's GITHUB_TOKEN, a GitHub App's) is no user.
        if (scopes.app)
          return answer(403, {
            message: 'Resource not accessible by integration',
            documentation_url:
              'https://docs.github.com/rest/users/users#get-the-authenticated-user',
            status: '403'
          })
        return answer(200, { ...scopes.user, node_id: `U_${scopes.user.id}` })

      case 'checks/create': {
        if (!scopes.app)
          return answer(403, {
            message: 'You must authenticate via a GitHub App.',
            documentation_url: DOCS
          })
        if (scopes.checks !== 'write') return refuse('checks=write')
        const problem = outputProblem(body?.output)
        if (problem) return invalid(problem)
        const completed = body?.status === 'completed' || body?.completed_at !== undefined
        if (completed && body?.conclusion === undefined)
          return invalid('conclusion is required with status completed or completed_at')
        const run: GitHubCheckRun = {
          id: nextId++,
          name: String(body?.name),
          head_sha: String(body?.head_sha),
          status: body?.conclusion !== undefined ? 'completed' : String(body?.status ?? 'queued'),
          conclusion: (body?.conclusion as string | undefined) ?? null,
          external_id: (body?.external_id as string | undefined) ?? null,
          details_url: (body?.details_url as string | undefined) ?? null,
          started_at: (body?.started_at as string | undefined) ?? null,
          completed_at: (body?.completed_at as string | undefined) ?? null,
          output: (body?.output as GitHubCheckRun['output']) ?? {},
          app: { slug: scopes.app },
          history: []
        }
        run.history.push({ status: run.status, conclusion: run.conclusion })
        checkRuns.push(run)
        return answer(201, run)
      }

      case 'checks/update': {
        if (scopes.checks !== 'write') return refuse('checks=write')
        const run = checkRuns.find(r => r.id === Number(params.check_run_id))
        if (!run) return notFound()
        const problem = outputProblem(body?.output)
        if (problem) return invalid(problem)
        for (const field of ['details_url', 'started_at', 'external_id', 'name'] as const)
          if (body?.[field] !== undefined)
            (run as unknown as Record<string, unknown>)[field] = body[field]
        if (body?.output !== undefined) run.output = body.output as GitHubCheckRun['output']
        // A completed check run's status and conclusion are final: GitHub answers 200 and keeps them.
        if (run.status !== 'completed') {
          if (body?.status !== undefined) run.status = String(body.status)
          if (body?.conclusion !== undefined) {
            run.conclusion = String(body.conclusion)
            run.status = 'completed'
          }
          if (body?.completed_at !== undefined) run.completed_at = String(body.completed_at)
        }
        run.history.push({ status: run.status, conclusion: run.conclusion })
        return answer(200, run)
      }

      case 'checks/get': {
        const run = checkRuns.find(r => r.id === Number(params.check_run_id))
        return run ? answer(200, run) : notFound()
      }

      case 'checks/list-for-ref': {
        const name = url.searchParams.get('check_name')
        const status = url.searchParams.get('status')
        const found = checkRuns
          .filter(
            r =>
              r.head_sha === params.ref &&
              (!name || r.name === name) &&
              (!status || r.status === status)
          )
          .reverse()
        // `latest` (the default) keeps the newest check run of each name.
        const shown =
          url.searchParams.get('filter') === 'all'
            ? found
            : found.filter((r, i) => found.findIndex(o => o.name === r.name) === i)
        // Paged as GitHub pages it: 30 by default, 100 at most, the next page in a Link header.
        const page = Number(url.searchParams.get('page') ?? 1)
        const perPage = Math.min(PAGE, Number(url.searchParams.get('per_page') ?? 30))
        const next = page * perPage < shown.length
        const query = new URLSearchParams(url.searchParams)
        query.set('page', String(page + 1))
        return answer(
          200,
          {
            total_count: shown.length,
            check_runs: shown.slice((page - 1) * perPage, page * perPage)
          },
          next ? { link: `<${address}${url.pathname}?${query}>; rel="next"` } : undefined
        )
      }

      case 'issues/list-comments': {
        const issue = Number(params.issue_number)
        const page = Number(url.searchParams.get('page') ?? 1)
        const perPage = Math.min(PAGE, Number(url.searchParams.get('per_page') ?? 30))
        const all = comments.filter(c => c.issue === issue)
        const slice = all.slice((page - 1) * perPage, page * perPage)
        const next = page * perPage < all.length
        const link = next
          ? { link: `<${address}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next"` }
          : undefined
        return answer(200, slice.map(commentJson), link)
      }

      case 'issues/create-comment': {
        if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
        const text = String(body?.body ?? '')
        if (characters(text) > MAX_COMMENT_CHARACTERS)
          return invalid(`body is longer than ${MAX_COMMENT_CHARACTERS} characters`)
        const comment: GitHubComment = {
          id: nextId++,
          issue: Number(params.issue_number),
          body: text,
          user: scopes.user
        }
        comments.push(comment)
        return answer(201, commentJson(comment))
      }

      case 'issues/update-comment': {
        if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
        const comment = comments.find(c => c.id === Number(params.comment_id))
        if (!comment) return notFound()
        const text = String(body?.body ?? '')
        if (characters(text) > MAX_COMMENT_CHARACTERS)
          return invalid(`body is longer than ${MAX_COMMENT_CHARACTERS} characters`)
        comment.body = text
        return answer(200, commentJson(comment))
      }

      case 'pulls/list': {
        const head = url.searchParams.get('head')
        const state = url.searchParams.get('state') ?? 'open'
        const page = Number(url.searchParams.get('page') ?? 1)
        const perPage = Math.min(PAGE, Number(url.searchParams.get('per_page') ?? 30))
        const found = pulls.filter(
          p =>
            (head === null || `${p.head.owner}:${p.head.ref}` === head) &&
            (state === 'all' || p.state === state)
        )
        const slice = found.slice((page - 1) * perPage, page * perPage)
        const link =
          page * perPage < found.length
            ? {
                link: `<${address}${url.pathname}?state=${state}&per_page=${perPage}&page=${page + 1}>; rel="next"`
              }
            : undefined
        return answer(200, slice.map(pullJson), link)
      }

      case 'repos/get':
        return answer(200, {
          id: 1,
          name: params.repo,
          full_name: `${params.owner}/${params.repo}`,
          default_branch: repository.defaultBranch
        })

      case 'repos/list-commits': {
        if ((url.searchParams.get('sha') ?? repository.defaultBranch) !== repository.defaultBranch)
          return answer(200, [])
        const perPage = Math.min(PAGE, Number(url.searchParams.get('per_page') ?? 30))
        return answer(
          200,
          repository.commits.slice(0, perPage).map(sha => ({ sha }))
        )
      }

      case 'repos/list-pull-requests-associated-with-commit':
        return answer(200, pulls.filter(p => p.head.sha === params.commit_sha).map(pullJson))

      default:
        // An operation GitHub has and the emulator does not: the product began to use something new.
        return invalid(
          `${operation.id} is an operation of GitHub's API the emulator does not answer`
        )
    }
  }

  const address = await new Promise<string>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () =>
      resolve(`http://${host}:${(server.address() as AddressInfo).port}`)
    )
  })
  api = {
    url: address,
    repository,
    checkRuns,
    comments,
    pulls,
    tokens,
    requests,
    violations,
    takeViolations() {
      return violations.splice(0)
    },
    faults: {
      add(...faults) {
        for (const fault of faults) armed.push({ fault, left: fault.times ?? 1 })
      }
    },
    reset() {
      api.rateLimit = undefined
      repository.defaultBranch = 'main'
      repository.commits.length = 0
      checkRuns.length = 0
      comments.length = 0
      pulls.length = 0
      requests.length = 0
      armed.length = 0
      defaults()
    },
    close() {
      live.delete(api)
      server.closeAllConnections()
      return new Promise(resolve => server.close(() => resolve()))
    }
  }
  live.add(api)
  return api
}

/** Why GitHub refuses a check run's output: a summary or text over 65,535 UTF-8 bytes. */
function outputProblem(output: unknown): string | undefined {
  if (!output || typeof output !== 'object') return undefined
  for (const field of ['summary', 'text'] as const) {
    const value = (output as Record<string, unknown>)[field]
    if (typeof value === 'string' && Buffer.byteLength(value, 'utf8') > MAX_OUTPUT_BYTES)
      return `output.${field} is ${Buffer.byteLength(value, 'utf8')} bytes, over GitHub's ${MAX_OUTPUT_BYTES}`
  }
  return undefined
}

/** Characters as GitHub counts a comment's: code points. */
function characters(text: string): number {
  return [...text].length
}

function commentJson(comment: GitHubComment): object {
  return {
    id: comment.id,
    body: comment.body,
    user: comment.user,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER'
  }
}

function pullJson(pull: GitHubPull): object {
  return {
    number: pull.number,
    state: pull.state,
    head: { ref: pull.head.ref, sha: pull.head.sha, label: `${pull.head.owner}:${pull.head.ref}` }
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Holds a request unanswered until its client gives up and closes the connection. */
function hold(req: IncomingMessage, res: ServerResponse, onClose: () => void): void {
  res.once('close', onClose)
  req.socket.setTimeout(0)
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

/** A JSON answer with GitHub's content type. */
function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  json(res, status, body, { 'content-type': 'application/json; charset=utf-8', ...headers })
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
