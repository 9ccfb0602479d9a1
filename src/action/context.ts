import type { GitContext } from '../core/git.js'
import { asObject, asText, type JsonObject } from '../core/json.js'

/** The Git facts the inputs override; empty or undefined when not given. */
export interface ContextOverrides {
  branch: string
  sha: string
  commitUrl: string
  deploymentUrl: string
  pullRequestNumber?: number
}

/** The runner's variables the derivation reads. */
export interface RunnerEnv {
  GITHUB_REF?: string
  GITHUB_REF_NAME?: string
  GITHUB_SHA?: string
  GITHUB_REPOSITORY?: string
  GITHUB_SERVER_URL?: string
}

/**
 * Pure: the branch, commit, pull request and URLs of the event, as the
 * contract's context table says. Missing or oddly typed payload fields are
 * skipped, never fatal.
 */
export function deriveContext(eventName: string, payload: JsonObject, env: RunnerEnv): GitContext {
  const repository = parseRepository(env.GITHUB_REPOSITORY)
  const build = (sha?: string): string | undefined => commitUrlOf(env, sha)
  const fallback = (): Pick<GitContext, 'branch' | 'sha'> => ({
    branch: env.GITHUB_REF?.startsWith('refs/heads/')
      ? env.GITHUB_REF_NAME || stripHeads(env.GITHUB_REF)
      : undefined,
    sha: env.GITHUB_SHA || undefined
  })

  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pr = asObject(payload.pull_request)
      const head = asObject(pr.head)
      const sha = asText(head.sha) ?? env.GITHUB_SHA
      return {
        branch: asText(head.ref),
        sha,
        pullRequestNumber: positiveInteger(pr.number) ?? positiveInteger(payload.number),
        commitUrl: build(sha),
        repository
      }
    }
    case 'push': {
      const ref = asText(payload.ref) ?? env.GITHUB_REF
      const after = asText(payload.after)
      const sha = after && !/^0+$/.test(after) ? after : env.GITHUB_SHA
      return {
        branch: ref?.startsWith('refs/heads/') ? stripHeads(ref) : undefined,
        sha,
        commitUrl: asText(asObject(payload.head_commit).url) ?? build(sha),
        repository
      }
    }
    case 'merge_group': {
      const group = asObject(payload.merge_group)
      const headRef = asText(group.head_ref)
      const sha = asText(group.head_sha) ?? env.GITHUB_SHA
      return {
        branch: headRef ? stripHeads(headRef) : fallback().branch,
        sha,
        pullRequestNumber: mergeQueuePullRequest(headRef),
        commitUrl: build(sha),
        repository
      }
    }
    case 'deployment_status': {
      const deployment = asObject(payload.deployment)
      const sha = asText(deployment.sha) ?? env.GITHUB_SHA
      const ref = asText(deployment.ref)
      return {
        branch: ref ? stripHeads(ref) : undefined,
        sha,
        commitUrl: build(sha),
        deploymentUrl: asText(asObject(payload.deployment_status).environment_url),
        repository
      }
    }
    default: {
      const { branch, sha } = fallback()
      return { branch, sha, commitUrl: build(sha), repository }
    }
  }
}

/** `<server>/<owner>/<repo>/commit/<sha>`; GitHub Enterprise servers included. */
export function commitUrlOf(env: RunnerEnv, sha: string | undefined): string | undefined {
  const repository = parseRepository(env.GITHUB_REPOSITORY)
  if (!sha || !repository) return undefined
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  return `${server}/${repository.owner}/${repository.name}/commit/${sha}`
}

/** `owner/name` from GITHUB_REPOSITORY. */
export function parseRepository(
  value: string | undefined
): { owner: string; name: string } | undefined {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value ?? '')
  return match ? { owner: match[1]!, name: match[2]! } : undefined
}

/** The pull request of a merge-queue branch `gh-readonly-queue/<base>/pr-<N>-<sha>`. */
export function mergeQueuePullRequest(headRef: string | undefined): number | undefined {
  const match = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/.exec(headRef ?? '')
  return match ? positiveInteger(Number(match[1])) : undefined
}

function stripHeads(ref: string): string {
  return ref.replace(/^refs\/heads\//, '')
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** The state of a `deployment_status` event (`success`, `failure`, `pending`, …); undefined for any other event. */
export function deploymentState(eventName: string, payload: JsonObject): string | undefined {
  if (eventName !== 'deployment_status') return undefined
  return asText(asObject(payload.deployment_status).state) ?? ''
}

/** The event's context with the inputs' overrides applied; an overridden sha gets its own commit URL. */
export function resolveContext(
  eventName: string,
  payload: JsonObject,
  env: RunnerEnv,
  overrides: ContextOverrides,
  hostingService: string
): GitContext {
  const derived = deriveContext(eventName, payload, env)
  return {
    ...derived,
    branch: overrides.branch || derived.branch,
    sha: overrides.sha || derived.sha,
    commitUrl:
      overrides.commitUrl || (overrides.sha ? commitUrlOf(env, overrides.sha) : derived.commitUrl),
    deploymentUrl: overrides.deploymentUrl || derived.deploymentUrl,
    pullRequestNumber: overrides.pullRequestNumber ?? derived.pullRequestNumber,
    hostingService
  }
}
