/**
 * Pure: a step's note on a GitLab merge request, by the GitHub comment's
 * composition (report/comment.ts), and, when a deployment of the step is
 * reported later, the facts its collect needs. GitLab's commit status has
 * no room for them (a description of 255 characters), so the note carries
 * them: one hidden, sealed line per deployment of the step (pending.ts), in
 * the step's order, each with where its status is. The note is then the
 * whole step: a collect rebuilds it from these lines alone, the rows it
 * collected with their verdicts, the others as they were. The lines carry
 * no rows of their own (the note's lines are the rows), and each is fitted
 * to its share of GitLab's million characters of a note.
 */
import type { Frozen } from '../shared/frozen.js'
import { commentBody } from '../report/comment.js'
import type { Deployment } from '../report/facts.js'
import { withTrustedLinks, type LinkOrigins } from '../report/links.js'
import {
  factsLine,
  readFactsLines,
  type PendingFacts,
  type RefusedFacts,
  type StatusPlace
} from '../report/pending.js'
import type { Seal } from '../report/seal.js'

/** GitLab keeps a note to 1,000,000 characters; what the comment leaves is the facts lines'. */
export const MAX_NOTE_CHARACTERS = 1_000_000

/** What a note is written in: where it may link, the pipeline's page, and, for a step reported later, the seal and where its statuses are. */
export interface NoteContext {
  origins: LinkOrigins
  pipelineUrl?: string | undefined
  seal?: Seal | undefined
  status: StatusPlace
}

/** Pure: the note of a step's deployments; with a seal and a deployment reported later, every deployment's facts line after it. */
export function noteBody(deployments: readonly Frozen<Deployment>[], context: NoteContext): string {
  const shown = deployments.map(d => withTrustedLinks(d, context.origins))
  const body = commentBody(shown, context.pipelineUrl)
  const { seal } = context
  if (!seal || !deployments.some(d => d.reportLater)) return body
  // Each line within its share of what a note holds beside the comment: bugs, then expendable facts, go first.
  const share = Math.floor((MAX_NOTE_CHARACTERS - body.length - 2) / deployments.length) - 1
  const lines = deployments.map(deployment =>
    factsLine(
      {
        deployment,
        rows: [],
        runs: [],
        workflowRunUrl: context.pipelineUrl,
        status: context.status
      },
      seal,
      share
    )
  )
  return `${body}\n\n${lines.join('\n')}`
}

/** A step as its note carries it: each deployment's facts in the step's order, and the lines that cannot be used, each saying why. */
export interface NoteStep {
  deployments: PendingFacts[]
  refused: RefusedFacts[]
}

/** Pure: the step a note of ours carries, or undefined for a note that carries no facts line. */
export function noteStep(body: string, seal: Seal): NoteStep | undefined {
  const read = readFactsLines(body, seal)
  if (read.length === 0) return undefined
  const deployments = read.filter((line): line is PendingFacts => 'deployment' in line)
  const refused = read.filter((line): line is RefusedFacts => 'problem' in line)
  return { deployments, refused }
}
