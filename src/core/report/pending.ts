/**
 * Pure: what a check run of a deployment whose verdict is reported later
 * carries for the collect that completes it. A deploy with `report-later`
 * ends right after the notification and leaves its check run in progress; a
 * scheduled collect, in another job and another workflow run, finds it and
 * renders the check and the comment as the waiting step would have. It reads
 * the deployment's facts back from the check's own summary, where they ride
 * as one hidden line: `<!-- mobile-build-deploy facts=<base64url JSON> -->`.
 *
 * Any workflow of the repository with `checks: write` writes as the same app
 * as ours, so the line is input from outside: it is sealed under a key
 * derived from the service's API key (seal.ts) and used only when its seal
 * holds, then read through one schema (types, enums, lengths) before any
 * use; it carries only what the collect renders: never the key, a token or
 * a signed URL, never a build's long lists. It is fitted to the same schema when written, and cut to
 * MAX_LINE_CHARACTERS (bugs first, the count kept), so that the line is
 * always read back and the check always fits GitHub's limits.
 *
 * The step's other deployments ride as a key each (rowKey: a digest of the
 * name), never as their names: 64 names of 320 characters in any script
 * would not fit, and a collect that lost them wrote a comment per check. Each
 * row's name is read from the check of its run, whose own facts carry it.
 */
import type { Frozen } from '../shared/frozen.js'
import type { Deployment } from './facts.js'
import { FACTS, KEPT_BUGS, rowKey } from './pending-schema.js'
import type { Seal } from './seal.js'
import { fitShape, readShape, ShapeError } from './schema.js'

export { MAX_NAME_CHARACTERS, MAX_STEP_DEPLOYMENTS, rowKey } from './pending-schema.js'

/** The longest facts line written or read, in base64url characters: under a third of a check run's summary. */
export const MAX_LINE_CHARACTERS = 20_000
// Any text up to the comment's end, so that a line of ours someone changed (a secret's mask written
// into it by a runner) is told as refused, not taken for another product's.
const MARKER = new RegExp(
  `<!-- mobile-build-deploy facts=([^\\s>]{1,${MAX_LINE_CHARACTERS}})(?: seal=([^\\s>]{1,80}))? -->`
)
/** What a collect needs of a deployment that waits for its verdict elsewhere. */
export interface PendingFacts {
  deployment: Deployment
  /** The deploying step's deployments, by the key of each one's name (rowKey): the comment shows each. */
  rows: string[]
  /** The run each of them created, in the same order (`-` for none): a row is shown only from a check of that run. */
  runs: string[]
  /** The deploying workflow run's page, where its job summary is. */
  workflowRunUrl?: string | undefined
  /** On GitLab, where the deploy wrote the deployment's commit status (its commit, pipeline, ref). */
  status?: StatusPlace | undefined
}

/** Where a GitLab step's commit status is: a collect completes it there, in the same pipeline. */
export interface StatusPlace {
  sha: string
  pipelineId?: number | undefined
  ref?: string | undefined
  /** On Bitbucket: the build status's key. */
  key?: string | undefined
  /** On Bitbucket: the id of the report that carries the step. */
  report?: string | undefined
  /** On Bitbucket: the digest of the step's deployments (their names and runs, in order), and this one's place. */
  step?: string | undefined
  index?: number | undefined
}

/**
 * What is left out, in this order, while a fitted line is still too long
 * (texts of many bytes each): the bugs one by one (their count stays), then
 * the facts a row could do without. What remains always fits: a name of 320
 * UTF-16 units is at most 960 bytes of UTF-8, 64 keys about 1,200, 64 runs
 * of 128 characters about 8,500, the commit and the rest under 1,000: some
 * 11,700 bytes, 15,600 in base64url, within MAX_LINE_CHARACTERS.
 */
const EXPENDABLE: readonly (readonly string[])[] = [
  ['deployment', 'judgement', 'message'],
  ['deployment', 'verdict', 'problem'],
  ['deployment', 'verdict', 'gone'],
  ['deployment', 'verdict', 'bugsUrl'],
  ['deployment', 'git', 'commitUrl'],
  ['deployment', 'git', 'branch'],
  ['deployment', 'fileLocation'],
  ['deployment', 'playgroundFileLocation'],
  ['deployment', 'destination'],
  ['deployment', 'environmentId'],
  ['deployment', 'deploymentType'],
  ['deployment', 'environment'],
  ['deployment', 'artifact'],
  ['deployment', 'build'],
  ['workflowRunUrl'],
  ['deployment', 'verdict', 'runUrl'],
  ['deployment', 'runUrl']
]

/**
 * Pure: the hidden line a check run's summary ends with, within `max`
 * characters (MAX_LINE_CHARACTERS, or a share of a GitLab note's), sealed
 * under the API key's seal.
 */
