/**
 * Shows the deploy where GitLab's reviewers look: a commit status per
 * deployment on the pipeline's commit (`running` once its run exists, then
 * its conclusion by the one judgement: status.ts) and one note on the merge
 * request, edited in place (host/our-comment.ts), the same composition as
 * GitHub's comment (report/comment.ts). As on GitHub, the deploy never
 * waits on GitLab: events say what GitLab should show, each written beside
 * the deploy by a Writer (the newest state only, spaced), and the step's end
 * gives the last writes a bounded time. GitLab refuses a status moved to the
 * state it has, so a status is written only when its state changes. A
 * failure of GitLab's side is told once per kind and never changes the
 * step's result. A step reported later leaves each status of a created run
 * `running` and its note carrying the facts a collect completes them from
 * (note.ts).
 */
import { setMaxListeners } from 'node:events'
import { OurComment } from '../host/our-comment.js'
import type { DeployEvent } from '../report/events.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { MAX_STEP_BUILDS } from '../shared/option-table.js'
import type { ClientLimits } from '../github/resources.js'
import { finishMs, idleWithin, Writer, type Wanted } from '../github/writer.js'
import type { GitLabClient } from './client.js'
import { noteBody } from './note.js'
import type { GitLabPlan } from './plan.js'
import { statusWrite } from './status.js'

type Kind = 'status' | 'note'

export class GitLabReporter implements Reporter {
  readonly name = 'GitLab commit status'
  private client?: Promise<GitLabClient>
  private deadline?: number
  private deployments: readonly Deployment[] = []
  private readonly statuses = new Map<number, Writer>()
  private readonly told = new Set<Kind>()
  private readonly stop = new AbortController()
  private readonly note: Writer
  private ourNote?: OurComment

  constructor(
    private readonly plan: GitLabPlan,
    private readonly log: Pick<Log, 'notice' | 'warning'>,
    private readonly load: (plan: GitLabPlan, limits: ClientLimits) => Promise<GitLabClient>
  ) {
    this.note = this.writer('note', (wanted, signal) => this.writeNote(wanted, signal))
    // Every deployment's writes listen to this stop: a step of many builds is no leak.
    setMaxListeners(MAX_STEP_BUILDS * 4, this.stop.signal)
  }

  onEvent(event: DeployEvent, deployments: readonly Deployment[], index: number): void {
    this.deployments = deployments
    switch (event.type) {
      case 'notified':
        this.wantNote()
        return
      case 'waiting':
        this.wantStatus(index)
        this.wantNote()
        return
      case 'status':
        this.wantNote()
        return
      default:
        return
    }
  }

  /** The last writes: each deployment's status with its conclusion, the note as the step ends, within finishMs. */
  async finish(facts: StepFacts): Promise<void> {
    const allowed = finishMs(facts.deployments.length)
    this.deadline = clock.now() + allowed
    this.deployments = facts.deployments
    for (const index of facts.deployments.keys()) this.wantStatus(index, true)
    this.wantNote(true)
    await idleWithin([this.note, ...this.statuses.values()], allowed, this.stop, 'GitLab')
  }

  private writer(kind: Kind, write: Writer['write']): Writer {
    return new Writer(write, this.stop.signal, error => this.give(kind, error))
  }

  private wantStatus(index: number, final = false): void {
    if (!this.plan.statuses) return
    const deployment = this.deployments[index]!
    // Running only once its run exists; a deployment that created none is written only with its conclusion.
    if (!final && !deployment.runId) return
    // A verdict a collect brings: its status stays running until the collect completes it.
    const completed = final && !isPending(deployment)
    const fields = statusWrite(deployment, { ...this.plan, completed })
    let writer = this.statuses.get(index)
    if (!writer) {
      writer = this.writer('status', wanted => this.writeStatus(wanted))
      this.statuses.set(index, writer)
    }
    // GitLab refuses a status moved to the state it has: one write per state.
    const scrubbed = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        typeof value === 'string' ? this.plan.secrets.redactValue(value) : value
      ])
    )
    writer.want({ fields: scrubbed, key: fields.state, final })
  }

  private async writeStatus(wanted: Wanted): Promise<void> {
    const client = await this.connect()
    await client.postStatus(this.plan.sha, wanted.fields as never)
  }

  private wantNote(final = false): void {
    if (this.plan.mergeRequest === undefined) return
    const { sha, pipelineId, ref } = this.plan
    const body = this.plan.secrets.redactValue(
      noteBody(this.deployments, { ...this.plan, status: { sha, pipelineId, ref } })
    )
    this.note.want({ fields: { body }, key: body, final })
  }

  private async writeNote(wanted: Wanted, signal: AbortSignal): Promise<void> {
    this.ourNote ??= new OurComment(() => this.connect(), this.plan.mergeRequest!)
    const names = this.deployments.map(deployment => deployment.name)
    await this.ourNote.write(String(wanted.fields.body), names, signal)
  }

  private connect(): Promise<GitLabClient> {
    this.client ??= this.load(this.plan, {
      signal: this.stop.signal,
      deadline: () => this.deadline
    })
    return this.client
  }

  /** Tells a failure once per kind, as a warning naming what GitLab said; a refusal stops that kind. */
  private give(kind: Kind, error: unknown): boolean {
    const status = (error as { status?: unknown }).status
    const refused = status === 401 || status === 403 || status === 404 || this.stop.signal.aborted
    if (this.told.has(kind)) return refused
    this.told.add(kind)
    const what = kind === 'status' ? 'The commit status' : 'The merge-request note'
    this.log.warning(
      this.plan.secrets.redact(
        `${what} could not be written on GitLab: ${messageOf(error).replace(/[.\s]*$/, '.')}${kind === 'status' ? ' A status left running holds its pipeline until the job is run again.' : ''} The deploy and its verdict are as this step reports them.`
      ),
      'Not shown on GitLab'
    )
    return refused
  }
}
