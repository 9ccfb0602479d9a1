import { setMaxListeners } from 'node:events'
import { resolve } from 'node:path'
import pLimit, { type LimitFunction } from 'p-limit'
import { AbortedError } from '../shared/errors.js'
import type { OptionKey } from '../shared/option-refs.js'
import type { Command } from '../shared/option-table.js'
import { clock } from '../shared/clock.js'
import { limitsFromEnv, type Limits } from '../options/time-limits.js'
import type { Settings } from '../options/resolve.js'
import type { CollectFacts, Deployment, StepFacts } from '../report/facts.js'
import { coolReader, warmReader } from '../inspect/read.js'
import { clearAttestation } from '../report/attestation.js'
import { optionReporters } from '../report/targets.js'
import { deploymentName } from '../report/identity.js'
import { conclude, judgeStep } from '../report/judgement.js'
import { stageWords } from '../report/words.js'
import { adoptedNames, collectedReporter, githubReporters } from './github.js'
import { gitlabAdoptedNames, gitlabReporters } from './gitlab.js'
import { bitbucketReporters } from './bitbucket.js'
import { asksToCollect, collectPending, emptyCollect } from './collect.js'
import { skipChecks, skippedDeployments } from './skip.js'
import { reportContext } from './report-context.js'
import { labelledLog, labelOf } from './labels.js'
import { distinctBuilds, distinctDestinations, nameDeployments } from './naming.js'
import { collectFailureOf, failureOf, stoppedWait } from './messages.js'
import { OutputFilter } from './output-filter.js'
import { buildLines, planLines, planOf, type Step } from './plan.js'
import { Reporting } from './reporting.js'
import { factsOf } from './given-facts.js'
import { settle } from './settle.js'
import { DeploySession, type DeployHooks } from './session.js'
import { STEPS, type Handoff, type StepResult } from './steps.js'

export type { CiContext, DeployHooks } from './session.js'

/** A deploy, done as far as it could be: every deployment's facts, and what the step comes to. */
export interface CompletedDeploy {
  facts: StepFacts
  /** The options as resolved; absent when they could not be. */
  settings?: Settings | undefined
}

/** The steps that send nothing to the service: they run before the front end's last check before requests. */
const BEFORE_REQUESTS: readonly Step[] = ['locateBuild', 'checkBuild']

/** What a step comes to as it goes: its deployments, and a collect's own facts. */
interface Progress {
  deployments: Deployment[]
  collect?: CollectFacts | undefined
}

/**
 * The one orchestrator, for every mode of every front end: checks the
 * options, decides the plan, runs its steps for each deployment, writes what
 * each learned into that deployment's facts (the only writer of them), judges
 * them by the one rule, and hands the facts to the reporters it was given. It
 * writes no report itself and never throws: the facts say what was learned
 * and what stopped it, the judgement what that means for the pipeline.
 */
export async function runDeploy(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks
): Promise<CompletedDeploy> {
  const startedAt = clock.now()
  const warnings: string[] = []
  const output = new OutputFilter(hooks.vocabulary, hooks.log, warnings)
  const reporting = new Reporting(output, hooks.reporters ?? [])
  // Masked before anything else can print them, even when they fail validation or sit in another option.
  output.addSecretOptions(values, hooks.env)
  // A step that reads a build boots the reader's worker beside the rest of its start-up.
  if (values.file !== undefined && values.file !== '') warmReader()
  // A collect's deployments are the ones it finds; any other mode has one at least.
  const collects = asksToCollect(command, values)
  const progress: Progress = collects
    ? { deployments: [], collect: emptyCollect() }
    : { deployments: [newDeployment(deploymentName({}), startedAt)] }
  let settings: Settings | undefined
  try {
    if (hooks.signal?.aborted) throw new AbortedError('The deploy was stopped before it started.')
    // What an earlier step attested goes first: a step refused from here on attests nothing.
    const attested = values.testAttestation
    if (typeof attested === 'string' && attested.trim())
      await clearAttestation(resolve(hooks.workingDirectory, attested.trim()))
    const limits = limitsFromEnv(hooks.env ?? {})
    settings = await settle(command, values, hooks, output, limits)
    await runMode({ settings, limits, output, hooks, reporting }, progress, startedAt)
  } catch (error) {
    // Before any request: every deployment ends with what stopped the step (a collect, the collect itself).
    const failure = failureOf(error, output, hooks.signal)
    if (progress.collect) progress.collect.failure = collectFailureOf(failure)
    for (const deployment of progress.deployments) {
      deployment.failure ??= failure
      deployment.outcome = 'aborted'
    }
  }
  const facts = judged(progress, output, warnings, startedAt)
  coolReader()
  await reporting.finish(facts)
  return { facts, settings }
}

