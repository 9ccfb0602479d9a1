/** Where the code of the deployment comes from: the facts the deploy notification carries. */
export interface GitContext {
  /** The source branch. */
  branch?: string
  /** The commit, in hexadecimal. */
  sha?: string
  /** A link to the commit. */
  commitUrl?: string
  /** The URL of the deployed environment (web deployments). */
  deploymentUrl?: string
  /** The pull request the deployment belongs to (GitHub, Bitbucket, Azure Repos). */
  pullRequestNumber?: number
  /** The merge request the deployment belongs to (GitLab), sent as `merge_request_number`. */
  mergeRequestNumber?: number
  /** The repository the build comes from. */
  repository?: Repository
  /** Where the code is hosted (not where the pipeline runs): `GitHub`, `GitLab`, … */
  hostingService?: string
}

/**
 * A repository: `owner` on GitHub and most hosts; `namespace` (a group path
 * such as `mobile/apps`) on GitLab, as the service's published client sends it.
 */
export type Repository = { owner: string; name: string } | { namespace: string; name: string }

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
  deploymentType?: string
  variables: Record<string, string>
  deduplicationKey?: string
  ephemeralEnvironment?: boolean
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
