/**
 * Pure: what the check run and the pull-request comment say, in GitHub's
 * markdown (markdown.ts's one escaper), within GitHub's limits: a check
 * run's summary and text in UTF-8 bytes, a comment in characters. A check
 * run is one deployment's; a comment is the step's, with a row per
 * deployment when it has several, found again by the marker of their names.
 */
import type { Frozen } from '../shared/frozen.js'
import { createHash } from 'node:crypto'
import { formatMinutes } from '../shared/format.js'
import type { Deployment } from './facts.js'
import { code, cut, link, table } from './markdown.js'
import { blockingCount, outputValuesOf } from './outputs.js'
import { appText, bugCounts, bugTable, elsewhere, factsTable, REVIEW_ROWS } from './rows.js'
import { attentionFirst, stepJudgement } from './judgement.js'
import {
  deployWords,
  isPending,
  PENDING_WORDS,
  statusLine,
  tallyWords,
  verdictWords
} from './words.js'

/** GitHub refuses a comment over 65,536 characters. */
export const MAX_COMMENT_CHARACTERS = 65_536
/** Bugs named in a comment before a link to all of them. */
const COMMENT_BUGS = 10
/** Deployments a comment shows each one's bugs unfolded for; past that, folded under a line each. */
const FOLDED_FROM = 5

/** The longest list of names a marker spells out; past it, the marker carries their digest. */
const MARKER_NAMES_CHARACTERS = 4000

/**
 * The hidden marker that finds a step's comment again: the first line of the
 * comment, exactly, naming its deployments. Each name is percent-encoded, so
 * two sets of names never share a marker and no name can end the HTML
 * comment early. Names that would take more than MARKER_NAMES_CHARACTERS
 * (64 names of 200 CJK characters take 115,200) are carried as the SHA-256
 * of their list instead, `sha256:` first (a `:` is never left unencoded in
 * the spelled-out form), so that the marker always fits the comment.
 */
export function commentMarker(names: readonly string[]): string {
  let spelled = names.map(encodeURIComponent).join(',')
  if (spelled.length > MARKER_NAMES_CHARACTERS)
    spelled = `sha256:${createHash('sha256').update(JSON.stringify(names)).digest('base64url')}`
  return `<!-- mobile-build-deploy check=${spelled} -->`
}

const RUNS_LINE = /^<!-- mobile-build-deploy runs=([\w.:,-]{0,4400}) -->$/

/**
 * The second hidden line of a step's comment: the run each of its
 * deployments created, in the marker's order (`-` for none), so that a
 * wait-only step for those runs continues this comment under the same
 * names. Run ids are safe ids (letters, digits, `_.:-`).
 */
export function runsLine(deployments: readonly Frozen<Pick<Deployment, 'runId'>>[]): string {
  return `<!-- mobile-build-deploy runs=${deployments.map(d => d.runId || '-').join(',')} -->`
}

/**
 * Pure: the names and runs a comment of ours says, by its two hidden lines;
 * undefined for any other comment (and for one whose marker carries the
 * names' digest: it does not say them). The caller decides whether it is
 * ours by its author.
 */
export function commentRuns(body: string): { names: string[]; runs: string[] } | undefined {
  const [first, second] = body.split('\n', 2)
  const names = /^<!-- mobile-build-deploy check=([^ ]*) -->$/.exec(first ?? '')?.[1]
  const runs = RUNS_LINE.exec(second ?? '')?.[1]
  if (names === undefined || runs === undefined || names.startsWith('sha256:')) return undefined
  try {
    return { names: names.split(',').map(decodeURIComponent), runs: runs.split(',') }
  } catch {
    return undefined
  }
}

/** Whether a comment's body carries the marker of these names, as its first line and nowhere else. */
export function carriesMarker(body: string, names: readonly string[]): boolean {
  const marker = commentMarker(names)
  return body === marker || body.startsWith(`${marker}\n`)
}

