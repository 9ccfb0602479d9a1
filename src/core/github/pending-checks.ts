/**
 * GitHub's side of a collect, reads only: where deployments reported later
 * may be (open pull requests' heads, the default branch's newest commits),
 * which check runs there are ours and still in progress (with the facts they
 * carry, or why those are refused), and the newest check run of a name.
 * Every list is filtered by GitHub itself (`status=in_progress`,
 * `check_name`), and each page is a request the collect's budget counts.
 */
import { parseExternalId, type CheckIdentity } from '../report/identity.js'
import { readFactsLine, rowKey, type PendingFacts } from '../report/pending.js'
import type { Seal } from '../report/seal.js'
import { isSafeId } from '../shared/name-rules.js'
import { quote } from '../shared/text.js'
import type { CheckRun, GitHubClient, Repo } from './client.js'

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
export function rotated<T>(pulls: readonly T[], turn: number): T[] {
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
  /** Other check runs of ours showing the same deployment with the same sealed facts: completed with it. */
  copies: { run: CheckRun; identity: CheckIdentity }[]
}

/** A check run of ours whose facts cannot be used, and why. */
export interface RefusedCheck {
  run: CheckRun
  problem: string
  /** Its facts were sealed under another API key: the run its `external_id` names, to ask whether this key is the service's. */
  otherKey?: string | undefined
}

/**
 * Our check runs in progress on a commit: written by our app, with our
 * `external_id` naming a run, and a facts line of a deployment reported
 * later under the check's own name, sealed under the API key, of this very
 * commit and run. One whose line is refused is told apart (a warning, never
 * the collect's end); one that carries no line of ours is another
 * product's, and left alone. Copies of one deployment's check are one
 * deployment (withCopies).
 */
export async function pendingChecks(
  client: GitHubClient,
  repo: Repo,
  sha: string,
  seal: Seal
): Promise<{ pending: PendingCheck[]; refused: RefusedCheck[] }> {
  const pending: PendingCheck[] = []
  const refused: RefusedCheck[] = []
  for (const run of await client.listCheckRuns(repo, sha, { status: 'in_progress' })) {
    if (run.app !== OUR_APP || run.status === 'completed') continue
    const identity = parseExternalId(run.externalId)
    if (!identity?.runId) continue
    const facts = readFactsLine(run.summary, seal)
    if (!facts) continue
    // A run id read from a check run is checked as one given by hand: it goes into a request's path.
    if (!isSafeId(identity.runId)) {
      refused.push({
        run,
        problem: `its external_id names ${quote(identity.runId, 40)}, which is no run id`
      })
      continue
    }
    const problem = 'problem' in facts ? facts.problem : mismatch(facts, run, identity, sha)
    const otherKey = 'otherKey' in facts && facts.otherKey ? identity.runId : undefined
    if (problem) refused.push({ run, problem, ...(otherKey ? { otherKey } : {}) })
    else
      pending.push({
        run,
        identity,
        facts: facts as PendingFacts,
        runId: identity.runId,
        copies: []
      })
  }
  return { pending: withCopies(pending), refused }
}

/**
 * Pure: checks that show one deployment with the same sealed facts (a copy
 * of ours: a job run again before a fix, a stranger's verbatim copy) are one
 * deployment, the first its check and the others its copies, each completed
 * with the run's verdict: a copy of the truth opens nothing, and none is
 * left in progress. Checks of one run whose facts differ (other bytes, a
 * run that already existed) stay apart: each is judged for its own bytes.
 */
function withCopies(pending: readonly PendingCheck[]): PendingCheck[] {
  const shown = new Map<string, PendingCheck>()
  for (const check of pending) {
    const key = JSON.stringify([check.run.name, check.runId, check.facts])
    const first = shown.get(key)
    if (first) first.copies.push({ run: check.run, identity: check.identity })
    else shown.set(key, { ...check, copies: [] })
  }
  return [...shown.values()]
}

/** Pure: why sealed facts do not belong to the check run that carries them; undefined when they do. */
function mismatch(
  facts: PendingFacts,
  run: CheckRun,
  identity: CheckIdentity,
  sha: string
): string | undefined {
  const { deployment } = facts
  if (deployment.name !== run.name || !deployment.reportLater)
    return 'its facts line names another deployment'
  if (deployment.runId !== identity.runId)
    return `its external_id names run ${identity.runId}, its sealed facts run ${deployment.runId ?? 'none'}`
  if (deployment.git?.sha !== sha)
    return `its sealed facts are of commit ${deployment.git?.sha?.slice(0, 12) ?? 'none'}, not of this one`
  return undefined
}

/**
 * The rows of a step's comment that this collect did not complete, each by
 * the key of its name (rowKey) and its run: the newest check run of ours on
 * the commit whose sealed facts are of that name and run (a completed one
 * first: it has the verdict), undefined where none is and the row cannot be
 * told. One listing of the commit's check runs finds them all, whatever the
 * number of rows: their names are read from the checks, which carry them.
 */
export async function rowsOfRuns(
  client: GitHubClient,
  repo: Repo,
  sha: string,
  rows: readonly { key: string; runId: string | undefined }[],
  seal: Seal
): Promise<(PendingFacts | undefined)[]> {
  const found = (await client.listCheckRuns(repo, sha)).flatMap(run => {
    if (run.app !== OUR_APP) return []
    const facts = readFactsLine(run.summary, seal)
    if (!facts || 'problem' in facts) return []
    const { deployment } = facts
    const runId = parseExternalId(run.externalId)?.runId
    return deployment.name === run.name && deployment.runId === runId && deployment.git?.sha === sha
      ? [{ facts, key: rowKey(deployment.name), completed: run.status === 'completed' }]
      : []
  })
  return rows.map(row => {
    const of = found.filter(
      entry => entry.key === row.key && entry.facts.deployment.runId === row.runId
    )
    return (of.find(entry => entry.completed) ?? of[0])?.facts
  })
}
