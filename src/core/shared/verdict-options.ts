/** The option table's rows (option-table.ts): the verdict: waiting for it, reporting it later and collecting it, skipping, ending an environment. */
import {
  NOTIFY,
  WAIT,
  WAIT_OR_COLLECT,
  MAX_WAIT_TIMEOUT_MINUTES,
  type OptionSpec
} from './option-spec.js'

export const VERDICT_OPTIONS = {
  wait: {
    kind: 'boolean',
    default: false,
    commands: NOTIFY,
    description:
      'After a run is created, wait for its verdict; anything but passed is a failure. The wait holds the job until the verdict or the timeout.'
  },
  reportLater: {
    kind: 'boolean',
    default: false,
    commands: NOTIFY,
    description:
      "End right after the notification and leave the verdict to a scheduled collect: the check run stays in progress on the commit, linking the run, and the pull request's comment says the verdict is pending. Not with {{wait}}."
  },
  collect: {
    kind: 'boolean',
    default: false,
    commands: ['collect'],
    frontEnds: ['action'],
    description:
      "Collect the verdicts of deployments made with {{reportLater}}: each of this product's check runs in progress on open pull requests and the default branch's newest commits is completed once its run has ended, with its comment; for a workflow on schedule. Nothing else is done in the step."
  },
  collectMaxRequests: {
    kind: 'integer',
    default: 300,
    min: 10,
    max: 5000,
    commands: ['collect'],
    description:
      "The most requests to the code host's API (GitHub's, GitLab's or Bitbucket's) one collect sends; on GitHub it also stops, with a notice, before the token's hourly rate limit is spent. What is left waits for the next collect."
  },
  skip: {
    kind: 'boolean',
    default: false,
    commands: ['skip'],
    frontEnds: ['action'],
    description:
      "Deploy nothing, and complete the check runs a deploy with these same inputs would have written, concluded skipped with {{skipReason}}: one per platform of {{expectedAppId}} (else of {{platform}}), named by {{checkName}}, {{environment}} and {{deploymentType}} as the deploy names them; for the job that runs when the deploy's does not, so that a required check resolves. A check run of that name already on the commit is left as it is. Sends nothing to the service; needs checks: write."
  },
  skipReason: {
    kind: 'text',
    default: 'Nothing to deploy: the workflow skipped the deploy for this commit.',
    commands: ['skip'],
    description: 'Why nothing was deployed, as each skipped check run or commit status says it.'
  },
  waitTimeoutMinutes: {
    kind: 'number',
    default: 60,
    min: 0,
    exclusiveMin: true,
    max: MAX_WAIT_TIMEOUT_MINUTES,
    commands: WAIT_OR_COLLECT,
    description:
      'How long to wait for the verdict, in minutes (fractions allowed); at the timeout the verdict is timed-out and the run goes on at the service.'
  },
  pollIntervalSeconds: {
    kind: 'number',
    default: 30,
    min: 1,
    max: 600,
    commands: WAIT,
    env: { name: 'MOBILE_DEPLOY_POLL_INTERVAL_SECONDS', frontEnds: ['action', 'cli', 'library'] },
    description:
      'Seconds between asks for the verdict (twice as long while the run is under review), default 30 or MOBILE_DEPLOY_POLL_INTERVAL_SECONDS; the first asks come sooner.'
  },
  runId: {
    kind: 'runIds',
    commands: ['wait'],
    description: `Wait for the verdict of this earlier run only (the runId of a deploy), or of several (the runIds of a deploy: separated by spaces, commas or lines), each judged with its own check run and comment row: no upload, no notification. Not with {{file}} or {{runInputPath}}.`
  },
  terminateEnvironment: {
    kind: 'boolean',
    default: false,
    commands: ['terminate'],
    frontEnds: ['action'],
    description: `End a preview environment and do nothing else; name it with exactly one of {{environmentId}}, {{environmentAlias}}, {{deploymentUrl}} or {{namePrefix}} (the deploy's, for its pull request's environment).`
  },
  environmentId: {
    kind: 'text',
    commands: ['terminate'],
    description: 'The environment to end, by its id (the environmentId of the deploy that made it).'
  },
  environmentAlias: {
    kind: 'text',
    commands: ['terminate'],
    description: 'The environment to end, by its alias.'
  }
} as const satisfies Record<string, OptionSpec>
