import { AbortedError, InputError, messageOf } from '../shared/errors.js'
import { ensureWritable, writeOutputFile } from '../shared/files.js'
import { formatBytes, formatDuration, formatMinutes } from '../shared/format.js'
import type { GitContext } from '../shared/git.js'
import type { Log, ProgressListener } from '../shared/log.js'
import { ref, type OptionKey } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import { userAgent, type FrontEnd } from '../shared/version.js'
import { LIMIT_VARIABLES, limitsFromEnv, type Limits } from '../options/limits.js'
import { resolveOptions, type Settings } from '../options/resolve.js'
import type { Command } from '../shared/option-table.js'
import type { Vocabulary } from '../options/vocabulary.js'
import { buildDeployBody } from '../service/body.js'
import { ServiceClient } from '../service/client.js'
import { DEFAULT_BASE_DELAY_MS, MAX_RETRY_DELAY_MS } from '../transport/retry.js'
import { findArtifact } from '../upload/artifact.js'
import { uploadArtifact } from '../upload/upload.js'
import { pollVerdict, type Verdict } from '../verdict/poll.js'
import { noRunAdvice } from './advice.js'
import { conclude, type Judgement } from './conclusion.js'
import { buildWarningTitle, checkBuild, describeBuild } from './build-check.js'
import { chooseDestination, pullRequestOverStaticName } from './destination.js'
import { dryRun } from './dry-run.js'
import type { DeployEvent } from './events.js'
import { junitOfReport } from './junit.js'
import { failureText, unexpectedStack } from './messages.js'
import { Outward } from './outward.js'
import type { Failure, Report } from './report.js'
import { clock } from '../shared/clock.js'

/** The one ask for a new run's page waits no longer: a link is never worth holding the deploy up. */
const RUN_PAGE_TIMEOUT_MS = 30_000

/** What a front end brings to a deploy besides the option values. */
export interface DeployHooks {
  frontEnd: FrontEnd
  /** How this front end names its options in every text. */
  vocabulary: Vocabulary
  /** Where the deploy tells what it does; every line arrives rendered, redacted and on one line. */
  log?: Partial<Log> | undefined
  /** The Git context the front end derived from its CI; options override each field. */
  derived?: GitContext | undefined
  /** The environment: time limits, and options that fall back to a variable. */
  env?: Record<string, string | undefined> | undefined
  /** Where a relative `file` is found. */
  workingDirectory: string
  /** Stops whatever is under way at once; the deploy then ends as `aborted`. */
  signal?: AbortSignal | undefined
  /** Told what the deploy learns, as it learns it. */
  onEvent?: ((event: DeployEvent, report: Report) => void) | undefined
  /** Told the bytes sent so far during the upload. */
  onProgress?: ProgressListener | undefined
  /** Called once the options are checked and the build found, before the first request: a front end checks here that it can write what it must. */
  beforeRequests?: ((settings: Settings) => void | Promise<void>) | undefined
}

/** A deploy, done as far as it could be: what was learned, and what it comes to. */
export interface DeployRun {
  report: Report
  /** The one rule's judgement, its message ready to leave the process. */
  judgement: Judgement
  /** The options as resolved; absent when they could not be. */
  settings?: Settings | undefined
}

/**
 * The one orchestrator, for every mode of every front end: checks the
 * options, then uploads, notifies, waits for the verdict or ends an
 * environment, as the mode asks. It never throws: the report says what was
 * learned and what stopped it, and the judgement what that means for the
 * pipeline. Events tell the front end each step as it is done.
 */
