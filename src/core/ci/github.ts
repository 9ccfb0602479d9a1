import type { GitContext, Repository } from '../shared/git.js'
import { asObject, asText, type JsonObject } from '../shared/json.js'
import { httpUrl } from '../shared/names.js'
import { quote } from '../shared/text.js'

/**
 * The one derivation of the Git context of a GitHub workflow, used by the
 * action and by the CLI when it runs in one. Pure: the event's name and
 * payload and the runner's variables in, the context out. Missing or oddly
 * typed payload fields are skipped, never fatal.
 */

/** The runner's variables the derivation reads. */
export interface RunnerEnv {
  GITHUB_REF?: string | undefined
  GITHUB_REF_NAME?: string | undefined
  GITHUB_HEAD_REF?: string | undefined
  GITHUB_SHA?: string | undefined
  GITHUB_REPOSITORY?: string | undefined
  GITHUB_SERVER_URL?: string | undefined
}

/** The context of one workflow run, and what the derivation could not settle by itself. */
export interface GitHubContext {
  git: GitContext
  /** Things worth a line in the log: a payload value that was left out, and why. */
  notes: string[]
  /**
   * A `workflow_run` for a fork's pull request: its payload names no pull
   * request, which only GitHub's API can tell from the head branch and commit.
   */
  pullRequestLookup?: { owner: string; branch: string; sha: string } | undefined
}

/** The contract's context table: branch, commit, pull request and links per event. */
export function githubContext(
  eventName: string,
  payload: JsonObject,
  env: RunnerEnv
): GitHubContext {
  const repository = repositoryOfSlug(env.GITHUB_REPOSITORY)
  const build = (sha?: string): string | undefined => commitUrlOf(env, sha)
  const notes: string[] = []
  const fallback = (): Pick<GitContext, 'branch' | 'sha'> => ({
    branch:
      env.GITHUB_HEAD_REF ||
      (env.GITHUB_REF?.startsWith('refs/heads/')
        ? env.GITHUB_REF_NAME || stripHeads(env.GITHUB_REF)
        : undefined),
    sha: env.GITHUB_SHA || undefined
  })
  const done = (git: GitContext, extra: Partial<GitHubContext> = {}): GitHubContext => ({
    git: { ...git, repository, hostingService: 'GitHub' },
    notes,
    ...extra
  })

  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pr = asObject(payload.pull_request)
      const head = asObject(pr.head)
      // Never GITHUB_SHA: on a pull request that is the merge commit, which no person pushed.
      const sha = asText(head.sha) ?? env.GITHUB_SHA
      return done({
        branch: asText(head.ref) ?? (env.GITHUB_HEAD_REF || undefined),
        sha,
        pullRequestNumber:
          positiveInteger(pr.number) ??
          positiveInteger(payload.number) ??
          pullRequestOfRef(env.GITHUB_REF),
        commitUrl: build(sha)
      })
    }
    case 'push': {
      const ref = asText(payload.ref) ?? env.GITHUB_REF
      const after = asText(payload.after)
      const sha = after && !/^0+$/.test(after) ? after : env.GITHUB_SHA
      return done({
        branch: ref?.startsWith('refs/heads/') ? stripHeads(ref) : undefined,
        sha,
        commitUrl: httpUrl(asObject(payload.head_commit).url) ?? build(sha)
      })
    }
    case 'merge_group': {
      const group = asObject(payload.merge_group)
      const headRef = asText(group.head_ref)
      const sha = asText(group.head_sha) ?? env.GITHUB_SHA
      return done({
        branch: headRef ? stripHeads(headRef) : fallback().branch,
        sha,
        pullRequestNumber: mergeQueuePullRequest(headRef),
        commitUrl: build(sha)
      })
    }
    case 'workflow_run': {
      const run = asObject(payload.workflow_run)
      const sha = asText(run.head_sha) ?? env.GITHUB_SHA
      const branch = asText(run.head_branch)
      const pulls = Array.isArray(run.pull_requests) ? run.pull_requests.map(asObject) : []
      // A listed pull request is the run's only when its head is the run's head commit: the list names the
      // pull requests of the head branch as they are now, which may have moved on (or be another's). A
      // fork's is never listed (its head lives elsewhere).
      const named = pulls.find(pr => asText(asObject(pr.head).sha) === sha)
      const pullRequestNumber = positiveInteger(named?.number)
      const forPullRequest = /^pull_request/.test(asText(run.event) ?? '')
      const headOwner = asText(asObject(asObject(run.head_repository).owner).login)
      return done(
        { branch, sha, pullRequestNumber, commitUrl: build(sha) },
        {
          pullRequestLookup:
            forPullRequest && pullRequestNumber === undefined && branch && sha && headOwner
              ? { owner: headOwner, branch, sha }
              : undefined
        }
      )
    }
    case 'deployment_status': {
      const deployment = asObject(payload.deployment)
      const sha = asText(deployment.sha) ?? env.GITHUB_SHA
      const ref = asText(deployment.ref)
      const raw = asText(asObject(payload.deployment_status).environment_url)
      const deploymentUrl = httpUrl(raw)
      if (raw && !deploymentUrl)
        notes.push(
          `The event's deployment_status.environment_url ${quote(raw)} is not an http(s) URL, so no deployment_url is sent.`
        )
      return done({
        branch: ref ? stripHeads(ref) : undefined,
        sha,
        commitUrl: build(sha),
        deploymentUrl
      })
    }
    default: {
      const { branch, sha } = fallback()
      return done({
        branch,
        sha,
        pullRequestNumber: pullRequestOfRef(env.GITHUB_REF),
        commitUrl: build(sha)
      })
    }
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
  const server = (httpUrl(env.GITHUB_SERVER_URL) ?? 'https://github.com').replace(/\/+$/, '')
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
