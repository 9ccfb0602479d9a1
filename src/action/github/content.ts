import {
  blockingCount,
  formatBytes,
  formatMinutes,
  inert,
  outputValuesOf,
  type Bug,
  type Judgement,
  type Report,
  type VerdictName
} from '../../core/index.js'

/**
 * Pure: what the check run and the pull-request comment say. Every value from
 * outside (a file or branch name, the service's words) is made plain text
 * here: no markdown link, image, HTML, mention or issue reference can come
 * out of it, and no secret (the values come redacted from the core).
 */

/** GitHub's conclusions of a completed check run. */
export type CheckConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out' | 'skipped'

/** GitHub refuses a check's summary or text, and a comment, over 65 535 characters: a margin below. */
const MAX_MARKDOWN = 60_000
/** Bugs named in a comment before a link to all of them. */
const COMMENT_BUGS = 10
/** Bugs in a check run's table. */
const CHECK_BUGS = 100

/** The check's name when none is given: one per environment or platform, so that two deployments of a workflow are told apart. */
export function defaultCheckName(environment?: string, deploymentType?: string): string {
  const which = environment || deploymentType
  return which ? `Mobile tests (${which})` : 'Mobile tests'
}

/** The hidden marker that finds this check's comment again on a pull request. */
export function commentMarker(checkName: string): string {
  return `<!-- mobile-build-deploy check=${encodeURIComponent(checkName)} -->`
}

/**
 * Text from outside as markdown that renders as the same text: markdown
 * punctuation escaped, HTML as entities, and mentions, issue references and
 * bare links broken by a zero-width space so that none of them links.
 */
