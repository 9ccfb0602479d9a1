/**
 * What the GitLab stand-in holds (gitlab-api.ts): the project, its merge
 * requests, commit statuses and notes, the tokens it knows and what each may
 * do, every request it received and every rule a request or an answer broke,
 * and the faults a test armed. The routes (gitlab-routes.ts,
 * gitlab-statuses.ts) read and write it; a test reads it through the API
 * object, which is this state with the stand-in's address and controls.
 */

/** A user as GitLab's `UserBasic` shows it; a project access token's user is a bot. */
export interface GitLabUser {
  id: number
  username: string
  name: string
  bot: boolean
}

export interface GitLabStatus {
  id: number
  sha: string
  ref: string | null
  /** GitLab's answer calls the state `status`. */
  status: string
  name: string
  target_url: string | null
  description: string | null
  pipeline_id: number
  author: GitLabUser
  created_at: string
  started_at: string | null
  finished_at: string | null
  /** Every state the status went through, for tests. */
  history: string[]
}

export interface GitLabNote {
  id: number
  /** The merge request's iid (GitLab's `noteable_iid`). */
  mergeRequest: number
  body: string
  author: GitLabUser
  created_at: string
  updated_at: string
}

export interface GitLabMergeRequest {
  iid: number
  state: 'opened' | 'closed' | 'merged'
  source_branch: string
  target_branch: string
  /** The source branch's head commit. */
  sha: string
}

/** A token: a project access token (or a person's) with its scopes, and whose it is. */
export interface GitLabToken {
  id: number
  name: string
  /** `api` may read and write; `read_api` only read. */
  scopes: ('api' | 'read_api')[]
  user: GitLabUser
}

export interface GitLabFault {
  /** Answer with this status, headers and body instead of the normal answer. */
  status?: number
  headers?: Record<string, string>
  body?: unknown
  /** Answer as GitLab's rate limiter does: 429, `Retry-After` this many seconds, RateLimit-* headers. */
  retryAfter?: number
  /** Wait this long (or until the client gives up) before the route answers. */
  delayMs?: number
  /** Hold the request until this settles (a test lets it go once something else has happened). */
  until?: Promise<unknown>
  /** Only requests whose method and path match, e.g. /^POST .*statuses/. */
  match?: RegExp
  times?: number
}

export interface GitLabRequest {
  method: string
  path: string
  status: number
  body?: unknown
  /** The credential header the request carried: `PRIVATE-TOKEN`, `JOB-TOKEN` or `Authorization`. */
  credential?: string | undefined
  at: number
}

/** The project every request names, by its numeric id or its URL-encoded path. */
export interface GitLabProject {
  id: number
  path: string
  defaultBranch: string
}

/** gitlab-ci-local's CI_PROJECT_ID, so that a pipeline it runs names this project. */
export const PROJECT_ID = 1217
export const PROJECT_PATH = 'group/project'

/** A project access token's user, as GitLab names it: `project_<id>_bot_<hex>`, a bot. */
export const PROJECT_BOT: GitLabUser = {
  id: 9_000_001,
  username: `project_${PROJECT_ID}_bot_5f3c1e0a9b7d42e68c01d2f4a6b8e3c7`,
  name: 'mobile-deploy',
  bot: true
}
export const READ_BOT: GitLabUser = {
  id: 9_000_002,
  username: `project_${PROJECT_ID}_bot_0c9e7a5b3d1f4e2a8b6c4d2e0f1a3b5c`,
  name: 'read-only',
  bot: true
}
/** A person of the project, whose notes a test leaves beside ours. */
export const PERSON: GitLabUser = {
  id: 4_000_001,
  username: 'jane.dev',
  name: 'Jane Dev',
  bot: false
}

/** A project access token with the `api` scope: may write statuses and notes. */
export const WRITE_TOKEN = 'glpat-emulatedProjectToken0123'
/** A project access token with `read_api` only. */
export const READ_ONLY_TOKEN = 'glpat-emulatedReadOnlyToken012'
/** A person's token with the `api` scope. */
export const PERSONAL_TOKEN = 'glpat-emulatedPersonalToken012'
/** A job's CI_JOB_TOKEN: never a credential on these endpoints (gitlab-requests.ts says why). */
export const JOB_TOKEN = 'glcbt-64_emulatedJobToken0123456789'

/** The stand-in's state: everything a route reads or writes, and a test reads back. */
export interface GitLabState {
  project: GitLabProject
  statuses: GitLabStatus[]
  notes: GitLabNote[]
  mergeRequests: GitLabMergeRequest[]
  tokens: Map<string, GitLabToken>
  requests: GitLabRequest[]
  /** Every request (or answer of ours) that broke GitLab's description or rules since the last `takeViolations()`. */
  violations: string[]
  armed: { fault: GitLabFault; left: number }[]
  /** The statuses (project, sha, name) an update is being made to: a second one meanwhile is 409. */
  updating: Set<string>
  /** The id the next status or note gets. */
  nextId: number
}

export function freshState(): GitLabState {
  const state: GitLabState = {
    project: { id: PROJECT_ID, path: PROJECT_PATH, defaultBranch: 'main' },
    statuses: [],
    notes: [],
    mergeRequests: [],
    tokens: new Map(),
    requests: [],
    violations: [],
    armed: [],
    updating: new Set(),
    nextId: 5000
  }
  resetState(state)
  return state
}

/** Empties `state` in place (a test holds its arrays): nothing written, no fault, the known tokens. */
export function resetState(state: GitLabState): void {
  Object.assign(state.project, { id: PROJECT_ID, path: PROJECT_PATH, defaultBranch: 'main' })
  for (const list of [
    state.statuses,
    state.notes,
    state.mergeRequests,
    state.requests,
    state.armed
  ])
    list.length = 0
  state.updating.clear()
  state.tokens.clear()
  state.tokens.set(WRITE_TOKEN, {
    id: 71,
    name: 'mobile-deploy',
    scopes: ['api'],
    user: PROJECT_BOT
  })
  state.tokens.set(READ_ONLY_TOKEN, {
    id: 72,
    name: 'read-only',
    scopes: ['read_api'],
    user: READ_BOT
  })
  state.tokens.set(PERSONAL_TOKEN, { id: 73, name: 'laptop', scopes: ['api'], user: PERSON })
}
