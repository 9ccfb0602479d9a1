/**
 * GitLab's side of a collect's reporter (host/collected.ts): what a waiting
 * step would have shown, by the same composition (status.ts, note.ts). Each
 * deployment the collect found ended has its commit status completed, on
 * the commit and in the pipeline its deploy wrote it in; then each note it
 * read is written again, the rows collected with their verdicts, the others
 * as they were, and the facts lines sealed again (a collected row is no
 * longer pending, so no later collect asks for it).
 */
import type { Frozen } from '../shared/frozen.js'
import type { Budget } from '../host/budget.js'
import type { PendingFacts } from '../report/pending.js'
import type { Seal } from '../report/seal.js'
import type { GitLabClient } from './client.js'
import { stepsOfKept, type CollectedSide, type CollectFailure } from '../host/collected.js'
import type { Deployment } from '../report/facts.js'
import type { LinkOrigins } from '../report/links.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import { GitLabError, gitlabFailure } from './errors.js'
import { noteBody } from './note.js'
import { statusWrite } from './status.js'

/** A note a collect read: where it is, and the step it carries, each deployment by its facts. */
export interface CollectedNote {
  mergeRequest: number
  noteId: number
  /** Its body as the collect read it: a note written again since is not written over. */
  body: string
  step: PendingFacts[]
}

/** GitLab as a collect used it: its reporter writes with the same client, budget and seal. */
export interface GitLabCollection {
  client: GitLabClient
  budget: Budget
  seal: Seal
  /** The notes whose deployments it collected; a deployment's `collectedNote` points here. */
  notes: CollectedNote[]
}

/** What the collect's GitLab side writes with. */
export interface CollectedStatusesPlan {
  collection: GitLabCollection
  secrets: Secrets
  origins: LinkOrigins
  log: Pick<Log, 'info'>
}

export class CollectedStatuses implements CollectedSide {
  readonly name = 'GitLab commit statuses of the collect'
  readonly completes = 'commit status(es)'
  readonly host = 'GitLab'
  readonly budget: Budget

  constructor(private readonly plan: CollectedStatusesPlan) {
    this.budget = plan.collection.budget
  }

  requestCount(): number {
    return this.plan.collection.client.requestCount()
  }

  owns(deployment: Frozen<Deployment>): boolean {
    return deployment.collectedNote !== undefined
  }

  /** One deployment's status completed with its verdict, where its deploy wrote it. */
  async complete(deployment: Frozen<Deployment>): Promise<void> {
    const { note, facts } = this.placeOf(deployment)
    const place = facts.status!
    const fields = statusWrite(deployment, {
      completed: true,
      origins: this.plan.origins,
      pipelineUrl: facts.workflowRunUrl,
      pipelineId: place.pipelineId,
      ref: place.ref
    })
    const scrubbed = {
      ...fields,
      name: this.plan.secrets.redactValue(fields.name),
      description: fields.description && this.plan.secrets.redactValue(fields.description)
    }
    try {
      await this.plan.collection.client.postStatus(place.sha, scrubbed)
    } catch (error) {
      // A collect whose note write failed completed this status already: it says the verdict, and the note heals now.
      if (!alreadyIn(error, fields.state)) throw error
    }
    this.plan.log.info(
      `Status ${quote(deployment.name)} on merge request !${note.mergeRequest}: run ${deployment.runId} ended, the status is ${fields.state}.`
    )
  }

  /** The completed deployments by the note that carried them. */
  steps(completed: readonly Frozen<Deployment>[]): Frozen<Deployment>[][] {
    return stepsOfKept(completed)
  }

  /**
   * The note written again: every row of its step, the collected ones with
   * their verdicts; unless a deploy wrote it again since the collect read it
   * (its facts are then newer than these): the next collect reads that one.
   */
  async rewrite(step: readonly Frozen<Deployment>[]): Promise<void> {
    const { note } = this.placeOf(step[0]!)
    const now = await this.plan.collection.client.readNote(note.mergeRequest, note.noteId)
    if (now.body !== note.body) {
      this.plan.log.info(
        `The note on merge request !${note.mergeRequest} was written again since this collect read it: it is left for the next collect.`
      )
      return
    }
    const rows = new Map(step.map(deployment => [deployment.collectedNote!.row, deployment]))
    const [first] = note.step
    const deployments = note.step.map((facts, row) => rows.get(row) ?? facts.deployment)
    const body = noteBody(deployments, {
      origins: this.plan.origins,
      pipelineUrl: first!.workflowRunUrl,
      seal: this.plan.collection.seal,
      status: first!.status!
    })
    await this.plan.collection.client.updateComment(
      note.mergeRequest,
      note.noteId,
      this.plan.secrets.redactValue(body)
    )
  }

  failure(error: unknown, what: string): CollectFailure {
    return gitlabFailure(error, what)
  }

  where(deployment: Frozen<Deployment>): string {
    const { note } = this.placeOf(deployment)
    return `The status ${quote(deployment.name)} on merge request !${note.mergeRequest}`
  }

  private placeOf(deployment: Frozen<Deployment>): {
    note: CollectedNote
    facts: CollectedNote['step'][number]
  } {
    const at = deployment.collectedNote!
    const note = this.plan.collection.notes[at.note]!
    return { note, facts: note.step[at.row]! }
  }
}

/** Whether GitLab refused a status because it already is in `state` (its words: `Cannot transition status via :x from :state`). */
function alreadyIn(error: unknown, state: string): boolean {
  return (
    error instanceof GitLabError &&
    error.status === 400 &&
    new RegExp(`Cannot transition status via :\\w+ from :${state}\\b`).test(error.message)
  )
}
