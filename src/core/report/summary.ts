/**
 * Pure: a step's summary in markdown, for the job summary of a GitHub step
 * and a summary file of any CI (`--summary-file`): the step's result, then
 * each deployment under its name: a table of its facts, and its bugs within
 * a budget GitHub keeps (it drops a step's summary over 1 MiB whole, the
 * verdict with it).
 */
import type { Frozen } from '../shared/frozen.js'
import type { Deployment, StepFacts } from './facts.js'
import { code, link, table } from './markdown.js'
import { outputValuesOf } from './outputs.js'
import { ROWS, bugCounts, factsTable, type RowName } from './rows.js'
import { attentionFirst } from './judgement.js'
import { tallyWords } from './words.js'

/** The bug tables of a step keep to this many bytes in all; a last row says how many more the run's page lists. */
export const MAX_BUG_TABLE_BYTES = 512 * 1024

/** Every fact a summary shows, in this order. */
const SUMMARY_ROWS: readonly RowName[] = [
  'Deploy',
  'Verdict',
  'Skipped because',
  'Artifact',
  'App',
  'Artifact link target',
  'Size',
  'SHA-256',
  'Destination',
  'playgroundFileLocation',
  'Deployment type',
  'Branch',
  'Commit',
  'Pull request',
  'Environment',
  'Environment id',
  'Run id',
  'Run',
  'Bugs',
  'Warning',
  'Problem'
]

/** Pure: the bug rows of a deployment that fit the budget, and a last row naming how many were left out. */
export function bugRows(deployment: Frozen<Deployment>, budget = MAX_BUG_TABLE_BYTES): string[][] {
  const rows = (deployment.verdict?.bugs ?? []).map(bug => [
    link(code(`${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`), bug.url),
    bug.priority,
    bug.blocking ? 'blocking' : 'not blocking',
    bug.new ? 'new' : ''
  ])
  let used = 0
  for (const [i, row] of rows.entries()) {
    used += Buffer.byteLength(row.join('')) + 40
    if (used > budget)
      return [...rows.slice(0, i), [`… and ${rows.length - i} more on the run's page`, '', '', '']]
  }
  return rows
}

/** One deployment's section: its heading, its facts, its bugs. */
function section(
  deployment: Frozen<Deployment>,
  facts: Frozen<StepFacts>,
  budget: number,
  heading: string
): string[] {
  const rows = factsTable(deployment, SUMMARY_ROWS, { problem: facts.problem }).slice(2)
  const bugs = bugRows(deployment, budget)
  return [
    heading,
    '',
    '| Item | Value |',
    '|---|---|',
    ...rows,
    ...(bugs.length > 0
      ? ['', '#### Bugs', '', ...table(['Bug', 'Priority', 'Blocking', 'New'], bugs)]
      : [])
  ]
}

/** Pure: the summary of a step, as markdown: a deploy's, or a collect's (collectHeading). */
export function summaryMarkdown(facts: Frozen<StepFacts>): string {
  // The failed and unjudged first, wherever a host caps the summary.
  const deployments = attentionFirst(facts.deployments)
  const budget = MAX_BUG_TABLE_BYTES / Math.max(1, deployments.length)
  if (deployments.length === 1 && !facts.collect)
    return `${section(deployments[0]!, facts, budget, `### Mobile build deploy: ${code(deployments[0]!.name, { table: false })}`).join('\n')}\n`
  const overview = table(
    ['Deployment', 'Deploy', 'Verdict', 'Run', 'Bugs'],
    deployments.map(deployment => {
      const { runId, runUrl } = outputValuesOf(deployment)
      return [
        code(deployment.name),
        ROWS.Deploy(deployment),
        ROWS.Verdict(deployment) ?? '',
        runId ? link(code(runId), runUrl) : '',
        bugCounts(deployment) ?? ''
      ]
    })
  )
  return `${[
    ...(facts.collect
      ? collectHeading(facts)
      : [`### Mobile build deploy: ${tallyWords(facts.judgement, deployments)}`]),
    ...(deployments.length > 0 ? ['', ...overview] : []),
    ...deployments.flatMap(deployment => [
      '',
      ...section(deployment, facts, budget, `#### ${code(deployment.name, { table: false })}`)
    ])
  ].join('\n')}\n`
}

/**
 * A collect's heading: whether collecting worked (never a verdict's mark:
 * each collected deployment shows its own below), what it left, why it
 * stopped early, what it could not collect.
 */
function collectHeading({ judgement, collect, deployments }: Frozen<StepFacts>): string[] {
  const { pending = 0, stopped, problems = [] } = collect ?? {}
  const done = `${deployments.length} verdict(s) collected, ${pending} still pending`
  const failed = judgement.conclusion === 'failure'
  return [
    failed ? '### Mobile build collect: ❌ failure' : `### Mobile build collect: ➖ ${done}`,
    ...(failed ? ['', code(judgement.message ?? 'The collect failed.', { table: false })] : []),
    ...(failed && !collect?.failure ? ['', `${done}.`] : []),
    ...(stopped ? ['', `Stopped early: ${code(stopped, { table: false })}`] : []),
    ...problems.flatMap(problem => ['', `Not collected: ${code(problem, { table: false })}`])
  ]
}