export function factsLine(
  pending: Frozen<PendingFacts>,
  seal: Seal,
  max = MAX_LINE_CHARACTERS
): string {
  const fitted = fitShape(FACTS, {
    ...pending,
    deployment: { ...pending.deployment, verdict: carriedVerdict(pending.deployment) }
  }) as Record<string, unknown> & { deployment: { verdict?: { blockingBugs?: unknown[] } } }
  const encode = (): string => Buffer.from(JSON.stringify(fitted)).toString('base64url')
  const fits = (): boolean => encode().length <= Math.min(max, MAX_LINE_CHARACTERS)
  const bugs = fitted.deployment.verdict?.blockingBugs
  while (!fits() && bugs && bugs.length > 0) bugs.pop()
  for (const path of EXPENDABLE) {
    if (fits()) break
    const parent = path
      .slice(0, -1)
      .reduce<Record<string, unknown> | undefined>(
        (at, key) => at?.[key] as Record<string, unknown> | undefined,
        fitted
      )
    if (parent) delete parent[path.at(-1)!]
  }
  const line = encode()
  return `<!-- mobile-build-deploy facts=${line} seal=${seal.sign(line)} -->`
}

/** A verdict as a check carries it: its blocking bugs once (the first ten) and their count. */
function carriedVerdict(deployment: Frozen<Deployment>): object | undefined {
  const { verdict } = deployment
  if (!verdict) return undefined
  const { bugs, ...rest } = verdict
  void bugs
  return {
    ...rest,
    blockingBugs: verdict.blockingBugs.slice(0, KEPT_BUGS),
    blockingBugsCount: verdict.blockingBugsCount ?? verdict.blockingBugs.length
  }
}

/** Why a facts line is not used: what a warning says, and whether the line was sealed under another key. */
export interface RefusedFacts {
  problem: string
  otherKey?: boolean
}

/**
 * Pure: the facts a check run's summary carries, when it carries ours,
 * sealed under this key's `seal`, and of the schema's shape; a refused line
 * says why, and undefined is a summary that carries none. What is read is
 * only ever rendered again through the reports' escapers.
 */
export function readFactsLine(
  summary: string | undefined,
  seal: Seal
): PendingFacts | RefusedFacts | undefined {
  const found = summary && MARKER.exec(summary)
  if (!found) return undefined
  const [, line, sealText] = found as unknown as [string, string, string | undefined]
  const unsealed = sealProblem(seal.check(line, sealText), sealText)
  if (unsealed) return unsealed
  const facts = factsOfLine(line)
  if ('problem' in facts) return facts
  const { deployment } = facts
  const rows = facts.rows ?? facts.names?.map(rowKey)
  if (typeof deployment?.name !== 'string' || !Array.isArray(rows))
    return { problem: 'its facts line names no deployment' }
  const runs = facts.runs ?? []
  if (runs.length !== rows.length)
    return { problem: 'its facts line names its step’s deployments and runs unevenly' }
  const verdict = deployment.verdict && {
    ...deployment.verdict,
    bugs: deployment.verdict.blockingBugs ?? [],
    blockingBugs: deployment.verdict.blockingBugs ?? []
  }
  return {
    deployment: {
      ...deployment,
      name: deployment.name,
      failOnNoRun: deployment.failOnNoRun !== false,
      warnings: [],
      ...(verdict ? { verdict } : {})
    },
    rows,
    runs,
    workflowRunUrl: facts.workflowRunUrl,
    ...(facts.status?.sha ? { status: facts.status as StatusPlace } : {})
  }
}

/** Pure: every facts line a text carries (a GitLab note carries one per deployment of its step), each read as readFactsLine reads one. */
export function readFactsLines(text: string, seal: Seal): (PendingFacts | RefusedFacts)[] {
  const every = new RegExp(MARKER.source, 'g')
  return [...text.matchAll(every)].map(found => readFactsLine(found[0], seal)!)
}

/** Why a line's seal does not hold, in a warning's words; undefined when it holds. */
function sealProblem(
  checked: ReturnType<Seal['check']>,
  sealText: string | undefined
): RefusedFacts | undefined {
  switch (checked) {
    case 'other-key':
      return {
        problem:
          'its facts were sealed under another API key than this collect has (the key was rotated since, or it is another workspace’s): they cannot be checked, so it is left as it is; deploy again for a verdict',
        otherKey: true
      }
    case 'forged':
      return {
        problem: sealText
          ? 'its facts line does not carry the seal of the API key (it was changed, or written by someone without the key)'
          : 'its facts line carries no seal (it was written without the API key)'
      }
  }
  return undefined
}

/** The facts a sealed line holds, of the schema's shape; else why not. */
function factsOfLine(line: string):
  | {
      deployment: Partial<Deployment>
      rows?: string[]
      names?: string[]
      runs?: string[]
      workflowRunUrl?: string
      status?: Partial<StatusPlace>
    }
  | RefusedFacts {
  if (!/^[A-Za-z0-9_-]+$/.test(line))
    return {
      problem:
        'its facts line is not the base64url this product writes (changed after it was written)'
    }
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(line, 'base64url').toString('utf8'))
  } catch {
    return { problem: 'its facts line is not the JSON this product writes' }
  }
  try {
    return readShape(FACTS, value) as Exclude<ReturnType<typeof factsOfLine>, RefusedFacts>
  } catch (error) {
    if (error instanceof ShapeError)
      return { problem: `its facts line is refused: ${error.message}` }
    throw error
  }
}
