import {
  collectResultOf,
  type CollectResult,
  resultOf,
  type StepFacts,
  DeployError,
  optionsOf,
  runDeploy,
  spelling,
  type Command,
  type OptionKey,
  type VerdictStatus,
  type Frozen
} from '../core/index.js'
import {
  type CollectOptions,
  type DeployOptions,
  type DeployResult,
  type NotifyOptions,
  type TerminateOptions,
  type TerminateResult,
  type SkipOptions,
  type UploadOptions,
  type WaitOptions
} from './types.js'
import { LibraryResult, StatusCallback } from './reporters.js'
import { FUNCTIONS, isObject, kindOf, refused, strayKey } from './refusals.js'
import { LIBRARY_VOCABULARY } from './vocabulary.js'

/**
 * Uploads the build (`file`) and notifies the service of the deployment,
 * with the build's path in `RUN_INPUT_PATH` (or `runVariable`); with
 * `wait: true`, then waits for the run's verdict. With `runInputPath`
 * instead of `file`, it notifies with an earlier upload. Without either it
 * refuses (`outcome: 'aborted'`, `cause: 'usage'`, a reason naming `file`):
 * a notification without a build is {@link notifyDeployment}'s. Never rejects.
 */
export function deployBuild(options: DeployOptions): Promise<DeployResult> {
  return call('deploy', options)
}

/**
 * Uploads the build only, with no notification (workspace set-up, or a later
 * {@link notifyDeployment} with its `playgroundFileLocation`). Resolves with
 * `outcome: 'skipped'` once uploaded; never rejects.
 */
export function uploadBuild(options: UploadOptions): Promise<DeployResult> {
  return call('upload', options)
}

/**
 * Notifies the service of a deployment without uploading: with
 * `runInputPath` (an earlier upload's `playgroundFileLocation`) for a mobile
 * run, or without a build for a web deployment. Never rejects.
 */
export function notifyDeployment(options: NotifyOptions): Promise<DeployResult> {
  return call('notify', options)
}

/**
 * Waits for a run's verdict (`passed`, `failed`, `canceled` or `timed-out`),
 * following a run that superseded it. Resolves with the verdict, the deciding
 * run's page and its bugs, and a `reason` unless it passed; `outcome` is
 * `skipped` (nothing was deployed), or `aborted` when the wait itself failed.
 * Never rejects.
 */
export function waitForVerdict(options: WaitOptions): Promise<DeployResult> {
  return call('wait', options)
}

/** One update of {@link watchVerdict}: a status while waiting, then the result. */
export type VerdictUpdate =
  { kind: 'status'; status: VerdictStatus } | { kind: 'result'; result: DeployResult }

/**
 * {@link waitForVerdict} as an async iterator: yields each status as the
 * service answers, then the result, and ends. Leaving the loop early stops
 * the polling at once.
 *
 * ```ts
 * for await (const update of watchVerdict({ apiKey, baseUrl, runId }))
 *   if (update.kind === 'status') console.log(update.status.stage)
 *   else console.log(update.result.verdict)
 * ```
 */
export async function* watchVerdict(
  options: Omit<WaitOptions, 'onStatus'>
): AsyncGenerator<VerdictUpdate, void, undefined> {
  const stop = new AbortController()
  const own = isObject(options) ? options.signal : undefined
  const signal = own instanceof AbortSignal ? AbortSignal.any([own, stop.signal]) : stop.signal
  const pending: VerdictUpdate[] = []
  let wake: (() => void) | undefined
  const push = (update: VerdictUpdate): void => {
    pending.push(update)
    wake?.()
  }
  const done = waitForVerdict({
    ...(isObject(options) ? options : ({} as WaitOptions)),
    signal,
    onStatus: status => push({ kind: 'status', status })
  }).then(result => push({ kind: 'result', result }))
  try {
    for (;;) {
      while (pending.length > 0) {
        const update = pending.shift()!
        yield update
        if (update.kind === 'result') return
      }
      await new Promise<void>(resolve => (wake = resolve))
      wake = undefined
    }
  } finally {
    // A consumer that leaves the loop (break, return, throw) stops the polling here.
    stop.abort(new DeployError('The watch was left before the verdict.'))
    await done
  }
}

/**
 * Ends a preview environment (a pull request's, once it closes), so that the
 * service stops testing it. An environment ended before (409) is a success
 * with `state: 'already'`. Never rejects.
 */
