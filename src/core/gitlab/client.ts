/**
 * The GitLab REST client (v4) of the statuses and the merge-request note:
 * what they need of GitLab, and nothing else, over the product's one
 * transport and retry rule. Requests go only to the API's own origin
 * (CI_API_V4_URL); the token rides in `PRIVATE-TOKEN`.
 */
import type { CommentHost } from '../host/comment-host.js'
import type { CallOptions, ClientLimits } from '../host/limits.js'
import { noteOf, openIidOf, statusOf, usernameOfUser, type GitLabStatus } from './answers.js'
import { GitLabError } from './errors.js'
import { gitlabApi, pages, request, type Api } from './requests.js'

/** A commit status's state as GitLab takes it (`state` in a request, `status` in an answer). */
export type GitLabState = 'pending' | 'running' | 'success' | 'failed' | 'canceled' | 'skipped'

export type { GitLabStatus } from './answers.js'

/** One status to post: created, or the one of this name on the commit moved to `state`. */
export interface StatusWrite {
  state: GitLabState
  name: string
  targetUrl?: string | undefined
  /** One line; GitLab keeps 255 characters. */
  description?: string | undefined
  ref?: string | undefined
  pipelineId?: number | undefined
}

/** What the GitLab reporter needs of GitLab, and nothing else. */
export interface GitLabClient extends CommentHost {
  /** POST /projects/:id/statuses/:sha. */
  postStatus(sha: string, status: StatusWrite, call?: CallOptions): Promise<GitLabStatus>
  /** The commit's statuses, every page, newest first: only the latest of each name unless `all`. */
  listStatuses(sha: string, filter?: { name?: string; all?: boolean }): Promise<GitLabStatus[]>
  /** One note of a merge request as it is now: a collect's read just before it writes the note again. */
  readNote(
    change: number,
    id: number
  ): Promise<{ id: number; body: string; author: string | undefined }>
  /** The project's opened merge requests, the most recently updated first: the first page of 100 (a collect's pass). */
  openMergeRequests(): Promise<number[]>
  /** Requests sent so far, each attempt counted. */
  requestCount(): number
}

/** What a client is made of: the token, the API (CI_API_V4_URL), the project (CI_PROJECT_ID or its path) and its limits. */
export interface GitLabConnection {
  token: string
  apiUrl: string
  project: string
  limits: ClientLimits
}

/**
 * The client of one project: every request to `connection.apiUrl` (checked
 * here, before any request: https, or http to this machine only), the
 * project by its id or its path (URL-encoded: `group%2Fproject`).
 */
export function createGitLabClient(connection: GitLabConnection): GitLabClient {
  const api: Api = gitlabApi(connection.apiUrl, connection.token, connection.limits)
  if (!connection.project.trim())
    throw new Error(
      `GitLab's project (CI_PROJECT_ID) is empty: give its id or its path (group/project)`
    )
  const project = `${api.url}/projects/${encodeURIComponent(connection.project)}`
  const commit = (sha: string): string => `${project}/repository/commits/${encodeURIComponent(sha)}`
  return {
    async postStatus(sha, status, call) {
      const answer = await request(
        api,
        'POST',
        `${project}/statuses/${encodeURIComponent(sha)}`,
        statusBody(status),
        call
      )
      return statusOf(answer.json)
    },
    async listStatuses(sha, filter = {}) {
      const query = new URLSearchParams({
        ...(filter.name !== undefined ? { name: filter.name } : {}),
        ...(filter.all ? { all: 'true' } : {}),
        per_page: '100'
      })
      const found = (await pages(api, `${commit(sha)}/statuses?${query}`)).map(statusOf)
      return found.sort((a, b) => b.id - a.id)
    },
    async readNote(change, id) {
      const { body, author } = noteOf(
        (await request(api, 'GET', `${project}/merge_requests/${change}/notes/${id}`)).json
      )
      return { id, body, author }
    },
    async openMergeRequests() {
      const answer = await request(
        api,
        'GET',
        `${project}/merge_requests?state=opened&order_by=updated_at&sort=desc&per_page=100`
      )
      if (!Array.isArray(answer.json))
        throw new GitLabError(`GitLab's API answered the merge requests without a list`, 0)
      return answer.json.map(openIidOf).filter((iid): iid is number => iid !== undefined)
    },
    ...noteCalls(api, project),
    requestCount: () => api.requests
  }
}

/** The notes of a merge request and the token's user: the client as a comment host. */
function noteCalls(api: Api, project: string): CommentHost {
  const notes = (change: number): string => `${project}/merge_requests/${change}/notes`
  let identity: Promise<string> | undefined
  return {
    host: 'GitLab',
    async findComments(change, wanted) {
      const found = await pages(api, `${notes(change)}?sort=asc&order_by=created_at&per_page=100`)
      // GitLab's own notes (a push, a label) are the system's, never a comment of anyone's.
      return found
        .map(noteOf)
        .filter(note => !note.system)
        .map(({ id, body, author }) => ({ id, body, author }))
        .filter(wanted)
    },
    async createComment(change, body) {
      const {
        id,
        author,
        body: written
      } = noteOf((await request(api, 'POST', notes(change), { body })).json)
      return { id, author, body: written }
    },
    async updateComment(change, id, body, call) {
      await request(api, 'PUT', `${notes(change)}/${id}`, { body }, call)
    },
    ownIdentity() {
      // Asked once; a failure is not kept, so a later call asks again.
      identity ??= request(api, 'GET', `${api.url}/user`).then(answer =>
        usernameOfUser(answer.json)
      )
      identity.catch(() => (identity = undefined))
      return identity
    }
  }
}

/** Pure: a status's request body, only the fields given, in GitLab's names. */
function statusBody(status: StatusWrite): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    state: status.state,
    name: status.name,
    target_url: status.targetUrl,
    description: status.description,
    ref: status.ref,
    pipeline_id: status.pipelineId
  }
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}
