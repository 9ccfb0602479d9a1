import {
  commitUrlOf,
  deriveContext,
  type GitContext,
  type Repository,
  type RunnerEnv
} from './context.js'
import type { ContextOverrides, Inputs } from './inputs.js'

/** The deploy webhook's request body (service spec 2.3 and Part 2), snake_case; empty fields are left out. */
export interface DeployRequestBody {
  deployment_type?: string
  variables?: Record<string, string>
  branch?: string
  sha?: string
  hosting_service?: string
  commit_url?: string
  deployment_url?: string
  deduplication_key?: string
  ephemeral_environment?: boolean
  pull_request_number?: number
  repository?: Repository
}

/** The event's context with the inputs' overrides applied; an overridden sha gets its own commit URL. */
export function resolveContext(
  eventName: string,
  payload: Record<string, unknown>,
  env: RunnerEnv,
  overrides: ContextOverrides
): GitContext {
  const derived = deriveContext(eventName, payload, env)
  const sha = overrides.sha || derived.sha
  const commitUrl =
    overrides.commitUrl || (overrides.sha ? commitUrlOf(env, overrides.sha) : derived.commitUrl)
  return {
    ...derived,
    branch: overrides.branch || derived.branch,
    sha,
    commitUrl,
    deploymentUrl: overrides.deploymentUrl || derived.deploymentUrl,
    pullRequestNumber: overrides.pullRequestNumber ?? derived.pullRequestNumber
  }
}

/**
 * Pure: the body of the deploy notification. `runInputPath` is the uploaded
 * file's playgroundFileLocation (or the one given for notify-only), sent as
 * RUN_INPUT_PATH; without it the variables are sent as given.
 */
export function buildDeployBody(
  inputs: Inputs,
  git: GitContext,
  runInputPath?: string
): DeployRequestBody {
  const variables = runInputPath
    ? { ...inputs.variables, RUN_INPUT_PATH: runInputPath }
    : inputs.variables
  const body: DeployRequestBody = {
    deployment_type: inputs.deploymentType || undefined,
    variables: Object.keys(variables).length > 0 ? variables : undefined,
    branch: git.branch,
    sha: git.sha,
    hosting_service: inputs.hostingService || undefined,
    commit_url: git.commitUrl,
    deployment_url: git.deploymentUrl,
    deduplication_key: inputs.deduplicationKey || undefined,
    ephemeral_environment: inputs.ephemeralEnvironment ? true : undefined,
    pull_request_number: git.pullRequestNumber,
    repository: git.repository
  }
  // JSON.stringify drops undefined; dropping them here too keeps the object equal to what is sent.
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined && v !== '')
  ) as DeployRequestBody
}
