/**
 * Why a CI gave the job no API key. An empty key is almost never a typo: each
 * CI withholds secrets from some pipelines on purpose (a fork's pull request,
 * an unprotected branch, a job without its context), and the fix is in the
 * CI's settings, not in the step. Pure: the CI's variables in, one sentence out.
 */
export type Env = Record<string, string | undefined>

const SET_IT_UP =
  'Pass the workspace API key, kept as a secret such as SERVICE_API_KEY (README.md, "Quick start on GitHub", shows where it is set)'

/** The likely cause of an empty key in the CI these variables describe, and where to set it. */
export function whyTheKeyIsEmpty(env: Env | undefined): string {
  if (!env) return SET_IT_UP
  if (env.GITHUB_ACTIONS === 'true') return onGitHub(env)
  if (env.GITLAB_CI === 'true') return onGitLab(env)
  if (env.CIRCLECI === 'true') return onCircleCi(env)
  if (env.BITRISE_IO === 'true') return onBitrise(env)
  if (env.JENKINS_URL)
    return "Jenkins gives a credential only inside withCredentials: bind it with string(credentialsId: '…', variable: 'SERVICE_API_KEY') around the step (docs/jenkins.md)"
  return SET_IT_UP
}

function onGitHub(env: Env): string {
  const event = env.GITHUB_EVENT_NAME ?? ''
  if (env.GITHUB_ACTOR === 'dependabot[bot]')
    return 'GitHub gives Dependabot\'s pull requests only Dependabot secrets: add SERVICE_API_KEY under Settings, Secrets and variables, Dependabot, or deploy from a workflow_run workflow (README.md, "Pull requests from forks")'
  if (event === 'pull_request')
    return 'GitHub gives a pull request from a fork no secrets: deploy its build from a workflow_run workflow (README.md, "Pull requests from forks"); for a branch of this repository, add SERVICE_API_KEY under Settings, Secrets and variables, Actions, and pass it as ${{ secrets.SERVICE_API_KEY }}'
  return 'Add SERVICE_API_KEY under Settings, Secrets and variables, Actions (or the environment the job names), and pass it as ${{ secrets.SERVICE_API_KEY }}'
}

function onGitLab(env: Env): string {
  const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID
  if (source && env.CI_PROJECT_ID && source !== env.CI_PROJECT_ID)
    return "A merge request from a fork runs in the fork's project, without this project's CI/CD variables: run its pipeline in this project (Run pipeline on the merge request) or deploy after merging"
  if (env.CI_COMMIT_REF_PROTECTED === 'false')
    return 'GitLab gives a protected variable only to pipelines of protected branches and tags, and this ref is not protected: clear "Protect variable" on SERVICE_API_KEY (Settings, CI/CD, Variables) or protect the branch'
  return 'Add SERVICE_API_KEY under Settings, CI/CD, Variables, masked (docs/gitlab.md)'
}

function onCircleCi(env: Env): string {
  if (env.CIRCLE_PR_NUMBER || env.CIRCLE_PR_REPONAME)
    return 'CircleCI gives a build of a forked pull request no secrets unless the project\'s "Pass secrets to builds from forked pull requests" is on'
  return "CircleCI reads SERVICE_API_KEY from the project's environment variables or a context: a context's variables reach only the jobs that name it with context: (docs/circleci.md)"
}

function onBitrise(env: Env): string {
  if (env.BITRISE_PULL_REQUEST)
    return 'Bitrise withholds a secret from pull-request builds unless its "Expose for Pull Requests" is on'
  return "Add SERVICE_API_KEY under the app's Secrets and pass it as the step's api_key input (docs/bitrise.md)"
}
