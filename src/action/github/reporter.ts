import {
  messageOf,
  type DeployEvent,
  type Judgement,
  type Log,
  type Report,
  type VerdictStatus
} from '../../core/index.js'
import type { GitHubClient, Repo } from './client.js'
import { checkConclusion, checkOutput, commentBody, commentMarker } from './content.js'

/** What the step reports where reviewers look, and where. */
export interface ReportingPlan {
  token: string
  /** A check run on the commit: for a step that waits for the verdict. */
  check: boolean
  checkName: string
  /** The pull request to keep one comment on; none outside a pull request. */
  pullRequest?: number | undefined
  repo: Repo
  /** The commit the check is on: the pull request's head, never the merge commit. */
  sha?: string | undefined
  /** GitHub's API, GITHUB_API_URL (GitHub Enterprise Server included). */
  apiUrl: string
  /** This workflow run's page, linked from the check and the comment. */
  workflowRunUrl?: string | undefined
}

/** How long the end of the step waits for its last reports; reporting never holds a job longer. */
const FINISH_MS = 90_000

type Kind = 'check' | 'comment'

const PERMISSION: Record<Kind, string> = {
  check: 'checks: write',
  comment: 'pull-requests: write'
}

/**
 * Shows the deploy where reviewers look: a check run on the commit (in
 * progress with the run's link, its stage as it changes, then the verdict)
 * and one pull-request comment edited in place. Events only queue the work,
 * so the deploy never waits on GitHub; a failure of GitHub's side is told
 * once, as a notice, and never changes the step's result.
 */
export class GitHubReporter {
  private queue: Promise<void> = Promise.resolve()
  private client?: Promise<GitHubClient>
  private checkId?: number
  private commentId?: number
  private stage?: string
  private runUrl?: string
  private readonly given = new Set<Kind>()
  private readonly stop = new AbortController()

  constructor(
    private readonly plan: ReportingPlan,
    private readonly log: Pick<Log, 'notice' | 'warning' | 'debug'>,
    private readonly load: (
      token: string,
      baseUrl: string,
      signal: AbortSignal
    ) => Promise<GitHubClient>
  ) {}

  /** Told each event of the deploy; queues what GitHub should show. */
  onEvent(event: DeployEvent, report: Report): void {
    switch (event.type) {
      case 'notified':
        this.enqueue('comment', () => this.comment(report))
        return
      case 'waiting':
        this.enqueue('check', () => this.startCheck(report, event.runId))
        this.enqueue('comment', () => this.comment(report))
        return
      case 'status':
        this.onStatus(event.status, report)
        return
      default:
        return
    }
  }

  /** The last reports: the check completed with the verdict (never left in progress), the comment as the step ends. */
  async finish(report: Report, judgement: Judgement): Promise<void> {
    this.enqueue('check', () => this.completeCheck(report, judgement))
    this.enqueue('comment', () => this.comment(report, judgement))
    const timer = setTimeout(() => this.stop.abort(), FINISH_MS)
    try {
      await this.queue
    } finally {
      clearTimeout(timer)
    }
  }

  private onStatus(status: VerdictStatus, report: Report): void {
    const stage = stageWords(status)
    if (status.answer.runUrl) this.runUrl = status.answer.runUrl
    if (stage === this.stage) return
    this.stage = stage
    this.enqueue('check', () => this.updateCheck(report))
    this.enqueue('comment', () => this.comment(report))
  }

  private async startCheck(report: Report, runId: string): Promise<void> {
    if (!this.plan.check || !this.plan.sha) return
    const client = await this.connect()
    const fields = {
      status: 'in_progress',
      external_id: `mobile-build-deploy:${runId}`,
      started_at: new Date().toISOString(),
      details_url: this.plan.workflowRunUrl,
      output: checkOutput(report, 'waiting for the verdict')
    }
    // A later wait for the same check (a wait-only job) takes up the check an earlier step began.
    const earlier = await client.findCheck(this.plan.repo, this.plan.sha, this.plan.checkName)
    if (earlier) {
      this.checkId = earlier.id
      await client.updateCheck(this.plan.repo, earlier.id, fields)
    } else {
      const created = await client.createCheck(this.plan.repo, {
        name: this.plan.checkName,
        head_sha: this.plan.sha,
        ...fields
      })
      this.checkId = created.id
    }
  }

