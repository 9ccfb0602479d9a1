/**
 * A GitLab pipeline's predefined variables, as GitLab's runner sets them,
 * for the in-process suites against the GitLab stand-in: a merge request's
 * pipeline (!7, pipeline 4242), a branch's (4242), or a schedule's on main
 * (4300), with the token in GITLAB_TOKEN.
 */
import { PROJECT_ID } from '../../emulator/gitlab-api.js'

export type PipelineKind = 'merge-request' | 'branch' | 'schedule'

export function gitlabPipeline(
  gitlabUrl: string,
  { kind, sha, token }: { kind: PipelineKind; sha: string; token: string }
): Record<string, string> {
  const id = kind === 'schedule' ? '4300' : '4242'
  const branch = kind === 'schedule' ? 'main' : 'feature/login'
  return {
    GITLAB_CI: 'true',
    CI_API_V4_URL: `${gitlabUrl}/api/v4`,
    CI_SERVER_URL: gitlabUrl,
    CI_PROJECT_ID: String(PROJECT_ID),
    CI_PROJECT_URL: `${gitlabUrl}/group/project`,
    CI_COMMIT_SHA: kind === 'schedule' ? 'feed0000feed0000feed0000feed0000feed0000' : sha,
    CI_COMMIT_REF_NAME: branch,
    CI_PIPELINE_ID: id,
    CI_PIPELINE_URL: `${gitlabUrl}/group/project/-/pipelines/${id}`,
    CI_PIPELINE_SOURCE:
      kind === 'merge-request' ? 'merge_request_event' : kind === 'branch' ? 'push' : 'schedule',
    // GitLab sets no CI_COMMIT_BRANCH in a merge request's pipeline.
    ...(kind === 'merge-request'
      ? {
          CI_MERGE_REQUEST_IID: '7',
          CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: branch,
          CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: sha
        }
      : { CI_COMMIT_BRANCH: branch }),
    GITLAB_TOKEN: token
  }
}
