/**
 * `npm run emulator`: the service emulator and GitHub's and GitLab's API
 * stand-ins on fixed loopback ports until Ctrl-C. PORT (default 4010),
 * STORE_PORT (default PORT + 1), GITHUB_PORT (default PORT + 2) and
 * GITLAB_PORT (default PORT + 3) change the ports,
 * STORE_DIR where the store keeps its bytes (a temporary folder, removed on
 * exit, by default). Prints the key of each workspace it serves, GitHub's
 * and GitLab's addresses and tokens, and how to register an open pull
 * (merge) request
 * (docs/try-locally.md).
 */
import { CONTROLS } from './github-controls.js'
import { READ_ONLY_TOKEN, WRITE_TOKEN } from './github-api.js'
import { printGitLab } from './gitlab-cli.js'
import { printBitbucket } from './bitbucket-cli.js'
import { startEmulator } from './server.js'
import { DEMO_API_KEY, standaloneWorkspaces } from './workspaces.js'

const port = Number(process.env.PORT ?? 4010)
const storePort = Number(process.env.STORE_PORT ?? port + 1)
const githubPort = Number(process.env.GITHUB_PORT ?? port + 2)
const gitlabPort = Number(process.env.GITLAB_PORT ?? port + 3)
const bitbucketPort = Number(process.env.BITBUCKET_PORT ?? port + 4)
const served = standaloneWorkspaces()
const emulator = await startEmulator({
  port,
  storePort,
  githubPort,
  gitlabPort,
  bitbucketPort,
  storeDirectory: process.env.STORE_DIR,
  workspaces: served.map(s => s.workspace)
})
const github = emulator.github.url

console.log(`Service emulator ready.
  base-url:     ${emulator.baseUrl}
  object store: ${emulator.storeUrl}
  runs list:    curl -H 'Authorization: Bearer ${DEMO_API_KEY}' ${emulator.baseUrl}/api/v0/runs
  api-key for each workspace:`)
for (const { key, what } of served) console.log(`    ${key.padEnd(30)} ${what}`)
console.log(`GitHub's API stand-in ready (any owner/name is a repository there).
  GITHUB_API_URL:  ${github}
  github-token:    ${WRITE_TOKEN}   may write check runs and comments (a workflow's GITHUB_TOKEN)
                   ${READ_ONLY_TOKEN}   read-only (a fork's pull request)
  an open pull request, #7 with its head commit:
    curl -X POST ${github}${CONTROLS}pulls -H 'content-type: application/json' -d '{"number": 7, "ref": "feature", "sha": "feedfacecafebeef8c2d41e07a9b35f6d10e4c7b"}'
  the default branch's newest commit:
    curl -X POST ${github}${CONTROLS}commits -H 'content-type: application/json' -d '{"sha": "feedfacecafebeef8c2d41e07a9b35f6d10e4c7b"}'
  what was written there (check runs, comments, pull requests):
    curl ${github}${CONTROLS}state`)
printGitLab(emulator.gitlab.url)
printBitbucket(emulator.bitbucket.url)
console.log('Press Ctrl-C to stop.')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}

// Prints each request as it is answered, so a person can follow what an action run does.
let shown = 0
let shownGitHub = 0
let shownGitLab = 0
let shownBitbucket = 0
setInterval(() => {
  for (; shown < emulator.requests.length; shown++) {
    const r = emulator.requests[shown]!
    console.log(`${new Date().toISOString()} ${r.method} ${r.path} -> ${r.status}`)
  }
  for (; shownGitHub < emulator.github.requests.length; shownGitHub++) {
    const r = emulator.github.requests[shownGitHub]!
    console.log(`${new Date().toISOString()} GitHub: ${r.method} ${r.path} -> ${r.status}`)
  }
  for (; shownGitLab < emulator.gitlab.requests.length; shownGitLab++) {
    const r = emulator.gitlab.requests[shownGitLab]!
    console.log(`${new Date().toISOString()} GitLab: ${r.method} ${r.path} -> ${r.status}`)
  }
  for (; shownBitbucket < emulator.bitbucket.requests.length; shownBitbucket++) {
    const r = emulator.bitbucket.requests[shownBitbucket]!
    console.log(`${new Date().toISOString()} Bitbucket: ${r.method} ${r.path} -> ${r.status}`)
  }
}, 250)
