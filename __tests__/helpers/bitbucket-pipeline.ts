/**
 * A Bitbucket Pipelines step's variables, as Bitbucket sets them, for the
 * suites against the Bitbucket stand-in: a pull request's pipeline (#12)
 * or a branch's, with the token in BITBUCKET_ACCESS_TOKEN or, without one,
 * the stand-in as Pipelines' authentication proxy (BITBUCKET_PROXY).
 */
import { REPO_SLUG, WORKSPACE } from '../../emulator/bitbucket-api.js'

export function bitbucketPipeline(
  bitbucketUrl: string,
  {
    commit,
    token,
    pullRequest = true,
    build = '41'
  }: { commit: string; token?: string | undefined; pullRequest?: boolean; build?: string }
): Record<string, string> {
  return {
    CI: 'true',
    BITBUCKET_BUILD_NUMBER: build,
    BITBUCKET_COMMIT: commit,
    BITBUCKET_WORKSPACE: WORKSPACE,
    BITBUCKET_REPO_SLUG: REPO_SLUG,
    BITBUCKET_REPO_FULL_NAME: `${WORKSPACE}/${REPO_SLUG}`,
    BITBUCKET_GIT_HTTP_ORIGIN: `http://bitbucket.org/${WORKSPACE}/${REPO_SLUG}`,
    BITBUCKET_BRANCH: pullRequest ? 'feature/login' : 'main',
    ...(pullRequest ? { BITBUCKET_PR_ID: '12', BITBUCKET_PR_DESTINATION_BRANCH: 'main' } : {}),
    ...(token
      ? { BITBUCKET_ACCESS_TOKEN: token, BITBUCKET_API_URL: bitbucketUrl }
      : { BITBUCKET_PROXY: new URL(bitbucketUrl).origin })
  }
}
