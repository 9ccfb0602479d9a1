/**
 * Bitbucket's side of a collect's reporter (host/collected.ts): what a
 * waiting step would have shown, by the same composition (report.ts). Each
 * deployment the collect found ended has its build status completed on the
 * commit its deploy wrote it on; then each report it read is written again
 * with its annotations, the deployments collected with their verdicts, the
 * others as they were, their facts sealed again (a collected deployment is
 * no longer pending, so no later collect asks for it).
 */
import type { Budget } from '../host/budget.js'
import { hostFailure } from '../host/api-errors.js'
import type { CollectedSide, CollectFailure } from '../host/collected.js'
import type { Deployment } from '../report/facts.js'
import type { LinkOrigins } from '../report/links.js'
import type { PendingFacts } from '../report/pending.js'
import type { Seal } from '../report/seal.js'
import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import { quote } from '../shared/text.js'
import type { BitbucketClient } from './client.js'
import { statusWrite, stepReport, type ReportContext } from './report.js'

/** A report a collect read: its commit, its id, and the step it carries, each deployment by its facts. */
export interface CollectedReport {
  commit: string
  reportId: string
  step: PendingFacts[]
}

/** Bitbucket as a collect used it: its reporter writes with the same client, budget and seal. */
export interface BitbucketCollection {
  client: BitbucketClient
  budget: Budget
  seal: Seal
  /** The repository's commit pages: `https://bitbucket.org/<workspace>/<repo>/commits/`. */
  commits: string
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

  owns(deployment: Deployment): boolean {
    return deployment.collectedNote !== undefined
  }

  /** One deployment's status completed with its verdict, on the commit its deploy wrote it on. */
  async complete(deployment: Deployment): Promise<void> {
    const { report, facts } = this.placeOf(deployment)
    const fields = this.redacted(
      statusWrite(deployment, { ...this.contextOf(report, facts), completed: true })
    )
    await this.plan.collection.client.postStatus(report.commit, fields)
    this.plan.log.info(
      `Build status ${quote(deployment.name)} on commit ${report.commit.slice(0, 12)}: run ${deployment.runId} ended, the status is ${fields.state}.`
    )
  }

  /** The completed deployments by the report that carried them. */
  steps(completed: readonly Deployment[]): Deployment[][] {
    const reports = new Map<number, Deployment[]>()
    for (const deployment of completed) {
      const at = deployment.collectedNote!.note
      reports.set(at, [...(reports.get(at) ?? []), deployment])
    }
    return [...reports.values()]
  }

  /** The report written again: every deployment of its step, the collected ones with their verdicts. */
  async rewrite(step: readonly Deployment[]): Promise<void> {
    const { report } = this.placeOf(step[0]!)
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

  where(deployment: Deployment): string {
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
      commit: report.commit
    }
  }

  private redacted<T>(value: T): T {
    return JSON.parse(this.plan.secrets.redactValue(JSON.stringify(value))) as T
  }

  private placeOf(deployment: Deployment): { report: CollectedReport; facts: PendingFacts } {
    const at = deployment.collectedNote!
    const report = this.plan.collection.reports[at.note]!
    return { report, facts: report.step[at.row]! }
  }
}
