/**
 * GitHub's side of the reporter (host/reporter.ts): a check run per
 * deployment on the commit (in progress with the run's link, its stage as
 * it changes, then the verdict; with report-later left in progress, its
 * facts sealed for the collect) and the pull request's comment. A check run
 * is created the first time, or continued when a re-run's check of ours
 * already shows its run (collision.ts), then updated. A failure is told as
 * GitHub's words say (errors.ts's notShown); with report-later a check run
 * never written fails the step, since nothing else would bring the verdict.
 */
import type { Frozen } from '../shared/frozen.js'
import type { DeployEvent } from '../report/events.js'
import type { Deployment, StepFacts } from '../report/facts.js'
import { checkFields, stepOf } from '../report/check-run.js'
import { commentBody } from '../report/comment.js'
import { buildKey } from '../report/identity.js'
import { withTrustedLinks } from '../report/links.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import { quote } from '../shared/text.js'
import type { CommentHost } from '../host/comment-host.js'
import type { Failure, HostSide, HostWrite } from '../host/reporter.js'
import type { ClientLimits, GitHubClient } from './client.js'
import { githubComments } from './comment.js'
import { GitHubError, notShown } from './errors.js'
import { scrubbed } from './scrub.js'
import { checkToContinue, continuedText, warnOfCollision } from './collision.js'
import { FINISH_MS, MIN_WRITE_INTERVAL_MS, type Wanted } from '../host/writer.js'
import type { ReportingPlan } from './plan.js'

export { MIN_WRITE_INTERVAL_MS }

/** One deployment's check run: its id once created, the stage and link it shows, when it started. */
interface CheckState {
  id?: number
  stage?: string
  runUrl?: string
  startedAt?: string
}

export class GitHubSide implements HostSide {
  readonly name = 'GitHub check run'
  readonly host = 'GitHub'
  /** With report-later, a check run that cannot be written fails the step: nothing else would bring the verdict. */
  readonly required: boolean
  readonly change: number | undefined
  private client?: Promise<GitHubClient>
  private readonly checks = new Map<number, CheckState>()
  /** Why a check run could not be written, in the words a notice would have used. */
  private checkProblem?: string

  constructor(
    private readonly plan: ReportingPlan,
    private readonly log: Pick<Log, 'notice' | 'warning' | 'debug'>,
    private readonly load: (
      token: string,
      baseUrl: string,
      limits: ClientLimits
    ) => Promise<GitHubClient>,
    private readonly limits: ClientLimits
  ) {
    this.required = plan.reportLater && plan.check
    this.change = plan.pullRequest
  }

  async comments(): Promise<CommentHost> {
    return githubComments(await this.connect(), this.plan.repo)
  }

  commentBody(deployments: readonly Frozen<Deployment>[]): string {
    const shown = deployments.map(deployment => withTrustedLinks(deployment, this.plan.origins))
    return this.plan.secrets.redactValue(commentBody(shown, this.plan.workflowRunUrl))
  }

  /** The stage is the deployment's fact (the orchestrator writes it); a check is written when it changes. */
  staged(
    event: Extract<DeployEvent, { type: 'status' }>,
    deployment: Frozen<Deployment>,
    index: number
  ): boolean {
    const check = this.check(index)
    if (event.status.answer.runUrl) check.runUrl = event.status.answer.runUrl
    if (deployment.stage === check.stage) return false
    check.stage = deployment.stage
    return true
  }

  statusWanted(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    final: boolean
  ): Wanted | undefined {
    if (!this.plan.check || !this.plan.sha) return undefined
    const deployment = deployments[index]!
    const check = this.check(index)
    check.startedAt ??= new Date(clock.now()).toISOString()
    // A deployment reported later ends its step with its check still in progress: a collect completes it.
    const completed = final && !isPending(deployment)
    const compared = checkFields(
      deployment,
      {
        workflowRunUrl: this.plan.workflowRunUrl,
        step: stepOf(deployments),
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
    return {
      fields: this.scrubbed({ ...stamps, ...compared }),
      key: JSON.stringify(this.scrubbed(compared)),
      final
    }
  }

  /**
   * A check run of this deployment's own: created the first time, updated
   * after. A later step (a wait-only job) creates its own under the same
   * name, the newest of the name being the one GitHub shows: a completed
   * check run's status and conclusion are final, so one is never taken up
   * again.
   */
  async writeStatus(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    wanted: Wanted,
    signal: AbortSignal
  ): Promise<void> {
    const check = this.check(index)
    const client = await this.connect()
    if (check.id !== undefined)
      return client.updateCheck(this.plan.repo, check.id, wanted.fields, { signal })
    const deployment = deployments[index]!
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

  /**
   * Report-later: a pending deployment whose check run was never created
   * has no way to its verdict (the collect completes check runs it finds),
   * so the step fails, saying why and that the verdict will not arrive.
   */
  finished(facts: Frozen<StepFacts>): void {
    if (!this.required) return
    const missing = facts.deployments.filter(
      (deployment, i) => isPending(deployment) && this.checks.get(i)?.id === undefined
    )
    if (missing.length === 0) return
    const why = this.checkProblem ?? 'GitHub did not confirm it.'
    throw new Error(
      `${missing.map(d => quote(d.name)).join(', ')} on commit ${this.plan.sha?.slice(0, 12)}: ${why} With report-later the verdict reaches the pull request only through this check run, which a scheduled collect completes: the verdict of run ${missing.map(d => d.runId).join(', ')} will not reach it. Deploy again once the job may write checks, or wait for the verdict in the job (wait: true).`
    )
  }

  /** Tells a failure once per kind; a refusal (a permission, a redirect) stops that kind, a passing failure does not. */
  failed(write: HostWrite, { error, stopped, late, allowed }: Failure, tell: boolean): boolean {
    const refused = error instanceof GitHubError || stopped
    if (!tell) return refused
    const kind = write === 'status' ? 'check' : 'comment'
    const why = this.plan.secrets.redact(
      late
        ? `GitHub's API did not answer within ${(allowed ?? FINISH_MS) / 1000} s of the step's end`
        : messageOf(error)
    )
    // With report-later a check run not written is the step's failure, told once by finished().
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

  private check(index: number): CheckState {
    let check = this.checks.get(index)
    if (!check) this.checks.set(index, (check = {}))
    return check
  }

  /** Every string of a write through the deploy's one redaction. */
  private scrubbed<T>(value: T): T {
    return scrubbed(this.plan.secrets, value)
  }

  private connect(): Promise<GitHubClient> {
    this.client ??= this.load(this.plan.token, this.plan.apiUrl, this.limits)
    return this.client
  }
}
