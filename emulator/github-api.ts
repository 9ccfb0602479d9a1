import { control, isControl } from './github-controls.js'
import { answerRequest } from './github-requests.js'
import { freshState, resetState, type GitHubFault, type GitHubState } from './github-state.js'
import { serveHost, type HostControls } from './host-api.js'

/**
 * The part of GitHub's REST API the action reports through, held to GitHub's
 * own rules. Every request is checked against GitHub's OpenAPI description
 * (github-openapi.ts): a method and path that is no operation answers 404, a
 * parameter or body the operation does not allow answers 422, and both are
 * recorded as violations, as is a request without `X-GitHub-Api-Version`; the
 * test harness fails every test whose requests left one (github-requests.ts).
 * Beyond the schemas, GitHub's documented semantics, one route per operation
 * over the stand-in's state (github-routes.ts, github-checks.ts,
 * github-state.ts): a completed check run keeps its status and conclusion;
 * `output.summary` and `output.text` hold at most 65,535 UTF-8 bytes, a
 * comment at most 65,536 characters; only a GitHub App creates check runs;
 * `GET /user` is refused to an installation token. Then check runs (create,
 * update, list for a ref), issue comments (list with pagination, create,
 * update) written by the token's own identity, the pull requests of a head
 * branch or commit; tokens with their permissions (403 "Resource not
 * accessible by integration" with GitHub's headers for one that may not
 * write), and faults per request (a status, a redirect, a delay, a request
 * that is never answered). A person trying the product drives it over HTTP
 * (github-controls.ts).
 */

export * from './github-state.js'

/** The stand-in as a test holds it: its state, its address and its controls. */
export type GitHubApi = GitHubState & HostControls<GitHubFault>

/** Every emulated API of this process that is open: the test harness asks each for its violations after every test. */
const live = new Set<GitHubApi>()
export function liveGitHubApis(): GitHubApi[] {
  return [...live]
}

export function startGitHubApi(host = '127.0.0.1', port = 0): Promise<GitHubApi> {
  return serveHost(freshState(), {
    host,
    port,
    reset: resetState,
    async answer(state, req, res, raw, url) {
      const { pathname } = new URL(req.url ?? '/', 'http://github')
      if (isControl(req)) return control(state, req.method ?? '', pathname, raw, res)
      await answerRequest(state, url, req, res, raw)
    },
    live
  })
}
