import {
  appText,
  blockingCount,
  bugCounts,
  formatBytes,
  formatMinutes,
  sanitize,
  outputValuesOf,
  resultWords,
  VERDICT_WORDS,
  type Bug,
  type Judgement,
  type Report,
  type VerdictStatus
} from '../../core/index.js'

/**
 * Pure: what the check run and the pull-request comment say, in GitHub's
 * markdown. The product's own words are the only markdown; every value from
 * outside (a file, branch or check name, the service's words, a message) is
 * a code span, where GitHub links no mention (`@team`), no issue or pull
 * request (`#12`, `GH-12`, `owner/repo#12`), no commit, no URL, and renders no
 * markup or HTML. Invisible characters are shown as escapes, and no value can
 * open an HTML comment, so none can carry the comment's marker. Links are
 * ours: built from a parsed http(s) URL with every character outside a small
 * safe set percent-encoded. Both outputs keep within GitHub's limits.
 */

/** GitHub's conclusions of a completed check run. */
export type CheckConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out' | 'skipped'

/** GitHub refuses a check run's summary or text over 65,535 UTF-8 bytes, and a comment over 65,536 characters. */
export const MAX_CHECK_OUTPUT_BYTES = 65_535
export const MAX_COMMENT_CHARACTERS = 65_536
/** Bugs named in a comment before a link to all of them. */
const COMMENT_BUGS = 10
/** Bugs in a check run's table. */
const CHECK_BUGS = 100

/** The check's name when none is given: one per environment or platform, so that two deployments of a workflow are told apart. */
export function defaultCheckName(environment?: string, deploymentType?: string): string {
  const which = environment || deploymentType
  return which ? `Mobile tests (${which})` : 'Mobile tests'
}

/**
 * The hidden marker that finds this check's comment again: the first line of
 * the comment, exactly. The name is percent-encoded, so two names never share
 * a marker and no name can end the HTML comment early.
 */
export function commentMarker(checkName: string): string {
  return `<!-- mobile-build-deploy check=${encodeURIComponent(checkName)} -->`
}

/** Whether a comment's body carries this check's marker, as its first line and nowhere else. */
export function carriesMarker(body: string, checkName: string): boolean {
  const marker = commentMarker(checkName)
  return body === marker || body.startsWith(`${marker}\n`)
}

/**
 * A value as code: shown literally, whatever it holds. The fence is longer
 * than any run of backticks in it, and one space inside each end keeps a
 * backtick at either end apart from the fence. In a table a pipe is escaped
 * (GFM reads `\|` in a cell, code included, as the pipe). Two places are
 * split into two spans: between `<` and `!`, so that no value can open an
 * HTML comment, and in a table between a backslash and a pipe, where
 * renderers disagree on which of the two the backslash escapes.
 */
