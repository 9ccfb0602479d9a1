/**
 * Our one comment on a change request for a set of deployment names, on
 * any code host (comment-host.ts): found once (ours only), created when
 * there is none, then edited in place. A comment anyone else wrote is never
 * edited and decides nothing, whatever marker it copies.
 */
import { carriesMarker, commentRuns } from '../report/comment.js'
import type { CommentHost, HostComment } from './comment-host.js'

export class OurComment {
  private id?: number
  /** The body it has, as last read or written: an equal one is not written again. */
  private body?: string
  /** Whose comments are ours: learned from our own comment, else asked once of the host. */
  private identity?: string

  constructor(
    private readonly host: () => Promise<CommentHost>,
    private readonly change: number,
    /** The token's identity when the caller knows it already (a collect asks once for every change request). */
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
    const host = await this.host()
    if (this.id === undefined) {
      const ours = await this.find(host, names)
      if (ours === undefined) {
        const created = await around(() => host.createComment(this.change, body))
        this.id = created.id
        this.body = body
        // What the host names as our comment's author is the token's identity, whatever the token.
        if (created.author) this.identity = created.author
        return
      }
      this.id = ours.id
      this.body = ours.body
    }
    if (body === this.body) return
    const id = this.id
    await around(() => host.updateComment(this.change, id, body, { signal }))
    this.body = body
  }

  /**
   * The comment that is ours: its first line is our marker for these exact
   * names, AND the token in use wrote it. A comment anyone else wrote is
   * never edited; we then write our own.
   */
  private async find(
    host: CommentHost,
    names: readonly string[]
  ): Promise<HostComment | undefined> {
    const marked = await host.findComments(this.change, comment =>
      carriesMarker(comment.body, names)
    )
    if (marked.length === 0) return undefined
    this.identity ??= await host.ownIdentity()
    const me = this.identity.toLowerCase()
    return marked.find(comment => comment.author?.toLowerCase() === me)
  }
}

/**
 * The runs and names each of our comments on a change request shows, the
 * newest first (a later deploy's names win): only the token's own, so a
 * stranger's copy of our marker names nothing.
 */
export async function ourCommentRuns(
  host: CommentHost,
  change: number
): Promise<NonNullable<ReturnType<typeof commentRuns>>[]> {
  const own = (await host.ownIdentity()).toLowerCase()
  const ours = await host.findComments(
    change,
    comment => comment.author?.toLowerCase() === own && commentRuns(comment.body) !== undefined
  )
  return ours.reverse().map(comment => commentRuns(comment.body)!)
}
