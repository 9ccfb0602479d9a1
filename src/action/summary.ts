import { appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'
import * as core from '@actions/core'
import {
  appText,
  bugCounts,
  formatBytes,
  sanitize,
  outputValuesOf,
  type GitContext,
  type Outcome,
  type Report,
  resultWords,
  VERDICT_WORDS,
  type Judgement
} from '../core/index.js'

/** What the step did, as far as it got, and the one judgement of it once made; the summary reads it. */
export interface StepReport extends Report {
  judgement?: Judgement | undefined
  /** Why the step itself failed after the deploy (its outputs could not be written), over the judgement's message. */
  problem?: string | undefined
}

/** Pure: the rows of the bugs table: name (linked), priority, blocking, new. */
export function bugRows(report: StepReport): string[][] {
  return (report.verdict?.bugs ?? []).map(bug => [
    bug.url
      ? `<a href="${escape(bug.url)}">${escape(`${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`)}</a>`
      : escape(bug.name),
    bug.priority,
    bug.blocking ? 'blocking' : 'not blocking',
    bug.new ? 'new' : ''
  ])
}

const OUTCOME_TEXT: Record<Outcome, string> = {
  success: '✅ run created',
  failed: '⚠️ no run created',
  aborted: '❌ aborted',
  skipped: '⏭️ not notified'
}

/** Pure: the summary table's rows, label then HTML-escaped value; rows with nothing to say are left out. */
export function summaryRows(report: StepReport): [string, string][] {
  // The run's page as the outputs carry it: asked for when the run was created, the deciding run's after a wait.
  const values = outputValuesOf(report)
  const { runUrl } = values
  const rows: [string, string | undefined][] = [
    [
      'Result',
      report.problem
        ? '❌ failure: the step failed'
        : report.judgement && resultWords(report.judgement)
    ],
    ['Artifact', report.artifact && `<code>${escape(report.artifact.name)}</code>`],
    ['App', appText(values, value => `<code>${escape(value)}</code>`)],
    [
      'Artifact link target',
      report.artifact?.target && `<code>${escape(report.artifact.target)}</code>`
    ],
    [
      'Size',
      report.artifact && `${formatBytes(report.artifact.size)} (${report.artifact.size} bytes)`
    ],
    ['SHA-256', report.artifact?.sha256 && `<code>${report.artifact.sha256}</code>`],
    ['Destination', report.destination && `<code>${escape(report.destination)}</code>`],
    [
      'playgroundFileLocation',
      report.playgroundFileLocation && `<code>${escape(report.playgroundFileLocation)}</code>`
    ],
    ['Deployment type', report.deploymentType && escape(report.deploymentType)],
    ['Branch', report.git?.branch && `<code>${escape(report.git.branch)}</code>`],
    ['Commit', commitCell(report.git)],
    [
      'Pull request',
      report.git?.pullRequestNumber !== undefined ? `#${report.git.pullRequestNumber}` : undefined
    ],
    ['Environment', report.environment && escape(report.environment)],
    ['Environment id', report.environmentId && `<code>${escape(report.environmentId)}</code>`],
    ['Outcome', outcomeCell(report)],
    ['Run id', report.runId && `<code>${escape(report.runId)}</code>`],
    ['Verdict', report.verdict && VERDICT_WORDS[report.verdict.verdict]],
    [
      'Run',
      runUrl &&
        `<a href="${escape(runUrl)}">${escape(report.verdict?.runId ?? report.runId ?? 'the run')}</a>`
    ],
    ['Bugs', bugCounts(report)],
    [
      'Environment ended',
      report.terminated &&
        (report.terminated.state === 'already' ? 'already ended before' : '✅ ended')
    ],
    ['Warning', report.warnings.length > 0 ? report.warnings.map(escape).join('<br>') : undefined],
    [
      'Problem',
      (report.problem ?? report.judgement?.message) &&
        escape(report.problem ?? report.judgement!.message!)
    ]
  ]
  return rows.filter((row): row is [string, string] => Boolean(row[1]))
}

function outcomeCell(report: StepReport): string | undefined {
  if (report.preview) return '✅ preview deployment, no run'
  if (report.dryRun) return '⏭️ dry run (nothing uploaded or notified)'
  if (report.outcome === 'skipped' && report.mode === 'wait')
    return '⏭️ wait only (nothing deployed)'
  if (report.outcome === 'skipped' && report.mode === 'upload')
    return '⏭️ not notified (upload only)'
  if (report.outcome === 'success' && report.mode === 'terminate') return '✅ success'
  return report.outcome && OUTCOME_TEXT[report.outcome]
}

function commitCell(git: GitContext | undefined): string | undefined {
  if (!git?.sha) return undefined
  const text = `<code>${escape(git.sha.slice(0, 12))}</code>`
  return git.commitUrl ? `<a href="${escape(git.commitUrl)}">${text}</a>` : text
}

/** A value as HTML text: on one line, controls and invisible characters shown as escapes, markup escaped. */
export function escape(value: string): string {
  return sanitize(value).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)
}

/**
 * GitHub drops a step's summary over 1 MiB whole, the verdict with it: the bug
 * table keeps to this many bytes, and a last row says how many more the run's
 * page lists.
 */
export const MAX_BUG_TABLE_BYTES = 512 * 1024

/** Pure: the bug rows that fit the budget, and a last row naming how many were left out. */
export function rowsWithin(rows: string[][], budget = MAX_BUG_TABLE_BYTES): string[][] {
  let used = 0
  for (const [i, row] of rows.entries()) {
    used += Buffer.byteLength(row.join('')) + 40
    if (used > budget)
      return [...rows.slice(0, i), [`… and ${rows.length - i} more on the run's page`, '', '', '']]
  }
  return rows
}

/**
 * Appends the summary to the file GITHUB_STEP_SUMMARY names now; outside a
 * runner there is nothing to write to. core.summary builds the HTML, but the
 * file is opened here, as core.summary remembers the first path it was given.
 */
export async function writeSummary(report: StepReport, path: string | undefined): Promise<void> {
  if (!path) return
  const summary = core.summary
    .emptyBuffer()
    .addHeading('Mobile build deploy', 3)
    .addTable([
      [
        { data: 'Item', header: true },
        { data: 'Value', header: true }
      ],
      ...summaryRows(report).map(([label, value]) => [label, value])
    ])
  const bugs = rowsWithin(bugRows(report))
  if (bugs.length > 0) {
    summary
      .addHeading('Bugs', 4)
      .addTable([
        ['Bug', 'Priority', 'Blocking', 'New'].map(data => ({ data, header: true })),
        ...bugs
      ])
  }
  const html = summary.stringify()
  core.summary.emptyBuffer()
  await appendFile(path, `${html}${EOL}`)
}
