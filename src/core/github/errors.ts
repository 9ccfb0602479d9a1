import { DeployError, messageOf } from '../shared/errors.js'

/**
 * A GitHub answer the action cannot use: its status, GitHub's message, and
 * the permissions it names. Apart from the client, so that the reporter tells
 * one from another without loading Octokit before it is needed.
 */
export class GitHubError extends DeployError {
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

/**
 * GitHub's rate limit asking for a longer wait than a call may take: told
 * with the wait, never as a refusal of the token's permissions.
 */
export class GitHubRateLimitError extends GitHubError {
  override name = 'GitHubRateLimitError'

  constructor(
    message: string,
    status: number,
    /** The wait GitHub asked for (retry-after, or to x-ratelimit-reset). */
    readonly waitMs: number
  ) {
    super(message, status)
  }
}

/**
 * An answer that is not GitHub's API speaking (a proxy's sign-in page, an
 * HTML error page): told as what it is, with where to look, never as a
 * permission the token lacks.
 */
export class ForeignAnswerError extends GitHubError {
  override name = 'ForeignAnswerError'
}

/** What the step writes on GitHub. */
export type Kind = 'check' | 'comment'

/** The permission each kind of write needs of the token. */
export const PERMISSION: Record<Kind, string> = {
  check: 'checks: write',
  comment: 'pull-requests: write'
}

/**
 * Pure: how a write that failed is told: a refusal for want of a permission
 * (403, 404) names it, as a notice; a redirect is a notice; anything else a
 * warning. `why` is GitHub's words, redacted; `where` says where
 * the verdict is instead (with report-later the job ends before it: it is
 * in no summary or output of this job).
 */
export function notShown(
  kind: Kind,
  error: unknown,
  {
    why,
    where = 'The verdict is in the job summary and the outputs.'
  }: { why: string; where?: string }
): { level: 'notice' | 'warning'; text: string } {
  const what = kind === 'check' ? 'The check run' : 'The pull-request comment'
  const status = (error as { status?: number }).status ?? 0
  const words = why.replace(/\.$/, '')
  if (error instanceof GitHubRateLimitError || error instanceof ForeignAnswerError)
    return {
      level: 'warning',
      text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
    }
  if (status === 403 || status === 404)
    return {
      level: 'notice',
      text: `${what} could not be written: GitHub answered ${status} (${words}). The token needs ${PERMISSION[kind]}: give the job permissions: ${PERMISSION[kind]}. A fork's or Dependabot's pull request gets a read-only token; deploy from a workflow_run workflow for those.${where ? ` ${where}` : ''}`
    }
  if (status >= 300 && status < 400)
    return {
      level: 'notice',
      text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
    }
  return {
    level: 'warning',
    text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
  }
}

/**
 * Pure: what a failed request of a collect comes to, for its pass and its
 * reporter alike: the token refused or GitHub's rate limit ends the collect
 * (every other check would meet it too: `stop`); GitHub or the service out of
 * reach is a `problem` of this check, which fails the collect and is tried
 * again next time; anything about the check itself (a write GitHub refused)
 * is a `warning`, and it is left as it is. `what` names the check.
 */
export function collectFailure(
  error: unknown,
  what: string
): { stop: Error } | { problem: string } | { warning: string } {
  const status = (error as { status?: unknown }).status
  const code = typeof status === 'number' ? status : 0
  if (error instanceof GitHubRateLimitError || error instanceof ForeignAnswerError)
    return { stop: new DeployError(messageOf(error)) }
  if (error instanceof GitHubError && (code === 401 || code === 403))
    return {
      stop: new DeployError(
        `GitHub refused the token (${code}: ${messageOf(error).replace(/\.$/, '')}): a collect writes check runs and comments. Give the collecting job permissions: checks: write and pull-requests: write (a workflow's GITHUB_TOKEN), or a token that may.`
      )
    }
  // The service's refusal of the key: every other run would meet it too.
  if (code === 401 || code === 403) return { stop: error as Error }
  const text = `${what} could not be collected: ${messageOf(error)}`
  return error instanceof GitHubError && code >= 400 && code < 500
    ? { warning: `${text} It is left as it is.` }
    : { problem: `${text} It is collected again next time.` }
}
