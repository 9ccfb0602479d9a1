import { fromUrl, fromVariables, number, type Provider } from './provider.js'

export const BUILDKITE: Provider = {
  name: 'Buildkite',
  signals: [{ variable: 'BUILDKITE', value: 'true' }],
  reads: {
    branch: '`BUILDKITE_BRANCH`',
    commit: '`BUILDKITE_COMMIT`',
    request: '`BUILDKITE_PULL_REQUEST`',
    repository: 'from `BUILDKITE_REPO`'
  },
  context: fromVariables(env =>
    fromUrl(env.BUILDKITE_REPO, env.BUILDKITE_COMMIT, {
      branch: env.BUILDKITE_BRANCH,
      // "false" when the build is not for a pull request.
      pullRequestNumber: number(env.BUILDKITE_PULL_REQUEST)
    })
  )
}
