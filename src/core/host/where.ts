/**
 * Pure: the code host a step reported later keeps its verdict on, and a
 * collect looks on, decided once from the tokens given and the CI's own
 * variables: a GitLab token (or a GitLab pipeline without a GitHub token)
 * is GitLab; a Bitbucket token (or Bitbucket Pipelines without a GitHub
 * token) is Bitbucket; else GitHub.
 */
type Env = Record<string, string | undefined>

export type LaterHost = 'github' | 'gitlab' | 'bitbucket'

export function laterHostOf(
  values: {
    gitlabToken?: string | undefined
    bitbucketToken?: string | undefined
    githubToken?: string | undefined
  },
  env: Env
): LaterHost {
  if (values.gitlabToken || (env.GITLAB_CI === 'true' && !values.githubToken)) return 'gitlab'
  if (values.bitbucketToken || (inBitbucketPipelines(env) && !values.githubToken))
    return 'bitbucket'
  return 'github'
}

/** Whether the step runs in Bitbucket Pipelines, by its own variable. */
export function inBitbucketPipelines(env: Env): boolean {
  return Boolean(env.BITBUCKET_BUILD_NUMBER)
}
