/** What `npm run emulator` (cli.ts) prints of the Bitbucket stand-in: its address, its tokens, the proxy. */
import { READ_ONLY_TOKEN, REPO_SLUG, WORKSPACE, WRITE_TOKEN } from './bitbucket-state.js'

const COMMIT = 'feedfacecafebeef8c2d41e07a9b35f6d10e4c7b'

export function printBitbucket(url: string): void {
  const proxy = new URL(url).origin
  console.log(`Bitbucket's API stand-in ready (repository ${WORKSPACE}/${REPO_SLUG}).
  bitbucket-api-url: ${url}
  bitbucket-token:   ${WRITE_TOKEN}   a repository access token (repository:write, pullrequest)
                     ${READ_ONLY_TOKEN}   read only (a write answers 403)
  bitbucket-proxy:   ${proxy}   Pipelines' authentication proxy, played by the stand-in (no token)
  Bitbucket's variables of a step: BITBUCKET_BUILD_NUMBER=1 BITBUCKET_WORKSPACE=${WORKSPACE} BITBUCKET_REPO_SLUG=${REPO_SLUG} BITBUCKET_COMMIT=${COMMIT} BITBUCKET_PR_ID=12
  a build status, as the product writes one:
    curl -X POST ${url}/repositories/${WORKSPACE}/${REPO_SLUG}/commit/${COMMIT}/statuses/build -H 'Authorization: Bearer ${WRITE_TOKEN}' -H 'content-type: application/json' -d '{"type": "commitstatus", "key": "mobile-deploy", "state": "INPROGRESS", "url": "https://example.com"}'
  what is on a commit:
    curl -H 'Authorization: Bearer ${WRITE_TOKEN}' ${url}/repositories/${WORKSPACE}/${REPO_SLUG}/commit/${COMMIT}/statuses`)
}
