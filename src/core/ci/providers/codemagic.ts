import { repositoryOfSlug } from '../github.js'
import { fromVariables, number, type Provider } from './provider.js'

export const CODEMAGIC: Provider = {
  name: 'Codemagic',
  signals: [{ variable: 'CM_BUILD_ID' }],
  reads: {
    branch: '`CM_BRANCH`',
    commit: '`CM_COMMIT`',
    request: '`CM_PULL_REQUEST_NUMBER` when `CM_PULL_REQUEST` is `true`',
    repository: '`CM_REPO_SLUG`'
  },
  context: fromVariables(env => ({
    branch: env.CM_BRANCH,
    sha: env.CM_COMMIT,
    // CM_PULL_REQUEST is the string "true" only for a pull request build.
    pullRequestNumber:
      env.CM_PULL_REQUEST === 'true' ? number(env.CM_PULL_REQUEST_NUMBER) : undefined,
    repository: repositoryOfSlug(env.CM_REPO_SLUG)
  }))
}
