/**
 * The GitHub REST client of the check runs, the comment and the collect: @actions/github's
 * Octokit, its requests sent by the product's one transport (the runner's
 * proxy settings, a time limit on each request) under the one retry policy,
 * each asking for the API version the action is written for. Loaded only
 * when reporting is on: a step that reports nothing never loads it.
 */
import { getOctokit } from '@actions/github'
import { clock } from '../shared/clock.js'
import { userAgent } from '../shared/version.js'
import { withRetry } from '../transport/retry.js'
import { labelOf, send, type HttpRequest } from '../transport/send.js'
import { classify, MAX_RATE_LIMIT_WAIT_MS, redirected, withinApi } from './answers.js'
import { GitHubError } from './errors.js'

/** The repository reported on. */
export interface Repo {
  owner: string
  repo: string
}

/** A check run as the action reads it back. */
export interface CheckRun {
  id: number
  name?: string | undefined
  status?: string | undefined
  /** Ours carry `mobile-build-deploy:…` (identity.ts). */
  externalId?: string | undefined
  /** The slug of the app that wrote it (`github-actions` for a workflow's token). */
  app?: string | undefined
  startedAt?: string | undefined
  headSha?: string | undefined
  /** The summary of its output: a deployment reported later carries its facts there. */
  summary?: string | undefined
}

/** An open pull request's number and the commit its head is at. */
export interface OpenPull {
  number: number
  headSha: string
}

/** GitHub's primary rate limit as its last answer told it. */
export interface RateLimit {
  limit: number
  remaining: number
}

/** A comment as the action reads it back: its author's login tells whose it is. */
export interface IssueComment {
  id: number
  body: string
  /** The login of the comment's author. */
  author: string | undefined
}

/** The REST API version the action is written for; GitHub answers each request by the version it asks for. */
export const API_VERSION = '2022-11-28'

/** Attempts per request; the longest a request may take, and the longest a call may take with its retries. */
const ATTEMPTS = 3
export const REQUEST_MS = 10_000
const CALL_MS = 30_000
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS }

/** What bounds the client's requests: a signal that stops every one at once, and the moment all must be over by. */
export interface ClientLimits {
  signal: AbortSignal
  /** Epoch ms; no request or retry runs past it (the reporter's final budget), or undefined for none beyond each request's own. */
  deadline(): number | undefined
  /** Asked before every request, each page and each retry included: throws to send no more (a collect's budget). */
  beforeRequest?: (() => void) | undefined
}

/** Per call: a signal that stops only this call (a write a newer one replaces). */
export interface CallOptions {
  signal?: AbortSignal | undefined
}

/**
 * Octokit's fetch, as our transport: @actions/http-client honours the
 * runner's proxy settings without the second HTTP stack (undici) that
 * @actions/github would bring, and each request is cut at its time limit.
 */
function transportFetch(limits: ClientLimits, baseUrl: string) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = String(url)
    // Octokit follows a page's `Link: rel="next"` as GitHub gives it: the token goes only where GitHub's API is.
    if (!withinApi(target, baseUrl))
      throw new GitHubError(
        `GitHub's API named ${labelOf('GET', target).slice(4)} as a next page, outside ${baseUrl}: it is not asked, and the token is not sent there`,
        0
      )
    const method = (init.method ?? 'GET').toUpperCase() as HttpRequest['method']
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const own = init.signal ? AbortSignal.any([limits.signal, init.signal]) : limits.signal
    const answer = await send(
      {
        method,
        url: target,
        headers,
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
        label: labelOf(method, target)
      },
      { timeouts: TIMEOUTS, userAgent: userAgent('action') },
      {
        signal: own,
        deadline: Math.min(clock.now() + REQUEST_MS, limits.deadline() ?? Infinity),
        maxBytes: MAX_ANSWER_BYTES
      }
    )
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
    const empty = answer.status === 204 || answer.status === 304
    const response = new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: responseHeaders
    })
    // Octokit's pagination reads the page's own address from the response, as fetch gives it.
    Object.defineProperty(response, 'url', { value: target })
    return response
  }
}