export async function terminateEnvironment(options: TerminateOptions): Promise<TerminateResult> {
  const result = await call('terminate', options)
  return {
    outcome: result.outcome === 'success' ? 'success' : 'aborted',
    conclusion: result.conclusion,
    cause: result.cause,
    ...(result.state ? { state: result.state } : {}),
    ...(result.environmentId ? { environmentId: result.environmentId } : {}),
    ...(result.environmentIds ? { environmentIds: result.environmentIds } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.warnings ? { warnings: result.warnings } : {}),
    ...(result.deployments ? { deployments: result.deployments } : {})
  }
}

/** One call of the core's orchestrator for a library function; resolves for any input, `null` included. */
async function call(command: Command, options: unknown): Promise<ReturnType<typeof resultOf>> {
  const ran = await run(command, options)
  return 'refused' in ran ? refused(ran.refused) : resultOf(ran.facts)
}

/** The orchestrator run for a library function, or why the call is refused before it. */
async function run(
  command: Command,
  options: unknown
): Promise<{ facts: Frozen<StepFacts> } | { refused: string }> {
  try {
    const name = FUNCTIONS[command]
    if (!isObject(options))
      return {
        refused: `${name} takes an options object with ${command === 'skip' ? 'githubToken' : `apiKey and baseUrl${command === 'collect' ? ' and githubToken' : ''}`}, not ${kindOf(options)}`
      }
    const stray = strayKey(command, options)
    if (stray) return { refused: stray }
    const source = options as Record<string, unknown>
    const git = isObject(source.git) ? source.git : {}
    if (source.git !== undefined && !isObject(source.git))
      return {
        refused: `Option 'git' is ${kindOf(source.git)}, not an object of branch, sha and the rest`
      }
    const values: Partial<Record<OptionKey, unknown>> = {}
    for (const key of optionsOf('library', command)) {
      const spelt = spelling('library', key)
      const value = spelt.startsWith('git.') ? git[spelt.slice(4)] : source[spelt]
      if (value !== undefined) values[key] = value
    }
    const onStatus = source.onStatus as ((status: VerdictStatus) => void) | undefined
    const result = new LibraryResult()
    const log = source.log as DeployOptions['log']
    await runDeploy(command, values, {
      frontEnd: 'library',
      vocabulary: LIBRARY_VOCABULARY,
      log,
      env: process.env,
      workingDirectory:
        typeof source.workingDirectory === 'string' ? source.workingDirectory : process.cwd(),
      signal: source.signal instanceof AbortSignal ? source.signal : undefined,
      onProgress: source.onProgress as DeployOptions['onProgress'],
      reporters: [result, ...(typeof onStatus === 'function' ? [new StatusCallback(onStatus)] : [])]
    })
    return { facts: result.facts! }
  } catch (error) {
    // The orchestrator never throws; this is the last guard of the promise never to reject.
    return {
      refused: `Unexpected error: ${error instanceof Error ? error.message : String(error)}. Please report it`
    }
  }
}

/**
 * Deploys nothing, and completes as `skipped` (with `skipReason`) the GitHub
 * check runs a deploy with these same options would have written: one per
 * platform of `expectedAppId`, named as the deploy names them, on `git.sha`
 * in `githubRepository` with `githubToken`; a check run of that name already
 * on the commit is left as it is. For a pipeline that deploys only when the
 * app changed, so that a required check resolves. Sends nothing to the
 * service; never rejects.
 *
 * ```ts
 * await skipDeployments({ githubToken, githubRepository: 'octo-org/octo-app', git: { sha }, expectedAppId: 'android:com.example.shop ios:com.example.Shop' })
 * ```
 */
export function skipDeployments(options: SkipOptions): Promise<DeployResult> {
  return call('skip', options)
}

/**
 * Completes the GitHub check runs of deployments made with `reportLater`
 * whose runs have ended, as a waiting deploy would have (its conclusion, its
 * summary, the pull request's comment), in `githubRepository`
 * (GITHUB_REPOSITORY by default) with `githubToken`; for a scheduled job.
 * Asks the service once per run, never waits; the reports its options ask
 * for (`junitReport`, `summaryFile`, `resultWebhook`) show the verdicts it
 * collected. Resolves with whether collecting worked (`conclusion`) and what
 * it completed; never rejects.
 *
 * ```ts
 * const collected = await collectVerdicts({ apiKey, baseUrl, githubToken, githubRepository: 'octo-org/octo-app' })
 * for (const deployment of collected.completed) console.log(deployment.name, deployment.verdict)
 * ```
 */
export async function collectVerdicts(options: CollectOptions): Promise<CollectResult> {
  const ran = await run('collect', options)
  if (!('refused' in ran)) return collectResultOf(ran.facts)
  const { reason } = refused(ran.refused)
  return {
    conclusion: 'failure',
    cause: 'usage',
    reason,
    completed: [],
    pending: 0,
    problems: [],
    warnings: [],
    requests: 0
  }
}
