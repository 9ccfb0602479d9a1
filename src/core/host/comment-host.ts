/**
 * What the one comment of a step on a change request needs of a code host:
 * GitHub's pull-request comments, GitLab's merge-request notes. The
 * composition of the comment (report/comment.ts) and the rule of which one
 * is ours (our-comment.ts) are the same on every host; only these calls are
 * a host's own.
 */
import type { CallOptions } from './limits.js'

/** A comment (GitHub) or a note (GitLab) on a change request. */
export interface HostComment {
  id: number
  body: string
  /** Its author's login (GitHub) or username (GitLab). */
  author: string | undefined
}

export interface CommentHost {
  /** The host's name in messages: `GitHub`, `GitLab`. */
  readonly host: string
  /** The comments of change request `change` that `wanted` accepts, oldest first; every page is read. */
  findComments(change: number, wanted: (comment: HostComment) => boolean): Promise<HostComment[]>
  createComment(change: number, body: string): Promise<HostComment>
  updateComment(change: number, id: number, body: string, call?: CallOptions): Promise<void>
  /** Whose comments the token writes: its user's login or username, asked once. */
  ownIdentity(): Promise<string>
}
