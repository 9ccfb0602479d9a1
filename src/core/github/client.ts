/**
 * The GitHub REST client of the check runs, the comment and the collect:
 * what they need of GitHub, and nothing else, over Octokit (octokit.ts).
 * Loaded only when reporting is on: a step that reports nothing to GitHub
 * never loads it.
 */
import { GitHubError } from './errors.js'
import { checkRunOf, commentOf, connect, list, object, type Octokit, type Seen } from './octokit.js'

import type {
  CallOptions,
  CheckRun,
  ClientLimits,
  IssueComment,
  OpenPull,
  RateLimit,
  Repo
} from './resources.js'

export type {
  CallOptions,
  CheckRun,
  ClientLimits,
  IssueComment,
  OpenPull,
  RateLimit,
  Repo
} from './resources.js'

/** What the reporter and the collect need of GitHub, and nothing else. */
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
  /** The repository's default branch. */
  defaultBranch(repo: Repo): Promise<string>
  /** Requests sent so far, each attempt counted. */
  requestCount(): number
  /** The primary rate limit as GitHub's last answer told it; undefined before any. */
  rateLimit(): RateLimit | undefined
}

/** The client, its calls made of Octokit's by concern. */
export function createClient(token: string, baseUrl: string, limits: ClientLimits): GitHubClient {
  const seen: Seen = { requests: 0 }
  const octokit = connect(token, baseUrl, limits, seen)
  return {
    requestCount: () => seen.requests,
    rateLimit: () => seen.rateLimit,
    ...checkCalls(octokit),
    ...commentCalls(octokit),
    ...repositoryCalls(octokit)
  }
}

type Calls<K extends keyof GitHubClient> = Pick<GitHubClient, K>

/** A commit's check runs: created, read, listed, updated. */
function checkCalls(
  octokit: Octokit
): Calls<'createCheck' | 'getCheck' | 'listCheckRuns' | 'updateCheck'> {
  return {
    async createCheck(repo, fields, call = {}) {
      const { data } = await octokit.rest.checks.create({
        ...repo,
        ...(fields as { name: string; head_sha: string }),
        request: { signal: call.signal }
      })
      return checkRunOf(data)
    },
    async getCheck(repo, id) {
      const { data } = await octokit.rest.checks.get({ ...repo, check_run_id: id })
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
    }
  }
}

/** A pull request's comments, and whose the token's writes are. */
function commentCalls(
  octokit: Octokit
): Calls<'findComments' | 'createComment' | 'updateComment' | 'ownLogin'> {
  return {
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

/** Where a collect looks: the open pull requests, the default branch's newest commits. */
function repositoryCalls(
  octokit: Octokit
): Calls<'openPulls' | 'defaultBranchCommits' | 'defaultBranch'> {
  const defaultBranch = async (repo: Repo): Promise<string> => {
    const { data } = await octokit.rest.repos.get({ ...repo })
    const branch = object(data, 'repository').default_branch
    if (typeof branch !== 'string')
      throw new GitHubError(`GitHub's API named no default branch of ${repo.owner}/${repo.repo}`, 0)
    return branch
  }
  return {
    defaultBranch,
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
      const branch = await defaultBranch(repo)
      const commits = await octokit.rest.repos.listCommits({
        ...repo,
        sha: branch,
        per_page: count
      })
      return list(commits.data, 'commits')
        .map(commit => commit.sha)
        .filter((sha): sha is string => typeof sha === 'string')
    }
  }
}
