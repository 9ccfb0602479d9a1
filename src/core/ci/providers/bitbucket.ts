import { repositoryOfSlug } from '../github.js'
import { fromVariables, number, type Provider } from './provider.js'

export const BITBUCKET: Provider = {
  name: 'Bitbucket Pipelines',
  signals: [{ variable: 'BITBUCKET_BUILD_NUMBER' }],
  reads: {
    branch: '`BITBUCKET_BRANCH`',
    commit: '`BITBUCKET_COMMIT`',
    request: '`BITBUCKET_PR_ID`',
    repository: '`BITBUCKET_REPO_FULL_NAME`'
  },
  context: fromVariables(env => ({
    branch: env.BITBUCKET_BRANCH,
    sha: env.BITBUCKET_COMMIT,
    pullRequestNumber: number(env.BITBUCKET_PR_ID),
    repository: repositoryOfSlug(env.BITBUCKET_REPO_FULL_NAME),
    commitUrl:
      env.BITBUCKET_GIT_HTTP_ORIGIN && env.BITBUCKET_COMMIT
        ? `${env.BITBUCKET_GIT_HTTP_ORIGIN}/commits/${env.BITBUCKET_COMMIT}`
        : undefined,
    hostingService: 'Bitbucket'
  }))
}
