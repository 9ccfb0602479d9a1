/**
 * The collect: a mode of the one orchestrator, whose deployments are the
 * ones reported later that it finds ended. What is its own is finding them
 * on the code host (collect-source.ts: GitHub's check runs left in progress,
 * GitLab's merge-request notes, their facts sealed under the API key) and
 * asking the service once per run; each it finds ended it claims, so that
 * no collect beside it reports it too. The rest is the deploy's road: the
 * orchestrator judges them by the one rule and hands them to every report
 * target, the host's collect reporter among them (host/collected.ts), which
 * completes each status as a waiting step would have. Requests to the host
 * are held to a budget before each one (pages and retries included).
 */
import { BudgetSpent } from '../host/budget.js'
import type { CollectFacts, Deployment } from '../report/facts.js'
import type { Command, OptionKey } from '../shared/option-table.js'
import { rowKey } from '../report/pending.js'
import { clock } from '../shared/clock.js'
import { HttpStatusError } from '../shared/errors.js'
import type { GitLabCollection } from '../gitlab/collected.js'
import type { ServiceApi } from '../service/api.js'
import { ASK_MS, askVerdict, type Asking, type CollectRun } from './collect-ask.js'
import { githubSource, type GitHubCollection } from './collect-github.js'
import { gitlabSource } from './collect-gitlab.js'
import { bitbucketSource } from './collect-bitbucket.js'
import type { BitbucketCollection } from '../bitbucket/collected.js'
import { laterHostOf } from '../host/where.js'
import type { CollectSource, Waiting } from './collect-source.js'
import { serviceOf } from './session.js'

export type { CollectRun } from './collect-ask.js'

/** What a collect found: the deployments it claimed (their verdicts in), its own facts, and the code host as it used it. */
export interface Collection {
  deployments: Deployment[]
  facts: CollectFacts
  /** GitHub as the collect used it; a collect on GitLab used GitLab instead. */
  github?: GitHubCollection
  gitlab?: GitLabCollection
  bitbucket?: BitbucketCollection
}

/**
 * One pass over the places where deployments reported later may be, on
 * the code host the step is given: a GitLab token (or a GitLab pipeline
 * without a GitHub token) collects on GitLab, else on GitHub.
 */
export async function collectPending(run: CollectRun): Promise<Collection> {
  const { settings, hooks } = run
  const host = laterHostOf(settings.values, hooks.env ?? {})
  if (host === 'bitbucket') {
    const { source, bitbucket, turn } = bitbucketSource(run)
    const facts = factsOf(source)
    const deployments = await collectFrom(run, source, facts, turn)
    return { deployments, facts, bitbucket }
  }
  if (host === 'gitlab') {
    const { source, gitlab, turn } = gitlabSource(run)
    const facts = factsOf(source)
    const deployments = await collectFrom(run, source, facts, turn)
    return { deployments, facts, gitlab }
  }
  const { source, github, turn } = await githubSource(run)
  const facts = factsOf(source)
  const deployments = inStepOrder(await collectFrom(run, source, facts, turn))
  return { deployments, facts, github }
}

function factsOf(source: Pick<CollectSource<unknown>, 'requestCount'>): CollectFacts {
  return {
    pending: 0,
    problems: [],
    warnings: [],
    get requests() {
      return source.requestCount()
    }
  }
}

/**
 * The pass, the same on every host: each waiting deployment is collected
 * on its own; one that cannot be (facts of another shape, a seal that does
 * not hold, a run the service answers nothing usable for) is a warning or
 * a problem of its own, and the rest go on; the token refused or the rate
 * limit ends the pass (thrown), the budget stops it early.
 */
