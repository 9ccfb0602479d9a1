/**
 * The GitHub REST client the action reports through: @actions/github's
 * Octokit, its requests sent by the product's one transport
 * (@actions/http-client: the runner's proxy settings, a time limit on each
 * request) under the product's one retry policy. Loaded with a dynamic import
 * only when reporting is on, so that a step that reports nothing neither
 * loads nor starts it.
 */
import { getOctokit } from '@actions/github'
import {
  DEFAULT_TIMEOUTS,
  HttpStatusError,
  NetworkError,
  labelOf,
  messageOf,
  parseRetryAfter,
  send,
  userAgent,
  withRetry,
  type HttpRequest
} from '../../core/index.js'

/** The repository reported on. */
export interface Repo {
  owner: string
  repo: string
}

/** A check run as the action reads it back. */
export interface CheckRun {
  id: number
  externalId?: string | undefined
}

/** A comment as the action reads it back. */
export interface IssueComment {
  id: number
  body: string
}

/** A GitHub answer the action cannot use: its status, GitHub's message, and the permissions it names. */
export class GitHubError extends Error {
  override name = 'GitHubError'

  constructor(
    message: string,
    readonly status: number,
    /** `x-accepted-github-permissions`, e.g. `issues=write; pull_requests=write`. */
    readonly accepted?: string
  ) {
    super(message)
  }
}

/** Attempts per request, the time each may take, the longest wait a rate limit may ask for, and the largest answer read. */
const ATTEMPTS = 3
const REQUEST_MS = 30_000
const MAX_RATE_LIMIT_WAIT_MS = 60_000
const MAX_ANSWER_BYTES = 32 * 1024 * 1024

/**
 * Octokit's fetch, as our transport: @actions/http-client honours the
 * runner's proxy settings without the second HTTP stack (undici) that
 * @actions/github would bring, and each request is cut at its time limit.
 */
function transportFetch(signal: AbortSignal) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = String(url)
    const method = (init.method ?? 'GET').toUpperCase() as HttpRequest['method']
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const own = init.signal ? AbortSignal.any([signal, init.signal]) : signal
    const answer = await send(
      {
        method,
        url: target,
        headers,
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
        label: labelOf(method, target)
      },
      { timeouts: DEFAULT_TIMEOUTS, userAgent: userAgent('action') },
      { signal: own, deadline: Date.now() + REQUEST_MS, maxBytes: MAX_ANSWER_BYTES }
    )
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
    const empty = answer.status === 204 || answer.status === 304
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: responseHeaders
    })
  }
}

/** What the reporter needs of GitHub, and nothing else. */
export interface GitHubClient {
  findCheck(repo: Repo, sha: string, name: string): Promise<CheckRun | undefined>
  createCheck(repo: Repo, fields: Record<string, unknown>): Promise<CheckRun>
  updateCheck(repo: Repo, id: number, fields: Record<string, unknown>): Promise<void>
  findComment(repo: Repo, issue: number, marker: string): Promise<IssueComment | undefined>
  createComment(repo: Repo, issue: number, body: string): Promise<IssueComment>
  updateComment(repo: Repo, id: number, body: string): Promise<void>
  /** The open pull request of the base repository whose head is `owner:branch` at `sha`. */
  pullRequestOf(repo: Repo, owner: string, branch: string, sha: string): Promise<number | undefined>
}

/** The prefix of our check runs' external id: a job's own check run of the same name is never taken for ours. */
export const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:'

export function createClient(token: string, baseUrl: string, signal: AbortSignal): GitHubClient {
  const octokit = getOctokit(token, {
    baseUrl,
    userAgent: userAgent('action'),
    request: { fetch: transportFetch(signal) }
  })
  octokit.hook.wrap('request', (request, options) =>
    withRetry(
      {
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
        deadline: Date.now() + 5 * REQUEST_MS,
        signal
      },
      async () => {
        try {
          return await request(options)
        } catch (error) {
          throw classify(error)
        }
      },
      () => undefined
    )
  )

  return {
    async findCheck(repo, sha, name) {
      const { data } = await octokit.rest.checks.listForRef({
        ...repo,
        ref: sha,
        check_name: name,
        filter: 'latest',
        per_page: 100
      })
      const ours = data.check_runs.find(run => run.external_id?.startsWith(EXTERNAL_ID_PREFIX))
      return ours && { id: Number(ours.id), externalId: ours.external_id ?? undefined }
    },
    async createCheck(repo, fields) {
      const { data } = await octokit.rest.checks.create({
        ...repo,
        ...(fields as { name: string; head_sha: string })
      })
      return { id: Number(data.id), externalId: data.external_id ?? undefined }
    },
    async updateCheck(repo, id, fields) {
      await octokit.rest.checks.update({ ...repo, check_run_id: id, ...fields })
    },
    async findComment(repo, issue, marker) {
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: issue,
        per_page: 100
      })) {
        const found = page.data.find(comment => comment.body?.includes(marker))
        if (found) return { id: Number(found.id), body: found.body ?? '' }
      }
      return undefined
    },
    async createComment(repo, issue, body) {
      const { data } = await octokit.rest.issues.createComment({
        ...repo,
        issue_number: issue,
        body
      })
      return { id: Number(data.id), body: data.body ?? '' }
    },
    async updateComment(repo, id, body) {
      await octokit.rest.issues.updateComment({ ...repo, comment_id: id, body })
    },
    async pullRequestOf(repo, owner, branch, sha) {
      const { data } = await octokit.rest.pulls.list({
        ...repo,
        head: `${owner}:${branch}`,
        state: 'open',
        per_page: 100
      })
      const pull = data.find(pr => pr.head.sha === sha)
      return pull ? Number(pull.number) : undefined
    }
  }
}

/**
 * An Octokit failure in the retry policy's terms: a 5xx or a failed
 * connection is transient; a rate limit (429, or 403 with GitHub's
 * rate-limit words or headers) is transient after the wait GitHub asks for,
 * when that is not too long; anything else is permanent.
 */
function classify(error: unknown): Error {
  const failed = error as {
    status?: number
    message?: string
    response?: { headers?: Record<string, string | undefined>; data?: { message?: string } }
  }
  const status = typeof failed.status === 'number' ? failed.status : 0
  const headers = failed.response?.headers ?? {}
  const said = String(failed.response?.data?.message ?? failed.message ?? messageOf(error))
  if (error instanceof NetworkError || error instanceof HttpStatusError) return error
  if (!failed.response) return new NetworkError(`GitHub could not be reached: ${said}`)
  const limited =
    status === 429 ||
    (status === 403 && (/rate limit/i.test(said) || headers['x-ratelimit-remaining'] === '0'))
  if (limited) {
    const retryAfter =
      parseRetryAfter(headers['retry-after']) ??
      (headers['x-ratelimit-reset']
        ? Math.max(0, Number(headers['x-ratelimit-reset']) * 1000 - Date.now())
        : 60_000)
    if (retryAfter <= MAX_RATE_LIMIT_WAIT_MS)
      return new HttpStatusError(`GitHub's rate limit: ${said}`, 429, retryAfter)
    return new GitHubError(`GitHub's rate limit: ${said}`, status)
  }
  if (status >= 500) return new HttpStatusError(`GitHub answered ${status}: ${said}`, status)
  return new GitHubError(said, status, headers['x-accepted-github-permissions'])
}
