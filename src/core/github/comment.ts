import { carriesMarker } from '../report/comment.js'
import type { GitHubClient, Repo } from './client.js'

/**
 * Whose comments the workflow token writes: GITHUB_TOKEN is an installation
 * token of the GitHub Actions app, and GitHub names its writes after the
 * app's bot user (documented as `github-actions[bot]`).
 */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]'

/**
 * Our one comment on a pull request for a set of deployment names: found
 * once (ours only), created when there is none, then edited in place.
 */
export class OurComment {
  private id?: number
  /** The body it has, as last read or written: an equal one is not written again. */
  private body?: string
  /** The login whose comments are ours: learned from our own comment, else asked once (see ownIdentity). */
  private identity?: string

  constructor(
    private readonly client: () => Promise<GitHubClient>,
    private readonly repo: Repo,
    private readonly issue: number,
    /** The token's identity when the caller knows it already (a collect asks once for every pull request). */
    identity?: string
  ) {
    this.identity = identity
  }

  /** Writes `body` unless the comment already says it; `around` runs each write (a collect spaces them). */
  async write(
    body: string,
    names: readonly string[],
    signal: AbortSignal,
    around: <T>(write: () => Promise<T>) => Promise<T> = write => write()
  ): Promise<void> {
    const client = await this.client()
    if (this.id === undefined) {
      const ours = await this.find(client, names)
      if (ours === undefined) {
        const created = await around(() => client.createComment(this.repo, this.issue, body))
        this.id = created.id
        this.body = body
        // What GitHub names as our comment's author is the token's identity, whatever the token.
        if (created.author) this.identity = created.author
        return
      }
      this.id = ours.id
      this.body = ours.body
    }
    if (body === this.body) return
    const id = this.id
    await around(() => client.updateComment(this.repo, id, body, { signal }))
    this.body = body
  }

  /**
   * The comment that is ours: its first line is our marker for these exact
   * names, AND the token in use wrote it. A comment anyone else wrote is
   * never edited, whatever it carries; we then write our own.
   */
  private async find(
    client: GitHubClient,
    names: readonly string[]
  ): Promise<{ id: number; body: string } | undefined> {
    const marked = await client.findComments(this.repo, this.issue, comment =>
      carriesMarker(comment.body, names)
    )
    if (marked.length === 0) return undefined
    const me = (await this.ownIdentity(client)).toLowerCase()
    return marked.find(comment => comment.author?.toLowerCase() === me)
  }

  /**
   * The token's identity, by this rule: the author GitHub named on a comment
   * we created in this step when there is one; else what `GET /user` says,
   * which is the login of a person's token (a personal access token); an
   * installation token is refused `GET /user` (403), and the installation
   * token a step gets is the workflow's GITHUB_TOKEN, whose writes GitHub
   * names `github-actions[bot]`. A GitHub App's own token is taken for the
   * workflow's too: it then finds no earlier comment of its own and writes
   * a new one, but never edits one of another author.
   */
  private async ownIdentity(client: GitHubClient): Promise<string> {
    this.identity ??= (await client.ownLogin()) ?? WORKFLOW_TOKEN_LOGIN
    return this.identity
  }
}
