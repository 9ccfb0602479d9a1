/** What a route of the GitLab stand-in is (gitlab-routes.ts): a function of the call it is given. */
import type { Operation } from './gitlab-openapi.js'
import type { GitLabState, GitLabToken } from './gitlab-state.js'

/** What a route is given: the state, the request as GitLab's description matched it, the token, and its answers. */
export interface Call {
  state: GitLabState
  operation: Operation
  body: Record<string, unknown> | undefined
  url: URL
  token: GitLabToken
  /** The stand-in's own address, for the links to other pages. */
  address: string
  answer(status: number, body: unknown, headers?: Record<string, string>): void
  /** 403 as GitLab refuses a token whose scope does not reach a write (`read_api`). */
  insufficientScope(): void
  /** 403 Forbidden: the token's user may not do this (another author's note). */
  forbidden(): void
  /** 400, recorded as a violation: a request GitLab's rules refuse. */
  invalid(message: string): void
  /** 404 with GitLab's words for what was not found, e.g. `Note`. */
  notFound(what: string): void
}

export type Route = (call: Call) => void
