import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { json } from './answers.js'

/**
 * The part of GitHub's REST API the action reports through, answering as
 * GitHub does: check runs (create, update, list for a ref), issue comments
 * (list with pagination, create, update), the pull requests of a commit or a
 * head branch; tokens with their permissions (403 "Resource not accessible by
 * integration" with GitHub's headers for one that may not write), and faults
 * (a secondary rate limit, a 5xx) per request.
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

export interface GitHubComment {
  id: number
  issue: number
  body: string
  user: { login: string; type: string }
}

export interface GitHubPull {
  number: number
  state: 'open' | 'closed'
  head: { ref: string; sha: string; owner: string }
}

/** What a token may do, as GITHUB_TOKEN's `permissions:` grant it. */
export interface TokenScopes {
  checks: 'write' | 'read'
  pullRequests: 'write' | 'read'
}

export interface GitHubFault {
  /** Answer with this status, headers and body instead of the normal answer. */
  status: number
  headers?: Record<string, string>
  body?: unknown
  /** Only requests whose method and path match. */
  match?: RegExp
  times?: number
}

export interface GitHubRequest {
  method: string
  path: string
  status: number
  body?: unknown
  authorization?: string
}

export interface GitHubApi {
  url: string
  checkRuns: GitHubCheckRun[]
  comments: GitHubComment[]
  pulls: GitHubPull[]
  tokens: Map<string, TokenScopes>
  requests: GitHubRequest[]
  faults: { add(...faults: GitHubFault[]): void }
  reset(): void
  close(): Promise<void>
}

/** The token the emulated runner gives every job unless a test says otherwise: may write checks and comments. */
export const WRITE_TOKEN = 'ghs_emulatedRunnerToken0123456789abcdef'
export const READ_ONLY_TOKEN = 'ghs_readOnlyForkToken0123456789abcdef'

const PAGE = 100

