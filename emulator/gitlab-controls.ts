/**
 * The GitLab stand-in's controls for a person trying the product on one
 * machine (docs/try-locally.md), under `/_emulator/`, outside GitLab's API:
 * what a test sets in the process (an open merge request, the project,
 * someone else's note), set over HTTP, and what the product wrote there
 * (statuses, notes) to read back.
 *
 *   POST /_emulator/merge_requests  {"iid": 7, "source_branch": "feature", "sha": "<40 hex>", "target_branch": "main"}
 *   POST /_emulator/project         {"id": 1217, "path": "group/project", "default_branch": "main"}
 *   POST /_emulator/notes           {"merge_request_iid": 7, "body": "…"}   a note by a person of the project
 *   GET  /_emulator/state           the statuses, the notes and the merge requests
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { json } from './answers.js'
import { PERSON, type GitLabState } from './gitlab-state.js'
import { emulatorNow } from './clock.js'

export const CONTROLS = '/_emulator/'

const SHA = /^[0-9a-f]{40}$/

type Body = Record<string, unknown>
type Control = (state: GitLabState, body: Body) => { status: number; body: unknown } | string

const CONTROL_ROUTES: Record<string, Control> = {
  'GET state': state => ({
    status: 200,
    body: { statuses: state.statuses, notes: state.notes, mergeRequests: state.mergeRequests }
  }),
  'POST merge_requests': (state, { iid, source_branch, sha, target_branch = 'main' }) => {
    if (!Number.isSafeInteger(iid) || (iid as number) < 1)
      return 'iid: a merge request iid, 1 or more'
    if (typeof source_branch !== 'string' || !source_branch)
      return 'source_branch: the source branch'
    if (typeof sha !== 'string' || !SHA.test(sha))
      return 'sha: the source branch head commit, 40 hex'
    if (typeof target_branch !== 'string' || !target_branch)
      return 'target_branch: the target branch'
    const merge = {
      iid: iid as number,
      state: 'opened' as const,
      source_branch,
      target_branch,
      sha
    }
    const at = state.mergeRequests.findIndex(m => m.iid === merge.iid)
    if (at >= 0) state.mergeRequests[at] = merge
    else state.mergeRequests.push(merge)
    return { status: 201, body: merge }
  },
  'POST project': (
    { project },
    { id = project.id, path = project.path, default_branch = project.defaultBranch }
  ) => {
    if (!Number.isSafeInteger(id) || (id as number) < 1) return 'id: the project id, 1 or more'
    if (typeof path !== 'string' || !/^[\w.-]+(\/[\w.-]+)+$/.test(path))
      return 'path: group/project'
    if (typeof default_branch !== 'string' || !default_branch) return 'default_branch: a branch'
    Object.assign(project, { id, path, defaultBranch: default_branch })
    return { status: 201, body: project }
  },
  'POST notes': (state, { merge_request_iid: iid, body }) => {
    if (!state.mergeRequests.some(m => m.iid === iid))
      return 'merge_request_iid: a merge request of the stand-in'
    if (typeof body !== 'string') return 'body: the note text'
    const now = new Date(emulatorNow()).toISOString()
    const note = {
      id: state.nextId++,
      mergeRequest: iid as number,
      body,
      author: PERSON,
      created_at: now,
      updated_at: now
    }
    state.notes.push(note)
    return { status: 201, body: note }
  }
}

/** Answers a request under CONTROLS. */
export function control(
  state: GitLabState,
  method: string,
  path: string,
  raw: string,
  res: ServerResponse
): void {
  let body: Body = {}
  if (raw) {
    try {
      body = JSON.parse(raw) as Body
    } catch {
      return json(res, 400, { message: 'the body is not JSON' })
    }
  }
  const route = CONTROL_ROUTES[`${method} ${path.slice(CONTROLS.length)}`]
  if (!route)
    return json(res, 404, {
      message: `${method} ${path} is none of the stand-in's controls (${CONTROLS}merge_requests, project, notes, state)`
    })
  const done = route(state, body)
  if (typeof done === 'string') return json(res, 400, { message: done })
  json(res, done.status, done.body)
}

/** Whether a request is one of the controls. */
export function isControl(req: IncomingMessage): boolean {
  return (req.url ?? '').startsWith(CONTROLS)
}
