/**
 * A deployment's facts as the rows of a markdown table, each by its name:
 * the job summary and a summary file show them all, the check run and the
 * comment the few a reviewer reads. Every value goes through the one escaper
 * (markdown.ts); a row with nothing to say is left out.
 */
import type { Frozen } from '../shared/frozen.js'
import { formatBytes } from '../shared/format.js'
import type { Bug } from '../model.js'
import type { Deployment } from './facts.js'
import type { Judgement } from './judgement.js'
import { code, link, table } from './markdown.js'
import { blockingCount, outputValuesOf, type OutputValues } from './outputs.js'
import { deployWords, PLATFORM_NAMES, verdictWords } from './words.js'

/** What a row may need beside the deployment: the step's own problem. */
export interface RowContext {
  problem?: string | undefined
}

type RowOf = (deployment: Frozen<Deployment>, context: RowContext) => string | undefined

/** Every row a report may show, by its label. */
export const ROWS = {
  // Two facts, two rows: what the step did, and the run's verdict (or where it stands).
  Deploy: d => deployWords(d),
  Verdict: d => verdictWords(d),
  'Skipped because': d => d.skipped && code(d.skipped.reason),
  Build: d => {
    if (!d.artifact) return undefined
    const sha256 = d.artifact.sha256 ? `, SHA-256 ${code(d.artifact.sha256.slice(0, 12))}` : ''
    const to = d.destination ? ` → ${code(d.destination)}` : ''
    return `${code(d.artifact.name)} (${formatBytes(d.artifact.size)}${sha256})${to}`
  },
  Artifact: d => d.artifact && code(d.artifact.name),
  App: d => appText(outputValuesOf(d), value => code(value)),
  'Artifact link target': d => d.artifact?.target && code(d.artifact.target),
  Size: d => d.artifact && `${formatBytes(d.artifact.size)} (${d.artifact.size} bytes)`,
  'SHA-256': d => d.artifact?.sha256 && code(d.artifact.sha256),
  Destination: d => d.destination && code(d.destination),
  playgroundFileLocation: d => d.playgroundFileLocation && code(d.playgroundFileLocation),
  'Deployment type': d => d.deploymentType && code(d.deploymentType),
  Branch: d => d.git?.branch && code(d.git.branch),
  Commit: d => d.git?.sha && link(code(d.git.sha.slice(0, 12)), d.git.commitUrl),
  'Pull request': d =>
    d.git?.pullRequestNumber !== undefined ? `#${d.git.pullRequestNumber}` : undefined,
  Environment: d => d.environment && code(d.environment),
  'Environment id': d => d.environmentId && code(d.environmentId),
  'Run id': d => d.runId && code(d.runId),
  Run: d => {
    const { runId, runUrl } = outputValuesOf(d)
    return runId && link(code(d.verdict?.runId ?? runId), runUrl)
  },
  Bugs: d => bugCounts(d),
  Warning: d => (d.warnings.length > 0 ? d.warnings.map(w => code(w)).join('<br>') : undefined),
  Why: d => {
    const judgement: Judgement | undefined = d.judgement
    // A failed verdict's message names the blocking bugs, which the bug table shows.
    return judgement?.message &&
      judgement.conclusion !== 'success' &&
      d.verdict?.verdict !== 'failed'
      ? code(judgement.message)
      : undefined
  },
  Problem: (d, { problem }) => {
    const text = problem ?? d.judgement?.message
    return text && code(text)
  }
} satisfies Record<string, RowOf>

export type RowName = keyof typeof ROWS

/** The rows a reviewer reads on a check run and in a comment. */
export const REVIEW_ROWS: readonly RowName[] = [
  'Build',
  'App',
  'Run',
  'Commit',
  'Environment',
  'Deploy',
  'Verdict',
  'Skipped because',
  'Bugs',
  'Why'
]

/** The table of the rows named, in that order, as markdown lines. */
export function factsTable(
  deployment: Frozen<Deployment>,
  names: readonly RowName[],
  context: RowContext = {}
): string[] {
  const rows = names.flatMap(name => {
    const value = (ROWS[name] as RowOf)(deployment, context)
    return value ? [[name, value]] : []
  })
  return ['| | |', '|---|---|', ...rows.map(([label, value]) => `| ${label} | ${value} |`)]
}

/** `2 blocking, 1 non-blocking`, by the counts the outputs carry; unknown counts say so; undefined without a verdict. */
export function bugCounts(deployment: Frozen<Deployment>): string | undefined {
  if (!deployment.verdict) return undefined
  const count = (n: number | undefined): string => (n === undefined ? 'unknown' : String(n))
  return `${count(blockingCount(deployment))} blocking, ${count(outputValuesOf(deployment).nonBlockingBugsCount)} non-blocking`
}

/** A table of bugs, the first `max`, each name a code span linked to the bug. */
export function bugTable(bugs: readonly Bug[], max: number): string[] {
  if (bugs.length === 0) return []
  return table(
    ['Bug', 'Priority', 'Blocking', 'New'],
    bugs.slice(0, max).map(bug => {
      const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
      return [
        link(code(name), bug.url),
        bug.priority,
        bug.blocking ? 'yes' : 'no',
        bug.new ? 'new' : ''
      ]
    })
  )
}

/**
 * Which app and version a run tested, for a summary or a comment: each value
 * from the build through `span`, the medium's own escaping (a code span).
 */
export function appText(
  values: Pick<OutputValues, 'appId' | 'appVersion' | 'buildNumber' | 'platform'>,
  span: (value: string) => string
): string | undefined {
  if (!values.appId || !values.platform) return undefined
  const version = values.appVersion ? ` ${span(values.appVersion)}` : ''
  const build = values.buildNumber ? ` (build ${span(values.buildNumber)})` : ''
  return `${span(values.appId)}${version}${build}, ${PLATFORM_NAMES[values.platform]}`
}

/** Where the rest of what GitHub's limits cut is: the run's page and the workflow run's job summary. */
export function elsewhere(
  deployment: Frozen<Deployment>,
  workflowRunUrl: string | undefined
): string {
  const places = [
    link('the run’s page', deployment.verdict?.bugsUrl ?? outputValuesOf(deployment).runUrl),
    link('the job summary', workflowRunUrl)
  ]
  return `The rest is on ${places.join(' and in ')}.`
}
