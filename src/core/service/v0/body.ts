import type { GitContext, Repository } from '../../shared/git-context.js'

/** The deploy webhook's request body (service spec 2.3, Parts 2 and 3), snake_case; empty fields are left out. */
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
  merge_request_number?: number
  repository?: Repository
}

/** What the notification says besides the Git context. */
export interface NotificationFields {
  deploymentType?: string | undefined
  variables: Record<string, string>
  deduplicationKey?: string | undefined
  ephemeralEnvironment?: boolean | undefined
}

/**
 * Pure: the body of the deploy notification. `build` names the run variable
 * that carries the uploaded file's playgroundFileLocation (RUN_INPUT_PATH
 * unless the lane plugin's option says otherwise); without it the variables
 * are sent as given.
 */
export function buildDeployBody(
  fields: NotificationFields,
  git: GitContext,
  build?: { variable: string; path: string }
): DeployRequestBody {
  const variables = build ? { ...fields.variables, [build.variable]: build.path } : fields.variables
  const body: DeployRequestBody = {
    deployment_type: fields.deploymentType || undefined,
    variables: Object.keys(variables).length > 0 ? variables : undefined,
    branch: git.branch,
    sha: git.sha,
    hosting_service: git.hostingService || undefined,
    commit_url: git.commitUrl,
    deployment_url: git.deploymentUrl,
    deduplication_key: fields.deduplicationKey || undefined,
    ephemeral_environment: fields.ephemeralEnvironment ? true : undefined,
    pull_request_number: git.pullRequestNumber,
    merge_request_number: git.mergeRequestNumber,
    repository: git.repository
  }
  // JSON.stringify drops undefined; dropping them here too keeps the object equal to what is sent.
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined && v !== '')
  ) as DeployRequestBody
}
