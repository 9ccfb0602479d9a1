import {
  clock,
  messageOf,
  type DeployEvent,
  type Judgement,
  type Log,
  type Report,
  type Secrets,
  type VerdictStatus
} from '../../core/index.js'
import type { ClientLimits, GitHubClient, Repo } from './client.js'
import { GitHubError } from './errors.js'
import { MIN_WRITE_INTERVAL_MS, Writer, type Wanted } from './writer.js'

export { MIN_WRITE_INTERVAL_MS }
import { carriesMarker, checkConclusion, checkOutput, commentBody, stageWords } from './content.js'

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
  /** The deploy's one redaction, told every secret the deploy registers: every field written to GitHub goes through it. */
  secrets: Secrets
}

/** How long the end of the step gives its last reports, whatever GitHub does: the job is never held longer. */
export const FINISH_MS = 5_000
/**
 * Whose comments the workflow token writes: GITHUB_TOKEN is an installation
 * token of the GitHub Actions app, and GitHub names its writes after the
 * app's bot user (documented as `github-actions[bot]`).
 */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]'
/** The prefix of our check runs' external id. */
export const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:'

type Kind = 'check' | 'comment'

/** The permission each kind of write needs of the token. */
export const PERMISSION: Record<Kind, string> = {
  check: 'checks: write',
  comment: 'pull-requests: write'
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
export class GitHubReporter {
  private client?: Promise<GitHubClient>
  private checkId?: number
  private commentId?: number
  /** The login whose comments are ours: learned from our own comment, else asked once (see ownIdentity). */
  private identity?: string
  private stage?: string
  private runUrl?: string
  private startedAt?: string
  private deadline?: number
  private readonly told = new Set<Kind>()
  private readonly stop = new AbortController()
  private readonly writers: Record<Kind, Writer>

  constructor(
    private readonly plan: ReportingPlan,
    private readonly log: Pick<Log, 'notice' | 'warning' | 'debug'>,
    private readonly load: (
      token: string,
      baseUrl: string,
      limits: ClientLimits
    ) => Promise<GitHubClient>
  ) {
    const writer = (kind: Kind, write: Writer['write']): Writer =>
      new Writer(write, this.stop.signal, error => this.give(kind, error))
    this.writers = {
      check: writer('check', (wanted, signal) => this.writeCheck(wanted, signal)),
      comment: writer('comment', (wanted, signal) => this.writeComment(wanted, signal))
    }
  }

  /** Told each event of the deploy; says what GitHub should show now. */
  onEvent(event: DeployEvent, report: Report): void {
    switch (event.type) {
      case 'notified':
        this.wantComment(report)
        return
      case 'waiting':
        this.wantCheck(report)
        this.wantComment(report)
        return
      case 'status':
        this.onStatus(event.status, report)
        return
      default:
        return
    }
  }

  /**
   * The last reports: the check completed with the verdict (never left in
   * progress), the comment as the step ends; within FINISH_MS, after which
   * whatever is still under way is given up.
   */
  async finish(report: Report, judgement: Judgement): Promise<void> {
    this.deadline = clock.now() + FINISH_MS
    if (this.plan.check && this.plan.sha) this.wantCheck(report, judgement)
    this.wantComment(report, judgement)
    const done = Promise.all(Object.values(this.writers).map(w => w.idle()))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>(resolve => (timer = setTimeout(resolve, FINISH_MS, 'late')))
    try {
      if ((await Promise.race([done, late])) === 'late') {
        this.stop.abort(new Error(`GitHub did not answer within ${FINISH_MS / 1000} s`))
        await done
      }
    } finally {
      clearTimeout(timer)
      this.stop.abort()
    }
  }

  private onStatus(status: VerdictStatus, report: Report): void {
    const stage = stageWords(status)
    if (status.answer.runUrl) this.runUrl = status.answer.runUrl
    if (stage === this.stage) return
    this.stage = stage
    this.wantCheck(report)
    this.wantComment(report)
  }

  private wantCheck(report: Report, judgement?: Judgement): void {
    if (!this.plan.check || !this.plan.sha) return
    this.startedAt ??= new Date(clock.now()).toISOString()
    const final = judgement !== undefined
    const compared = {
      ...(final
        ? { status: 'completed', conclusion: checkConclusion(report, judgement) }
        : { status: 'in_progress' }),
      external_id: `${EXTERNAL_ID_PREFIX}${report.runId ?? 'none'}`,
      details_url: report.verdict?.runUrl ?? this.runUrl ?? this.plan.workflowRunUrl,
      output: checkOutput(
        report,
        final ? this.stage : (this.stage ?? 'waiting for the verdict'),
        judgement,
        this.plan.workflowRunUrl
      )
    }
    const stamps = {
      started_at: this.startedAt,
      ...(final ? { completed_at: new Date(clock.now()).toISOString() } : {})
    }
    this.writers.check.want({
      fields: this.scrubbed({ ...stamps, ...compared }),
      key: JSON.stringify(this.scrubbed(compared)),
      final
    })
  }

  private wantComment(report: Report, judgement?: Judgement): void {
    if (this.plan.pullRequest === undefined) return
    const body = this.plan.secrets.redactValue(
      commentBody(this.plan.checkName, report, this.stage, judgement, this.plan.workflowRunUrl)
    )
    this.writers.comment.want({ fields: { body }, key: body, final: judgement !== undefined })
  }

  /**
   * A check run of this step's own: created the first time, updated after.
   * A later step (a wait-only job) creates its own under the same name, the
   * newest of the name being the one GitHub shows: a completed check run's
   * status and conclusion are final, so one is never taken up again.
   */
  private async writeCheck(wanted: Wanted, signal: AbortSignal): Promise<void> {
    const client = await this.connect()
    if (this.checkId !== undefined)
      return client.updateCheck(this.plan.repo, this.checkId, wanted.fields, { signal })
    const created = await client.createCheck(this.plan.repo, {
      name: this.plan.checkName,
      head_sha: this.plan.sha,
      ...wanted.fields
    })
    this.checkId = created.id
  }

  /** Our comment on the pull request: found once (ours only), created when there is none, then edited in place. */
  private async writeComment(wanted: Wanted, signal: AbortSignal): Promise<void> {
    const issue = this.plan.pullRequest!
    const body = String(wanted.fields.body)
    const client = await this.connect()
    if (this.commentId === undefined) {
      const ours = await this.findOurComment(client, issue)
      if (ours === undefined) {
        const created = await client.createComment(this.plan.repo, issue, body)
        this.commentId = created.id
        // What GitHub names as our comment's author is the token's identity, whatever the token.
        if (created.author) this.identity = created.author
        return
      }
      this.commentId = ours
    }
    await client.updateComment(this.plan.repo, this.commentId, body, { signal })
  }

  /**
   * The comment that is ours: its first line is our marker for this exact
   * check name, AND the token in use wrote it. A comment anyone else wrote
   * is never edited, whatever it carries; we then write our own.
   */
  private async findOurComment(client: GitHubClient, issue: number): Promise<number | undefined> {
    const marked = await client.findComments(this.plan.repo, issue, comment =>
      carriesMarker(comment.body, this.plan.checkName)
    )
    if (marked.length === 0) return undefined
    const me = (await this.ownIdentity(client)).toLowerCase()
    return marked.find(comment => comment.author?.toLowerCase() === me)?.id
  }

  /**
   * The token's identity, by this rule: the author GitHub named on a comment
   * we created in this step when there is one; else what `GET /user` says,
   * which is the login of a person's token (a personal access token); an
   * installation token is refused `GET /user` (403), and the installation
   * token a step gets is the workflow's GITHUB_TOKEN, whose writes GitHub
   * names `github-actions[bot]`. A GitHub App's own token is taken for the
   * workflow's too: it then finds no earlier comment of its own and writes
   * a new one, but never edits one of another author.
   */
  private async ownIdentity(client: GitHubClient): Promise<string> {
    this.identity ??= (await client.ownLogin()) ?? WORKFLOW_TOKEN_LOGIN
    return this.identity
  }

  /** Every string of a write through the deploy's one redaction. */
  private scrubbed<T>(value: T): T {
    if (typeof value === 'string') return this.plan.secrets.redactValue(value) as T
    if (Array.isArray(value)) return value.map(item => this.scrubbed(item)) as T
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, this.scrubbed(item)])
      ) as T
    return value
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
    const what = kind === 'check' ? 'The check run' : 'The pull-request comment'
    const where = 'The verdict is in the job summary and the outputs.'
    const status = (error as { status?: number }).status ?? 0
    const why = this.plan.secrets
      .redact(
        this.stop.signal.aborted && this.deadline !== undefined
          ? `GitHub's API did not answer within ${FINISH_MS / 1000} s of the step's end`
          : messageOf(error)
      )
      .replace(/\.$/, '')
    if (status === 403 || status === 404) {
      this.log.notice(
        `${what} could not be written: GitHub answered ${status} (${why}). The token needs ${PERMISSION[kind]}: give the job permissions: ${PERMISSION[kind]}. A fork's or Dependabot's pull request gets a read-only token; deploy from a workflow_run workflow for those. ${where}`,
        'Not shown on GitHub'
      )
    } else if (status >= 300 && status < 400) {
      this.log.notice(`${what} could not be written: ${why}. ${where}`, 'Not shown on GitHub')
    } else {
      this.log.warning(`${what} could not be written: ${why}. ${where}`, 'Not shown on GitHub')
    }
    return refused
  }
}