export function code(value: string, { table = true } = {}): string {
  const split = table ? /(?<=<)(?=!)|(?<=\\)(?=\|)/ : /(?<=<)(?=!)/
  return sanitize(value)
    .split(split)
    .map(part => {
      const longest = Math.max(0, ...[...part.matchAll(/`+/g)].map(m => m[0].length))
      const fence = '`'.repeat(longest + 1)
      const text = table ? part.replace(/\|/g, '\\|') : part
      // Spaces alone are kept as they are; otherwise one space each side is the renderer's to strip.
      return /^ *$/.test(text) ? `${fence}${text || ' '}${fence}` : `${fence} ${text} ${fence}`
    })
    .join(' ')
}

// What a link's address keeps as it is: letters, digits and the URL delimiters that mean nothing to markdown.
const HREF_KEEPS = /^[A-Za-z0-9\-./:?#=&%+,;@!$~]$/

/**
 * A link's address, from a parsed http(s) URL without user info, every other
 * character percent-encoded as UTF-8 (parentheses, quotes, brackets, angle
 * brackets, backticks, pipes, asterisks, underscores, backslashes, spaces)
 * and `&` written as the entity markdown decodes; undefined for anything
 * else. Percent-encoding an unreserved character (`_`, `*`) leaves the URL
 * the same one (RFC 3986, 6.2.2.2).
 */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined
  if (parsed.username || parsed.password) return undefined
  return [...parsed.href]
    .map(c =>
      HREF_KEEPS.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')]
            .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('')
    )
    .join('')
    .replace(/&/g, '&amp;')
}

/** A link with our own text (words, or a code span) to a safe address; the text alone when there is none. */
export function link(text: string, url: string | undefined): string {
  const href = safeHref(url)
  return href ? `[${text}](${href})` : text
}

/**
 * The check run's conclusion: the one judgement in GitHub's words. A
 * success with nothing tested (no run waited for) is `skipped`.
 */
export function checkConclusion(report: Report, judgement: Judgement): CheckConclusion {
  switch (judgement.cause) {
    case 'timed-out':
      return 'timed_out'
    case 'canceled':
      return 'cancelled'
  }
  if (judgement.conclusion === 'failure') return 'failure'
  return report.verdict ? 'success' : 'skipped'
}

/** Where the run is, in a few words for a check's title or a comment's heading. */
export function stateWords(report: Report, stage?: string): string {
  if (report.verdict) return VERDICT_WORDS[report.verdict.verdict]
  if (report.failure?.aborted) return '⏹️ stopped before the verdict'
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
  const sha256 = values.artifactSha256
    ? `, SHA-256 ${code(values.artifactSha256.slice(0, 12))}`
    : ''
  const rows: [string, string | undefined][] = [
    [
      'Build',
      report.artifact &&
        `${code(report.artifact.name)} (${formatBytes(report.artifact.size)}${sha256})${report.destination ? ` → ${code(report.destination)}` : ''}`
    ],
    ['App', appText(values, value => code(value))],
    ['Run', values.runId && link(code(values.runId), values.runUrl)],
    ['Commit', report.git?.sha && link(code(report.git.sha.slice(0, 7)), report.git.commitUrl)],
    ['Environment', report.environment && code(report.environment)],
    ['Result', judgement && resultWords(judgement)],
    ['State', stateWords(report, stage)],
    ['Bugs', bugCounts(report)],
    [
      'Why',
      // A failed verdict's message names the blocking bugs, which the bug table shows.
      judgement?.message &&
      judgement.conclusion !== 'success' &&
      report.verdict?.verdict !== 'failed'
        ? code(judgement.message)
        : undefined
    ]
  ]
  const shownRows = rows.filter((row): row is [string, string] => Boolean(row[1]))
  return ['| | |', '|---|---|', ...shownRows.map(([label, value]) => `| ${label} | ${value} |`)]
}

/** A table of bugs, the first `max`, each name a code span linked to the bug. */
function bugTable(bugs: Bug[], max: number): string[] {
  if (bugs.length === 0) return []
  return [
    '| Bug | Priority | Blocking | New |',
    '|---|---|---|---|',
    ...bugs.slice(0, max).map(bug => {
      const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
      return `| ${link(code(name), bug.url)} | ${bug.priority} | ${bug.blocking ? 'yes' : 'no'} | ${bug.new ? 'new' : ''} |`
    })
  ]
}

/** Where the rest of what GitHub's limits cut is: the run's page and this workflow run's job summary. */
function elsewhere(report: Report, workflowRunUrl: string | undefined): string {
  const places = [
    link('the run’s page', report.verdict?.bugsUrl ?? outputValuesOf(report).runUrl),
    link('the job summary', workflowRunUrl)
  ]
  return `The rest is on ${places.join(' and in ')}.`
}

/** A check run's output: its title, a summary of the facts and, with a verdict, the bug table; each within GitHub's limit in UTF-8 bytes. */
export function checkOutput(
  report: Report,
  stage?: string,
  judgement?: Judgement,
  workflowRunUrl?: string
): { title: string; summary: string; text?: string } {
  const title = stateWords(report, stage)
  const bytes = (text: string): boolean => Buffer.byteLength(text, 'utf8') <= MAX_CHECK_OUTPUT_BYTES
  const rest = `…\n\n${elsewhere(report, workflowRunUrl)}`
  const summary = cut(facts(report, stage, judgement), bytes, rest)
  const bugs = report.verdict?.bugs ?? []
  const more =
    bugs.length > CHECK_BUGS
      ? [
          '',
          `And ${bugs.length - CHECK_BUGS} more: ${link('all bugs', report.verdict?.bugsUrl ?? report.verdict?.runUrl)}.`
        ]
      : []
  const text = cut([...bugTable(bugs, CHECK_BUGS), ...more], bytes, rest)
  return { title, summary, ...(text ? { text } : {}) }
}

/** The pull-request comment: found again by its marker, edited in place; within GitHub's limit in characters. */
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
    `### ${code(checkName, { table: false })}: ${stateWords(report, stage)}`,
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
  lines.push('', `<sub>${link('Updated by mobile-build-deploy', workflowRunUrl)}</sub>`)
  // Characters as GitHub counts them never outnumber UTF-16 units: a body within the limit in units is within it.
  return cut(
    lines,
    text => text.length <= MAX_COMMENT_CHARACTERS,
    `…\n\n${elsewhere(report, workflowRunUrl)}`
  )
}

/**
 * The lines joined, or as many whole lines as fit with `rest` after them: a
 * line is never cut inside, where a code span could be left open and a value
 * in it read as markdown.
 */
function cut(lines: string[], fits: (text: string) => boolean, rest: string): string {
  const whole = lines.join('\n')
  if (fits(whole)) return whole
  const kept = [...lines]
  while (kept.length > 0 && !fits(`${kept.join('\n')}\n\n${rest}`)) kept.pop()
  return `${kept.join('\n')}\n\n${rest}`
}

/** A stage as a check's title and a comment say it. */
export function stageWords(status: VerdictStatus): string {
  const { answer } = status
  switch (status.stage) {
    case 'initializing':
      return 'initializing'
    case 'underReview':
      return answer.underInvestigation !== undefined
        ? `under review: ${answer.underInvestigation} workflow(s) under investigation`
        : 'under review'
    case 'completed':
      return 'completed'
    case 'canceled':
      return 'canceled'
    default:
      return 'waiting for the verdict'
  }
}
