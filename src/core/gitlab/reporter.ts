/**
 * GitLab's side of the reporter (host/reporter.ts): a commit status per
 * deployment on the pipeline's commit (`running` once its run exists, then
 * its conclusion by the one judgement: status.ts) and one note on the merge
 * request, by the GitHub comment's composition (note.ts). GitLab refuses a
 * status moved to the state it has, so a status's key is its state: it is
 * written only when that changes. A step reported later leaves each status
 * of a created run `running` and its note carrying the facts a collect
 * completes them from. A failure of GitLab's side is told once per kind, as
 * a warning naming what GitLab said, and never changes the step's result.
 */
import type { Frozen } from '../shared/frozen.js'
import type { CommentHost } from '../host/comment-host.js'
import type { Failure, HostSide, HostWrite } from '../host/reporter.js'
import type { Deployment } from '../report/facts.js'
import { isPending } from '../report/words.js'
import { messageOf } from '../shared/errors.js'
import type { Log } from '../shared/log.js'
import type { ClientLimits } from '../host/limits.js'
import type { Wanted } from '../host/writer.js'
import type { GitLabClient } from './client.js'
import { noteBody } from './note.js'
import type { GitLabPlan } from './plan.js'
import { statusWrite } from './status.js'

export class GitLabSide implements HostSide {
  readonly name = 'GitLab commit status'
  readonly host = 'GitLab'
  readonly required = false
  readonly change: number | undefined
  private client?: Promise<GitLabClient>

  constructor(
    private readonly plan: GitLabPlan,
    private readonly log: Pick<Log, 'notice' | 'warning'>,
    private readonly load: (plan: GitLabPlan, limits: ClientLimits) => Promise<GitLabClient>,
    private readonly limits: ClientLimits
  ) {
    this.change = plan.mergeRequest
  }

  comments(): Promise<CommentHost> {
    return this.connect()
  }

  commentBody(deployments: readonly Frozen<Deployment>[]): string {
    const { sha, pipelineId, ref } = this.plan
    return this.plan.secrets.redactValue(
      noteBody(deployments, { ...this.plan, status: { sha, pipelineId, ref } })
    )
  }

  /** A status shows no stage: the run's events change only the note. */
  staged(): boolean {
    return false
  }

  statusWanted(
    deployments: readonly Frozen<Deployment>[],
    index: number,
    final: boolean
  ): Wanted | undefined {
    if (!this.plan.statuses) return undefined
    const deployment = deployments[index]!
    // Running only once its run exists; a deployment that created none is written only with its conclusion.
    if (!final && !deployment.runId) return undefined
    // A verdict a collect brings: its status stays running until the collect completes it.
    const completed = final && !isPending(deployment)
    const fields = statusWrite(deployment, { ...this.plan, completed })
    const scrubbed = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        typeof value === 'string' ? this.plan.secrets.redactValue(value) : value
      ])
    )
    // GitLab refuses a status moved to the state it has: one write per state.
    return { fields: scrubbed, key: fields.state, final }
  }

  async writeStatus(
    _deployments: readonly Frozen<Deployment>[],
    _index: number,
    wanted: Wanted
  ): Promise<void> {
    const client = await this.connect()
    await client.postStatus(this.plan.sha, wanted.fields as never)
  }

  /** Told once per kind, as a warning naming what GitLab said; a refusal stops that kind. */
  failed(kind: HostWrite, { error, stopped }: Failure, tell: boolean): boolean {
    const status = (error as { status?: unknown }).status
    const refused = status === 401 || status === 403 || status === 404 || stopped
    if (!tell) return refused
    const what = kind === 'status' ? 'The commit status' : 'The merge-request note'
    this.log.warning(
      this.plan.secrets.redact(
        `${what} could not be written on GitLab: ${messageOf(error).replace(/[.\s]*$/, '.')}${kind === 'status' ? ' A status left running holds its pipeline until the job is run again.' : ''} The deploy and its verdict are as this step reports them.`
      ),
      'Not shown on GitLab'
    )
    return refused
  }

  private connect(): Promise<GitLabClient> {
    this.client ??= this.load(this.plan, this.limits)
    return this.client
  }
}
