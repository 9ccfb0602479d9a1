/**
 * Bitbucket's side of a collect's reporter (host/collected.ts): what a
 * waiting step would have shown, by the same composition (report.ts). Each
 * deployment the collect found ended has its build status completed on the
 * commit its deploy wrote it on; then each report it read is written again
 * with its annotations, the deployments collected with their verdicts, the
 * others as they were, their facts sealed again (a collected deployment is
 * no longer pending, so no later collect asks for it).
 */
import type { Frozen } from '../shared/frozen.js'
import type { Budget } from '../host/budget.js'
import { hostFailure } from '../host/api-errors.js'
import { stepsOfKept, type CollectedSide, type CollectFailure } from '../host/collected.js'
import type { Deployment } from '../report/facts.js'
import type { LinkOrigins } from '../report/links.js'
import type { PendingFacts } from '../report/pending.js'
import type { Seal } from '../report/seal.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import type { BitbucketClient } from './client.js'
import { BitbucketError } from './errors.js'
import { statusWrite, stepReport, type ReportContext } from './report.js'
import { readFactsLine } from '../report/pending.js'

/** A report a collect read: its commit, its id, the step it carries (each deployment by its facts), and its deployments' annotations as read. */
export interface CollectedReport {
  commit: string
  reportId: string
  step: PendingFacts[]
  /** Each deployment's annotation's details by its key, as the collect read them: one written again since is not written over. */
  read: Map<string, string>
}

/** Bitbucket as a collect used it: its reporter writes with the same client, budget and seal. */
export interface BitbucketCollection {
  client: BitbucketClient
  budget: Budget
  seal: Seal
  /** The repository's commit pages: `https://bitbucket.org/<workspace>/<repo>/commits/`. */
  commits: string
  /** Where a status may link: the service's origin and Bitbucket's. */
  origins: LinkOrigins
  /** The reports whose deployments it collected; a deployment's `collectedNote` points here. */
  reports: CollectedReport[]
}

export interface CollectedBuildStatusesPlan {
  collection: BitbucketCollection
  secrets: Secrets
  origins: LinkOrigins
  log: Pick<Log, 'info'>
}

export class CollectedBuildStatuses implements CollectedSide {
  readonly name = 'Bitbucket build statuses of the collect'
  readonly completes = 'build status(es)'
  readonly host = 'Bitbucket'
  readonly budget: Budget

  constructor(private readonly plan: CollectedBuildStatusesPlan) {
    this.budget = plan.collection.budget
  }

  requestCount(): number {
    return this.plan.collection.client.requestCount()
  }

  owns(deployment: Frozen<Deployment>): boolean {
    return deployment.collectedNote !== undefined
  }

  /**
   * One deployment's status completed with its verdict, on the commit its
   * deploy wrote it on: only while the status still shows the run the
   * collect asked about; and where a deploy wrote the deployment's facts
   * again meanwhile (a rerun), its status is put back in progress for the
   * next collect.
   */
  async complete(deployment: Frozen<Deployment>): Promise<void> {
    const { report, facts } = this.placeOf(deployment)
    const { client } = this.plan.collection
    const key = facts.status!.key!
    if (
      !(await showsRun(
        this.plan.collection,
        report.commit,
        key,
        facts,
        this.contextOf(report, facts)
      ))
    )
      throw new BitbucketError(
        `Its build status shows another run now (a later deploy wrote it, or someone else): it is left as it is.`,
        409
      )
    const fields = this.redacted(
      statusWrite(deployment, { ...this.contextOf(report, facts), completed: true })
    )
    await client.postStatus(report.commit, fields)
    const now = await detailsOf(client, report)
    if (now.get(key) !== report.read.get(key)) {
      await this.restore(report, key, now.get(key))
      throw new BitbucketError(
        `A deploy wrote its facts again while the collect completed its status: the status is in progress again, for the next collect.`,
        409
      )
    }
    this.plan.log.info(
      `Build status ${quote(deployment.name)} on commit ${report.commit.slice(0, 12)}: run ${deployment.runId} ended, the status is ${fields.state}.`
    )
  }

