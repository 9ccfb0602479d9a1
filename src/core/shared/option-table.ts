/**
 * The one option table. Every option is written here once: its kind, range,
 * default and one-line description, and where it applies. The option keys,
 * each option's value type, the library's option types, the action's inputs
 * (action.yml), the CLI's flags and --help, the docs' tables and the
 * wrappers' inputs all come from it. Descriptions refer to other options as
 * `{{key}}` (or `{{key=value}}` for a setting), so that each front end reads
 * them in its own words. It lives with the shared facts because every layer's
 * sentences name options.
 */
import type { FrontEnd } from './version.js'
import type { Repository } from './git-context.js'

/** What a front end asks the core to do. The action is all of them in one step, chosen by its inputs. */
export type Command = 'deploy' | 'upload' | 'notify' | 'wait' | 'terminate' | 'collect' | 'skip'

export const COMMANDS = [
  'deploy',
  'upload',
  'notify',
  'wait',
  'terminate',
  'collect',
  'skip'
] as const satisfies readonly Command[]

/** How a value is read and checked (options/values.ts). */
export type Kind =
  | 'secret'
  | 'secretUrl'
  | 'baseUrl'
  | 'text'
  | 'globs'
  | 'namePartEach'
  | 'destinationEach'
  | 'relativePath'
  | 'variables'
  | 'variableName'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'sha'
  | 'url'
  | 'runIds'
  | 'repository'
  | 'path'
  | 'appIds'
  | 'platform'
  | 'abis'
  | 'target'

export interface OptionSpec {
  kind: Kind
  /** One line, for every front end; `{{key}}` refers to another option. */
  description: string
  /** The default, as the option's own value; absent when there is none or it is derived. */
  default?: string | number | boolean
  /** How the default is described when it is derived rather than fixed. */
  defaultText?: string
  /** The range of a number, inclusive; `exclusiveMin` for a number that must be above `min`. */
  min?: number
  max?: number
  exclusiveMin?: boolean
  required?: boolean
  /** The commands it applies to. */
  commands: readonly Command[]
  /** The front ends that offer it; all by default. */
  frontEnds?: readonly FrontEnd[]
  /** Read from this environment variable when not given, in these front ends. */
  env?: { name: string; frontEnds: readonly FrontEnd[] }
  /** Spelled otherwise than kebab-case (action, CLI) or camelCase (library). */
  names?: Partial<Record<FrontEnd, string>>
  /** What action.yml declares as the default when it differs from `default` (an expression of the runner's). */
  actionDefault?: string
  /** A Git fact: derived from the CI, overridden by this option. */
  git?: boolean
  /**
   * The deploy notification's field that carries it (snake_case, as the
   * service reads it): every option that names one is sent, when it has a
   * value (a false boolean is not sent); a Git fact's value is the derived
   * one, overridden by the option.
   */
  wire?: string
}

/** A value for every build, or one per platform (which wins over the one for all): `android:a ios:b`. */
export interface PerPlatform {
  all?: string | undefined
  android?: string | undefined
  ios?: string | undefined
}

/** The app id every build must have, or one per platform. */
export type AppIds = PerPlatform

/** The platforms a build can be for, as `platform` takes them and the outputs name them. */
export const PLATFORMS = ['android', 'ios'] as const
export type Platform = (typeof PLATFORMS)[number]

/** The ABIs Android's NDK builds native code for, as an APK's lib/ folders name them (the last three retired). */
export const ANDROID_ABIS = [
  'arm64-v8a',
  'armeabi-v7a',
  'x86_64',
  'x86',
  'riscv64',
  'armeabi',
  'mips',
  'mips64'
] as const

/** What an iOS build runs on: devices (an .ipa) or the simulator (a zipped .app). */
export const IOS_TARGETS = ['device', 'simulator'] as const
export type IosTarget = (typeof IOS_TARGETS)[number]

const ALL = COMMANDS
/** The commands that speak to the service: all but skip, which writes only on GitHub. */
const SERVICE = ['deploy', 'upload', 'notify', 'wait', 'terminate', 'collect'] as const
/** The commands a build's app id, platform and environment name: the deploy's, and skip's, which names what a deploy would. */
const NAMED = ['deploy', 'upload', 'skip'] as const
const BUILD = ['deploy', 'upload'] as const
const NOTIFY = ['deploy', 'notify'] as const
const GIT = ['deploy', 'upload', 'notify'] as const
const WAIT = ['deploy', 'notify', 'wait'] as const
const WAIT_OR_COLLECT = ['deploy', 'notify', 'wait', 'collect'] as const
const REPORTING = ['deploy', 'notify', 'wait'] as const
/** 64 KiB/s: a 100 MiB build gets 27 minutes, a crawl no working link is slower than. */
export const DEFAULT_MIN_UPLOAD_KIB_PER_SECOND = 64
/**
 * The most builds one step deploys, and runs it waits for: a step's check
 * runs are all created within GitHub's 80 content-creating requests a
 * minute, and its comment keeps a row each within 65,536 characters.
 */
export const MAX_STEP_BUILDS = 64
/** A job runs six hours at most on GitHub's hosted runners; no wait is longer. */
export const MAX_WAIT_TIMEOUT_MINUTES = 6 * 60