/** The blocking bugs of a deployment, the first ten, and a link to all of them. */
function blockingSection(
  deployment: Frozen<Deployment>,
  heading: string,
  folded = false
): string[] {
  const blocking = deployment.verdict?.blockingBugs ?? []
  if (blocking.length === 0) return []
  // Many deployments: each one's bugs folded under a line of their own, so that the rows stay in view.
  if (folded)
    return [
      '',
      '<details>',
      `<summary>Blocking bugs (${blockingCount(deployment) ?? blocking.length})</summary>`,
      ...blockingSection(deployment, heading),
      '',
      '</details>'
    ]
  const all = deployment.verdict?.bugsUrl ?? deployment.verdict?.runUrl
  const lines = [
    '',
    `**${heading}** (${blockingCount(deployment) ?? blocking.length})`,
    '',
    ...bugTable(blocking, COMMENT_BUGS)
  ]
  if (blocking.length > COMMENT_BUGS || all)
    lines.push(
      '',
      `${link('All bugs of the run', all)}${blocking.length > COMMENT_BUGS ? ` (${blocking.length - COMMENT_BUGS} more blocking)` : ''}`
    )
  return lines
}

/**
 * The pull-request comment of a step: found again by its marker, edited in
 * place; within GitHub's limit in characters. One deployment is told in a
 * table of its facts; several in a table with a row each, then each one's
 * blocking bugs.
 */
export function commentBody(
  deployments: readonly Frozen<Deployment>[],
  workflowRunUrl?: string
): string {
  const names = deployments.map(deployment => deployment.name)
  const lines = [commentMarker(names), runsLine(deployments)]
  if (deployments.length === 1) {
    const [deployment] = deployments as [Deployment]
    lines.push(
      `### ${code(deployment.name, { table: false })}: ${statusLine(deployment)}`,
      '',
      ...factsTable(deployment, REVIEW_ROWS),
      ...blockingSection(deployment, 'Blocking bugs')
    )
    if (deployment.wait && !deployment.verdict && !deployment.failure && deployment.runId)
      lines.push('', `The verdict is awaited for up to ${formatMinutes(deployment.wait.minutes)}.`)
    if (isPending(deployment)) lines.push('', PENDING_WORDS)
  } else lines.push(...manyLines(deployments, lines, workflowRunUrl))
  lines.push('', `<sub>${link('Updated by mobile-build-deploy', workflowRunUrl)}</sub>`)
  // Characters as GitHub counts them never outnumber UTF-16 units: a body within the limit in units is within it.
  return cut(
    lines,
    text => text.length <= MAX_COMMENT_CHARACTERS,
    `…\n\n${elsewhere(deployments[0]!, workflowRunUrl)}`
  )
}

/**
 * The lines of a step of several deployments after `head`: their verdicts
 * counted, a row each and each one's blocking bugs, the failed and unjudged
 * first. Past GitHub's limit, passed rows are folded from the end into a
 * line that counts them: the cut never leaves out a failure while a passed
 * row is shown.
 */
function manyLines(
  deployments: readonly Frozen<Deployment>[],
  head: readonly string[],
  workflowRunUrl: string | undefined
): string[] {
  const shown = attentionFirst(deployments)
  const rows = shown.map(deployment => {
    const values = outputValuesOf(deployment)
    return [
      code(deployment.name),
      appText(values, value => code(value)) ?? '',
      values.runId ? link(code(values.runId), values.runUrl) : '',
      deployWords(deployment),
      verdictWords(deployment) ?? '',
      bugCounts(deployment) ?? ''
    ]
  })
  const sections = shown.flatMap(deployment =>
    blockingSection(
      deployment,
      `Blocking bugs of ${code(deployment.name, { table: false })}`,
      deployments.length > FOLDED_FROM
    )
  )
  const compose = (kept: number): string[] => [
    `### Mobile builds: ${tallyWords(stepJudgement(deployments), deployments)}`,
    '',
    ...table(['Deployment', 'App', 'Run', 'Deploy', 'Verdict', 'Bugs'], rows.slice(0, kept)),
    ...(kept < rows.length
      ? [
          '',
          `…and ${rows.length - kept} more deployment(s), each ✅ passed${workflowRunUrl ? `: ${link('see the job summary', workflowRunUrl)}` : ''}.`
        ]
      : []),
    ...sections
  ]
  // Room for the footer's line and the cut's own words.
  const fits = (lines: string[]): boolean =>
    [...head, ...lines].join('\n').length <= MAX_COMMENT_CHARACTERS - 500
  const passed = shown.filter(
    d => d.verdict?.verdict === 'passed' && d.judgement?.conclusion !== 'failure'
  ).length
  let kept = rows.length
  while (kept > rows.length - passed && !fits(compose(kept))) kept--
  return compose(kept)
}