/** What the reporter needs of GitHub, and nothing else. */
export interface GitHubClient {
  createCheck(repo: Repo, fields: Record<string, unknown>, call?: CallOptions): Promise<CheckRun>
  /**
   * The check runs of a commit, newest first: every one, or only the newest
   * of each name (`latest`), by name and status when given, as GitHub
   * filters them.
   */
  listCheckRuns(
    repo: Repo,
    ref: string,
    filter?: {
      name?: string | undefined
      status?: 'in_progress' | undefined
      latest?: boolean | undefined
    }
  ): Promise<CheckRun[]>
  updateCheck(
    repo: Repo,
    id: number,
    fields: Record<string, unknown>,
    call?: CallOptions
  ): Promise<void>
  /** The comments of an issue or pull request that `wanted` accepts, oldest first; every page is read. */
  findComments(
    repo: Repo,
    issue: number,
    wanted: (comment: IssueComment) => boolean
  ): Promise<IssueComment[]>
  createComment(repo: Repo, issue: number, body: string): Promise<IssueComment>
  updateComment(repo: Repo, id: number, body: string, call?: CallOptions): Promise<void>
  /** The token's own login, for a person's token; undefined for an installation token, to which GitHub tells no user. */
  ownLogin(): Promise<string | undefined>
  getCheck(repo: Repo, id: number): Promise<CheckRun>
  /** The open pull requests, the most recently updated first, at most `max`. */
  openPulls(repo: Repo, max: number): Promise<OpenPull[]>
  /** The newest `count` commits of the repository's default branch. */
  defaultBranchCommits(repo: Repo, count: number): Promise<string[]>
  /** Requests sent so far, each attempt counted. */
  requestCount(): number
  /** The primary rate limit as GitHub's last answer told it; undefined before any. */
  rateLimit(): RateLimit | undefined
}

export function createClient(token: string, baseUrl: string, limits: ClientLimits): GitHubClient {
  const seen: Seen = { requests: 0 }
  const octokit = connect(token, baseUrl, limits, seen)
  return {
    requestCount: () => seen.requests,
    rateLimit: () => seen.rateLimit,
    async getCheck(repo, id) {
      const { data } = await octokit.rest.checks.get({ ...repo, check_run_id: id })
      return checkRunOf(data)
    },
    async openPulls(repo, max) {
      const found: OpenPull[] = []
      for await (const page of octokit.paginate.iterator(octokit.rest.pulls.list, {
        ...repo,
        state: 'open',
        sort: 'updated',
        direction: 'desc',
        per_page: Math.min(100, max)
      })) {
        for (const pull of list(page.data, 'pull requests')) {
          const head = pull.head && typeof pull.head === 'object' ? object(pull.head, 'head') : {}
          if (typeof pull.number === 'number' && typeof head.sha === 'string')
            found.push({ number: pull.number, headSha: head.sha })
        }
        if (found.length >= max) break
      }
      return found.slice(0, max)
    },
    async defaultBranchCommits(repo, count) {
      const { data } = await octokit.rest.repos.get({ ...repo })
      const branch = object(data, 'repository').default_branch
      if (typeof branch !== 'string')
        throw new GitHubError(
          `GitHub's API named no default branch of ${repo.owner}/${repo.repo}`,
          0
        )
      const commits = await octokit.rest.repos.listCommits({
        ...repo,
        sha: branch,
        per_page: count
      })
      return list(commits.data, 'commits')
        .map(commit => commit.sha)
        .filter((sha): sha is string => typeof sha === 'string')
    },
    async createCheck(repo, fields, call = {}) {
      const { data } = await octokit.rest.checks.create({
        ...repo,
        ...(fields as { name: string; head_sha: string }),
        request: { signal: call.signal }
      })
      return checkRunOf(data)
    },
    async listCheckRuns(repo, ref, filter = {}) {
      const found: CheckRun[] = []
      for await (const page of octokit.paginate.iterator(octokit.rest.checks.listForRef, {
        ...repo,
        ref,
        filter: filter.latest ? 'latest' : 'all',
        per_page: 100,
        ...(filter.name ? { check_name: filter.name } : {}),
        ...(filter.status ? { status: filter.status } : {})
      }))
        found.push(...list(page.data, 'check runs').map(checkRunOf))
      return found
    },
    async updateCheck(repo, id, fields, call = {}) {
      await octokit.rest.checks.update({
        ...repo,
        check_run_id: id,
        ...fields,
        request: { signal: call.signal }
      })
    },
    async findComments(repo, issue, wanted) {
      const found: IssueComment[] = []
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: issue,
        per_page: 100
      })) {
        for (const comment of list(page.data, 'comments').map(commentOf))
          if (wanted(comment)) found.push(comment)
      }
      return found
    },
    async createComment(repo, issue, body) {
      const { data } = await octokit.rest.issues.createComment({
        ...repo,
        issue_number: issue,
        body
      })
      return commentOf(data)
    },
    async updateComment(repo, id, body, call = {}) {
      await octokit.rest.issues.updateComment({
        ...repo,
        comment_id: id,
        body,
        request: { signal: call.signal }
      })
    },
    async ownLogin() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated()
        const login = object(data, 'user').login
        return typeof login === 'string' ? login : undefined
      } catch (error) {
        // GitHub refuses `GET /user` to an installation token: "Resource not accessible by integration".
        if (error instanceof GitHubError && error.status === 403) return undefined
        throw error
      }
    }
  }
}