export async function runDeploy(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks
): Promise<DeployRun> {
  const report: Report = { startedAt: clock.now(), failOnNoRun: true, warnings: [] }
  const outward = new Outward(hooks.vocabulary, hooks.log, report.warnings)
  const emit = outward.guard('onEvent', hooks.onEvent)
  const tell = (event: DeployEvent): void => emit(event, report)
  // Masked before anything else can print them, even when they fail validation or sit in another option.
  outward.addSecretOptions(values, hooks.env)
  let settings: Settings | undefined
  const deploy = new Deploy(outward, report, tell, hooks)
  try {
    if (hooks.signal?.aborted) throw new AbortedError('The deploy was stopped before it started.')
    const limits = limitsFromEnv(hooks.env ?? {})
    settings = resolveOptions({
      frontEnd: hooks.frontEnd,
      command,
      values,
      derived: hooks.derived,
      env: hooks.env,
      workingDirectory: hooks.workingDirectory
    })
    outward.secrets.add(settings.apiKey)
    outward.secrets.add(settings.githubToken)
    await deploy.run(settings, limits)
  } catch (error) {
    report.failure = deploy.failureOf(error)
    report.outcome = 'aborted'
  }
  const concluded = conclude(report)
  const judgement: Judgement = {
    ...concluded,
    message: concluded.message === undefined ? undefined : outward.text(concluded.message)
  }
  if (settings?.junitReport) await deploy.writeJUnit(settings.junitReport, judgement)
  return { report, judgement, settings }
}

/** One deploy's steps; `runDeploy` is its only caller. */
class Deploy {
  private readonly log: Log

  constructor(
    private readonly outward: Outward,
    private readonly report: Report,
    private readonly tell: (event: DeployEvent) => void,
    private readonly hooks: DeployHooks
  ) {
    this.log = outward.log
  }

  async run(settings: Settings, limits: Limits): Promise<void> {
    const { report } = this
    report.mode = settings.mode
    if (settings.junitReport) await ensureWritable(settings.junitReport, ref('junitReport'))
    report.failOnNoRun = settings.failOnNoRun
    if (settings.mode === 'terminate') return this.terminate(settings, limits)
    report.git = settings.git
    if (settings.mode === 'wait') {
      report.outcome = 'skipped'
      report.runId = this.outward.value(settings.runId!)
      report.wait = { minutes: settings.waitTimeoutMs / 60_000 }
      this.tell({ type: 'planned', mode: settings.mode })
      await this.hooks.beforeRequests?.(settings)
      await this.waitFor(settings, limits, settings.runId!, false)
      return
    }
    report.deploymentType = settings.deploymentType
    if (settings.wait) report.wait = { minutes: settings.waitTimeoutMs / 60_000 }
    const artifact = settings.file
      ? await findArtifact(settings.file, settings.workingDirectory)
      : undefined
    const destination = artifact ? chooseDestination(settings, artifact) : undefined
    if (artifact && destination) {
      report.artifact = { name: artifact.name, size: artifact.size, target: artifact.target }
      report.destination = destination
      const overStatic = pullRequestOverStaticName(settings, destination)
      if (overStatic) this.warn(overStatic)
    }
    this.logPlan(settings, artifact, destination)
    if (artifact) {
      report.build = await checkBuild(artifact, settings, this.hooks.signal)
      this.log.info(describeBuild(report.build))
      for (const warning of report.build.warnings)
        this.warn(warning.message, buildWarningTitle(warning))
    }
    this.tell({ type: 'planned', mode: settings.mode })
    await this.hooks.beforeRequests?.(settings)

    await this.withinDelivery(limits, async signal => {
      const service = this.service(settings, limits, signal, clock.now() + limits.deliveryMs)
      if (settings.dryRun)
        return dryRun(settings, service, artifact, destination, {
          log: this.log,
          report,
          phase: (name, work) => this.phase(name, work),
          value: text => this.outward.value(text)
        })
      let runInputPath = settings.runInputPath
      if (artifact && destination) {
        const receipt = await this.phase(
          `Upload ${quote(artifact.name)} (${formatBytes(artifact.size)})`,
          async () => {
            const sent = await uploadArtifact(service, artifact, destination, {
              minBytesPerSecond: settings.minUploadBytesPerSecond,
              onSigned: signed =>
                this.log.info(`Signed URL received for ${quote(signed.playgroundFileLocation)}.`),
              onProgress: this.outward.guard('onProgress', this.hooks.onProgress)
            })
            this.log.info(`SHA-256 ${sent.sha256}`)
            return sent
          }
        )
        report.artifact = { ...report.artifact!, sha256: receipt.sha256 }
        report.fileLocation = this.outward.value(receipt.signed.fileLocation) || undefined
        report.playgroundFileLocation = this.outward.value(receipt.signed.playgroundFileLocation)
        runInputPath = receipt.signed.playgroundFileLocation
        if (settings.mode === 'upload') report.outcome = 'skipped'
        this.tell({ type: 'uploaded' })
      } else if (runInputPath) {
        report.playgroundFileLocation = this.outward.value(runInputPath)
      }
      if (settings.mode === 'upload') {
        this.log.info('Upload only: no deploy notification was sent, so no run starts.')
        return
      }
      await this.notify(settings, service, runInputPath)
    })

    if (!settings.wait || settings.dryRun) return
    if (report.runId && !report.noRun) await this.waitFor(settings, limits, report.runId, true)
    else this.log.info('No run was created, so there is no verdict to wait for.')
  }

