/**
 * GitHub's side of a collect, reads only: where deployments reported later
 * may be (open pull requests' heads, the default branch's newest commits),
 * which check runs there are ours and still in progress (with the facts they
 * carry, or why those are refused), and the newest check run of a name.
 * Every list is filtered by GitHub itself (`status=in_progress`,
 * `check_name`), and each page is a request the collect's budget counts.
 */
import { parseExternalId, type CheckIdentity } from '../report/identity.js'
import { readFactsLine, type PendingFacts } from '../report/pending.js'
import type { CheckRun, GitHubClient, OpenPull, Repo } from './client.js'

/**
 * The newest commits of the default branch a collect looks at: a deploy on
 * push checks its own commit, and between two collects a busy branch gets a
 * few merges; ten covers them at one request, where a deployment older than
 * that is superseded by a newer one anyway.
 */
export const DEFAULT_BRANCH_COMMITS = 10
/** The open pull requests a collect looks at, the most recently updated first. */
const MAX_PULLS = 100
/** The app whose check runs a collect completes: the workflow token's (GITHUB_TOKEN is an installation token of `github-actions`). */
export const OUR_APP = 'github-actions'

/** A commit to look at, and the open pull requests whose head it is. */
export interface Head {
  sha: string
  pulls: number[]
}

/**
 * The commits a collect looks at: the open pull requests' heads, in an
 * order that turns by `turn` from one collect to the next (so that no pull
 * request waits behind others a budget never gets past), then the default
 * branch's newest commits.
 */
export async function headsToCollect(
  client: GitHubClient,
  repo: Repo,
  turn: number
): Promise<Head[]> {
  const pulls = rotated(await client.openPulls(repo, MAX_PULLS), turn)
  const commits = await client.defaultBranchCommits(repo, DEFAULT_BRANCH_COMMITS)
  const heads = new Map<string, number[]>()
  for (const pull of pulls)
    heads.set(pull.headSha, [...(heads.get(pull.headSha) ?? []), pull.number])
  for (const sha of commits) if (!heads.has(sha)) heads.set(sha, [])
  return [...heads].map(([sha, numbers]) => ({ sha, pulls: numbers }))
}

/** Pure: the list started at `turn` (modulo its length), the rest after it in order. */
export function rotated(pulls: readonly OpenPull[], turn: number): OpenPull[] {
  if (pulls.length === 0) return []
  const start = ((turn % pulls.length) + pulls.length) % pulls.length
  return [...pulls.slice(start), ...pulls.slice(0, start)]
}

/** One of our check runs in progress, with the facts it carries. */
export interface PendingCheck {
  run: CheckRun
  identity: CheckIdentity
  facts: PendingFacts
  runId: string
}

/** A check run of ours whose facts cannot be used, and why. */
export interface RefusedCheck {
  run: CheckRun
  problem: string
}

/**
 * Our check runs in progress on a commit: written by our app, with our
 * `external_id` naming a run, and a facts line of a deployment reported
 * later under the check's own name. One whose line is refused by the
 * schema is told apart (a warning, never the collect's end); one that
 * carries no line of ours is another product's, and left alone.
 */
export async function pendingChecks(
  client: GitHubClient,
  repo: Repo,
  sha: string
): Promise<{ pending: PendingCheck[]; refused: RefusedCheck[] }> {
  const pending: PendingCheck[] = []
  const refused: RefusedCheck[] = []
  for (const run of await client.listCheckRuns(repo, sha, { status: 'in_progress' })) {
    if (run.app !== OUR_APP || run.status === 'completed') continue
    const identity = parseExternalId(run.externalId)
    if (!identity?.runId) continue
    const facts = readFactsLine(run.summary)
    if (!facts) continue
    if ('problem' in facts) refused.push({ run, problem: facts.problem })
    else if (facts.deployment.name !== run.name || !facts.deployment.reportLater)
      refused.push({ run, problem: 'its facts line names another deployment' })
    else pending.push({ run, identity, facts, runId: identity.runId })
  }
  return { pending, refused }
}

/**
 * The newest check run of ours named `name` on a commit, with its facts
 * (a step's other deployment, for the step's comment); undefined when there
 * is none, or its facts cannot be used.
 */
export async function newestOfName(
  client: GitHubClient,
  repo: Repo,
  sha: string,
  name: string
): Promise<PendingFacts | undefined> {
  const [run] = (await client.listCheckRuns(repo, sha, { name, latest: true })).filter(
    check => check.app === OUR_APP && parseExternalId(check.externalId)
  )
  const facts = readFactsLine(run?.summary)
  return facts && !('problem' in facts) && facts.deployment.name === name ? facts : undefined
}
