/**
 * GitHub's side of the comment seam (host/comment-host.ts): a pull
 * request's issue comments, and whose the token's writes are.
 */
import type { CommentHost } from '../host/comment-host.js'
import type { GitHubClient, Repo } from './client.js'

/**
 * Whose comments the workflow token writes: GITHUB_TOKEN is an installation
 * token of the GitHub Actions app, and GitHub names its writes after the
 * app's bot user (documented as `github-actions[bot]`).
 */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]'

/**
 * A repository's pull-request comments as the seam's comments. Whose they
 * are, by this rule: what `GET /user` says, which is the login of a
 * person's token (a personal access token); an installation token is
 * refused `GET /user` (403), and the installation token a step gets is the
 * workflow's GITHUB_TOKEN, whose writes GitHub names `github-actions[bot]`.
 * A GitHub App's own token is taken for the workflow's too: it then finds
 * no earlier comment of its own and writes a new one, but never edits one
 * of another author.
 */
export function githubComments(client: GitHubClient, repo: Repo): CommentHost {
  let identity: Promise<string> | undefined
  return {
    host: 'GitHub',
    findComments: (pull, wanted) => client.findComments(repo, pull, wanted),
    createComment: (pull, body) => client.createComment(repo, pull, body),
    updateComment: (_pull, id, body, call) => client.updateComment(repo, id, body, call),
    ownIdentity: () => (identity ??= client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN))
  }
}