  /** The status of `key` put back in progress for the run a deploy's newer facts name (sealed, or nothing is written). */
  private async restore(
    report: CollectedReport,
    key: string,
    details: string | undefined
  ): Promise<void> {
    const newer = readFactsLine(details, this.plan.collection.seal)
    if (!newer || !('deployment' in newer) || newer.status?.key !== key) return
    const fields = this.redacted(
      statusWrite(newer.deployment, { ...this.contextOf(report, newer), completed: false })
    )
    await this.plan.collection.client.postStatus(report.commit, fields)
  }

  /** The completed deployments by the report that carried them. */
  steps(completed: readonly Frozen<Deployment>[]): Frozen<Deployment>[][] {
    return stepsOfKept(completed)
  }

  /**
   * The report written again: every deployment of its step, the collected
   * ones with their verdicts; unless a deploy wrote it again since the
   * collect read it (its facts are then newer): the next collect reads that.
   */
  async rewrite(step: readonly Frozen<Deployment>[]): Promise<void> {
    const { report } = this.placeOf(step[0]!)
    const now = await detailsOf(this.plan.collection.client, report)
    if ([...report.read].some(([key, details]) => now.get(key) !== details)) {
      this.plan.log.info(
        `The report ${quote(report.reportId)} on commit ${report.commit.slice(0, 12)} was written again since this collect read it: it is left for the next collect.`
      )
      return
    }
    const rows = new Map(step.map(deployment => [deployment.collectedNote!.row, deployment]))
    const deployments = report.step.map((facts, row) => rows.get(row) ?? facts.deployment)
    const written = this.redacted(stepReport(deployments, this.contextOf(report, report.step[0]!)))
    const { client } = this.plan.collection
    await client.putReport(report.commit, report.reportId, written.report)
    await client.postAnnotations(report.commit, report.reportId, written.annotations)
  }

  failure(error: unknown, what: string): CollectFailure {
    return hostFailure(error, what)
  }

  where(deployment: Frozen<Deployment>): string {
    const { report } = this.placeOf(deployment)
    return `The build status ${quote(deployment.name)} on commit ${report.commit.slice(0, 12)}`
  }

  private contextOf(report: CollectedReport, facts: PendingFacts): ReportContext {
    return {
      origins: this.plan.origins,
      pipelineUrl: facts.workflowRunUrl,
      commitUrl: `${this.plan.collection.commits}${encodeURIComponent(report.commit)}`,
      refname: facts.status?.ref,
      seal: this.plan.collection.seal,
      commit: report.commit,
      lane: undefined
    }
  }

  private redacted<T>(value: T): T {
    return JSON.parse(this.plan.secrets.redactValue(JSON.stringify(value))) as T
  }

  private placeOf(deployment: Frozen<Deployment>): {
    report: CollectedReport
    facts: PendingFacts
  } {
    const at = deployment.collectedNote!
    const report = this.plan.collection.reports[at.note]!
    return { report, facts: report.step[at.row]! }
  }
}

/** The details of a report's deployments' annotations now, by their keys. */
export async function detailsOf(
  client: BitbucketClient,
  report: Pick<CollectedReport, 'commit' | 'reportId' | 'read'>
): Promise<Map<string, string>> {
  const annotations = await client.listAnnotations(report.commit, report.reportId)
  return new Map(
    annotations
      .filter(a => report.read.has(String(a.external_id)))
      .map(a => [String(a.external_id), typeof a.details === 'string' ? a.details : ''])
  )
}

/**
 * Whether the status of `key` shows the run the facts name: its link is the
 * one the deploy wrote for it (a completed one too: a collect whose report
 * write failed completed it already). A status another run's deploy wrote,
 * or anyone's, is not the collect's to complete.
 */
export async function showsRun(
  collection: Pick<BitbucketCollection, 'client'>,
  commit: string,
  key: string,
  facts: PendingFacts,
  context: ReportContext
): Promise<boolean> {
  const standing = await collection.client.getStatus(commit, key)
  const wrote = statusWrite(facts.deployment, { ...context, completed: false })
  return standing !== undefined && standing.url === wrote.url
}
