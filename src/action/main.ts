import { accessSync, constants, readFileSync, statSync } from 'node:fs'
import * as core from '@actions/core'
import {
  DeployError,
  githubContext,
  sanitize,
  messageOf,
  outputsOf,
  quote,
  repositoryOfSlug,
  runDeploy,
  Secrets,
  type CompletedDeploy,
  type Settings,
  type JsonObject,
  type OutputName,
  type Report
} from '../core/index.js'
import type { ClientLimits, GitHubClient } from './github/client.js'
import { defaultCheckName } from './github/content.js'
import { checkReporting } from './github/dry-run.js'
import { GitHubReporter, type ReportingPlan } from './github/reporter.js'
import { readInputs } from './inputs.js'
import { runnerLog as out } from './log.js'
import { writeSummary, type StepReport } from './summary.js'
import { ACTION_VOCABULARY } from './vocabulary.js'

/**
 * The runner's cancel (and a job's timeout-minutes): SIGINT, then SIGTERM
 * 7.5 s later, then SIGKILL 2.5 s after that. The first stops the deploy,
 * which ends as stopped (`cancelled` on the check run); the reports then get
 * their few seconds and the step ends. A second signal ends it at once.
 */
export function stopOnSignals(): AbortSignal {
  const stop = new AbortController()
  for (const name of ['SIGINT', 'SIGTERM'] as const)
    process.on(name, () => {
      if (stop.signal.aborted) process.exit(130)
      stop.abort(new Error(`the job was canceled: ${name}`))
    })
  return stop.signal
}

/**
 * The step: the inputs and the event handed to the core's one orchestrator,
 * and what it learns turned into outputs (each the moment it is known),
 * annotations and the summary. The only place that fails the step; every
 * failure, thrown or not, ends as one `::error::` line. `signal` stops the
 * deploy (the runner's cancel); the step then exits 130. `env` is the
 * runner's environment, the only place the step reads it from.
 */
export async function run(
  signal: AbortSignal | undefined,
  env: Record<string, string | undefined>
): Promise<void> {
  const step: StepReport = { failOnNoRun: true, warnings: [] }
  const setOutputs = outputSetter()
  // The one redaction, told every secret the deploy registers: the runner masks each, and GitHub's writes go through it.
  const secrets = new Secrets(secret => out.mask(secret))
  // The core tells each spelling it masks (a key's, a signed URL's): taken as spelled, since the key itself is added below.
  const log = { ...out, mask: (secret: string) => secrets.addExact(secret) }
  try {
    // Masked before anything else can print it, even when it fails validation.
    const values = readInputs(name => core.getInput(name))
    if (values.apiKey) secrets.add(values.apiKey)
    if (values.githubToken) secrets.add(values.githubToken)
    const context = githubContext(env.GITHUB_EVENT_NAME ?? '', readEvent(env), env)
    for (const note of context.notes) out.warning(note, 'Event value left out')

    let reporter: GitHubReporter | undefined
    const deploy = await runDeploy(undefined, values, {
      frontEnd: 'action',
      vocabulary: ACTION_VOCABULARY,
      log,
      signal,
      ci: context,
      env,
      workingDirectory: env.GITHUB_WORKSPACE || process.cwd(),
      onEvent: (event, report) => {
        setOutputs(report)
        reporter?.onEvent(event, report)
      },
      beforeRequests: async settings => {
        checkOutputFile(env.GITHUB_OUTPUT)
        const plan = reportingPlanOf(settings, secrets, env)
        if (settings.dryRun) await checkReporting(plan, out, loadClient, signal)
        else if (plan) reporter = new GitHubReporter(plan, out, loadClient)
      }
    })
    finish(step, deploy, setOutputs)
    await reporter?.finish(deploy.report, deploy.judgement)
    if (signal?.aborted) process.exitCode = 130
  } catch (error) {
    // Only the action's own writing can throw here: the core never does.
    fail(step, `The step could not finish: ${messageOf(error)}`, 'Mobile build deploy failed')
  } finally {
    try {
      await writeSummary(step, env.GITHUB_STEP_SUMMARY)
    } catch (error) {
      out.warning(`The job summary could not be written: ${messageOf(error)}`)
    }
  }
}