/** The step's facts, each deployment judged by the one rule and the step by its deployments (a collect by itself). */
function judged(
  { deployments, collect }: Progress,
  output: OutputFilter,
  warnings: string[],
  startedAt: number
): StepFacts {
  for (const deployment of deployments) {
    const { message, ...judgement } = conclude(deployment)
    deployment.judgement = { ...judgement, message: message && output.text(message) }
  }
  return {
    deployments,
    judgement: judgeStep({ deployments, collect }),
    warnings,
    startedAt,
    endedAt: clock.now(),
    ...(collect ? { collect } : {})
  }
}

/** What a mode runs on: the settings, the limits, the output, the front end's hooks and the reporting. */
interface ModeContext {
  settings: Settings
  limits: Limits
  output: OutputFilter
  hooks: DeployHooks
  reporting: Reporting
}

/** The step's mode: a collect and a skip by themselves, any other by the deploy's steps, a deployment per build or run. */
async function runMode(run: ModeContext, progress: Progress, startedAt: number): Promise<void> {
  const { settings, limits, output, hooks, reporting } = run
  const targets = () =>
    optionReporters(settings.values, reportContext(settings, limits, output, hooks))
  if (settings.mode === 'collect') {
    const collection = await collectPending({ settings, limits, output, hooks })
    progress.deployments = collection.deployments
    progress.collect = collection.facts
    reporting.add(targets())
    reporting.add([collectedReporter(collection, settings, output, hooks)])
    await reporting.prepare()
    return
  }
  if (settings.mode === 'skip') {
    progress.deployments = skippedDeployments(settings, startedAt)
    reporting.add(targets())
    await reporting.prepare()
    return skipChecks(settings, progress.deployments, output, hooks)
  }
  const name = deploymentName({
    checkName: settings.values.checkName,
    deploymentType: settings.values.deploymentType,
    environment: settings.values.environment?.all
  })
  const files = settings.values.file ?? []
  const each = files.length > 0 ? files : settings.runIds
  progress.deployments = (each.length > 0 ? each : [undefined]).map(() =>
    newDeployment(name, startedAt)
  )
  await runSteps({ ...run, deployments: progress.deployments })
}

function newDeployment(name: string, startedAt: number): Deployment {
  return { name, startedAt, failOnNoRun: true, warnings: [] }
}

/** What one step's run shares between its deployments. */
interface StepContext extends ModeContext {
  deployments: Deployment[]
}

/**
 * The plan's steps: the ones that send nothing for every deployment first
 * (a refusal of any ends the step before the first request), the names
 * decided once, then each deployment's requests beside the others', each
 * ending by itself.
 */
