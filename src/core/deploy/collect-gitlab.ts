/**
 * The collect on GitLab: the same mode and road as GitHub's (collect.ts),
 * over what a GitLab step reported later leaves: a commit status `running`
 * per deployment and, in its merge request's note, every deployment's facts
 * sealed under the API key (gitlab/note.ts). It reads the notes of ours
 * (the token's own user wrote them) on the project's open merge requests,
 * asks the service once per pending run, and hands each run that ended to
 * the orchestrator, which judges it by the one rule and gives it to every
 * report target, the GitLab one among them (gitlab/collected.ts), which
 * completes its status and rewrites its note. Two collects never run at
 * once: the component's `resource_group` keeps them one at a time. Requests
 * to GitLab are held to the collect's budget.
 */
import { Budget, BudgetSpent, WRITES_PER_CLAIM } from '../host/budget.js'
import { rotated } from '../github/pending-checks.js'
import { createGitLabClient, type GitLabClient } from '../gitlab/client.js'
import type { GitLabCollection } from '../gitlab/collected.js'
import { gitlabFailure } from '../gitlab/errors.js'
import { noteStep } from '../gitlab/note.js'
import { gitlabProjectOf } from '../gitlab/plan.js'
import type { Settings } from '../options/resolve.js'
import type { CollectFacts, Deployment } from '../report/facts.js'
import type { PendingFacts } from '../report/pending.js'
import { sealOf } from '../report/seal.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import { ASK_MS, askVerdict, type CollectRun } from './collect-ask.js'
import { serviceOf } from './session.js'

/** One pass over the open merge requests' notes; the token refused ends it (thrown), the budget stops it early. */
export async function collectGitLab(run: CollectRun): Promise<{
  deployments: Deployment[]
  facts: CollectFacts
  gitlab: GitLabCollection
}> {
  const { settings, hooks, output } = run
  const env = hooks.env ?? {}
  const { apiUrl, project, token } = whereToCollect(settings, env)
  const budget = new Budget(settings.values.collectMaxRequests ?? 300)
  const client: GitLabClient = createGitLabClient({
    token,
    apiUrl,
    project,
    limits: {
      signal: hooks.signal ?? new AbortController().signal,
      deadline: () => undefined,
      beforeRequest: () => budget.check(client)
    }
  })
  const facts: CollectFacts = {
    pending: 0,
    problems: [],
    warnings: [],
    get requests() {
      return client.requestCount()
    }
  }
  const collection = {
    deployments: [] as Deployment[],
    facts,
    gitlab: { client, budget, seal: sealOf(settings.apiKey), notes: [] }
  }
  // A different merge request first in each collect: none waits behind others a budget never gets past.
  const turn = Number(env.CI_PIPELINE_ID) || Math.floor(clock.now() / 60_000)
  try {
    const own = (await client.ownIdentity()).toLowerCase()
    const merges = await client.openMergeRequests()
    for (const iid of rotated(merges, turn)) {
      if (hooks.signal?.aborted) break
      await collectMergeRequest(run, collection, iid, own)
    }
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw stopOf(error)
    facts.stopped = error.message
    output.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early')
  }
  return collection
}

type Collecting = Awaited<ReturnType<typeof collectGitLab>>