/** The outputs, the one error or warning, and the step's result, from the deploy's report and judgement. */
function finish(
  step: StepReport,
  { report, judgement }: CompletedDeploy,
  setOutputs: (report: Report) => void
): void {
  Object.assign(step, report, { judgement })
  try {
    setOutputs(report)
  } catch (error) {
    const unwritten = `The outputs could not be written: ${messageOf(error)}`
    // A failure that came first is the cause to show; the outputs' own is then a detail.
    if (judgement.conclusion !== 'failure')
      return fail(step, unwritten, 'Mobile build deploy failed')
    out.warning(unwritten)
  }
  if (judgement.conclusion === 'failure')
    failWith(
      judgement.message ?? 'The deploy failed.',
      report.failure?.usage ? 'Invalid input' : 'Mobile build deploy failed'
    )
  else if (judgement.conclusion === 'warning' && judgement.message)
    out.warning(judgement.message, 'No run created')
}

/** The GitHub reporting the settings ask for: a check for a step that waits, a comment on a pull request; none without a token. */
function reportingPlanOf(
  settings: Settings,
  secrets: Secrets,
  env: Record<string, string | undefined>
): ReportingPlan | undefined {
  const repo = repositoryOfSlug(env.GITHUB_REPOSITORY)
  if (!settings.githubToken || !repo || !('owner' in repo)) return undefined
  const check = settings.check && settings.wait
  const pullRequest = settings.prComment ? settings.git.pullRequestNumber : undefined
  if (!check && pullRequest === undefined) return undefined
  return {
    token: settings.githubToken,
    check,
    checkName:
      settings.checkName ?? defaultCheckName(settings.environment, settings.deploymentType),
    pullRequest,
    repo: { owner: repo.owner, repo: repo.name },
    sha: settings.git.sha,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    workflowRunUrl: workflowRunUrl(env),
    secrets
  }
}

/** The client module, loaded only when something is reported: the start of a step that reports nothing stays as quick. */
async function loadClient(
  token: string,
  baseUrl: string,
  limits: ClientLimits
): Promise<GitHubClient> {
  const { createClient } = await import('./github/client.js')
  return createClient(token, baseUrl, limits)
}

function workflowRunUrl(env: Record<string, string | undefined>): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: id } = env
  return repository && id
    ? `${(server || 'https://github.com').replace(/\/+$/, '')}/${repository}/actions/runs/${id}`
    : undefined
}

/** Sets every output that is known and new since the last call: each is written once per value. */
function outputSetter(): (report: Report) => void {
  const written = new Map<OutputName, string>()
  return report => {
    for (const [name, value] of Object.entries(outputsOf(report)) as [OutputName, string][]) {
      if (written.get(name) === value) continue
      core.setOutput(name, value)
      written.set(name, value)
    }
  }
}

/**
 * The runner's outputs file must be writable before the first request: a
 * run created whose id cannot be handed on would be created again by a rerun.
 */
function checkOutputFile(path: string | undefined): void {
  if (!path) return
  let problem: string | undefined
  try {
    accessSync(path, constants.W_OK)
    if (!statSync(path).isFile()) problem = 'it is not a file'
  } catch (error) {
    problem = (error as NodeJS.ErrnoException).code ?? messageOf(error)
  }
  if (problem)
    throw new DeployError(
      `GITHUB_OUTPUT names ${quote(path)}, which cannot be written (${problem}), so no output could be handed on; nothing was sent. The runner sets this file: run the action as a step of a workflow.`
    )
}

/** The step fails by its own fault (after the deploy, or before it could run): the summary says so. */
function fail(step: StepReport, message: string, title: string): void {
  step.problem = message
  failWith(message, title)
}

function failWith(message: string, title: string): void {
  out.error(sanitize(message), title)
  process.exitCode = 1
}

/** The event payload; a missing or unreadable file means an empty payload, not a failure. */
function readEvent(env: Record<string, string | undefined>): JsonObject {
  const path = env.GITHUB_EVENT_PATH
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : {}
  } catch (error) {
    out.warning(
      `The event file could not be read (${messageOf(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
    )
    return {}
  }
}
