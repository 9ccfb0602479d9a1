import { setMaxListeners } from 'node:events'
import type { DeployEvent } from '../report/events.js'
import { MAX_STEP_BUILDS } from '../shared/option-table.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import { checkFields, stepOf } from '../report/check-run.js'
import { commentBody } from '../report/comment.js'
import { buildKey } from '../report/identity.js'
import { withTrustedLinks } from '../report/links.js'
import { isPending } from '../report/words.js'
import type { Reporter } from '../report/reporter.js'
import { clock } from '../shared/clock.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { ClientLimits, GitHubClient } from './client.js'
import { OurComment } from '../host/our-comment.js'
import { githubComments } from './comment.js'
import { GitHubError, notShown, type Kind } from './errors.js'
import { scrubbed } from './scrub.js'
import { checkToContinue, continuedText, warnOfCollision } from './collision.js'
import {
  FINISH_MS,
  finishMs,
  idleWithin,
  MIN_WRITE_INTERVAL_MS,
  Writer,
  type Wanted
} from './writer.js'
import type { ReportingPlan } from './plan.js'

export { MIN_WRITE_INTERVAL_MS }

/** One deployment's check run: its id once created, the stage and link it shows, when it started. */
interface CheckState {
  id?: number
  stage?: string
  runUrl?: string
  startedAt?: string
  writer: Writer
}

/**
 * Shows the deploy where reviewers look: a check run on the commit (in
 * progress with the run's link, its stage as it changes, then the verdict)
 * and one pull-request comment edited in place. The deploy never waits on
 * GitHub: events only say what GitHub should show, and each kind is written
 * beside the deploy, the newest state only, at most once per change and
 * never twice within MIN_WRITE_INTERVAL_MS. The end of the step gives the
 * last writes FINISH_MS. A failure of GitHub's side is told once, as a
 * notice or a warning, and never changes the step's result.
 */
export class GitHubReporter implements Reporter {
  readonly name = 'GitHub check run'
  /** With report-later, a check run that cannot be written fails the step: nothing else would bring the verdict. */
  readonly required: boolean
  private client?: Promise<GitHubClient>
  private ourComment?: OurComment
  private deadline?: number
  /** How long the step's end gives its last writes (finishMs). */
  private finishing?: number
  private deployments: readonly Deployment[] = []
  private readonly checks = new Map<number, CheckState>()
  private readonly told = new Set<Kind>()
  /** Why a check run could not be written, in the words a notice would have used. */
  private checkProblem?: string
  private readonly stop = new AbortController()
  private readonly comment: Writer

  constructor(
    private readonly plan: ReportingPlan,
    private readonly log: Pick<Log, 'notice' | 'warning' | 'debug'>,
    private readonly load: (
      token: string,
      baseUrl: string,
      limits: ClientLimits
    ) => Promise<GitHubClient>
  ) {
    this.comment = this.writer('comment', (wanted, signal) => this.writeComment(wanted, signal))
    // Every deployment's writes listen to this stop: a step of many builds is no leak.
    setMaxListeners(MAX_STEP_BUILDS * 4, this.stop.signal)
    this.required = plan.reportLater && plan.check
  }

  private writer(kind: Kind, write: Writer['write']): Writer {
    return new Writer(write, this.stop.signal, error => this.give(kind, error))
  }

  /** Told each event of a deployment; says what GitHub should show now. */
  onEvent(event: DeployEvent, deployments: readonly Deployment[], index: number): void {
    this.deployments = deployments
    switch (event.type) {
      case 'notified':
        this.wantComment()
        return
      case 'waiting':
        this.wantCheck(index)
        this.wantComment()
        return
      case 'status': {
        // The stage is the deployment's fact (the orchestrator writes it); a check is written when it changes.
        const check = this.check(index)
        const { stage } = deployments[index]!
        if (event.status.answer.runUrl) check.runUrl = event.status.answer.runUrl
        if (stage === check.stage) return
        check.stage = stage
        this.wantCheck(index)
        this.wantComment()
        return
      }
      default:
        return
    }
  }

  /**
   * The last reports: each deployment's check completed with its verdict
   * (never left in progress), the comment as the step ends; within FINISH_MS,
   * after which whatever is still under way is given up.
   */
  async finish(facts: StepFacts): Promise<void> {
    const allowed = finishMs(facts.deployments.length)
    this.finishing = allowed
    this.deadline = clock.now() + allowed
    this.deployments = facts.deployments
    if (this.plan.check && this.plan.sha)
      for (const index of facts.deployments.keys()) this.wantCheck(index, true)
    this.wantComment(true)
    const writers = [this.comment, ...[...this.checks.values()].map(check => check.writer)]
    await idleWithin(writers, allowed, this.stop, 'GitHub')
    if (this.required) this.unwritten(facts)
  }

  /**
   * Report-later: a pending deployment whose check run was never created
   * has no way to its verdict (the collect completes check runs it finds),
   * so the step fails, saying why and that the verdict will not arrive.
   */
  private unwritten(facts: StepFacts): void {
    const missing = facts.deployments.filter(
      (deployment, i) => isPending(deployment) && this.checks.get(i)?.id === undefined
    )
    if (missing.length === 0) return
    const why = this.checkProblem ?? 'GitHub did not confirm it.'
    throw new Error(
      `${missing.map(d => quote(d.name)).join(', ')} on commit ${this.plan.sha?.slice(0, 12)}: ${why} With report-later the verdict reaches the pull request only through this check run, which a scheduled collect completes: the verdict of run ${missing.map(d => d.runId).join(', ')} will not reach it. Deploy again once the job may write checks, or wait for the verdict in the job (wait: true).`
    )
  }