  private async notify(
    settings: Settings,
    service: ServiceClient,
    runInputPath: string | undefined
  ): Promise<void> {
    const { report, log } = this
    const answer = await this.phase('Deploy notification', () => {
      const build = runInputPath
        ? { variable: settings.runVariable, path: runInputPath }
        : undefined
      const body = buildDeployBody(settings, settings.git, build)
      log.info(
        build
          ? `Notifying the service with ${build.variable}=${quote(build.path)}.`
          : 'Notifying the service of the deployment (no build attached).'
      )
      log.debug(`Deploy notification body: ${JSON.stringify(body)}`)
      return service.notify(body)
    })
    report.outcome = answer.outcome
    report.runId = answer.runId || undefined
    report.runIds = answer.runIds
    report.duplicate = answer.duplicate
    report.preview = answer.preview
    report.environment = answer.environment && this.outward.value(answer.environment)
    report.environmentId = answer.environmentId
    if (answer.warning) {
      this.warn(`The service warns: ${answer.warning}`, 'Service warning')
    }
    const where = answer.environment ? ` on environment ${quote(answer.environment)}` : ''
    if (answer.preview) {
      log.notice(
        `No run was created for this preview deployment${where}: the service answered with no trigger for it, which is not a failure. runId is empty.`,
        'No run for this preview'
      )
    } else if (answer.outcome === 'success') {
      const again = answer.duplicate ? ' (the run already existed for this deployment)' : ''
      log.info(`Run ${answer.runId || '(no id given)'} created${where}${again}.`)
      if (answer.runIds.length > 1)
        log.info(
          `The deployment started ${answer.runIds.length} runs: ${answer.runIds.join(', ')}.`
        )
      if (!answer.runId) log.warning('The service reported a run without an id; runId is empty.')
      else await this.learnRunPage(service, answer.runId, settings.wait)
    } else {
      const cause = answer.cause ?? 'no-trigger'
      report.noRun = {
        cause,
        reason: this.outward.text(answer.reason ?? 'no trigger matched this deployment'),
        advice: noRunAdvice(cause, settings.deploymentType)
      }
    }
    this.tell({ type: 'notified' })
  }

  /**
   * Asks the service once for a new run's page (the verdict endpoint names
   * it), so that every front end links to the run without waiting for its
   * verdict. A courtesy: a failure is a notice, never the deploy's.
   */
  private async learnRunPage(service: ServiceClient, runId: string, waits: boolean): Promise<void> {
    const later = waits ? ' until the wait learns it' : ''
    try {
      const answer = await service.greenlight(runId, clock.now() + RUN_PAGE_TIMEOUT_MS)
      if (answer.runUrl) {
        this.report.runUrl = this.outward.value(answer.runUrl)
        this.log.info(`Run page: ${this.report.runUrl}`)
      } else
        this.log.notice(
          `The service named no page for run ${runId}; runUrl is empty${later}.`,
          'Run page unknown'
        )
    } catch (error) {
      if (service.config.policy.signal?.aborted) throw error
      this.log.notice(
        `The page of run ${runId} could not be asked for (${messageOf(error).replace(/\.$/, '')}); runUrl is empty${later}. The deploy itself is done.`,
        'Run page unknown'
      )
    }
  }

