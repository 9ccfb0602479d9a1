/**
 * What the GitHub stand-in holds (github-api.ts): the repository, its check
 * runs, comments and pull requests, the tokens it knows and what each may
 * do, every request it received and every rule a request broke, and the
 * faults a test armed. The routes (github-routes.ts, github-checks.ts) read
 * and write it; a test reads it through the API object, which is this state
 * with the stand-in's address and controls.
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

/** The stand-in's state: everything a route reads or writes, and a test reads back. */
export interface GitHubState {
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
  /** The faults armed, each with the requests it still answers. */
  armed: { fault: GitHubFault; left: number }[]
  /** The id the next check run or comment gets. */
  nextId: number
}

/** A stand-in's state as it starts, and as a reset leaves it: the runner's tokens, nothing written. */
export function freshState(): GitHubState {
  const state: GitHubState = {
    repository: { defaultBranch: 'main', commits: [] },
    checkRuns: [],
    comments: [],
    pulls: [],
    tokens: new Map(),
    requests: [],
    violations: [],
    armed: [],
    nextId: 1000
  }
  resetState(state)
  return state
}

/** Empties `state` in place (a test holds its arrays): nothing written, no limit, no fault, the runner's tokens. */
export function resetState(state: GitHubState): void {
  state.rateLimit = undefined
  state.repository.defaultBranch = 'main'
  for (const list of [
    state.repository.commits,
    state.checkRuns,
    state.comments,
    state.pulls,
    state.requests,
    state.armed
  ])
    list.length = 0
  state.tokens.clear()
  const runner = { user: ACTIONS_BOT, app: 'github-actions' }
  state.tokens.set(WRITE_TOKEN, { checks: 'write', pullRequests: 'write', ...runner })
  state.tokens.set(READ_ONLY_TOKEN, { checks: 'read', pullRequests: 'read', ...runner })
  state.tokens.set(PERSONAL_TOKEN, { checks: 'write', pullRequests: 'write', user: PERSON })
}
