/**
 * The GitLab stand-in's routes: one function per operation of GitLab's API
 * the stand-in answers, by GitLab's operation id, each reading and writing
 * the stand-in's state (gitlab-state.ts). A request reaches its route only
 * once GitLab's description, the faults, the token and the project have let
 * it through (gitlab-requests.ts). Notes are by author: a note's author is
 * the token's user, and only its author edits it (403 to anyone else).
 */
import type { Call, Route } from './gitlab-call.js'
import { paged } from './gitlab-pages.js'
import { STATUS_ROUTES } from './gitlab-statuses.js'
import { userBasic, userPublic } from './gitlab-users.js'
import type { GitLabMergeRequest, GitLabNote, GitLabState } from './gitlab-state.js'
import { emulatorNow } from './clock.js'

/** Every operation the stand-in answers, and how; one of GitLab's not here answers 400 and is a violation. */
export const ROUTES: Record<string, Route> = {
  ...STATUS_ROUTES,

  getApiV4User: ({ token, answer }) => answer(200, userPublic(token.user)),

  getApiV4PersonalAccessTokensSelf: ({ token, answer }) =>
    answer(200, {
      id: token.id,
      name: token.name,
      revoked: false,
      created_at: '2026-01-05T09:00:00.000Z',
      scopes: token.scopes,
      user_id: token.user.id,
      // No `expires_at`: GitLab answers a date where its description says date-time.
      active: true
    }),

  getApiV4ProjectsId: ({ state: { project }, answer }) =>
    answer(200, {
      id: project.id,
      path: project.path.split('/').pop(),
      path_with_namespace: project.path,
      default_branch: project.defaultBranch,
      visibility: 'private',
      web_url: `https://gitlab.example.com/${project.path}`
    }),

  getApiV4ProjectsIdRepositoryCommitsShaMergeRequests: ({
    state,
    operation,
    url,
    address,
    answer
  }) => {
    const wanted = url.searchParams.get('state')
    const found = state.mergeRequests.filter(
      m =>
        m.sha === operation.params.sha &&
        (wanted === null || wanted === 'all' || m.state === wanted)
    )
    const { page, headers } = paged(found, url, address)
    answer(
      200,
      page.map(m => mergeRequestJson(state, m)),
      headers
    )
  },

  getApiV4ProjectsIdMergeRequests: ({ state, url, address, answer }) => {
    const wanted = url.searchParams.get('state')
    const found = state.mergeRequests.filter(
      m => wanted === null || wanted === 'all' || m.state === wanted
    )
    // Newest first by default (created_at desc); the stand-in's iids grow with time.
    found.sort((a, b) => b.iid - a.iid)
    if (url.searchParams.get('sort') === 'asc') found.reverse()
    const { page, headers } = paged(found, url, address)
    answer(
      200,
      page.map(m => mergeRequestJson(state, m)),
      headers
    )
  },

  getApiV4ProjectsIdMergeRequestsMergeRequestIid: ({ state, operation, answer, notFound }) => {
    const found = state.mergeRequests.find(
      m => m.iid === Number(operation.params.merge_request_iid)
    )
    if (!found) return notFound('Merge Request')
    answer(200, mergeRequestJson(state, found))
  },

  getApiV4ProjectsIdMergeRequestsNoteableIdNotes: call => {
    const { state, url, address, answer } = call
    const iid = mergeRequestOf(call)
    if (iid === undefined) return
    const found = state.notes.filter(n => n.mergeRequest === iid)
    const key = url.searchParams.get('order_by') === 'updated_at' ? 'updated_at' : 'created_at'
    found.sort((a, b) => a[key].localeCompare(b[key]) || a.id - b.id)
    // GitLab's default order is the newest first.
    if (url.searchParams.get('sort') !== 'asc') found.reverse()
    const { page, headers } = paged(found, url, address)
    answer(
      200,
      page.map(n => noteJson(state, n)),
      headers
    )
  },

  postApiV4ProjectsIdMergeRequestsNoteableIdNotes: call => {
    const { state, body, token, answer, insufficientScope } = call
    if (!token.scopes.includes('api')) return insufficientScope()
    const iid = mergeRequestOf(call)
    if (iid === undefined) return
    const now = new Date(emulatorNow()).toISOString()
    const note: GitLabNote = {
      id: state.nextId++,
      mergeRequest: iid,
      body: String(body?.body ?? ''),
      author: token.user,
      created_at: now,
      updated_at: now
    }
    state.notes.push(note)
    answer(201, noteJson(state, note))
  },

  getApiV4ProjectsIdMergeRequestsNoteableIdNotesNoteId: call => {
    const note = noteOf(call)
    if (note) call.answer(200, noteJson(call.state, note))
  },

  putApiV4ProjectsIdMergeRequestsNoteableIdNotesNoteId: call => {
    const { state, body, token, answer, insufficientScope, forbidden } = call
    if (!token.scopes.includes('api')) return insufficientScope()
    const note = noteOf(call)
    if (!note) return
    // Only a note's author edits it: a note that copies our marker is someone else's.
    if (note.author.id !== token.user.id) return forbidden()
    if (body?.body !== undefined) note.body = String(body.body)
    note.updated_at = new Date(emulatorNow()).toISOString()
    answer(200, noteJson(state, note))
  }
}

/** The merge request a note path names, or undefined once answered 404. */
function mergeRequestOf({ state, operation, notFound }: Call): number | undefined {
  const iid = Number(operation.params.noteable_id)
  if (state.mergeRequests.some(m => m.iid === iid)) return iid
  notFound('Merge Request')
  return undefined
}

function noteOf(call: Call): GitLabNote | undefined {
  const iid = mergeRequestOf(call)
  if (iid === undefined) return undefined
  const id = Number(call.operation.params.note_id)
  const note = call.state.notes.find(n => n.id === id && n.mergeRequest === iid)
  if (!note) call.notFound('Note')
  return note
}

function noteJson({ project }: GitLabState, note: GitLabNote): object {
  return {
    id: note.id,
    type: 'DiscussionNote',
    body: note.body,
    author: userBasic(note.author),
    created_at: note.created_at,
    updated_at: note.updated_at,
    system: false,
    noteable_id: 900_000 + note.mergeRequest,
    noteable_type: 'MergeRequest',
    noteable_iid: note.mergeRequest,
    project_id: project.id,
    resolvable: false,
    confidential: false,
    internal: false
  }
}

function mergeRequestJson({ project }: GitLabState, m: GitLabMergeRequest): object {
  return {
    id: 900_000 + m.iid,
    iid: m.iid,
    project_id: project.id,
    title: `Merge request !${m.iid}`,
    state: m.state,
    source_branch: m.source_branch,
    target_branch: m.target_branch,
    source_project_id: project.id,
    target_project_id: project.id,
    sha: m.sha,
    draft: false,
    web_url: `https://gitlab.example.com/${project.path}/-/merge_requests/${m.iid}`
  }
}