const TABLE = {
  apiKey: {
    kind: 'secret',
    required: true,
    commands: SERVICE,
    env: { name: 'SERVICE_API_KEY', frontEnds: ['cli'] },
    description:
      'The workspace API key (Integrations, API Access), kept as a secret such as SERVICE_API_KEY. Masked at once. Not needed by {{skip}}, which sends nothing to the service.'
  },
  baseUrl: {
    kind: 'baseUrl',
    required: true,
    commands: SERVICE,
    env: { name: 'SERVICE_BASE_URL', frontEnds: ['cli'] },
    description:
      "The service's base URL, e.g. https://service.example.com, or a gateway's path prefix in front of it (https://gw.example.com/testing), which every request keeps; never an /api address. https, or http to a loopback host only."
  },
  maxAttempts: {
    kind: 'integer',
    default: 5,
    min: 1,
    max: 10,
    commands: SERVICE,
    description:
      'Attempts per request for transient failures (network, 429, 5xx); 1 means no retry.'
  },
  file: {
    kind: 'globs',
    commands: BUILD,
    description:
      'Path or glob of the build (.apk .aab .ipa .deb .zip .csv .pdf), relative to the working directory or absolute, matching exactly one file; several builds one per line (each deployed under its own destination, with its own run and verdict).'
  },
  destination: {
    kind: 'destinationEach',
    commands: BUILD,
    description: `Where the build goes in the workspace's storage (may include folders), or one per platform (android:builds/app.apk ios:builds/app.ipa); default: built by {{namePrefix}}, else the file's own name.`
  },
  namePrefix: {
    kind: 'namePartEach',
    commands: [...NAMED, 'terminate'],
    description: `Builds the destination by the naming convention: <prefix>-<environment>.<ext> with {{environment}}, else <prefix>-<owner>-<repo>-pr<number>.<ext> for a pull request; one for every build, or one per platform (android:myapp-android ios:myapp-ios). Ending an environment, it names the pull request's preview environment the same way (<prefix>-<owner>-<repo>-pr<number>).`
  },
  environment: {
    kind: 'namePartEach',
    commands: NAMED,
    description: `The static environment of the naming convention, with {{namePrefix}}; one for every build, or one per platform (android:staging-android ios:staging-ios).`
  },
  expectedAppId: {
    kind: 'appIds',
    commands: NAMED,
    description:
      'The app id every build must have (Android package name, iOS bundle id), or one per platform (android:com.example.shop ios:com.example.Shop); a build of another app is refused before anything is sent.'
  },
  platform: {
    kind: 'platform',
    commands: NAMED,
    description: `The platform the build must be for: ${PLATFORMS.join(' or ')}; a build for the other one, or a file that is no app, is refused before anything is sent.`
  },
  requiredAbis: {
    kind: 'abis',
    commands: BUILD,
    description: `The ABIs each Android build must have native code for, as the service's devices need (arm64-v8a, armeabi-v7a, x86_64, x86; several separated by spaces or commas): an APK or App Bundle whose native libraries lack one is refused before anything is sent, naming the ABIs it has; a build without native code runs on any and passes. iOS builds are not checked.`
  },
  requiredTarget: {
    kind: 'target',
    commands: BUILD,
    description: `What each iOS build must run on: ${IOS_TARGETS.join(' or ')} (an .ipa for iPhones and iPads, or a zipped .app built for the simulator); a build of the other kind is refused before anything is sent. Android builds are not checked.`
  },
  minUploadKibPerSecond: {
    kind: 'number',
    default: DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
    min: 1,
    max: 1024 * 1024,
    commands: BUILD,
    description:
      "The slowest upload still waited for, in KiB/s: an attempt may take the build's size at this speed plus the request time limit (MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS), then it is cut and tried again. Lower it for a slow link."
  },
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
  },
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
      "The most requests to GitHub's API one collect sends; it also stops, with a notice, before the token's hourly rate limit is spent. What is left waits for the next collect."
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
    description: 'Why nothing was deployed, as each skipped check run says it.'
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
  },
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
    kind: 'text',
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

/** The table's literal types: the keys, kinds and commands the types below are derived from. */
export type OptionTable = typeof TABLE

/** Every option's key: the table's own. */
export type OptionKey = keyof OptionTable

/** The table, read by key: every entry as an {@link OptionSpec}. */
export const OPTIONS: { readonly [K in OptionKey]: OptionSpec } = TABLE

/** The keys in table order. */
export const OPTION_KEYS = Object.keys(OPTIONS) as OptionKey[]

/** The value each kind reads to, once checked. */
export interface KindValues {
  secret: string
  secretUrl: string
  baseUrl: string
  text: string
  globs: string[]
  namePartEach: PerPlatform
  destinationEach: PerPlatform
  relativePath: string
  variables: Record<string, string>
  variableName: string
  boolean: boolean
  integer: number
  number: number
  sha: string
  url: string
  runIds: string[]
  repository: Repository
  path: string
  appIds: AppIds
  platform: Platform
  abis: string[]
  target: IosTarget
}

/** An option's value once read and checked, by its kind in the table. */
export type OptionValue<K extends OptionKey> = KindValues[OptionTable[K]['kind']]
