import { repositoryOfSlug } from '../github.js'
import { fromVariables, number, type Provider } from './provider.js'

export const XCODE_CLOUD: Provider = {
  name: 'Xcode Cloud',
  // CI_* names are generic (GitLab's too, and GitLab comes first in the list); this one is Xcode Cloud's own.
  signals: [{ variable: 'CI_XCODEBUILD_ACTION' }],
  reads: {
    branch: '`CI_PULL_REQUEST_SOURCE_BRANCH`, else `CI_BRANCH`',
    commit: '`CI_PULL_REQUEST_SOURCE_COMMIT`, else `CI_COMMIT`',
    request: '`CI_PULL_REQUEST_NUMBER`',
    repository: '`CI_PULL_REQUEST_SOURCE_REPO`'
  },
  context: fromVariables(env => ({
    branch: env.CI_PULL_REQUEST_SOURCE_BRANCH || env.CI_BRANCH,
    sha: env.CI_PULL_REQUEST_SOURCE_COMMIT || env.CI_COMMIT,
    pullRequestNumber: number(env.CI_PULL_REQUEST_NUMBER),
    repository: repositoryOfSlug(env.CI_PULL_REQUEST_SOURCE_REPO)
  }))
}