  /** Waits for the verdict of `runId`; the judgement decides what a verdict other than passed does. */
  private async waitFor(
    settings: Settings,
    limits: Limits,
    runId: string,
    afterDeploy: boolean
  ): Promise<void> {
    const { log, report } = this
    const minutes = settings.waitTimeoutMs / 60_000
    const deadline = clock.now() + settings.waitTimeoutMs
    const service = this.service(settings, limits, this.hooks.signal, deadline)
    const base = settings.pollIntervalMs
    this.tell({ type: 'waiting', runId })
    const verdict = await this.phase(`Verdict of run ${runId}`, () => {
      log.info(`Waiting up to ${formatMinutes(minutes)} for the verdict of run ${runId}.`)
      return pollVerdict(service, {
        runId,
        timeoutMs: settings.waitTimeoutMs,
        intervalMs: base,
        // Right after the notification the service creates the run a moment later; a run id given by hand should exist.
        notFoundGraceMs: Math.max(
          afterDeploy ? 10_000 : 3_000,
          ((afterDeploy ? 10 : 3) * base) / 3
        ),
        signal: this.hooks.signal,
        onStatus: status => this.tell({ type: 'status', status })
      })
    })
    report.verdict = this.scrubbed(verdict)
    if (verdict.verdict === 'passed')
      log.info(
        `Run ${verdict.runId} passed: green light.${verdict.runUrl ? ` ${verdict.runUrl}` : ''}`
      )
    if (verdict.verdict === 'timed-out')
      log.info(`The wait timed out; run ${verdict.runId} goes on at the service.`)
    this.tell({ type: 'verdict' })
  }

  private async terminate(settings: Settings, limits: Limits): Promise<void> {
    const environment = settings.environmentRef!
    this.tell({ type: 'planned', mode: 'terminate' })
    await this.hooks.beforeRequests?.(settings)
    await this.withinDelivery(limits, async signal => {
      const service = this.service(settings, limits, signal, clock.now() + limits.deliveryMs)
      const [which, value] = Object.entries(environment)[0]!
      const result = await this.phase('End the preview environment', () =>
        service.terminate(environment)
      )
      this.report.terminated = result
      this.report.outcome = 'success'
      this.log.info(
        result.state === 'already'
          ? `The environment with ${which} ${quote(value)} was already ended.`
          : `The environment with ${which} ${quote(value)} is ended${result.environmentId ? ` (${result.environmentId})` : ''}; the service stops testing it.`
      )
      this.tell({ type: 'terminated' })
    })
  }

  /**
   * Runs the upload and the notification (or the end of an environment)
   * within their time limit; a wait has its own. The limit aborts whatever is
   * under way, with a message saying so.
   */
  private async withinDelivery(
    limits: Limits,
    work: (signal: AbortSignal) => Promise<void>
  ): Promise<void> {
    const limit = new AbortController()
    const minutes = formatMinutes(limits.deliveryMs / 60_000)
    const timer = setTimeout(
      () =>
        limit.abort(
          new AbortedError(
            `The upload and notification reached their time limit of ${minutes} and stopped. Set ${LIMIT_VARIABLES.delivery} to allow more.`
          )
        ),
      limits.deliveryMs
    )
    // The limit never keeps the process alive by itself.
    timer.unref()
    const signal = this.hooks.signal
      ? AbortSignal.any([this.hooks.signal, limit.signal])
      : limit.signal
    try {
      await work(signal)
    } finally {
      clearTimeout(timer)
    }
  }

