/**
 * The step's verdict posted to a Slack incoming webhook: one message, a
 * heading with what the step comes to, a section per deployment (its name,
 * its status line, its run, its bugs) and a line of where it ran, by the
 * words every report says them in (words.ts). Within Slack's limits: 50
 * blocks, 150 characters a heading, 3,000 a section, and a message Slack
 * still takes whole (it refuses blocks of more than about 13,000 characters
 * in all); deployments beyond what fits are counted, never dropped in
 * silence, and they are passed ones: the failed and unjudged come first. Every value from outside (a name, an app id, a bug's name, a
 * branch) is shown as code, so that no mention, link or formatting of its
 * own applies; links lead only where every report's may (links.ts). Never
 * required: a Slack that cannot be reached is a warning.
 */
import type { Frozen } from '../shared/frozen.js'
import type { ContextBlock, HeaderBlock, KnownBlock, SectionBlock } from '@slack/types'
import { ref } from '../shared/option-refs.js'
import type { Deployment, StepFacts } from './facts.js'
import { withTrustedLinks } from './links.js'
import type { ReportContext, Reporter } from './reporter.js'
import { bugCounts } from './rows.js'
import { attentionFirst } from './judgement.js'
import { PLATFORM_NAMES, statusLine, tallyWords } from './words.js'

/** Slack's limits on a message's blocks, and the part of them this message keeps for itself. */
export const SLACK_LIMITS = {
  blocks: 50,
  header: 150,
  section: 3000,
  /** Slack answers msg_blocks_too_long past about 13,000 characters of blocks: this message stays well under. */
  message: 11_000
} as const
/** Bugs named in a deployment's section; the rest are counted and linked. */
const BUGS_SHOWN = 5
/** A value from outside, cut to this many characters. */
const VALUE_CHARACTERS = 120

export function slackWebhook(url: string, context: ReportContext): Reporter {
  return {
    name: `Slack message (${ref('slackWebhook')})`,
    async finish(facts: Frozen<StepFacts>): Promise<void> {
      if (facts.deployments.some(deployment => deployment.dryRun)) {
        context.log.info(`A dry run posts nothing to ${ref('slackWebhook')}.`)
        return
      }
      // A collect that completed nothing has nothing to say: a schedule's every run would post.
      if (facts.collect && facts.deployments.length === 0) return
      const message = slackMessage(facts, context)
      await context.send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        body: context.secrets.redactValue(JSON.stringify(message))
      })
    }
  }
}

/** Pure: the message: its blocks, and the text a notification shows. */
export function slackMessage(
  facts: Frozen<StepFacts>,
  context: Pick<ReportContext, 'origins' | 'workflowRunUrl'>
): { text: string; blocks: KnownBlock[] } {
  // The failed and unjudged first: past Slack's limits only passed deployments are counted instead of shown.
  const deployments = attentionFirst(facts.deployments).map(d =>
    withTrustedLinks(d, context.origins)
  )
  const heading = `Mobile build ${facts.collect ? 'collect' : 'deploy'}: ${headingWords(facts, deployments)}`
  const header: HeaderBlock = {
    type: 'header',
    text: { type: 'plain_text', text: cut(heading, SLACK_LIMITS.header), emoji: true }
  }
  const where = contextBlock(deployments[0], context)
  // The heading and where it ran first; each deployment's section within what is left.
  const room = SLACK_LIMITS.blocks - 3
  const shown = deployments.slice(0, room)
  const sections = sectionsOf(shown)
  const rest = deployments.length - shown.length
  if (rest > 0)
    sections.push(
      section(
        `And ${rest} more deployment(s)${foldWords(deployments.slice(shown.length))}: ${link(context.workflowRunUrl, 'the workflow run') || 'see the job summary'}.`
      )
    )
  return {
    text: cut(heading, SLACK_LIMITS.header),
    blocks: [header, ...sections, ...(where ? [where] : [])]
  }
}

/**
 * The deployments' sections within the message's room: an equal share each
 * at first; the room the passed ones leave over (a name and ✅ take little)
 * goes to the failed and unjudged, so that their bugs are shown.
 */
function sectionsOf(shown: readonly Frozen<Deployment>[]): SectionBlock[] {
  const total = SLACK_LIMITS.message - 1000
  const each = Math.min(SLACK_LIMITS.section, Math.floor(total / Math.max(1, shown.length)))
  const passed = new Map(
    shown.filter(d => !notPassed(d)).map(d => [d, deploymentText(d, each)] as const)
  )
  const others = shown.length - passed.size
  const used = [...passed.values()].reduce((sum, text) => sum + text.length, 0)
  const more = Math.min(
    SLACK_LIMITS.section,
    Math.max(each, Math.floor((total - used) / Math.max(1, others)))
  )
  return shown.map(d => section(passed.get(d) ?? deploymentText(d, more)))
}

/** A deployment whose run did not pass, or that has no verdict: never folded while one that passed is shown. */
function notPassed(deployment: Frozen<Deployment>): boolean {
  return deployment.verdict?.verdict !== 'passed' || deployment.judgement?.conclusion === 'failure'
}