/** The notes of ours on one merge request, each a step; a note with a line it cannot use is left as it is. */
async function collectMergeRequest(
  run: CollectRun,
  collection: Collecting,
  iid: number,
  own: string
): Promise<void> {
  const { client, seal, notes } = collection.gitlab
  const ours = await client.findComments(
    iid,
    note => note.author?.toLowerCase() === own && note.body.includes('mobile-build-deploy facts=')
  )
  for (const note of ours) {
    const step = noteStep(note.body, seal)
    if (!step) continue
    if (step.refused.length > 0) {
      const problems = [...new Set(step.refused.map(line => line.problem))].join('; ')
      warn(
        run,
        collection,
        `The note ${note.id} on merge request !${iid} is not collected: ${problems}.`
      )
      continue
    }
    const at = notes.length
    const found: Deployment[] = []
    for (const [row, facts] of step.deployments.entries()) {
      if (run.hooks.signal?.aborted) return
      if (!isPending(facts.deployment) || !facts.status) continue
      const what = `The status ${quote(facts.deployment.name)} on merge request !${iid} (run ${facts.deployment.runId})`
      try {
        const deployment = await collectRow(run, collection, facts)
        if (deployment) found.push({ ...deployment, collectedNote: { note: at, row } })
      } catch (error) {
        if (error instanceof BudgetSpent || run.hooks.signal?.aborted) throw error
        const comes = gitlabFailure(error, what)
        if ('stop' in comes) throw comes.stop
        if ('warning' in comes) warn(run, collection, comes.warning)
        else problem(run, collection, comes.problem)
      }
    }
    if (found.length === 0) continue
    notes.push({ mergeRequest: iid, noteId: note.id, step: step.deployments })
    collection.deployments.push(...found)
  }
}

/** One pending deployment: its run's verdict asked once; the deployment with it once the run has ended. */
async function collectRow(
  run: CollectRun,
  collection: Collecting,
  { deployment }: PendingFacts
): Promise<Deployment | undefined> {
  const deadline = clock.now() + ASK_MS
  const service = serviceOf({ ...run, log: run.output.log }, run.hooks.signal, deadline)
  const asked = await askVerdict(
    service,
    deployment.runId!,
    deployment.startedAt ?? clock.now(),
    { settings: run.settings, signal: run.hooks.signal, value: text => run.output.value(text) },
    deadline
  )
  if ('pending' in asked) {
    collection.facts.pending += 1
    return undefined
  }
  // Its status and its share of the note are written later, by the GitLab reporter: their requests are held for them.
  collection.gitlab.budget.reserved += WRITES_PER_CLAIM
  return {
    ...deployment,
    verdict: asked.verdict,
    wait: undefined,
    stage: undefined,
    judgement: undefined
  }
}

/** A failure of the pass itself (the merge requests, the token's user): by the same rule, a stop. */
function stopOf(error: unknown): unknown {
  const comes = gitlabFailure(error, 'The collect')
  return 'stop' in comes ? comes.stop : error
}

/**
 * The project and the token a collect on GitLab works with, checked before
 * any request: a pipeline of the project's own (a schedule, a run by hand),
 * never a merge request's, whose configuration the merge request can change.
 */
function whereToCollect(
  settings: Settings,
  env: Record<string, string | undefined>
): { apiUrl: string; project: string; token: string } {
  if (env.CI_PIPELINE_SOURCE === 'merge_request_event')
    throw new InputError(
      'collect',
      'is true in a merge request’s pipeline: a collect completes the statuses and notes of every open merge request, so it belongs to a pipeline of the default branch, never to one a merge request can change',
      'Collect in a scheduled pipeline (Build > Pipeline schedules, every 10 minutes), with rules: if: $CI_PIPELINE_SOURCE == "schedule"'
    )
  const token = settings.values.gitlabToken
  if (!token)
    throw new InputError(
      'gitlabToken',
      'is empty in a GitLab pipeline’s collect',
      `Give ${ref('gitlabToken')}: a project access token with the api scope, kept in a masked, protected CI/CD variable GITLAB_TOKEN`
    )
  return { ...gitlabProjectOf(env), token }
}

function warn(run: CollectRun, collection: Collecting, text: string): void {
  const warning = run.output.text(text)
  collection.facts.warnings.push(warning)
  run.output.log.warning(warning, 'Not collected')
}

function problem(run: CollectRun, collection: Collecting, text: string): void {
  const said = run.output.text(text)
  collection.facts.problems.push(said)
  run.output.log.warning(said, 'Not collected')
}
