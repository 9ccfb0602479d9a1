/** The option table's rows (option-table.ts): the reports: files, webhooks, and what GitHub shows (the check run and the comment). */
import { ALL, REPORTING, type OptionSpec } from './option-spec.js'

export const REPORT_OPTIONS = {
  junitReport: {
    kind: 'path',
    commands: [...REPORTING, 'collect'],
    frontEnds: ['action', 'cli'],
    names: { cli: 'junit' },
    description:
      "Write the run's verdict to this file as a JUnit report (one test case per bug, one for the verdict); a collect writes the verdicts it collected."
  },
  testAttestation: {
    kind: 'path',
    commands: ['deploy', 'notify', 'wait', 'collect'],
    description:
      "A folder to write the verdict into as an in-toto test-result attestation, bound to each build's bytes: subjects.sha256 (each build's SHA-256 and name) and predicate.json for GitHub's actions/attest (subject-checksums, predicate-path), statement.json for any other signer. Each build is a test named <file>@sha256:<digest>; the result is PASSED only when every run passed. With a verdict this step knows and the builds it sent: {{wait}} with {{file}}, or a collect."
  },
  summaryFile: {
    kind: 'path',
    commands: ALL,
    frontEnds: ['cli', 'library'],
    description:
      "Write the step's summary in markdown to this file, as the action writes its job summary: each deployment's facts, result and bugs (for a CI that shows a markdown file)."
  },
  resultWebhook: {
    kind: 'secretUrl',
    commands: ALL,
    // Read from a variable in the CLI, so that a wrapper passes it from the CI's secrets, never from a file.
    env: { name: 'RESULT_WEBHOOK_URL', frontEnds: ['cli'] },
    description:
      "POST the step's result as JSON (the object the CLI's --json prints) to this URL once the step is judged, through the step's retries and time limits; a webhook that cannot be reached is a warning. A dry run posts nothing. https, or http to a loopback host; the URL is masked as a secret where it stands whole, and so are its parts that can be secret (its query, a path segment that reads as a token)."
  },
  slackWebhook: {
    kind: 'secretUrl',
    commands: [...REPORTING, 'collect', 'skip'],
    env: { name: 'SLACK_WEBHOOK_URL', frontEnds: ['cli'] },
    description:
      "POST the step's verdict to this Slack incoming webhook (https://hooks.slack.com/services/…) once the step is judged: one message, a section per deployment with where it stands, its run and its bugs; a collect posts what it completed (nothing when it completed nothing), a dry run nothing. A Slack that cannot be reached is a warning. Masked as a secret as {{resultWebhook}} is."
  },
  githubToken: {
    kind: 'secret',
    commands: ['deploy', 'upload', 'notify', 'wait', 'collect', 'skip'],
    env: { name: 'GITHUB_TOKEN', frontEnds: ['cli'] },
    actionDefault: '${{ github.token }}',
    description: `Token for GitHub's API, masked: the check run and pull-request comment (the action's; with {{reportLater}}, every front end's), the collect's and {{skip}}'s, and in a GitHub workflow the pull request of a fork's workflow_run.`
  },
  gitlabToken: {
    kind: 'secret',
    commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
    frontEnds: ['cli', 'library'],
    env: { name: 'GITLAB_TOKEN', frontEnds: ['cli', 'library'] },
    description:
      "Token for GitLab's API, masked: in a GitLab pipeline, a step that waits for the verdict, or reports it later in a merge request's pipeline, writes a commit status per deployment on the pipeline's commit (CI_COMMIT_SHA) and one note on the merge request, edited in place; a collect in a scheduled pipeline completes what was reported later; a skip writes its statuses skipped there instead of GitHub's check runs. A project (or group) access token with the api scope, kept in a masked CI/CD variable (protected only where every branch that reports is protected); CI_JOB_TOKEN cannot write either. Sent only to CI_API_V4_URL."
  },
  bitbucketToken: {
    kind: 'secret',
    commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
    frontEnds: ['cli', 'library'],
    env: { name: 'BITBUCKET_ACCESS_TOKEN', frontEnds: ['cli', 'library'] },
    description:
      "Token for Bitbucket Cloud's API, masked: in Bitbucket Pipelines a step that waits for the verdict, or reports it later, writes a build status per deployment on the pipeline's commit (BITBUCKET_COMMIT) and one Code Insights report of the step with an annotation per blocking bug; without it, a step in Pipelines writes them through Pipelines' authentication proxy ({{bitbucketProxy}}). A collect in a scheduled pipeline completes what was reported later, and a skip writes its statuses stopped there: both need it. A repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable. Sent only to {{bitbucketApiUrl}}."
  },
  bitbucketApiUrl: {
    kind: 'url',
    default: 'https://api.bitbucket.org/2.0',
    commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
    frontEnds: ['cli', 'library'],
    env: { name: 'BITBUCKET_API_URL', frontEnds: ['cli', 'library'] },
    description:
      "Bitbucket Cloud's API, where {{bitbucketToken}} goes (a stand-in's or a gateway's address in its place). https, or http to a loopback host; through {{bitbucketProxy}} it is asked over http, as the proxy signs only what it reads."
  },
  bitbucketProxy: {
    kind: 'url',
    default: 'http://localhost:29418',
    commands: ['deploy', 'notify', 'wait'],
    frontEnds: ['cli', 'library'],
    env: { name: 'BITBUCKET_PROXY', frontEnds: ['cli', 'library'] },
    description:
      "Bitbucket Pipelines' authentication proxy, which signs a step's requests to the API for it: used in Pipelines (BITBUCKET_BUILD_NUMBER set) when {{bitbucketToken}} is not given. A loopback address, over http."
  },
  githubRepository: {
    kind: 'text',
    commands: ['deploy', 'notify', 'collect', 'skip'],
    frontEnds: ['cli', 'library'],
    env: { name: 'GITHUB_REPOSITORY', frontEnds: ['cli', 'library'] },
    description:
      'The GitHub repository (owner/name) the check runs of {{reportLater}}, a collect and {{skip}} are on; in a GitHub workflow, the one it runs in.'
  },
  check: {
    kind: 'boolean',
    default: true,
    commands: REPORTING,
    frontEnds: ['action'],
    description: `While waiting for the verdict, show it as a check run on the deployment's commit (needs checks: write).`
  },
  checkName: {
    kind: 'displayName',
    commands: [...REPORTING, 'skip'],
    frontEnds: ['action'],
    defaultText: "'Mobile tests', with the environment or deployment type",
    description:
      "The check run's name; it also tells two deployments' comments apart. A later wait with the same name shows its verdict with a new check run of that name."
  },
  prComment: {
    kind: 'boolean',
    default: true,
    commands: REPORTING,
    frontEnds: ['action'],
    description: `On a pull request, keep one comment with the build, the run and its verdict, edited in place (needs pull-requests: write).`
  }
} as const satisfies Record<string, OptionSpec>
