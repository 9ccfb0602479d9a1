/**
 * The one derivation of the Git context of a GitHub workflow, used by the
 * action and by the CLI when it runs in one. Pure: the event's name and
 * payload and the runner's variables in, the context out. Missing or oddly
 * typed payload fields are skipped, never fatal.
 */
import type { GitContext, Repository } from '../shared/git-context.js'
import { asObject, asText, type JsonObject } from '../shared/json.js'
import { httpUrl } from '../shared/name-rules.js'
import { quote, withoutTrailingSlashes } from '../shared/text.js'

/** The runner's variables the derivation reads. */
export interface RunnerEnv {
  GITHUB_REF?: string | undefined
  GITHUB_REF_NAME?: string | undefined
  GITHUB_HEAD_REF?: string | undefined
  GITHUB_SHA?: string | undefined
  GITHUB_REPOSITORY?: string | undefined
  GITHUB_SERVER_URL?: string | undefined
  GITHUB_API_URL?: string | undefined
}

/**
 * A `workflow_run` for a fork's pull request names none in its payload; only
 * GitHub's API can tell it from the head's owner, branch and commit.
 */
export interface PullRequestLookup {
  /** GitHub's API, e.g. https://api.github.com. */
  apiUrl: string
  /** The base repository, where the pull request is open. */
  repository: { owner: string; name: string }
  /** The head: the fork's owner, its branch and commit. */
  owner: string
  branch: string
  sha: string
}

/** The context of one workflow run, and what the derivation could not settle by itself. */
export interface GitHubContext {
  git: GitContext
  /** Things worth a line in the log: a payload value that was left out, and why. */
  notes: string[]
  /** A `deployment_status` event's state: the service is notified only once it is `success`. */
  deploymentState?: string | undefined
  /** A fork's pull request that only GitHub's API can name. */
  pullRequestLookup?: PullRequestLookup | undefined
  /** The repository's default branch, as the event's payload names it. */
  defaultBranch?: string | undefined
  /** A merge queue's commit: it names a pull request whose head it is not. */
  mergeQueue?: boolean | undefined
}

/** What one event's payload gives: the Git facts, and a fork's head to look its pull request up by. */
interface EventFacts {
  git: GitContext
  head?: { owner: string; branch: string; sha: string } | undefined
}

interface EventInput {
  payload: JsonObject
  env: RunnerEnv
  notes: string[]
  /** The link to a commit of this repository. */
  link: (sha: string | undefined) => string | undefined
}

/** The contract's context table: branch, commit, pull request and links per event. */
export function githubContext(
  eventName: string,
  payload: JsonObject,
  env: RunnerEnv
): GitHubContext {
  const notes: string[] = []
  const read = READERS[eventName] ?? fromOtherEvent
  const { git, head } = read({ payload, env, notes, link: sha => commitUrlOf(env, sha) })
  const repository = repositoryOfSlug(env.GITHUB_REPOSITORY)
  const apiUrl = withoutTrailingSlashes(httpUrl(env.GITHUB_API_URL) ?? 'https://api.github.com')
  return {
    git: { ...git, repository, hostingService: 'GitHub' },
    notes,
    deploymentState: deploymentState(eventName, payload),
    pullRequestLookup:
      head && repository && 'owner' in repository ? { apiUrl, repository, ...head } : undefined,
    defaultBranch: asText(asObject(payload.repository).default_branch),
    mergeQueue: eventName === 'merge_group' || undefined
  }
}

const READERS: Record<string, (input: EventInput) => EventFacts> = {
  pull_request: fromPullRequest,
  pull_request_target: fromPullRequest,
  push: fromPush,
  merge_group: fromMergeGroup,
  workflow_run: fromWorkflowRun,
  deployment_status: fromDeploymentStatus
}

function fromPullRequest({ payload, env, link }: EventInput): EventFacts {
  const pr = asObject(payload.pull_request)
  const head = asObject(pr.head)
  // Never GITHUB_SHA: on a pull request that is the merge commit, which no person pushed.
  const sha = asText(head.sha) ?? env.GITHUB_SHA
  return {
    git: {
      branch: asText(head.ref) ?? (env.GITHUB_HEAD_REF || undefined),
      sha,
      pullRequestNumber:
        positiveInteger(pr.number) ??
        positiveInteger(payload.number) ??
        pullRequestOfRef(env.GITHUB_REF),
      commitUrl: link(sha)
    }
  }
}

function fromPush({ payload, env, link }: EventInput): EventFacts {
  const ref = asText(payload.ref) ?? env.GITHUB_REF
  const after = asText(payload.after)
  const sha = after && !/^0+$/.test(after) ? after : env.GITHUB_SHA
  return {
    git: {
      branch: ref?.startsWith('refs/heads/') ? stripHeads(ref) : undefined,
      sha,
      commitUrl: httpUrl(asObject(payload.head_commit).url) ?? link(sha)
    }
  }
}

function fromMergeGroup(input: EventInput): EventFacts {
  const group = asObject(input.payload.merge_group)
  const headRef = asText(group.head_ref)
  const sha = asText(group.head_sha) ?? input.env.GITHUB_SHA
  return {
    git: {
      branch: headRef ? stripHeads(headRef) : fromOtherEvent(input).git.branch,
      sha,
      pullRequestNumber: mergeQueuePullRequest(headRef),
      commitUrl: input.link(sha)
    }
  }
}