export function markdownText(value: string): string {
  return inert(value)
    .replace(/[\\`*_{}[\]()#+\-.!|~>]/g, c => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/@/g, '@\u200b')
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\bwww\\\./gi, m => `${m.slice(0, 3)}\u200b${m.slice(3)}`)
}

/** A value in a code span: shown literally, a fence longer than any run of backticks in it, pipes escaped for tables. */
export function code(value: string): string {
  const text = inert(value)
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(m => m[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence} ${text.replace(/\|/g, '\\|')} ${fence}`
}

/** A link with our own text to an http(s) URL the core checked; parentheses and spaces encoded so it cannot break out. */
export function link(text: string, url: string | undefined): string {
  if (!url) return text
  const safe = url.replace(/[()<> "'\\]/g, c => encodeURIComponent(c))
  return `[${text}](${safe})`
}

const VERDICT_WORDS: Record<VerdictName, string> = {
  passed: '✅ passed',
  failed: '❌ failed (blocking bugs)',
  canceled: '⏹️ canceled',
  'timed-out': '⌛ timed out (the run goes on)'
}

/** The check run's conclusion for what the step came to. */
export function checkConclusion(report: Report, judgement: Judgement): CheckConclusion {
  switch (report.verdict?.verdict) {
    case 'passed':
      return 'success'
    case 'failed':
      return 'failure'
    case 'canceled':
      return 'cancelled'
    case 'timed-out':
      return 'timed_out'
  }
  if (report.failure?.aborted) return 'cancelled'
  if (judgement.conclusion === 'failure') return 'failure'
  // No run to wait for (a preview environment, or no run made a warning): nothing was tested.
  return 'skipped'
}

/** Where the run is, in a few words for a check's title or a comment's heading. */
export function stateWords(report: Report, stage?: string): string {
  if (report.verdict) return VERDICT_WORDS[report.verdict.verdict]
  if (report.failure) return '❌ the deploy failed'
  if (report.noRun) return '⚠️ no run was created'
  if (report.preview) return '➖ preview deployment, no run'
  if (stage) return `⏳ ${stage}`
  if (report.runId) return '⏳ run created'
  return '⏳ deploying'
}

/** The lines of a table of facts: build, run, commit, environment, stage or verdict. */
function facts(report: Report, stage: string | undefined, judgement?: Judgement): string[] {
  const values = outputValuesOf(report)
  const rows: [string, string | undefined][] = [
    [
      'Build',
      report.artifact &&
        `${code(report.artifact.name)} (${formatBytes(report.artifact.size)}${values.artifactSha256 ? `, SHA-256 ${code(values.artifactSha256.slice(0, 12))}` : ''})${report.destination ? ` → ${code(report.destination)}` : ''}`
    ],
    ['Run', values.runId && link(code(values.runId), values.runUrl)],
    ['Commit', report.git?.sha && link(code(report.git.sha.slice(0, 7)), report.git.commitUrl)],
    ['Environment', report.environment && code(report.environment)],
    ['State', stateWords(report, stage)],
    [
      'Bugs',
      report.verdict &&
        `${countText(blockingCount(report))} blocking, ${countText(values.nonBlockingBugsCount)} non-blocking`
    ],
    [
      'Why',
      judgement?.message && judgement.conclusion !== 'success'
        ? markdownText(judgement.message)
        : undefined
    ]
  ]
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]))
  return ['| | |', '|---|---|', ...shown.map(([label, value]) => `| ${label} | ${value} |`)]
}

function countText(n: number | undefined): string {
  return n === undefined ? 'unknown' : String(n)
}

/** A table of bugs, the first `max`, each name plain text linked to the bug. */
function bugTable(bugs: Bug[], max: number): string[] {
  if (bugs.length === 0) return []
  return [
    '| Bug | Priority | Blocking | New |',
    '|---|---|---|---|',
    ...bugs.slice(0, max).map(bug => {
      const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
      return `| ${link(markdownText(name), bug.url)} | ${bug.priority} | ${bug.blocking ? 'yes' : 'no'} | ${bug.new ? 'new' : ''} |`
    })
  ]
}

/** A check run's output: its title, a summary of the facts and, with a verdict, the bug table. */
export function checkOutput(
  report: Report,
  stage?: string,
  judgement?: Judgement
): { title: string; summary: string; text?: string } {
  const title = stateWords(report, stage).slice(0, 200)
  const summary = facts(report, stage, judgement).join('\n')
  const bugs = report.verdict?.bugs ?? []
  const more =
    bugs.length > CHECK_BUGS
      ? [
          `\nAnd ${bugs.length - CHECK_BUGS} more: ${link('all bugs', report.verdict?.bugsUrl ?? report.verdict?.runUrl)}.`
        ]
      : []
  const text = [...bugTable(bugs, CHECK_BUGS), ...more].join('\n')
  return { title, summary: cap(summary), ...(text ? { text: cap(text) } : {}) }
}

/** The pull-request comment: found again by its marker, edited in place. */
export function commentBody(
  checkName: string,
  report: Report,
  stage?: string,
  judgement?: Judgement,
  workflowRunUrl?: string
): string {
  const blocking = report.verdict?.blockingBugs ?? []
  const all = report.verdict?.bugsUrl ?? report.verdict?.runUrl
  const lines = [
    commentMarker(checkName),
    `### ${markdownText(checkName)}: ${stateWords(report, stage)}`,
    '',
    ...facts(report, stage, judgement)
  ]
  if (blocking.length > 0) {
    lines.push('', `**Blocking bugs** (${blockingCount(report) ?? blocking.length})`, '')
    lines.push(...bugTable(blocking, COMMENT_BUGS))
    if (blocking.length > COMMENT_BUGS || all)
      lines.push(
        '',
        `${link('All bugs of the run', all)}${blocking.length > COMMENT_BUGS ? ` (${blocking.length - COMMENT_BUGS} more blocking)` : ''}`
      )
  }
  if (report.wait && !report.verdict && !report.failure && report.runId)
    lines.push('', `The verdict is awaited for up to ${formatMinutes(report.wait.minutes)}.`)
  lines.push(
    '',
    `<sub>${link('Updated by mobile-build-deploy', workflowRunUrl)} at ${new Date().toISOString()}</sub>`
  )
  return cap(lines.join('\n'))
}

function cap(text: string): string {
  return text.length > MAX_MARKDOWN ? `${text.slice(0, MAX_MARKDOWN)}\n\n…` : text
}