async function collectFrom<Place>(
  run: CollectRun,
  source: CollectSource<Place>,
  facts: CollectFacts,
  turn: number
): Promise<Deployment[]> {
  const found: Deployment[] = []
  let keyConfirmed = false
  try {
    for (const place of await source.places(turn)) {
      if (run.hooks.signal?.aborted) break
      const { waiting, refused } = await source.look(place)
      for (const { what, problem, otherKey } of refused) {
        // Sealed under another key: the service tells whether this collect's key is the one rotated in, or a wrong one.
        if (otherKey && !keyConfirmed) {
          keyConfirmed = true
          await confirmKey(run, otherKey)
        }
        warn(run, facts, `${what} is not collected: ${problem}.`)
      }
      for (const one of waiting) {
        if (run.hooks.signal?.aborted) break
        try {
          const deployment = await collectOne(run, facts, one)
          if (deployment) found.push(deployment)
        } catch (error) {
          if (error instanceof BudgetSpent || run.hooks.signal?.aborted) throw error
          const comes = source.failure(error, one.what)
          if ('stop' in comes) throw comes.stop
          if ('warning' in comes) warn(run, facts, comes.warning)
          else problem(run, facts, comes.problem)
        }
      }
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error
    facts.stopped = error.message
    run.output.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
  }
  return found
}

/** One waiting deployment: its run's verdict asked once; the deployment, once this collect has claimed it. */
async function collectOne(
  run: CollectRun,
  facts: CollectFacts,
  one: Waiting
): Promise<Deployment | undefined> {
  const deadline = clock.now() + ASK_MS
  const asked = await askVerdict(
    serviceFor(run, deadline),
    one.runId,
    one.since,
    asking(run),
    deadline
  )
  if ('pending' in asked) {
    facts.pending += one.count
    return undefined
  }
  return one.collected(asked.verdict)
}

/**
 * Pure: the collected deployments in the order their steps gave them, so
 * that every report lists them as the waiting step would have (GitHub lists
 * check runs newest first): each step's (one commit, one list of its
 * deployments' keys) in the order it named them, the steps as first met.
 */
export function inStepOrder(deployments: readonly Deployment[]): Deployment[] {
  const steps = new Map<string, number>()
  const keyed = deployments.map((deployment, found) => {
    const { sha = '', rows = [] } = deployment.collected ?? {}
    const step = `${sha}\n${rows.join('\n')}`
    if (!steps.has(step)) steps.set(step, steps.size)
    const at = rows.indexOf(rowKey(deployment.name))
    return { deployment, step: steps.get(step)!, at: at < 0 ? rows.length : at, found }
  })
  keyed.sort((a, b) => a.step - b.step || a.at - b.at || a.found - b.found)
  return keyed.map(({ deployment }) => deployment)
}

/** Asks the service about `runId` once, to tell a wrong key (its refusal, thrown) from a rotated one; nothing else it says is used. */
async function confirmKey(run: CollectRun, runId: string): Promise<void> {
  try {
    await askVerdict(serviceFor(run), runId, clock.now(), asking(run), clock.now() + ASK_MS)
  } catch (error) {
    if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403))
      throw error
  }
}

/** The service's client of one ask, within ASK_MS. */
function serviceFor(run: CollectRun, deadline = clock.now() + ASK_MS): ServiceApi {
  return serviceOf({ ...run, log: run.output.log }, run.hooks.signal, deadline)
}

function asking(run: CollectRun): Asking {
  return { settings: run.settings, signal: run.hooks.signal, value: text => run.output.value(text) }
}

function warn(run: CollectRun, facts: CollectFacts, text: string): void {
  const warning = run.output.text(text)
  facts.warnings.push(warning)
  run.output.log.warning(warning, 'Not collected')
}

function problem(run: CollectRun, facts: CollectFacts, text: string): void {
  const said = run.output.text(text)
  facts.problems.push(said)
  run.output.log.warning(said, 'Not collected')
}

/** Whether a request asks for a collect, before its options are read: the command, or the action's input. */
export function asksToCollect(
  command: Command | undefined,
  values: Partial<Record<OptionKey, unknown>>
): boolean {
  const given = values.collect
  return (
    command === 'collect' ||
    given === true ||
    (typeof given === 'string' && given.trim().toLowerCase() === 'true')
  )
}

export function emptyCollect(): CollectFacts {
  return { pending: 0, problems: [], warnings: [], requests: 0 }
}