  private check(index: number): CheckState {
    let check = this.checks.get(index)
    if (!check) {
      const state: CheckState = {
        writer: this.writer('check', (wanted, signal) =>
          this.writeCheck(state, index, wanted, signal)
        )
      }
      this.checks.set(index, (check = state))
    }
    return check
  }

  private wantCheck(index: number, final = false): void {
    if (!this.plan.check || !this.plan.sha) return
    const deployment = this.deployments[index]!
    const check = this.check(index)
    check.startedAt ??= new Date(clock.now()).toISOString()
    // A deployment reported later ends its step with its check still in progress: a collect completes it.
    const completed = final && !isPending(deployment)
    const compared = checkFields(
      deployment,
      {
        workflowRunUrl: this.plan.workflowRunUrl,
        step: stepOf(this.deployments),
        origins: this.plan.origins,
        seal: this.plan.seal
      },
      {
        completed,
        identity: {
          runId: deployment.runId,
          workflowRunId: this.plan.workflowRunId,
          build: buildKey(deployment)
        },
        details: check.runUrl
      }
    )
    const stamps = {
      started_at: check.startedAt,
      ...(completed ? { completed_at: new Date(clock.now()).toISOString() } : {})
    }
    check.writer.want({
      fields: this.scrubbed({ ...stamps, ...compared }),
      key: JSON.stringify(this.scrubbed(compared)),
      final
    })
  }

  private wantComment(final = false): void {
    if (this.plan.pullRequest === undefined) return
    const shown = this.deployments.map(deployment =>
      withTrustedLinks(deployment, this.plan.origins)
    )
    const body = this.plan.secrets.redactValue(commentBody(shown, this.plan.workflowRunUrl))
    this.comment.want({ fields: { body }, key: body, final })
  }

  /**
   * A check run of this deployment's own: created the first time, updated
   * after. A later step (a wait-only job) creates its own under the same
   * name, the newest of the name being the one GitHub shows: a completed
   * check run's status and conclusion are final, so one is never taken up
   * again.
   */
  private async writeCheck(
    check: CheckState,
    index: number,
    wanted: Wanted,
    signal: AbortSignal
  ): Promise<void> {
    const client = await this.connect()
    if (check.id !== undefined)
      return client.updateCheck(this.plan.repo, check.id, wanted.fields, { signal })
    const deployment = this.deployments[index]!
    const named = await client.listCheckRuns(this.plan.repo, this.plan.sha!, {
      name: deployment.name
    })
    warnOfCollision(named, this.plan, deployment, this.log)
    const continued = checkToContinue(named, this.plan, deployment)
    if (continued) {
      check.id = continued.id
      this.log.notice(continuedText(deployment, this.plan.sha!), 'Check run continued')
      return client.updateCheck(this.plan.repo, continued.id, wanted.fields, { signal })
    }
    const created = await client.createCheck(this.plan.repo, {
      name: deployment.name,
      head_sha: this.plan.sha,
      ...wanted.fields
    })
    check.id = created.id
  }

  /** Our comment on the pull request, for the names of this step's deployments. */
  private async writeComment(wanted: Wanted, signal: AbortSignal): Promise<void> {
    this.ourComment ??= new OurComment(
      async () => githubComments(await this.connect(), this.plan.repo),
      this.plan.pullRequest!
    )
    const names = this.deployments.map(deployment => deployment.name)
    await this.ourComment.write(String(wanted.fields.body), names, signal)
  }

  /** Every string of a write through the deploy's one redaction. */
  private scrubbed<T>(value: T): T {
    return scrubbed(this.plan.secrets, value)
  }

  private connect(): Promise<GitHubClient> {
    this.client ??= this.load(this.plan.token, this.plan.apiUrl, {
      signal: this.stop.signal,
      deadline: () => this.deadline
    })
    return this.client
  }

  /** Tells a failure once per kind; a refusal (a permission, a redirect) stops that kind, a passing failure does not. */
  private give(kind: Kind, error: unknown): boolean {
    const refused = error instanceof GitHubError || this.stop.signal.aborted
    if (this.told.has(kind)) return refused
    this.told.add(kind)
    const late = this.stop.signal.aborted && this.deadline !== undefined
    const why = this.plan.secrets.redact(
      late
        ? `GitHub's API did not answer within ${(this.finishing ?? FINISH_MS) / 1000} s of the step's end`
        : messageOf(error)
    )
    // With report-later a check run not written is the step's failure, told once by finish().
    if (kind === 'check' && this.required) {
      this.checkProblem = notShown(kind, error, { why, where: '' }).text.replace(
        /^The check run could not be written: /,
        ''
      )
      return refused
    }
    const { level, text } = notShown(kind, error, {
      why,
      // With report-later the job ends before the verdict: it is in no summary or output of this job.
      ...(this.plan.reportLater
        ? { where: 'The check run carries the verdict once the collect completes it.' }
        : {})
    })
    this.log[level](text, 'Not shown on GitHub')
    return refused
  }
}
