import { messageOf } from '../shared/errors.js'
import { clock } from '../shared/clock.js'
import { asObject } from '../shared/json.js'
import { userAgent, type FrontEnd } from '../shared/version.js'
import { send, type Timeouts } from '../transport/send.js'
import type { PullRequestLookup } from '../ci/github.js'
import { API_VERSION, foreignAnswer, isJsonType } from '../github/answers.js'
import type { Log } from '../shared/log.js'

/** The longest the pull request of a fork's workflow_run is looked for, before the upload that is named after it. */
const LOOKUP_MS = 10_000

/**
 * Asks GitHub once for the open pull request whose head is the lookup's;
 * resolves its number, or undefined when none has that head. Throws a
 * sentence for a person when GitHub could not tell (no token, a refusal, no
 * answer within LOOKUP_MS): the deploy then goes on without a number.
 */
export async function findPullRequest(
  lookup: PullRequestLookup,
  token: string | undefined,
  {
    frontEnd,
    timeouts,
    signal
  }: { frontEnd: FrontEnd; timeouts: Timeouts; signal?: AbortSignal | undefined }
): Promise<number | undefined> {
  if (!token) throw new Error('no GitHub token was given to ask GitHub for it')
  const { owner, name } = lookup.repository
  const query = new URLSearchParams({
    head: `${lookup.owner}:${lookup.branch}`,
    state: 'open',
    per_page: '100'
  })
  const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/pulls`
  const response = await send(
    {
      method: 'GET',
      url: `${lookup.apiUrl}${path}?${query}`,
      label: `GET ${lookup.apiUrl}${path}`,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': API_VERSION
      }
    },
    { timeouts, userAgent: userAgent(frontEnd) },
    { signal, deadline: clock.now() + LOOKUP_MS }
  )
  if (response.body && !isJsonType(String(response.headers['content-type'] ?? '')))
    throw foreignAnswer(
      response.status,
      `GET ${lookup.apiUrl}${path}`,
      String(response.headers['content-type'] ?? ''),
      response.body,
      lookup.apiUrl
    )
  if (response.status !== 200)
    throw new Error(`GitHub answered ${response.status}; the token needs pull-requests: read`)
  let pulls: unknown
  try {
    pulls = JSON.parse(response.body)
  } catch (error) {
    throw new Error(`GitHub's answer could not be read (${messageOf(error)})`, { cause: error })
  }
  if (!Array.isArray(pulls)) throw new Error("GitHub's answer is not a list of pull requests")
  const pull = pulls.map(asObject).find(candidate => asObject(candidate.head).sha === lookup.sha)
  return pull && Number.isSafeInteger(pull.number) ? Number(pull.number) : undefined
}

/**
 * The pull request of a fork's workflow_run, looked up once before the
 * deploy's first step, as part of what the CI tells (the settings are
 * derived again with it; nothing writes them after): its number, or
 * undefined when there is none to look for, none has that head, or GitHub
 * could not tell (a notice), and the deploy goes on without one.
 */
export async function pullRequestOfRun(
  lookup: PullRequestLookup | undefined,
  token: string | undefined,
  context: { frontEnd: FrontEnd; timeouts: Timeouts; signal?: AbortSignal | undefined },
  log: Pick<Log, 'info' | 'notice'>
): Promise<number | undefined> {
  if (!lookup) return undefined
  try {
    const number = await findPullRequest(lookup, token, context)
    if (number === undefined)
      log.info('No open pull request has the head of the triggering run; none is named.')
    return number
  } catch (error) {
    if (context.signal?.aborted) throw error
    log.notice(
      `The pull request of the triggering run could not be found (${messageOf(error)}); none is named. The token needs pull-requests: read.`,
      'Pull request unknown'
    )
    return undefined
  }
}
