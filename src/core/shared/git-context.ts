/** Where the code of the deployment comes from: the facts the deploy notification carries. */
export interface GitContext {
  /** The source branch. */
  branch?: string | undefined
  /** The commit, in hexadecimal. */
  sha?: string | undefined
  /** A link to the commit. */
  commitUrl?: string | undefined
  /** The URL of the deployed environment (web deployments). */
  deploymentUrl?: string | undefined
  /** The pull request the deployment belongs to (GitHub, Bitbucket, Azure Repos). */
  pullRequestNumber?: number | undefined
  /** The merge request the deployment belongs to (GitLab), sent as `merge_request_number`. */
  mergeRequestNumber?: number | undefined
  /** The repository the build comes from. */
  repository?: Repository | undefined
  /** Where the code is hosted (not where the pipeline runs): `GitHub`, `GitLab`, … */
  hostingService?: string | undefined
}

/**
 * A repository: `owner` on GitHub and most hosts; `namespace` (a group path
 * such as `mobile/apps`) on GitLab, as the service's published client sends it.
 */
export type Repository = { owner: string; name: string } | { namespace: string; name: string }