type Octokit = ReturnType<typeof getOctokit>

/**
 * Octokit over our transport: every request names the API version, is
 * retried by the one retry rule within its own time limit and the step's,
 * and a redirect is refused rather than followed.
 */
/** What the client has seen of GitHub: its requests, and the rate limit its last answer told. */
interface Seen {
  requests: number
  rateLimit?: RateLimit
}

function connect(token: string, baseUrl: string, limits: ClientLimits, seen: Seen): Octokit {
  const octokit = getOctokit(token, {
    baseUrl,
    userAgent: userAgent('action'),
    request: { fetch: transportFetch(limits, baseUrl) }
  })
  octokit.hook.before('request', options => {
    options.headers['x-github-api-version'] = API_VERSION
  })
  octokit.hook.wrap('request', (request, options) => {
    const own = (options.request as { signal?: AbortSignal } | undefined)?.signal
    return withRetry(
      {
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
        deadline: Math.min(clock.now() + CALL_MS, limits.deadline() ?? Infinity),
        signal: own ? AbortSignal.any([limits.signal, own]) : limits.signal
      },
      async () => {
        let response: Awaited<ReturnType<typeof request>>
        limits.beforeRequest?.()
        seen.requests++
        try {
          response = await request(options)
        } catch (error) {
          const headers = (error as { response?: { headers?: Record<string, unknown> } }).response
            ?.headers
          if (headers) noteRateLimit(seen, headers)
          throw classify(error)
        }
        noteRateLimit(seen, response.headers)
        if (response.status >= 300 && response.status < 400)
          throw redirected(response.status, response.headers.location, baseUrl)
        return response
      },
      () => undefined
    )
  })
  return octokit
}

/** The primary rate limit from an answer's `x-ratelimit-limit` and `x-ratelimit-remaining`. */
function noteRateLimit(seen: Seen, headers: Record<string, unknown>): void {
  const limit = Number(headers['x-ratelimit-limit'])
  const remaining = Number(headers['x-ratelimit-remaining'])
  if (headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining))
    seen.rateLimit = { limit: Number.isFinite(limit) ? limit : remaining, remaining }
}

function checkRunOf(raw: unknown): CheckRun {
  const check = object(raw, 'check run')
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value : undefined
  const app = check.app && typeof check.app === 'object' ? object(check.app, 'app') : {}
  return {
    id: Number(check.id),
    name: text(check.name),
    status: text(check.status),
    externalId: text(check.external_id),
    app: text(app.slug),
    startedAt: text(check.started_at),
    headSha: text(check.head_sha),
    summary:
      check.output && typeof check.output === 'object'
        ? text((check.output as Record<string, unknown>).summary)
        : undefined
  }
}

function commentOf(raw: unknown): IssueComment {
  const comment = object(raw, 'comment')
  const user = comment.user && typeof comment.user === 'object' ? object(comment.user, 'user') : {}
  return {
    id: Number(comment.id),
    body: typeof comment.body === 'string' ? comment.body : '',
    author: typeof user.login === 'string' ? user.login : undefined
  }
}

/** An answer that should be a JSON object; a proxy's page or an empty body is told as such, not as a type error. */
function object(value: unknown, what: string): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>
  throw new GitHubError(`GitHub's API answered without the ${what} it should name`, 0)
}

function list(value: unknown, what: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.map(item => object(item, what))
  throw new GitHubError(`GitHub's API answered without the list of ${what} it should give`, 0)
}
