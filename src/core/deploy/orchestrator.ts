import { AbortedError, InputError } from '../shared/errors.js'
import { ensureWritable, writeOutputFile } from '../shared/files.js'
import { ref, type OptionKey } from '../shared/option-refs.js'
import type { Command } from '../shared/option-table.js'
import { quote } from '../shared/text.js'
import { clock } from '../shared/clock.js'
import { limitsFromEnv } from '../options/time-limits.js'
import { resolveOptions, type Settings } from '../options/resolve.js'
import { conclude, type Judgement } from './conclusion.js'
import type { DeployEvent } from './events.js'
import { junitOfReport } from './junit.js'
import { failureText, unexpectedStack } from './messages.js'
import { OutputGate } from './output-gate.js'
import { planLines, planOf, type Step } from './plan.js'
import type { Failure, Report } from './report.js'
import { DeploySession, type DeployHooks } from './session.js'
import { STEPS, type Carried, type Learned } from './steps.js'

export type { CiContext, DeployHooks } from './session.js'

/** A deploy, done as far as it could be: what was learned, and what it comes to. */
export interface CompletedDeploy {
  report: Report
  /** The one rule's judgement, its message ready to leave the process. */
  judgement: Judgement
  /** The options as resolved; absent when they could not be. */
  settings?: Settings | undefined
}

/** The steps that send nothing to the service: they run before the front end's last check before requests. */
const BEFORE_REQUESTS: readonly Step[] = ['lookUpPullRequest', 'locateBuild', 'checkBuild']

/**
 * The one orchestrator, for every mode of every front end: checks the
 * options, decides the plan, runs its steps in order, and writes what each
 * learned into the report, the only writer of it. It never throws: the
 * report says what was learned and what stopped it, and the judgement what
 * that means for the pipeline. Events tell the front end each step as it is
 * done.
 */
export async function runDeploy(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>,
  hooks: DeployHooks
): Promise<CompletedDeploy> {
  const report: Report = { startedAt: clock.now(), failOnNoRun: true, warnings: [] }
  const gate = new OutputGate(hooks.vocabulary, hooks.log, report.warnings)
  const emit = gate.guard('onEvent', hooks.onEvent)
  const emitEvent = (event: DeployEvent): void => emit(event, report)
  // Masked before anything else can print them, even when they fail validation or sit in another option.
  gate.addSecretOptions(values, hooks.env)
  let settings: Settings | undefined
  try {
    if (hooks.signal?.aborted) throw new AbortedError('The deploy was stopped before it started.')
    const limits = limitsFromEnv(hooks.env ?? {})
    settings = resolveOptions({
      frontEnd: hooks.frontEnd,
      command,
      values,
      derived: hooks.ci?.git,
      env: hooks.env,
      workingDirectory: hooks.workingDirectory
    })
    gate.secrets.add(settings.apiKey)
    gate.secrets.add(settings.githubToken)
    await runSteps(new DeploySession(settings, limits, gate, hooks, emitEvent), report)
  } catch (error) {
    report.failure = failureOf(error, gate, hooks.signal)
    report.outcome = 'aborted'
  }
  const concluded = conclude(report)
  const judgement: Judgement = {
    ...concluded,
    message: concluded.message === undefined ? undefined : gate.text(concluded.message)
  }
  if (settings?.junitReport) await writeJUnit(settings.junitReport, report, judgement, gate)
  return { report, judgement, settings }
}

/** The plan's steps in order, each one's facts written into the report as it ends. */
async function runSteps(session: DeploySession, report: Report): Promise<void> {
  const { settings } = session
  if (settings.junitReport) await ensureWritable(settings.junitReport, ref('junitReport'))
  Object.assign(
    report,
    factsOf(settings, text => session.value(text))
  )
  const plan = planOf(settings, session.hooks.ci)
  if ('skip' in plan) {
    report.outcome = 'skipped'
    session.log.notice(plan.skip, 'Deployment not healthy')
    return
  }
  const carried: Carried = {}
  const take = ({ facts, carried: more, event }: Learned): void => {
    Object.assign(report, facts)
    Object.assign(carried, more)
    if (more?.pullRequestNumber !== undefined) {
      settings.git = { ...settings.git, pullRequestNumber: more.pullRequestNumber }
      report.git = settings.git
    }
    if (event) session.emitEvent(event)
  }
  const before = plan.steps.filter(step => BEFORE_REQUESTS.includes(step))
  for (const step of before) take(await STEPS[step](session, carried, report))
  for (const line of planLines(settings, carried.artifact, carried.destination))
    session.log.info(line)
  session.emitEvent({ type: 'planned', mode: settings.mode })
  await session.hooks.beforeRequests?.(settings)
  try {
    for (const step of plan.steps.filter(step => !before.includes(step)))
      take(await STEPS[step](session, carried, report))
  } finally {
    session.endDelivery()
  }
}

/** What the settings alone tell the report before any step; a value given (the run id) redacted like any other. */
function factsOf(settings: Settings, value: (text: string) => string): Partial<Report> {
  const facts: Partial<Report> = { mode: settings.mode, failOnNoRun: settings.failOnNoRun }
  if (settings.mode === 'terminate') return facts
  return {
    ...facts,
    git: settings.git,
    ...(settings.mode === 'wait'
      ? { outcome: 'skipped', runId: value(settings.runId!) }
      : { deploymentType: settings.deploymentType }),
    ...(settings.wait ? { wait: { minutes: settings.waitTimeoutMs / 60_000 } } : {})
  }
}

/** The JUnit report of the verdict, written whatever the deploy came to; a file that cannot be written is a warning. */
async function writeJUnit(
  path: string,
  report: Report,
  judgement: Judgement,
  gate: OutputGate
): Promise<void> {
  try {
    await writeOutputFile(path, junitOfReport(report, judgement), ref('junitReport'))
  } catch (error) {
    gate.log.warning(
      gate.warn(
        `The JUnit report could not be written to ${quote(path)}: ${String(error instanceof Error ? error.message : error)}`
      )
    )
  }
}

/** What stopped the deploy, ready to leave the process; an unexpected error's stack goes to the debug log. */
function failureOf(error: unknown, gate: OutputGate, signal: AbortSignal | undefined): Failure {
  const stack = unexpectedStack(error)
  if (stack) gate.log.debug(stack)
  // The caller's stop explains whatever it cut short, whatever error that left.
  const interrupted = signal?.aborted === true
  return {
    message: gate.text(failureText(error)),
    usage: error instanceof InputError,
    option: error instanceof InputError ? error.option : undefined,
    aborted: interrupted || error instanceof AbortedError,
    interrupted,
    unexpected: stack === undefined ? undefined : { stack: gate.text(stack) }
  }
}
