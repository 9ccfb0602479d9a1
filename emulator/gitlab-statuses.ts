/**
 * The GitLab stand-in's commit statuses (an `external` job of a pipeline),
 * held to GitLab's rules: `POST …/statuses/{sha}` answers 200 with the
 * status, whose state is called `status`; a status of one name is updated
 * while pending or running, by the transitions GitLab's state machine
 * allows (running to running, or back to pending, is refused 400 in
 * GitLab's words); once it has finished, the same state again is refused
 * and another state makes a new status of that name (GitLab keeps both, the
 * list shows the newest unless `all`). Two updates of one status at once:
 * the second answers 409 (gitlab-requests.ts).
 */
import type { Route } from './gitlab-call.js'
import { paged } from './gitlab-pages.js'
import { userBasic } from './gitlab-users.js'
import type { GitLabState, GitLabStatus } from './gitlab-state.js'
import { emulatorNow } from './clock.js'

const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped'])

/** The event GitLab's API fires for each state asked for, as its refusals name it. */
const EVENTS: Record<string, string> = {
  pending: 'enqueue',
  running: 'run',
  success: 'success',
  failed: 'drop',
  canceled: 'cancel',
  skipped: 'skip'
}

/** The states each event leaves from, for a status of ours (which is never `created` once answered). */
const FROM: Record<string, string[]> = {
  enqueue: [],
  run: ['pending'],
  success: ['pending', 'running'],
  drop: ['pending', 'running'],
  cancel: ['pending', 'running'],
  skip: ['pending']
}

/** The key of one status while it is updated: its project, commit and name (gitlab-requests.ts). */
export function statusKey(
  state: GitLabState,
  sha: string,
  body: Record<string, unknown> | undefined
): string {
  return `${state.project.id} ${sha} ${nameOf(body)}`
}

function nameOf(body: Record<string, unknown> | undefined): string {
  return String(body?.name ?? body?.context ?? 'default')
}

export const STATUS_ROUTES = {
  postApiV4ProjectsIdStatusesSha: ({
    state,
    operation,
    body,
    token,
    answer,
    insufficientScope
  }) => {
    if (!token.scopes.includes('api')) return insufficientScope()
    const sha = operation.params.sha!
    const wanted = String(body?.state)
    const name = nameOf(body)
    const ref = (body?.ref as string | undefined) ?? refOf(state, sha)
    const current = newest(state.statuses, s => s.sha === sha && s.name === name && s.ref === ref)
    const event = EVENTS[wanted]!
    if (
      current &&
      (FINISHED.has(current.status)
        ? current.status === wanted
        : !FROM[event]!.includes(current.status))
    )
      return answer(400, {
        message: `Cannot transition status via :${event} from :${current.status}`
      })
    const now = new Date(emulatorNow()).toISOString()
    const status: GitLabStatus =
      current && !FINISHED.has(current.status)
        ? current
        : {
            id: state.nextId++,
            sha,
            ref,
            status: wanted,
            name,
            target_url: null,
            description: null,
            pipeline_id: Number(body?.pipeline_id ?? pipelineOf(state, sha, ref)),
            author: token.user,
            created_at: now,
            started_at: null,
            finished_at: null,
            history: []
          }
    if (!state.statuses.includes(status)) state.statuses.push(status)
    status.status = wanted
    status.history.push(wanted)
    for (const field of ['target_url', 'description'] as const)
      if (body?.[field] !== undefined) status[field] = body[field] as string | null
    if (wanted === 'running') status.started_at ??= now
    if (FINISHED.has(wanted)) status.finished_at = now
    answer(200, statusJson(status))
  },

  getApiV4ProjectsIdRepositoryCommitsShaStatuses: ({ state, operation, url, address, answer }) => {
    const query = url.searchParams
    const wanted = (field: 'ref' | 'name', value: string | null) => (s: GitLabStatus) =>
      value === null || s[field] === value
    const stage = query.get('stage')
    const pipeline = query.get('pipeline_id')
    let found = state.statuses.filter(
      s =>
        s.sha === operation.params.sha &&
        wanted('ref', query.get('ref'))(s) &&
        wanted('name', query.get('name'))(s) &&
        (stage === null || stage === 'external') &&
        (pipeline === null || s.pipeline_id === Number(pipeline))
    )
    // Without `all`, a name's retried statuses give way to its newest.
    if (query.get('all') !== 'true')
      found = found.filter(s => newest(found, o => o.name === s.name && o.ref === s.ref) === s)
    const key = query.get('order_by') === 'pipeline_id' ? 'pipeline_id' : 'id'
    found.sort((a, b) => a[key] - b[key] || a.id - b.id)
    if (query.get('sort') === 'desc') found.reverse()
    const { page, headers } = paged(found, url, address)
    answer(200, page.map(statusJson), headers)
  }
} satisfies Record<string, Route>

/** The last of `items` that `test` accepts. */
function newest<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  return [...items].reverse().find(test)
}

/** The ref GitLab gives a status posted without one: the merge request's source branch of that commit, else the default branch. */
function refOf(state: GitLabState, sha: string): string {
  return state.mergeRequests.find(m => m.sha === sha)?.source_branch ?? state.project.defaultBranch
}

/** The pipeline of a commit and ref: the one its statuses already joined, else a new one. */
function pipelineOf(state: GitLabState, sha: string, ref: string): number {
  return state.statuses.find(s => s.sha === sha && s.ref === ref)?.pipeline_id ?? state.nextId++
}

/**
 * A status as GitLab's `CommitStatus` entity shows it. GitLab's description
 * writes `ref`, `target_url`, `description`, `started_at` and `finished_at`
 * as plain strings; one that is null is left out rather than answered
 * against the description.
 */
export function statusJson(status: GitLabStatus): object {
  const { author, ...fields } = status
  return {
    ...Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => value !== null && key !== 'history')
    ),
    allow_failure: false,
    author: userBasic(author)
  }
}
