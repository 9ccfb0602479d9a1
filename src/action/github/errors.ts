/**
 * A GitHub answer the action cannot use: its status, GitHub's message, and
 * the permissions it names. Apart from the client, so that the reporter tells
 * one from another without loading Octokit before it is needed.
 */
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
