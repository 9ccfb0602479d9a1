/**
 * Bitbucket's side of the reporter (host/reporter.ts): a build status per
 * deployment on the pipeline's commit (`INPROGRESS` once its run exists,
 * then its state by the one judgement: report.ts) and, in place of a
 * comment, the step's Code Insights report with its annotations, written
 * again as the step goes on. A step reported later leaves each status of a
 * created run `INPROGRESS` and its report `PENDING`, each deployment's
 * annotation carrying the facts a collect completes them from. A failure
 * is told once per kind, as a warning naming what Bitbucket said and the
 * token to make, and never changes the step's result.
 */
import type { Frozen } from '../shared/frozen.js'
import type { CommentHost } from '../host/comment-host.js'
import type { ClientLimits } from '../host/limits.js'
import type { Failure, HostSide, HostWrite } from '../host/reporter.js'
import type { Wanted } from '../host/writer.js'
import type { Deployment } from '../report/facts.js'
import { isPending } from '../report/words.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import type { AnnotationWrite, BitbucketClient, ReportWrite, StatusWrite } from './client.js'
import type { BitbucketPlan } from './plan.js'
import { reportId, statusWrite, stepReport, type ReportContext } from './report.js'

export class BitbucketSide implements HostSide {
  readonly name = 'Bitbucket build status'
  readonly host = 'Bitbucket'
  readonly required = false
  readonly change = undefined
  private client?: Promise<BitbucketClient>
  private readonly context: ReportContext
  /** Whether this step removed the report an earlier run of it left (its bugs' annotations would stay otherwise). */
  private cleared = false

  constructor(
    private readonly plan: BitbucketPlan,
    private readonly log: Pick<Log, 'notice' | 'warning'>,
    private readonly load: (plan: BitbucketPlan, limits: ClientLimits) => Promise<BitbucketClient>,
    private readonly limits: ClientLimits
  ) {
    this.context = reportContextOf(plan)
  }

  comments(): Promise<CommentHost> {
    return Promise.reject(new Error('Bitbucket shows a step as its report, not a comment'))
  }

  commentBody(): string {
    return ''
  }

  /** A status shows no stage: the run's events change only the report. */
  staged(): boolean {
    return false
  }

  statusWanted(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    final: boolean
  ): Wanted | undefined {
    const deployment = deployments[index]!
    if (!final && !deployment.runId) return undefined
    const completed = final && !isPending(deployment)
    const fields = this.redacted(statusWrite(deployment, { ...this.context, completed }))
    return { fields: fields as unknown as Record<string, unknown>, key: fields.state, final }
  }

  async writeStatus(
    _deployments: readonly Frozen<Deployment>[],
    _index: number,
    wanted: Wanted
  ): Promise<void> {
    const client = await this.connect()
    await client.postStatus(this.plan.commit, wanted.fields as unknown as StatusWrite)
  }

  /** The step's report, once the first deployment's run exists (or at the end). */
  stepWanted(deployments: readonly Frozen<Deployment>[], final: boolean): Wanted | undefined {
    if (!final && !deployments.some(d => d.runId)) return undefined
    const written = this.redacted(stepReport(deployments, this.context))
    const id = reportId(deployments, this.context.lane)
    return { fields: { ...written, id }, key: JSON.stringify(written), final }
  }

  async writeStep(
    _deployments: readonly Frozen<Deployment>[],
    wanted: Wanted,
    signal: AbortSignal
  ): Promise<void> {
    const client = await this.connect()
    const { id, report, annotations } = wanted.fields as {
      id: string
      report: ReportWrite
      annotations: AnnotationWrite[]
    }
    if (!this.cleared) await this.clear(client, id, signal)
    this.cleared = true
    await client.putReport(this.plan.commit, id, report)
    await client.postAnnotations(this.plan.commit, id, annotations)
  }

  /** The report an earlier run left, removed where it may be: a cleanup that fails never keeps the report from being written. */
  private async clear(client: BitbucketClient, id: string, signal: AbortSignal): Promise<void> {
    try {
      await client.deleteReport(this.plan.commit, id, { signal })
    } catch (error) {
      if (signal.aborted || this.limits.signal.aborted) throw error
    }
  }

  /** Told once per kind, as a warning naming what Bitbucket said; a refusal stops that kind. */
  failed(kind: HostWrite, { error, stopped }: Failure, tell: boolean): boolean {
    const status = (error as { status?: unknown }).status
    const refused = status === 401 || status === 403 || status === 404 || stopped
    if (!tell) return refused
    const what = kind === 'status' ? 'The build status' : 'The Code Insights report'
    const via =
      'proxy' in this.plan.auth
        ? ` (through Pipelines' authentication proxy, ${this.plan.auth.proxy})`
        : ''
    this.log.warning(
      this.plan.secrets.redact(
        `${what} could not be written on Bitbucket${via}: ${messageOf(error).replace(/[.\s]*$/, '.')} The deploy and its verdict are as this step reports them.`
      ),
      'Not shown on Bitbucket'
    )
    return refused
  }

  /** Every text redacted as the step's output is: a secret never reaches Bitbucket. */
  private redacted<T>(value: T): T {
    return JSON.parse(this.plan.secrets.redactValue(JSON.stringify(value))) as T
  }

  private connect(): Promise<BitbucketClient> {
    this.client ??= this.load(this.plan, this.limits)
    return this.client
  }
}

/** Pure: what the report and the statuses are written in, from the plan. */
export function reportContextOf(plan: BitbucketPlan): ReportContext {
  return {
    origins: plan.origins,
    pipelineUrl: plan.pipelineUrl,
    commitUrl: `https://bitbucket.org/${encodeURIComponent(plan.workspace)}/${encodeURIComponent(plan.repoSlug)}/commits/${encodeURIComponent(plan.commit)}`,
    refname: plan.refname,
    seal: plan.seal,
    commit: plan.commit,
    lane: plan.lane
  }
}