  private async updateCheck(report: Report): Promise<void> {
    if (this.checkId === undefined) return
    const client = await this.connect()
    await client.updateCheck(this.plan.repo, this.checkId, {
      details_url: this.runUrl ?? this.plan.workflowRunUrl,
      output: checkOutput(report, this.stage)
    })
  }

  private async completeCheck(report: Report, judgement: Judgement): Promise<void> {
    if (!this.plan.check || !this.plan.sha) return
    const client = await this.connect()
    const fields = {
      status: 'completed',
      conclusion: checkConclusion(report, judgement),
      completed_at: new Date().toISOString(),
      details_url: report.verdict?.runUrl ?? this.runUrl ?? this.plan.workflowRunUrl,
      output: checkOutput(report, this.stage, judgement)
    }
    if (this.checkId !== undefined) return client.updateCheck(this.plan.repo, this.checkId, fields)
    // The step meant to wait but never began to (no run, or a failure first): the check still says how it ended.
    const created = await client.createCheck(this.plan.repo, {
      name: this.plan.checkName,
      head_sha: this.plan.sha,
      external_id: `mobile-build-deploy:${report.runId ?? 'none'}`,
      ...fields
    })
    this.checkId = created.id
  }

  private async comment(report: Report, judgement?: Judgement): Promise<void> {
    const issue = this.plan.pullRequest
    if (issue === undefined) return
    const client = await this.connect()
    const body = commentBody(
      this.plan.checkName,
      report,
      this.stage,
      judgement,
      this.plan.workflowRunUrl
    )
    if (this.commentId === undefined) {
      const found = await client.findComment(
        this.plan.repo,
        issue,
        commentMarker(this.plan.checkName)
      )
      this.commentId = found?.id ?? (await client.createComment(this.plan.repo, issue, body)).id
      if (!found) return
    }
    await client.updateComment(this.plan.repo, this.commentId, body)
  }

  private connect(): Promise<GitHubClient> {
    this.client ??= this.load(this.plan.token, this.plan.apiUrl, this.stop.signal)
    return this.client
  }

  /** Runs one report after the others; a failure stops that kind of report and is told once. */
  private enqueue(kind: Kind, work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.given.has(kind) || this.stop.signal.aborted) return
      try {
        await work()
      } catch (error) {
        this.give(kind, error)
      }
    })
  }

  private give(kind: Kind, error: unknown): void {
    this.given.add(kind)
    const what = kind === 'check' ? 'The check run' : 'The pull-request comment'
    const status = (error as { status?: number }).status
    const where = 'The verdict is in the job summary and the outputs.'
    if (status === 403 || status === 404) {
      this.log.notice(
        `${what} could not be written: GitHub answered ${status} (${messageOf(error)}). The token needs ${PERMISSION[kind]}: give the job permissions: ${PERMISSION[kind]}. A fork's or Dependabot's pull request gets a read-only token; deploy from a workflow_run workflow for those. ${where}`,
        'Not shown on GitHub'
      )
    } else {
      this.log.warning(
        `${what} could not be written: ${messageOf(error)}. ${where}`,
        'Not shown on GitHub'
      )
    }
  }
}

/** A stage as a check's title and a comment say it. */
function stageWords(status: VerdictStatus): string {
  const { answer } = status
  switch (status.stage) {
    case 'initializing':
      return 'initializing'
    case 'underReview':
      return answer.underInvestigation !== undefined
        ? `under review: ${answer.underInvestigation} workflow(s) under investigation`
        : 'under review'
    case 'completed':
      return 'completed'
    case 'canceled':
      return 'canceled'
    default:
      return 'waiting for the verdict'
  }
}
