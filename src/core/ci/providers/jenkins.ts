import { fromUrl, fromVariables, number, type Provider } from './provider.js'

export const JENKINS: Provider = {
  name: 'Jenkins',
  signals: [{ variable: 'JENKINS_URL' }],
  reads: {
    branch: '`CHANGE_BRANCH`, else `BRANCH_NAME`, else `GIT_BRANCH`',
    commit: '`GIT_COMMIT`',
    request: '`CHANGE_ID`',
    repository: 'from `GIT_URL`'
  },
  context: fromVariables(env =>
    fromUrl(env.GIT_URL, env.GIT_COMMIT, {
      // A multibranch pull request job names its source in CHANGE_BRANCH.
      branch: env.CHANGE_BRANCH || env.BRANCH_NAME || env.GIT_BRANCH?.replace(/^origin\//, ''),
      pullRequestNumber: number(env.CHANGE_ID)
    })
  ),
  keyAdvice: () =>
    "Jenkins gives a credential only inside withCredentials: bind it with string(credentialsId: '…', variable: 'SERVICE_API_KEY') around the step (docs/jenkins.md)"
}