  private service(
    settings: Settings,
    limits: Limits,
    signal: AbortSignal | undefined,
    deadline: number
  ): ServiceClient {
    return new ServiceClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      policy: {
        maxAttempts: settings.maxAttempts,
        baseDelayMs: DEFAULT_BASE_DELAY_MS,
        maxDelayMs: MAX_RETRY_DELAY_MS,
        deadline,
        signal
      },
      transport: { timeouts: limits.timeouts, userAgent: userAgent(this.hooks.frontEnd) },
      log: this.log,
      secrets: this.outward.secrets
    })
  }

  /** The mode and the plan, for the log. */
  private logPlan(
    settings: Settings,
    artifact: { path: string; size: number; target?: string | undefined } | undefined,
    destination: string | undefined
  ): void {
    const { log } = this
    const mode = {
      deploy: 'upload and notify',
      upload: 'upload only',
      notify: 'notify with an earlier upload',
      plain: 'notify without a build',
      wait: 'wait for a verdict',
      terminate: 'end a preview environment'
    }[settings.mode]
    log.info(
      `Mode: ${mode}${settings.wait && settings.mode !== 'wait' ? ', then wait for the verdict' : ''}`
    )
    if (artifact) log.info(`Artifact: ${quote(artifact.path, 300)} (${formatBytes(artifact.size)})`)
    if (artifact?.target)
      log.notice(
        `The artifact is a link that leads out of the working directory, to ${quote(artifact.target, 300)}.`,
        'Artifact outside the workspace'
      )
    if (destination) log.info(`Destination: ${quote(destination, 300)}`)
    log.info(`Service: ${settings.baseUrl}`)
    const { branch, sha, pullRequestNumber, mergeRequestNumber } = settings.git
    log.info(
      `Branch: ${branch === undefined ? '(none)' : quote(branch, 200)}, commit: ${sha ?? '(none)'}`
    )
    if (pullRequestNumber !== undefined) log.info(`Pull request: #${pullRequestNumber}`)
    if (mergeRequestNumber !== undefined) log.info(`Merge request: !${mergeRequestNumber}`)
  }

  /** A log group for one phase, closed with how long the phase took. */
  private async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = clock.now()
    return this.log.group(name, async () => {
      try {
        return await work()
      } finally {
        this.log.info(`Took ${formatDuration((clock.now() - started) / 1000)}.`)
      }
    })
  }

  /** A verdict whose service-given texts (bug names, links) carry no secret. */
  private scrubbed(verdict: Verdict): Verdict {
    const value = (text: string | undefined): string | undefined =>
      text === undefined ? undefined : this.outward.value(text)
    const bugs = verdict.bugs.map(bug => ({ ...bug, name: value(bug.name)!, url: value(bug.url) }))
    const blocking = verdict.blockingBugs.map(bug => ({
      ...bug,
      name: value(bug.name)!,
      url: value(bug.url)
    }))
    return {
      ...verdict,
      runUrl: value(verdict.runUrl),
      bugsUrl: value(verdict.bugsUrl),
      bugs,
      blockingBugs: blocking
    }
  }

  /** The JUnit report of the verdict, written whatever the deploy came to; a file that cannot be written is a warning. */
  async writeJUnit(path: string, judgement: Judgement): Promise<void> {
    try {
      await writeOutputFile(path, junitOfReport(this.report, judgement), ref('junitReport'))
    } catch (error) {
      this.warn(`The JUnit report could not be written to ${quote(path)}: ${messageOf(error)}`)
    }
  }

  /** A warning worth a look: in the log and in the report, rendered and redacted once. */
  private warn(text: string, title?: string): void {
    const warning = this.outward.text(text)
    this.report.warnings.push(warning)
    this.log.warning(warning, title)
  }

  /** What stopped the deploy, ready to leave the process; an unexpected error's stack goes to the debug log. */
  failureOf(error: unknown): Failure {
    const stack = unexpectedStack(error)
    if (stack) this.log.debug(stack)
    // The caller's stop explains whatever it cut short, whatever error that left.
    const interrupted = this.hooks.signal?.aborted === true
    return {
      message: this.outward.text(failureText(error)),
      usage: error instanceof InputError,
      option: error instanceof InputError ? error.option : undefined,
      aborted: interrupted || error instanceof AbortedError,
      interrupted,
      unexpected: stack === undefined ? undefined : { stack: this.outward.text(stack) }
    }
  }
}
