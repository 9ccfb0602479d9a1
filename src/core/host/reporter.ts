/**
 * Shows a deploy where a code host's reviewers look, the same on every host:
 * a status per deployment (GitHub's check run, GitLab's commit status) and
 * one comment on the change request, edited in place (our-comment.ts). A
 * host's side (HostSide: github/reporter.ts, gitlab/reporter.ts) says what a
 * deployment's status is now and writes it; this says when. The deploy never
 * waits on the host: events say what it should show, each kind written
 * beside the deploy by a Writer (the newest state only, at most once per
 * change, spaced), and the step's end gives the last writes finishMs. A
 * failure is told by the side, once per kind, and never changes the step's
 * result but where the side requires its statuses (report-later on GitHub).
 */
import type { Frozen } from '../shared/frozen.js'
import { setMaxListeners } from 'node:events'
import type { DeployEvent } from '../report/events.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import type { Reporter } from '../report/reporter.js'
import { clock } from '../shared/clock.js'
import { MAX_STEP_BUILDS } from '../shared/option-table.js'
import type { ClientLimits } from './limits.js'
import { finishMs, idleWithin, Writer, type Wanted } from './writer.js'
import type { CommentHost } from './comment-host.js'
import { OurComment } from './our-comment.js'

/** The two kinds of write on a code host. */
export type HostWrite = 'status' | 'comment'

/** What a failed write comes to: told (the first of its kind only), and whether that kind stops. */
export interface Failure {
  error: unknown
  /** The step's writes were stopped (its end, or the caller's stop). */
  stopped: boolean
  /** The step's end stopped it: the host did not answer within the time given. */
  late: boolean
  /** Within that time, in ms. */
  allowed?: number | undefined
}

/** A code host's side of the reporter: its statuses, its comments, its words for a failure. */
export interface HostSide {
  /** What it writes, for a warning when it cannot. */
  readonly name: string
  /** The host's name in messages: `GitHub`, `GitLab`. */
  readonly host: string
  /** A status that could not be written fails the step (report-later's check run: nothing else brings the verdict). */
  readonly required: boolean
  /** The change request whose one comment the step writes, or none. */
  readonly change: number | undefined
  /** The comments of that change request, as the comment seam has them. */
  comments(): Promise<CommentHost>
  /** The comment's body now, redacted. */
  commentBody(deployments: readonly Frozen<Deployment>[]): string
  /** A deployment's status now (`final` at the step's end), or undefined when none is written yet. */
  statusWanted(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    final: boolean
  ): Wanted | undefined
  /** Writes it: created the first time, then updated. */
  writeStatus(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    wanted: Wanted,
    signal: AbortSignal
  ): Promise<void>
  /** A run's status event: whether the deployment's status shows something new (GitHub's check shows its stage). */
  staged(
    event: Extract<DeployEvent, { type: 'status' }>,
    deployment: Frozen<Deployment>,
    index: number
  ): boolean
  /** Whether a failure of this kind stops its writes (a refusal), and, when `tell`, says it once. */
  failed(kind: HostWrite, failure: Failure, tell: boolean): boolean
  /**
   * The step's one write of the host's own kind in place of the comment
   * (Bitbucket's Code Insights report): what it says now, and writing it.
   * A side without it writes the comment on its change request.
   */
  stepWanted?(deployments: readonly Frozen<Deployment>[], final: boolean): Wanted | undefined
  writeStep?(
    deployments: readonly Frozen<Deployment>[],
    wanted: Wanted,
    signal: AbortSignal
  ): Promise<void>
  /** After the last writes: a side that requires its statuses throws for those never written. */
  finished?(facts: Frozen<StepFacts>): void
}

export class HostReporter implements Reporter {
  readonly name: string
  readonly required: boolean
  private readonly side: HostSide
  private deployments: readonly Frozen<Deployment>[] = []
  private readonly statuses = new Map<number, Writer>()
  private readonly told = new Set<HostWrite>()
  private readonly stop = new AbortController()
  private readonly comment: Writer
  private ourComment?: OurComment
  private deadline?: number
  private allowed?: number

  /** `sideOf` makes the host's side with the limits every request of the step's writes keeps. */
  constructor(sideOf: (limits: ClientLimits) => HostSide) {
    this.side = sideOf({ signal: this.stop.signal, deadline: () => this.deadline })
    this.name = this.side.name
    this.required = this.side.required
    this.comment = this.writer('comment', (wanted, signal) => this.writeComment(wanted, signal))
    // Every deployment's writes listen to this stop: a step of many builds is no leak.
    setMaxListeners(MAX_STEP_BUILDS * 4, this.stop.signal)
  }

  onEvent(event: DeployEvent, deployments: readonly Frozen<Deployment>[], index: number): void {
    this.deployments = deployments
    switch (event.type) {
      case 'notified':
        this.wantComment()
        return
      case 'waiting':
        this.wantStatus(index)
        this.wantComment()
        return
      case 'status':
        if (this.side.staged(event, deployments[index]!, index)) this.wantStatus(index)
        this.wantComment()
        return
      default:
        return
    }
  }

  /** The last writes: each deployment's status (its conclusion, or left for a collect), the comment as the step ends, within finishMs. */
  async finish(facts: Frozen<StepFacts>): Promise<void> {
    const allowed = finishMs(facts.deployments.length)
    this.allowed = allowed
    this.deadline = clock.now() + allowed
    this.deployments = facts.deployments
    for (const index of facts.deployments.keys()) this.wantStatus(index, true)
    this.wantComment(true)
    await idleWithin([this.comment, ...this.statuses.values()], allowed, this.stop, this.side.host)
    this.side.finished?.(facts)
  }

  private writer(kind: HostWrite, write: Writer['write']): Writer {
    return new Writer(write, this.stop.signal, error => this.give(kind, error))
  }

  private wantStatus(index: number, final = false): void {
    const wanted = this.side.statusWanted(this.deployments, index, final)
    if (!wanted) return
    let writer = this.statuses.get(index)
    if (!writer) {
      writer = this.writer('status', (wanted, signal) =>
        this.side.writeStatus(this.deployments, index, wanted, signal)
      )
      this.statuses.set(index, writer)
    }
    writer.want(wanted)
  }

  private wantComment(final = false): void {
    if (this.side.stepWanted) {
      const wanted = this.side.stepWanted(this.deployments, final)
      if (wanted) this.comment.want(wanted)
      return
    }
    if (this.side.change === undefined) return
    const body = this.side.commentBody(this.deployments)
    this.comment.want({ fields: { body }, key: body, final })
  }

  private async writeComment(wanted: Wanted, signal: AbortSignal): Promise<void> {
    if (this.side.writeStep) return this.side.writeStep(this.deployments, wanted, signal)
    this.ourComment ??= new OurComment(() => this.side.comments(), this.side.change!)
    const names = this.deployments.map(deployment => deployment.name)
    await this.ourComment.write(String(wanted.fields.body), names, signal)
  }

  /** A failed write: told once per kind by the side; true stops that kind. */
  private give(kind: HostWrite, error: unknown): boolean {
    const first = !this.told.has(kind)
    this.told.add(kind)
    const stopped = this.stop.signal.aborted
    const late = stopped && this.deadline !== undefined
    return this.side.failed(kind, { error, stopped, late, allowed: this.allowed }, first)
  }
}