/**
 * Whether a listed pull request's base is this repository: by the id of the
 * payload's repository when both name one, else by the API address of its
 * base (`…/repos/<owner>/<name>`) against GITHUB_REPOSITORY.
 */
function onThisRepository(pr: JsonObject, payload: JsonObject, env: RunnerEnv): boolean {
  const base = asObject(asObject(pr.base).repo)
  const ours = asObject(payload.repository).id
  if (typeof base.id === 'number' && typeof ours === 'number') return base.id === ours
  const url = asText(base.url)
  const slug = env.GITHUB_REPOSITORY
  return Boolean(url && slug && url.toLowerCase().endsWith(`/repos/${slug.toLowerCase()}`))
}

function fromWorkflowRun({ payload, env, link }: EventInput): EventFacts {
  const run = asObject(payload.workflow_run)
  const sha = asText(run.head_sha) ?? env.GITHUB_SHA
  const branch = asText(run.head_branch)
  const pulls = Array.isArray(run.pull_requests) ? run.pull_requests.map(asObject) : []
  // A listed pull request is the run's only when its head is the run's head commit and it is open on
  // this repository: the list names the pull requests of the head branch as they are now, which may
  // have moved on, or be another repository's of the same head (its number is not ours). A fork's is
  // never listed (its head lives elsewhere).
  const named = pulls.find(
    pr => asText(asObject(pr.head).sha) === sha && onThisRepository(pr, payload, env)
  )
  const pullRequestNumber = positiveInteger(named?.number)
  const forPullRequest = /^pull_request/.test(asText(run.event) ?? '')
  const owner = asText(asObject(asObject(run.head_repository).owner).login)
  const unnamed = forPullRequest && pullRequestNumber === undefined
  return {
    git: { branch, sha, pullRequestNumber, commitUrl: link(sha) },
    head: unnamed && branch && sha && owner ? { owner, branch, sha } : undefined
  }
}

function fromDeploymentStatus({ payload, env, notes, link }: EventInput): EventFacts {
  const deployment = asObject(payload.deployment)
  const sha = asText(deployment.sha) ?? env.GITHUB_SHA
  const ref = asText(deployment.ref)
  const raw = asText(asObject(payload.deployment_status).environment_url)
  const deploymentUrl = httpUrl(raw)
  if (raw && !deploymentUrl)
    notes.push(
      `The event's deployment_status.environment_url ${quote(raw)} is not an http(s) URL, so no deployment_url is sent.`
    )
  return {
    git: { branch: ref ? stripHeads(ref) : undefined, sha, commitUrl: link(sha), deploymentUrl }
  }
}

/** Any other event: the runner's own variables. */
function fromOtherEvent({ env, link }: EventInput): EventFacts {
  const branch =
    env.GITHUB_HEAD_REF ||
    (env.GITHUB_REF?.startsWith('refs/heads/')
      ? env.GITHUB_REF_NAME || stripHeads(env.GITHUB_REF)
      : undefined)
  const sha = env.GITHUB_SHA || undefined
  return {
    git: { branch, sha, pullRequestNumber: pullRequestOfRef(env.GITHUB_REF), commitUrl: link(sha) }
  }
}

/** The state of a `deployment_status` event (`success`, `failure`, `pending`, …); undefined for any other event. */
export function deploymentState(eventName: string, payload: JsonObject): string | undefined {
  if (eventName !== 'deployment_status') return undefined
  return asText(asObject(payload.deployment_status).state) ?? ''
}

/** `<server>/<owner>/<repo>/commit/<sha>`; GitHub Enterprise servers included. */
export function commitUrlOf(env: RunnerEnv, sha: string | undefined): string | undefined {
  const repository = repositoryOfSlug(env.GITHUB_REPOSITORY)
  if (!sha || !repository || !('owner' in repository)) return undefined
  const server = withoutTrailingSlashes(httpUrl(env.GITHUB_SERVER_URL) ?? 'https://github.com')
  return `${server}/${repository.owner}/${repository.name}/commit/${sha}`
}

/** `owner/name`, as GITHUB_REPOSITORY and most CIs print a repository. */
export function repositoryOfSlug(slug: string | undefined): Repository | undefined {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(slug ?? '')
  return match ? { owner: match[1]!, name: match[2]! } : undefined
}

/** The pull request of a merge-queue branch `gh-readonly-queue/<base>/pr-<N>-<sha>`. */
export function mergeQueuePullRequest(headRef: string | undefined): number | undefined {
  const match = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/.exec(headRef ?? '')
  return match ? positiveInteger(Number(match[1])) : undefined
}

/** The pull request of a `refs/pull/<N>/merge` ref. */
function pullRequestOfRef(ref: string | undefined): number | undefined {
  const match = /^refs\/pull\/(\d+)\//.exec(ref ?? '')
  return match ? positiveInteger(Number(match[1])) : undefined
}

function stripHeads(ref: string): string {
  return ref.replace(/^refs\/heads\//, '')
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}
