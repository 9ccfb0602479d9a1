/**
 * GitLab's side of a collect (collect-source.ts), over what a GitLab step
 * reported later leaves: a commit status `running` per deployment and, in
 * its merge request's note, every deployment's facts sealed under the API
 * key (gitlab/note.ts). It reads the notes of ours (the token's own user
 * wrote them) on the project's open merge requests; each pending row whose
 * run ended is collected, and its note goes to the GitLab reporter
 * (gitlab/collected.ts), which completes its status and rewrites the note.
 * Two collects never run at once: the component's `resource_group` keeps
 * them one at a time. Requests to GitLab are held to the collect's budget.
 */
import { Budget } from '../host/budget.js'
import { rotated } from '../github/pending-checks.js'
import { createGitLabClient, type GitLabClient } from '../gitlab/client.js'
import type { CollectedNote, GitLabCollection } from '../gitlab/collected.js'
import { gitlabFailure } from '../gitlab/errors.js'
import { noteStep } from '../gitlab/note.js'
import { gitlabProjectOf } from '../gitlab/plan.js'
import type { Settings } from '../options/resolve.js'
import { sealOf } from '../report/seal.js'
import { isPending } from '../report/words.js'
import { clock } from '../shared/clock.js'
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { CollectRun } from './collect-ask.js'
import {
  stopping,
  waitingInStep,
  type CollectSource,
  type Refused,
  type Waiting
} from './collect-source.js'

/** The collect's GitLab: refused before any request where it cannot look. */
export function gitlabSource(run: CollectRun): {
  source: CollectSource<number>
  gitlab: GitLabCollection
  turn: number
} {
  const { settings, hooks } = run
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
  const gitlab: GitLabCollection = { client, budget, seal: sealOf(settings.apiKey), notes: [] }
  let own: Promise<string> | undefined
  const source: CollectSource<number> = {
    requestCount: () => client.requestCount(),
    places: turn => stopping(async () => rotated(await client.openMergeRequests(), turn)),
    look: iid =>
      stopping(async () => {
        own ??= client.ownIdentity().then(name => name.toLowerCase())
        return lookAt(gitlab, iid, await own)
      }),
    failure: gitlabFailure
  }
  // A different merge request first in each collect: none waits behind others a budget never gets past.
  const turn = Number(env.CI_PIPELINE_ID) || Math.floor(clock.now() / 60_000)
  return { source, gitlab, turn }
}

/** The notes of ours on one merge request, each a step; a note with a line it cannot use is left as it is. */
async function lookAt(
  gitlab: GitLabCollection,
  iid: number,
  own: string
): Promise<{ waiting: Waiting[]; refused: Refused[] }> {
  const ours = await gitlab.client.findComments(
    iid,
    note => note.author?.toLowerCase() === own && note.body.includes('mobile-build-deploy facts=')
  )
  const waiting: Waiting[] = []
  const refused: Refused[] = []
  for (const note of ours) {
    const step = noteStep(note.body, gitlab.seal)
    if (!step) continue
    if (step.refused.length > 0) {
      const problems = [...new Set(step.refused.map(line => line.problem))].join('; ')
      refused.push({ what: `The note ${note.id} on merge request !${iid}`, problem: problems })
      continue
    }
    const collected: CollectedNote = {
      mergeRequest: iid,
      noteId: note.id,
      body: note.body,
      step: step.deployments
    }
    for (const [row, facts] of step.deployments.entries()) {
      if (!isPending(facts.deployment) || !facts.status) continue
      waiting.push(
        waitingInStep(
          { ...gitlab, steps: gitlab.notes },
          collected,
          row,
          `The status ${quote(facts.deployment.name)} on merge request !${iid}`
        )
      )
    }
  }
  return { waiting, refused }
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
      `Give ${ref('gitlabToken')}: a project access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN`
    )
  return { ...gitlabProjectOf(env), token }
}
