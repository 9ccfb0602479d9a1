import { control, isControl } from './gitlab-controls.js'
import { answerRequest } from './gitlab-requests.js'
import { freshState, resetState, type GitLabFault, type GitLabState } from './gitlab-state.js'
import { serveHost, type HostControls } from './host-api.js'

/**
 * The part of GitLab's REST API (v4) the product reports through, held to
 * GitLab's own rules, built as GitHub's stand-in is (github-api.ts). Every
 * request is checked against GitLab's OpenAPI description (gitlab-openapi.ts,
 * an extract pinned by its SHA-256): a method and path that is no operation
 * answers 404, a parameter or body field the operation does not allow, a
 * missing or invalid one, answers 400, and both are recorded as violations,
 * as is an answer of ours its response schema refuses; the test harness
 * fails every test whose requests left one. Beyond the schemas, GitLab's
 * documented semantics, one route per operation over the stand-in's state
 * (gitlab-routes.ts, gitlab-statuses.ts, gitlab-state.ts): commit statuses
 * (200, GitLab's transitions, 409 for two updates of one status at once),
 * merge requests of a commit, notes by author (only its author edits a
 * note), the token's user and the token itself, the project by id or path;
 * offset pagination with X-Next-Page (gitlab-pages.ts); tokens with their
 * scopes (`api`, `read_api`: 403 insufficient_scope on a write; a job token
 * is nobody's here: 401); and faults per request (a status, GitLab's 429
 * with Retry-After, a delay; host-faults.ts). A person trying the product
 * drives it over HTTP (gitlab-controls.ts).
 */

export * from './gitlab-state.js'

/** The stand-in as a test holds it: its state, its address and its controls. */
export type GitLabApi = GitLabState & HostControls<GitLabFault>

/** Every emulated GitLab API of this process that is open: the test harness asks each for its violations after every test. */
const live = new Set<GitLabApi>()
export function liveGitLabApis(): GitLabApi[] {
  return [...live]
}

export function startGitLabApi(host = '127.0.0.1', port = 0): Promise<GitLabApi> {
  return serveHost(freshState(), {
    host,
    port,
    reset: resetState,
    async answer(state, req, res, raw, url) {
      const { pathname } = new URL(req.url ?? '/', 'http://gitlab')
      if (isControl(req)) return control(state, req.method ?? '', pathname, raw, res)
      await answerRequest(state, url, req, res, raw)
    },
    live
  })
}