async function runSteps(run: StepContext): Promise<void> {
  const { settings, hooks, deployments, reporting, output } = run
  // Each deployment's delivery, poll and request listens to the caller's stop: no warning past ten.
  if (hooks.signal) setMaxListeners(Math.max(10, deployments.length * 4), hooks.signal)
  deployments.forEach((deployment, i) =>
    Object.assign(
      deployment,
      factsOf(settings, i, text => output.value(text))
    )
  )
  const plan = planOf(settings, hooks.ci)
  if ('skip' in plan) {
    for (const deployment of deployments) deployment.outcome = 'skipped'
    output.log.notice(plan.skip, 'Deployment not healthy')
    return
  }
  const handoffs: Handoff[] = deployments.map((_d, i) => ({ file: settings.values.file?.[i] }))
  const sessions = sessionsOf(run, handoffs)
  const before = plan.steps.filter(step => BEFORE_REQUESTS.includes(step))
  for (const [index, session] of sessions.entries())
    for (const step of before)
      take(run, index, handoffs, await STEPS[step](session, handoffs[index]!, deployments[index]!))
  distinctBuilds(handoffs)
  distinctDestinations(handoffs)
  // A wait-only step's names may come from the check runs of its runs: decided once, unique in the step.
  nameDeployments(
    settings,
    deployments,
    handoffs,
    (await adoptedNames(settings, deployments, output, hooks)) ??
      (await gitlabAdoptedNames(settings, deployments, output, hooks))
  )
  const github = await githubReporters(settings, deployments, output, hooks)
  const gitlab = gitlabReporters(settings, output, hooks)
  const bitbucket = bitbucketReporters(settings, output, hooks)
  for (const line of planLines(settings)) output.log.info(line)
  for (const [index, session] of sessions.entries()) {
    const { artifact, destination } = handoffs[index]!
    for (const line of buildLines(artifact, destination)) session.log.info(line)
    session.emitEvent({ type: 'planned', mode: settings.mode })
  }
  reporting.add(
    optionReporters(settings.values, reportContext(settings, run.limits, output, hooks))
  )
  reporting.add(github)
  reporting.add(gitlab)
  reporting.add(bitbucket)
  await reporting.prepare()
  const rest = plan.steps.filter(step => !before.includes(step))
  // Deliveries (the reads of the upload, its socket, the notification) a few at a time: a step of
  // fifty builds holds as many files and sockets as one of four; the waits that follow only poll.
  const delivery = pLimit(PARALLEL_DELIVERIES)
  await Promise.all(
    sessions.map((session, index) => requests(run, session, index, handoffs, rest, delivery))
  )
}

/** Each deployment's session: beside each other, several deployments' lines each name their build. */
function sessionsOf(run: StepContext, handoffs: readonly Handoff[]): DeploySession[] {
  const { settings, limits, output, hooks, deployments, reporting } = run
  return deployments.map((deployment, index) => {
    const log =
      deployments.length > 1
        ? labelledLog(output.log, () => labelOf(deployment, handoffs[index]!.file))
        : output.log
    return new DeploySession(settings, limits, output, hooks, deployment, log, event => {
      // Where the run is while waiting is a fact of the deployment, as everything it learns.
      if (event.type === 'waiting') deployment.stage = 'waiting for the verdict'
      if (event.type === 'status') deployment.stage = stageWords(event.status)
      reporting.event(event, deployments, index)
    })
  })
}

/** Deliveries under way at once in one step: its open files and sockets, its memory, bounded. */
export const PARALLEL_DELIVERIES = 4

/** One deployment's requests in order; what stops them ends this deployment alone. */
async function requests(
  run: StepContext,
  session: DeploySession,
  index: number,
  handoffs: Handoff[],
  steps: readonly Step[],
  delivery: LimitFunction
): Promise<void> {
  const deployment = run.deployments[index]!
  const each = async (some: readonly Step[]) => {
    for (const step of some)
      take(run, index, handoffs, await STEPS[step](session, handoffs[index]!, deployment))
  }
  try {
    await delivery(() => each(steps.filter(step => step !== 'wait')))
    await each(steps.filter(step => step === 'wait'))
  } catch (error) {
    deployment.failure = failureOf(error, run.output, run.hooks.signal)
    // A wait stopped after the notification created the run: the deploy itself succeeded, and the
    // run goes on at the service. The cause says it was stopped; the message how to wait again.
    if (deployment.failure.interrupted && deployment.runId && deployment.outcome === 'success')
      deployment.failure.message = run.output.text(stoppedWait(deployment, run.hooks.signal))
    else deployment.outcome = 'aborted'
  } finally {
    session.endDelivery()
  }
}

/** A step's result written into its deployment's facts, and what it hands the next steps. */
function take(run: StepContext, index: number, handoffs: Handoff[], result: StepResult): void {
  const { facts, handoff, event } = result
  Object.assign(run.deployments[index]!, facts)
  Object.assign(handoffs[index]!, handoff)
  if (event) run.reporting.event(event, run.deployments, index)
}