/**
 * What the heading says the step came to: a collect its collected verdicts
 * (its own judgement only says whether collecting worked), several
 * deployments their verdicts counted, one its own (words.ts).
 */
function headingWords(
  facts: Frozen<StepFacts>,
  deployments: readonly Frozen<Deployment>[]
): string {
  if (facts.collect && facts.judgement.conclusion !== 'failure' && deployments.length === 1)
    return statusLine(deployments[0]!)
  return tallyWords(facts.judgement, deployments)
}

/** What the deployments past Slack's limits are: passed ones only, unless more failed or went unjudged than a message shows. */
function foldWords(folded: readonly Frozen<Deployment>[]): string {
  const others = folded.filter(notPassed).length
  return others === 0 ? ', each ✅ passed' : ` (${others} of them not passed)`
}

/**
 * A deployment's lines, within `room` characters: its name and where it
 * stands always (cut to fit), then its app, run and bug counts, the skip's
 * reason, and its bugs, each while it fits: a line is whole or left out,
 * never cut inside its markup.
 */
function deploymentText(deployment: Frozen<Deployment>, room: number): string {
  const { verdict } = deployment
  const runId = verdict?.runId ?? deployment.runId
  const runUrl = verdict?.runUrl ?? deployment.runUrl
  const max = Math.max(20, Math.min(VALUE_CHARACTERS, Math.floor(room / 3)))
  const app = deployment.build?.platform
    ? `${PLATFORM_NAMES[deployment.build.platform]} ${code(deployment.build.appId, max)}`
    : undefined
  const counts = bugCounts(deployment)
  const facts = [
    app,
    runId ? `run ${link(runUrl, runId) || code(runId, max)}` : undefined,
    counts && `bugs: ${escape(counts)}`
  ].filter(Boolean)
  const bugs = verdict?.bugs ?? []
  const more = bugs.length - BUGS_SHOWN
  const optional = [
    facts.join(' · '),
    deployment.skipped ? `because ${code(deployment.skipped.reason, max)}` : '',
    ...bugs.slice(0, BUGS_SHOWN).map(bug => {
      const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`
      const about = [escape(bug.priority), bug.blocking ? 'blocking' : '', bug.new ? 'new' : '']
        .filter(Boolean)
        .join(', ')
      return `• ${link(bug.url, cut(name, max), true) || code(name, max)} (${about})`
    }),
    more > 0
      ? `…and ${more} more: ${link(verdict?.bugsUrl ?? runUrl, 'all bugs') || 'see the run'}`
      : ''
  ].filter(Boolean)
  let text = `*${code(deployment.name, max)}*\n${escape(cut(statusLine(deployment), Math.floor(room / 2)))}`
  for (const line of optional) {
    if (text.length + line.length + 1 > room) break
    text += `\n${line}`
  }
  return text
}

/** Where the step ran: the commit, its branch, the workflow run. */
function contextBlock(
  deployment: Frozen<Deployment> | undefined,
  context: Pick<ReportContext, 'workflowRunUrl'>
): ContextBlock | undefined {
  const git = deployment?.git
  const parts = [
    git?.sha
      ? `commit ${link(git.commitUrl, git.sha.slice(0, 12)) || code(git.sha.slice(0, 12))}`
      : undefined,
    git?.branch ? `on ${code(git.branch)}` : undefined,
    git?.pullRequestNumber !== undefined ? `pull request #${git.pullRequestNumber}` : undefined,
    context.workflowRunUrl ? link(context.workflowRunUrl, 'workflow run') : undefined
  ].filter(Boolean)
  if (parts.length === 0) return undefined
  return { type: 'context', elements: [{ type: 'mrkdwn', text: parts.join(' · ') }] }
}

function section(text: string): SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } }
}

/** Slack's mrkdwn escapes: `&`, `<` and `>`, the only ones it has. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * A value from outside as code, on one line: inside it Slack applies no
 * formatting, mention or link. A backtick, which would end it, is shown as
 * a modifier letter grave accent.
 */
function code(value: string, max = VALUE_CHARACTERS): string {
  const line = cut(value.replace(/[\r\n\t]+/g, ' ').replace(/`/g, 'ˋ'), max).trim()
  return line ? `\`${escape(line)}\`` : '(none)'
}

/** `<url|text>`, the URL's `|`, `<` and `>` encoded; empty where there is no URL. `asCode` shows the text as code. */
function link(url: string | undefined, text: string, asCode = false): string {
  if (!url) return ''
  const safe = url.replace(/[|<>\s]/g, c => encodeURIComponent(c))
  // Slack ends a link's URL at its first `|`; one in the label is shown as a broken bar all the same.
  const label = asCode ? code(text.replace(/\|/g, '¦')) : escape(text.replace(/[\r\n|]+/g, ' '))
  return `<${safe}|${label}>`
}

/** A text cut to `max` characters, an ellipsis at the cut. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
