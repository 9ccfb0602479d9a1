import { fromUrl, fromVariables, number, type Provider } from './provider.js'

export const BITRISE: Provider = {
  name: 'Bitrise',
  signals: [{ variable: 'BITRISE_IO', value: 'true' }, { variable: 'BITRISE_BUILD_NUMBER' }],
  reads: {
    branch: '`BITRISE_GIT_BRANCH`',
    commit: '`BITRISE_GIT_COMMIT`, else `GIT_CLONE_COMMIT_HASH`',
    request: '`BITRISE_PULL_REQUEST`',
    repository: 'from `GIT_REPOSITORY_URL`'
  },
  context: fromVariables(env =>
    // BITRISE_APP_SLUG names the Bitrise app, not the repository: the clone URL does.
    fromUrl(env.GIT_REPOSITORY_URL, env.BITRISE_GIT_COMMIT || env.GIT_CLONE_COMMIT_HASH, {
      branch: env.BITRISE_GIT_BRANCH,
      pullRequestNumber: number(env.BITRISE_PULL_REQUEST)
    })
  ),
  keyAdvice: env =>
    env.BITRISE_PULL_REQUEST
      ? 'Bitrise withholds a secret from pull-request builds unless its "Expose for Pull Requests" is on'
      : "Add SERVICE_API_KEY under the app's Secrets and pass it as the step's api_key input (docs/bitrise.md)"
}
