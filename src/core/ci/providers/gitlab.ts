import { fromVariables, number, type Provider } from './provider.js'

export const GITLAB: Provider = {
  name: 'GitLab CI',
  signals: [{ variable: 'GITLAB_CI', value: 'true' }],
  reads: {
    branch: '`CI_MERGE_REQUEST_SOURCE_BRANCH_NAME`, else `CI_COMMIT_BRANCH`',
    commit: '`CI_MERGE_REQUEST_SOURCE_BRANCH_SHA`, else `CI_COMMIT_SHA`',
    request: '`CI_MERGE_REQUEST_IID`, sent as `merge_request_number`',
    repository:
      '`{namespace: CI_PROJECT_NAMESPACE, name: CI_PROJECT_NAME}`; `hosting_service: "GitLab"`'
  },
  context: fromVariables(env => {
    // In a merge request pipeline the source branch and its head, never the merged result.
    const sha = env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA || env.CI_COMMIT_SHA
    return {
      branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_BRANCH,
      sha,
      // The project-scoped number (IID), not the instance-wide id.
      mergeRequestNumber: number(env.CI_MERGE_REQUEST_IID),
      repository:
        env.CI_PROJECT_NAMESPACE && env.CI_PROJECT_NAME
          ? { namespace: env.CI_PROJECT_NAMESPACE, name: env.CI_PROJECT_NAME }
          : undefined,
      commitUrl: env.CI_PROJECT_URL && sha ? `${env.CI_PROJECT_URL}/-/commit/${sha}` : undefined,
      hostingService: 'GitLab'
    }
  }),
  keyAdvice: env => {
    const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID
    if (source && env.CI_PROJECT_ID && source !== env.CI_PROJECT_ID)
      return "A merge request from a fork runs in the fork's project, without this project's CI/CD variables: run its pipeline in this project (Run pipeline on the merge request) or deploy after merging"
    if (env.CI_COMMIT_REF_PROTECTED === 'false')
      return 'GitLab gives a protected variable only to pipelines of protected branches and tags, and this ref is not protected: clear "Protect variable" on SERVICE_API_KEY (Settings, CI/CD, Variables) or protect the branch'
    return 'Add SERVICE_API_KEY under Settings, CI/CD, Variables, masked (docs/gitlab.md)'
  }
}
