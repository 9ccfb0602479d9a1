/** What a route of the GitHub stand-in is (github-routes.ts): a function of the call it is given. */
import type { Operation } from './github-openapi.js'
import type { GitHubState, TokenScopes } from './github-state.js'

/** What a route is given: the state, the request as GitHub's description matched it, the token's scopes, and its answers. */
export interface Call {
  state: GitHubState
  operation: Operation
  body: Record<string, unknown> | undefined
  url: URL
  scopes: TokenScopes
  /** The stand-in's own address, for the links to next pages. */
  address: string
  answer(status: number, body: unknown, headers?: Record<string, string>): void
  /** 403 as GitHub refuses a token without the permission, naming the permissions it would take. */
  refuse(accepted: string): void
  /** 422, recorded as a violation: a request GitHub's rules refuse. */
  invalid(message: string): void
  notFound(): void
}

export type Route = (call: Call) => void
