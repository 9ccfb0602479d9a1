/**
 * The GitLab reporter of a collect: what a waiting step would have shown,
 * by the same composition (status.ts, note.ts). Each deployment the collect
 * found ended has its commit status completed, on the commit and in the
 * pipeline its deploy wrote it in; then each note it read is written again,
 * the rows collected with their verdicts, the others as they were, and the
 * facts lines sealed again (a collected row is no longer pending, so no
 * later collect asks for it). A write GitLab refuses is a warning, GitLab
 * out of reach a problem that fails the collect (the next one tries
 * again), the token refused the collect's end.
 */
import type { CollectedNote, GitLabCollection } from '../deploy/collect-gitlab.js'
import { BudgetSpent } from '../github/budget.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import type { LinkOrigins } from '../report/links.js'
import type { Reporter } from '../report/reporter.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import { gitlabFailure } from './errors.js'
import { noteBody } from './note.js'
import { statusWrite } from './status.js'

/** What the collect's GitLab reporter writes with. */
export interface CollectedStatusesPlan {
  collection: GitLabCollection
  secrets: Secrets
  origins: LinkOrigins
  log: Pick<Log, 'info' | 'warning' | 'notice'>
  signal?: AbortSignal | undefined
}

export class CollectedStatuses implements Reporter {
  readonly name = 'GitLab commit statuses of the collect'
  /** A verdict that could not be put on its status fails the collect: the next one tries again. */
  readonly required = true
  private readonly problems: string[] = []

  constructor(private readonly plan: CollectedStatusesPlan) {}

  async finish(facts: StepFacts): Promise<void> {
    const { collection } = this.plan
    collection.budget.reserved = 0
    // By note, by row: the collected deployments as the orchestrator judged them.
    const done = new Map<number, Map<number, Deployment>>()
    let completed = 0
    try {
      for (const deployment of facts.deployments) {
        const at = deployment.collectedNote
        if (!at || this.plan.signal?.aborted) continue
        const what = `The status ${quote(deployment.name)}`
        if (!(await this.attempt(what, () => this.complete(deployment, at)))) continue
        completed += 1
        done.set(at.note, (done.get(at.note) ?? new Map()).set(at.row, deployment))
      }
      for (const [index, rows] of done) {
        const note = collection.notes[index]!
        await this.attempt(`The note on merge request !${note.mergeRequest}`, () =>
          this.rewrite(note, rows)
        )
      }
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error
      this.plan.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
    }
    this.plan.log.info(
      `Collected: ${completed} commit status(es) completed, ${facts.collect?.pending ?? 0} still waiting for their run, ${collection.client.requestCount()} request(s) to GitLab's API.`
    )
    if (this.problems.length > 0) throw new Error(this.problems.join(' '))
  }

  /** One deployment's status completed with its verdict, where its deploy wrote it. */
  private async complete(deployment: Deployment, at: { note: number; row: number }): Promise<void> {
    const note = this.plan.collection.notes[at.note]!
    const { status: place, workflowRunUrl } = note.step[at.row]!
    const fields = statusWrite(deployment, {
      completed: true,
      origins: this.plan.origins,
      pipelineUrl: workflowRunUrl,
      pipelineId: place?.pipelineId,
      ref: place?.ref
    })
    const scrubbed = {
      ...fields,
      name: this.plan.secrets.redactValue(fields.name),
      description: fields.description && this.plan.secrets.redactValue(fields.description)
    }
    await this.plan.collection.client.postStatus(place!.sha, scrubbed)
    this.plan.log.info(
      `Status ${quote(deployment.name)} on merge request !${note.mergeRequest}: run ${deployment.runId} ended, the status is ${fields.state}.`
    )
  }

  /** The note written again: every row of its step, the collected ones with their verdicts. */
  private async rewrite(note: CollectedNote, rows: ReadonlyMap<number, Deployment>): Promise<void> {
    const first = note.step[0]!
    const deployments = note.step.map((facts, row) => rows.get(row) ?? facts.deployment)
    const body = noteBody(deployments, {
      origins: this.plan.origins,
      pipelineUrl: first.workflowRunUrl,
      seal: this.plan.collection.seal,
      status: first.status!
    })
    await this.plan.collection.client.updateComment(
      note.mergeRequest,
      note.noteId,
      this.plan.secrets.redactValue(body)
    )
  }

  /** Runs one write; what a failure comes to by the collect's rule. True when it was written. */
  private async attempt(what: string, write: () => Promise<void>): Promise<boolean> {
    try {
      await write()
      return true
    } catch (error) {
      if (error instanceof BudgetSpent || this.plan.signal?.aborted) throw error
      const comes = gitlabFailure(error, what)
      if ('stop' in comes) throw comes.stop
      if ('warning' in comes)
        this.plan.log.warning(this.plan.secrets.redact(comes.warning), 'Not collected')
      else this.problems.push(this.plan.secrets.redact(comes.problem))
      return false
    }
  }
}
