/** What the client reads and writes of GitHub, in its own terms, and what bounds its requests. */

/** The repository reported on. */
export interface Repo {
  owner: string
  repo: string
}

/** A check run as the client reads it back. */
export interface CheckRun {
  id: number
  name?: string | undefined
  status?: string | undefined
  /** A completed one's: success, failure, skipped, … */
  conclusion?: string | undefined
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

/** A comment as the client reads it back: its author's login tells whose it is. */
export interface IssueComment {
  id: number
  body: string
  /** The login of the comment's author. */
  author: string | undefined
}

export type { CallOptions, ClientLimits } from '../host/limits.js'
