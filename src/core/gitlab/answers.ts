/**
 * Pure: GitLab's answers read into the client's own types. Every field is
 * from outside: a missing one and a null one alike are undefined, a wrong
 * type is never taken, and an answer that is no object is told as GitLab's
 * API not giving what it should.
 */
import type { HostComment } from '../host/comment-host.js'
import { GitLabError } from './errors.js'

/** A commit status as GitLab answers it, read back as our own type. */
export interface GitLabStatus {
  id: number
  name: string
  status: string
  sha: string
  description?: string | undefined
  targetUrl?: string | undefined
  ref?: string | undefined
  /** The username of the status's author. */
  author?: string | undefined
}

/** An answer that should be a JSON object. */
export function object(value: unknown, what: string): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>
  throw new GitLabError(`GitLab's API answered without the ${what} it should name`, 0)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function usernameOf(value: unknown): string | undefined {
  return value && typeof value === 'object'
    ? text((value as Record<string, unknown>).username)
    : undefined
}

/** A commit status; GitLab calls its state `status`. */
export function statusOf(raw: unknown): GitLabStatus {
  const status = object(raw, 'commit status')
  return {
    id: Number(status.id),
    name: text(status.name) ?? '',
    status: text(status.status) ?? '',
    sha: text(status.sha) ?? '',
    description: text(status.description),
    targetUrl: text(status.target_url),
    ref: text(status.ref),
    author: usernameOf(status.author)
  }
}

/** A merge-request note as a comment of the host's; its author by username. */
export function noteOf(raw: unknown): HostComment & { system: boolean } {
  const note = object(raw, 'note')
  return {
    id: Number(note.id),
    body: text(note.body) ?? '',
    author: usernameOf(note.author),
    system: note.system === true
  }
}

/** The iid of a merge request if it is open (`opened`), else undefined. */
export function openIidOf(raw: unknown): number | undefined {
  const merge = object(raw, 'merge request')
  return merge.state === 'opened' && Number.isSafeInteger(merge.iid) ? Number(merge.iid) : undefined
}

/** The username of `GET /user`. */
export function usernameOfUser(raw: unknown): string {
  const username = text(object(raw, 'user').username)
  if (!username) throw new GitLabError(`GitLab's API answered without the token's username`, 0)
  return username
}
