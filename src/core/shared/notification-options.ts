/** The option table's rows (option-table.ts): the deploy notification: what it says of the deployment, the run it starts and the commit. */
import { NOTIFY, GIT, type OptionSpec } from './option-spec.js'

export const NOTIFICATION_OPTIONS = {
  deploymentType: {
    kind: 'text',
    wire: 'deployment_type',
    commands: [...NOTIFY, 'skip'],
    description: "Sent as deployment_type: the workspace's label for this kind of deployment."
  },
  variables: {
    kind: 'variables',
    wire: 'variables',
    commands: NOTIFY,
    description: `JSON object of extra variables for the run; strings, numbers and booleans. {{runVariable}} is set to the build.`
  },
  runInputPath: {
    kind: 'relativePath',
    commands: NOTIFY,
    description: `Notify with an earlier upload: its playgroundFileLocation. Not with {{file}}.`
  },
  runVariable: {
    kind: 'variableName',
    default: 'RUN_INPUT_PATH',
    commands: NOTIFY,
    description: "The run variable that carries the build's path (the lane plugin's option)."
  },
  notify: {
    kind: 'boolean',
    default: true,
    commands: ['deploy'],
    frontEnds: ['action', 'cli'],
    description: 'Send the deploy notification; false uploads only (workspace set-up).'
  },
  failOnNoRun: {
    kind: 'boolean',
    default: true,
    commands: NOTIFY,
    description:
      'When the service answers but creates no run, true makes it a failure and false a warning.'
  },
  dryRun: {
    kind: 'boolean',
    default: false,
    commands: GIT,
    description: `Check everything a deployment needs (the options, the build, the context, the key and base URL, on GitHub the token) and tell what it would do, without uploading or notifying. Not with {{runId}} or an environment to end.`
  },
  branch: {
    kind: 'text',
    wire: 'branch',
    commands: [...GIT, 'skip'],
    git: true,
    names: { library: 'git.branch' },
    defaultText: 'from the CI',
    description: 'Overrides the branch read from the CI.'
  },
  sha: {
    kind: 'sha',
    wire: 'sha',
    commands: [...GIT, 'skip'],
    git: true,
    names: { library: 'git.sha' },
    defaultText: 'from the CI',
    description:
      "Overrides the commit read from the CI (on a pull request, the pull request's head)."
  },
  commitUrl: {
    kind: 'url',
    wire: 'commit_url',
    commands: NOTIFY,
    git: true,
    names: { library: 'git.commitUrl' },
    defaultText: 'from the CI',
    description: 'Overrides the link to the commit; sent as commit_url.'
  },
  deploymentUrl: {
    kind: 'url',
    wire: 'deployment_url',
    commands: [...NOTIFY, 'terminate'],
    git: true,
    defaultText: 'from a deployment_status event',
    description: `URL of the deployed environment, sent as deployment_url; when ending an environment, names it.`
  },
  pullRequestNumber: {
    kind: 'integer',
    wire: 'pull_request_number',
    min: 1,
    max: 2 ** 31 - 1,
    commands: [...GIT, 'skip'],
    git: true,
    names: { library: 'git.pullRequestNumber' },
    defaultText: 'from the CI',
    description: 'Overrides the pull request (GitLab: merge request) number read from the CI.'
  },
  mergeRequestNumber: {
    kind: 'integer',
    wire: 'merge_request_number',
    min: 1,
    max: 2 ** 31 - 1,
    commands: GIT,
    git: true,
    frontEnds: ['library'],
    names: { library: 'git.mergeRequestNumber' },
    description: "A GitLab merge request's number (IID), sent as merge_request_number."
  },
  repository: {
    kind: 'repository',
    wire: 'repository',
    commands: GIT,
    git: true,
    frontEnds: ['library'],
    names: { library: 'git.repository' },
    description: 'The repository: {owner, name}, or {namespace, name} on GitLab.'
  },
  hostingService: {
    kind: 'text',
    wire: 'hosting_service',
    commands: NOTIFY,
    git: true,
    names: { library: 'git.hostingService' },
    defaultText: 'from the CI',
    actionDefault: 'GitHub',
    description: 'Where the code is hosted, sent as hosting_service: GitHub, GitLab, Bitbucket, …'
  },
  deduplicationKey: {
    kind: 'text',
    wire: 'deduplication_key',
    commands: NOTIFY,
    description:
      'Sent as deduplication_key: replaces the default key (branch and environment) for superseding runs.'
  },
  ephemeralEnvironment: {
    kind: 'boolean',
    wire: 'ephemeral_environment',
    default: false,
    commands: NOTIFY,
    description: 'The deployment is a short-lived preview environment (ephemeral_environment).'
  }
} as const satisfies Record<string, OptionSpec>
