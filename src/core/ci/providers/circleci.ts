import { fromUrl, fromVariables, number, type Provider } from './provider.js'

export const CIRCLECI: Provider = {
  name: 'CircleCI',
  signals: [{ variable: 'CIRCLECI', value: 'true' }],
  reads: {
    branch: '`CIRCLE_BRANCH`',
    commit: '`CIRCLE_SHA1`',
    request: '`CIRCLE_PR_NUMBER`, else from `CIRCLE_PULL_REQUEST`',
    repository: '`CIRCLE_PROJECT_USERNAME`/`CIRCLE_PROJECT_REPONAME`'
  },
  context: fromVariables(env =>
    fromUrl(env.CIRCLE_REPOSITORY_URL, env.CIRCLE_SHA1, {
      // CIRCLE_BRANCH is the pull request's head branch too.
      branch: env.CIRCLE_BRANCH,
      pullRequestNumber:
        number(env.CIRCLE_PR_NUMBER) ?? number(/\/(\d+)$/.exec(env.CIRCLE_PULL_REQUEST ?? '')?.[1]),
      repository:
        env.CIRCLE_PROJECT_USERNAME && env.CIRCLE_PROJECT_REPONAME
          ? { owner: env.CIRCLE_PROJECT_USERNAME, name: env.CIRCLE_PROJECT_REPONAME }
          : undefined
    })
  ),
  keyAdvice: env =>
    env.CIRCLE_PR_NUMBER || env.CIRCLE_PR_REPONAME
      ? 'CircleCI gives a build of a forked pull request no secrets unless the project\'s "Pass secrets to builds from forked pull requests" is on'
      : "CircleCI reads SERVICE_API_KEY from the project's environment variables or a context: a context's variables reach only the jobs that name it with context: (docs/circleci.md)"
}