export async function startGitHubApi(host = '127.0.0.1'): Promise<GitHubApi> {
  const checkRuns: GitHubCheckRun[] = []
  const comments: GitHubComment[] = []
  const pulls: GitHubPull[] = []
  const requests: GitHubRequest[] = []
  const armed: { fault: GitHubFault; left: number }[] = []
  const tokens = new Map<string, TokenScopes>()
  const defaults = (): void => {
    tokens.clear()
    tokens.set(WRITE_TOKEN, { checks: 'write', pullRequests: 'write' })
    tokens.set(READ_ONLY_TOKEN, { checks: 'read', pullRequests: 'read' })
  }
  defaults()
  let nextId = 1000

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req)
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined
      const url = new URL(req.url ?? '/', 'http://github')
      const route = `${req.method} ${url.pathname}`
      const record = (status: number): void => {
        requests.push({
          method: req.method ?? '',
          path: `${url.pathname}${url.search}`,
          status,
          body,
          authorization: req.headers.authorization
        })
      }
      const fault = armed.find(a => a.left > 0 && (!a.fault.match || a.fault.match.test(route)))
      if (fault) {
        fault.left--
        record(fault.fault.status)
        return send(res, fault.fault.status, fault.fault.body ?? {}, fault.fault.headers)
      }
      const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
      const scopes = token ? tokens.get(token) : undefined
      if (!scopes) {
        record(401)
        return send(res, 401, {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
          status: '401'
        })
      }
      const refuse = (accepted: string): void => {
        record(403)
        send(
          res,
          403,
          {
            message: 'Resource not accessible by integration',
            documentation_url: 'https://docs.github.com/rest',
            status: '403'
          },
          { 'x-accepted-github-permissions': accepted }
        )
      }
      let match: RegExpExecArray | null
      if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(url.pathname)) {
        if (scopes.checks !== 'write') return refuse('checks=write')
        const run: GitHubCheckRun = {
          id: nextId++,
          name: String(body?.name),
          head_sha: String(body?.head_sha),
          status: String(body?.status ?? (body?.conclusion ? 'completed' : 'queued')),
          conclusion: (body?.conclusion as string | undefined) ?? null,
          external_id: (body?.external_id as string | undefined) ?? null,
          details_url: (body?.details_url as string | undefined) ?? null,
          started_at: (body?.started_at as string | undefined) ?? null,
          completed_at: (body?.completed_at as string | undefined) ?? null,
          output: (body?.output as GitHubCheckRun['output']) ?? {},
          app: { slug: 'github-actions' },
          history: []
        }
        run.history.push({ status: run.status, conclusion: run.conclusion })
        checkRuns.push(run)
        record(201)
        return send(res, 201, run)
      }
      if (
        req.method === 'PATCH' &&
        (match = /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/.exec(url.pathname))
      ) {
        if (scopes.checks !== 'write') return refuse('checks=write')
        const run = checkRuns.find(r => r.id === Number(match![1]))
        if (!run) {
          record(404)
          return send(res, 404, { message: 'Not Found' })
        }
        for (const field of [
          'status',
          'conclusion',
          'details_url',
          'completed_at',
          'started_at',
          'external_id'
        ] as const)
          if (body?.[field] !== undefined)
            (run as unknown as Record<string, unknown>)[field] = body[field]
        if (body?.conclusion !== undefined) run.status = 'completed'
        if (body?.output !== undefined) run.output = body.output as GitHubCheckRun['output']
        run.history.push({ status: run.status, conclusion: run.conclusion })
        record(200)
        return send(res, 200, run)
      }
      if (
        req.method === 'GET' &&
        (match = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/.exec(url.pathname))
      ) {
        const name = url.searchParams.get('check_name')
        const found = checkRuns
          .filter(r => r.head_sha === match![1] && (!name || r.name === name))
          .reverse()
        record(200)
        return send(res, 200, { total_count: found.length, check_runs: found })
      }
      if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
        const issue = Number(match[1])
        if (req.method === 'POST') {
          if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
          const comment: GitHubComment = {
            id: nextId++,
            issue,
            body: String(body?.body ?? ''),
            user: { login: 'github-actions[bot]', type: 'Bot' }
          }
          comments.push(comment)
          record(201)
          return send(res, 201, comment)
        }
        const page = Number(url.searchParams.get('page') ?? 1)
        const perPage = Math.min(PAGE, Number(url.searchParams.get('per_page') ?? 30))
        const all = comments.filter(c => c.issue === issue)
        const slice = all.slice((page - 1) * perPage, page * perPage)
        const next = page * perPage < all.length
        const link = next
          ? { link: `<${address}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next"` }
          : undefined
        record(200)
        return send(res, 200, slice, link)
      }
      if (
        req.method === 'PATCH' &&
        (match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname))
      ) {
        if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
        const comment = comments.find(c => c.id === Number(match![1]))
        if (!comment) {
          record(404)
          return send(res, 404, { message: 'Not Found' })
        }
        comment.body = String(body?.body ?? '')
        record(200)
        return send(res, 200, comment)
      }
      if (req.method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/pulls$/.test(url.pathname)) {
        const head = url.searchParams.get('head') ?? ''
        const state = url.searchParams.get('state') ?? 'open'
        const found = pulls.filter(
          p => `${p.head.owner}:${p.head.ref}` === head && (state === 'all' || p.state === state)
        )
        record(200)
        return send(res, 200, found.map(pullJson))
      }
      if (
        req.method === 'GET' &&
        (match = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/pulls$/.exec(url.pathname))
      ) {
        record(200)
        return send(res, 200, pulls.filter(p => p.head.sha === match![1]).map(pullJson))
      }
      record(404)
      send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
    })().catch(error => send(res, 500, { message: String(error) }))
  })
  const address = await new Promise<string>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () =>
      resolve(`http://${host}:${(server.address() as AddressInfo).port}`)
    )
  })
  return {
    url: address,
    checkRuns,
    comments,
    pulls,
    tokens,
    requests,
    faults: {
      add(...faults) {
        for (const fault of faults) armed.push({ fault, left: fault.times ?? 1 })
      }
    },
    reset() {
      checkRuns.length = 0
      comments.length = 0
      pulls.length = 0
      requests.length = 0
      armed.length = 0
      defaults()
    },
    close() {
      server.closeAllConnections()
      return new Promise(resolve => server.close(() => resolve()))
    }
  }
}

function pullJson(pull: GitHubPull): object {
  return {
    number: pull.number,
    state: pull.state,
    head: { ref: pull.head.ref, sha: pull.head.sha, label: `${pull.head.owner}:${pull.head.ref}` }
  }
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
