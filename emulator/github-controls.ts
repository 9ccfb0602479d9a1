/**
 * The GitHub stand-in's controls for a person trying the product on one
 * machine (docs/try-locally.md), under `/_emulator/`, outside GitHub's API:
 * what a test sets in the process (an open pull request, the default
 * branch's commits), set over HTTP, and what the product wrote there (check
 * runs, comments) to read back.
 *
 *   POST /_emulator/pulls    {"number": 7, "ref": "feature", "sha": "<40 hex>", "owner": "octo-org"}
 *   POST /_emulator/commits  {"sha": "<40 hex>"}   the default branch's newest commit
 *   GET  /_emulator/state    the check runs, the comments and the pull requests
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { json } from './answers.js'
import type { GitHubState } from './github-state.js'

export const CONTROLS = '/_emulator/'

const SHA = /^[0-9a-f]{40}$/

/** Answers a request under CONTROLS. */
export function control(
  api: GitHubState,
  method: string,
  path: string,
  raw: string,
  res: ServerResponse
): void {
  const refuse = (message: string): void => json(res, 400, { message })
  let body: Record<string, unknown> = {}
  if (raw) {
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      return refuse('the body is not JSON')
    }
  }
  const route = `${method} ${path.slice(CONTROLS.length)}`
  if (route === 'GET state')
    return json(res, 200, { checkRuns: api.checkRuns, comments: api.comments, pulls: api.pulls })
  if (route === 'POST pulls') {
    const { number, ref, sha, owner = 'octo-org' } = body
    if (!Number.isSafeInteger(number) || (number as number) < 1)
      return refuse('number: a pull request number, 1 or more')
    if (typeof ref !== 'string' || !ref) return refuse('ref: the head branch')
    if (typeof sha !== 'string' || !SHA.test(sha)) return refuse('sha: the head commit, 40 hex')
    if (typeof owner !== 'string') return refuse('owner: the head repository owner')
    const pull = { number: number as number, state: 'open' as const, head: { ref, sha, owner } }
    const at = api.pulls.findIndex(p => p.number === pull.number)
    if (at >= 0) api.pulls[at] = pull
    else api.pulls.push(pull)
    return json(res, 201, pull)
  }
  if (route === 'POST commits') {
    const { sha } = body
    if (typeof sha !== 'string' || !SHA.test(sha)) return refuse('sha: a commit, 40 hex')
    api.repository.commits.unshift(sha)
    return json(res, 201, {
      defaultBranch: api.repository.defaultBranch,
      commits: api.repository.commits
    })
  }
  json(res, 404, {
    message: `${method} ${path} is none of the stand-in's controls (${CONTROLS}pulls, commits, state)`
  })
}

/** Whether a request is one of the controls. */
export function isControl(req: IncomingMessage): boolean {
  return (req.url ?? '').startsWith(CONTROLS)
}
