/** What `npm run emulator` (cli.ts) prints of the GitLab stand-in: its address, its tokens and its controls. */
import { CONTROLS } from './gitlab-controls.js'
import {
  JOB_TOKEN,
  PROJECT_ID,
  PROJECT_PATH,
  READ_ONLY_TOKEN,
  WRITE_TOKEN
} from './gitlab-state.js'

const SHA = 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'

export function printGitLab(url: string): void {
  const api = `${url}/api/v4`
  console.log(`GitLab's API stand-in ready (project ${PROJECT_ID}, ${PROJECT_PATH}).
  CI_API_V4_URL:   ${api}
  gitlab-token:    ${WRITE_TOKEN}   a project access token with the api scope (writes statuses and notes)
                   ${READ_ONLY_TOKEN}   read_api only (a write answers 403)
  CI_JOB_TOKEN:    ${JOB_TOKEN}   a job token (GitLab answers it 401 here)
  an open merge request, !7 with its source branch's head commit:
    curl -X POST ${url}${CONTROLS}merge_requests -H 'content-type: application/json' -d '{"iid": 7, "source_branch": "feature", "sha": "${SHA}"}'
  a commit status, as the product writes one:
    curl -X POST ${api}/projects/${PROJECT_ID}/statuses/${SHA} -H 'PRIVATE-TOKEN: ${WRITE_TOKEN}' -H 'content-type: application/json' -d '{"state": "running", "name": "mobile-deploy"}'
  what was written there (statuses, notes, merge requests):
    curl ${url}${CONTROLS}state`)
}
