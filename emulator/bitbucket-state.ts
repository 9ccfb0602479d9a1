/**
 * What the Bitbucket stand-in holds (bitbucket-api.ts): the repository, its
 * pull requests, build statuses, Code Insights reports and their
 * annotations, the tokens it knows and what each may do, every request it
 * received and every rule a request or an answer broke, and the faults a
 * test armed. The routes (bitbucket-routes.ts) read and write it; a test
 * reads it through the API object, which is this state with the stand-in's
 * address and controls.
 */
import type { GitLabFault } from './gitlab-state.js'

/** A build status as Bitbucket keeps it: one per key on a commit, overwritten by a later one of that key. */
export interface BitbucketStatus {
  uuid: string
  commit: string
  key: string
  state: string
  name?: string | undefined
  url?: string | undefined
  description?: string | undefined
  refname?: string | undefined
  created_on: string
  updated_on: string
  /** Every state the status went through, for tests. */
  history: string[]
}

/** A Code Insights report of a commit, by its id (the `reportId` of the path, or its `external_id`). */
export interface BitbucketReport {
  uuid: string
  commit: string
  reportId: string
  fields: Record<string, unknown>
  annotations: Map<string, Record<string, unknown>>
  created_on: string
  updated_on: string
}

export interface BitbucketPullRequest {
  id: number
  state: 'OPEN' | 'MERGED' | 'DECLINED'
  source: { branch: string; commit: string }
  destination: { branch: string }
}

/** A token: a repository access token with its scopes. */
export interface BitbucketToken {
  name: string
  /** `repository:write` may write statuses and reports; `repository` only reads. */
  scopes: ('repository' | 'repository:write' | 'pullrequest')[]
}

export interface BitbucketRequest {
  method: string
  path: string
  status: number
  body?: unknown
  /** The Authorization header it carried. */
  credential?: string | undefined
  at: number
}

/** The workspace and repository every request names. */
export const WORKSPACE = 'acme-mobile'
export const REPO_SLUG = 'shop'
/** A repository access token that may write (scopes repository:write, pullrequest). */
export const WRITE_TOKEN = 'ATCTT3xFfGN0emulatedRepoToken0123456789'
/** A repository access token that may only read. */
export const READ_ONLY_TOKEN = 'ATCTT3xFfGN0emulatedReadToken0123456789'

/** What the stand-in's proxy signs unless a test says otherwise: the statuses and the Code Insights reports. */
export const PROXY_SIGNS = [
  'POST /repositories/{workspace}/{repo_slug}/commit/{commit}/statuses/build',
  'GET /repositories/{workspace}/{repo_slug}/commit/{commit}/statuses/build/{key}',
  'createOrUpdateReport',
  'deleteReport',
  'getReport',
  'bulkCreateOrUpdateAnnotations',
  'getAnnotationsForReport'
]

/** The host a request through the proxy names. */
export const PROXIED_HOST = 'api.bitbucket.org'

export interface BitbucketState {
  statuses: BitbucketStatus[]
  reports: BitbucketReport[]
  pullRequests: BitbucketPullRequest[]
  tokens: Map<string, BitbucketToken>
  requests: BitbucketRequest[]
  /** Every request (or answer of ours) that broke Bitbucket's description or rules since the last `takeViolations()`. */
  violations: string[]
  armed: { fault: GitLabFault; left: number }[]
  nextId: number
  /**
   * Pipelines' authentication proxy, as the stand-in plays it (a request in
   * absolute form to api.bitbucket.org): the operations it signs, with the
   * pipeline's own write access; any other it refuses (401).
   */
  proxySigns: Set<string>
}

export function freshState(): BitbucketState {
  const state = {} as BitbucketState
  resetState(state)
  return state
}

/** Forgets everything a test did, keeping the object (a test holds it). */
export function resetState(state: BitbucketState): void {
  Object.assign(state, {
    statuses: [],
    reports: [],
    pullRequests: [],
    tokens: new Map<string, BitbucketToken>([
      [
        WRITE_TOKEN,
        { name: 'mobile-deploy', scopes: ['repository', 'repository:write', 'pullrequest'] }
      ],
      [READ_ONLY_TOKEN, { name: 'read-only', scopes: ['repository', 'pullrequest'] }]
    ]),
    requests: [],
    violations: [],
    armed: [],
    nextId: 1,
    proxySigns: new Set(PROXY_SIGNS)
  })
}
