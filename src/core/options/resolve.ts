import { resolve } from 'node:path'
import { InputError } from '../shared/errors.js'
import type { GitContext } from '../shared/git.js'
import { ref, setting } from '../shared/option-refs.js'
import type { FrontEnd } from '../shared/version.js'
import {
  DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
  OPTIONS,
  type Command,
  type OptionKey,
  type OptionValue,
  type Platform
} from '../shared/option-table.js'
import { optionsOf } from './offers.js'
import { readOption } from './values.js'
import { whyTheKeyIsEmpty } from './key-source.js'

/** What the deploy does, decided by the command and the options given. */
export type Mode =
  /** Upload the build, then notify. */
  | 'deploy'
  /** Upload the build only. */
  | 'upload'
  /** Notify with an earlier upload. */
  | 'notify'
  /** Notify without a build (web deployments). */
  | 'plain'
  /** Wait for an earlier run's verdict. */
  | 'wait'
  /** End a preview environment. */
  | 'terminate'

/** Which preview environment to end: exactly one of these (spec Part 3). */
export type EnvironmentRef =
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }

/** The options, validated and complete: what the deploy runs on. */
export interface Settings {
  mode: Mode
  /** Every option given (or defaulted), each of the type its kind reads to: where a new option is read. */
  values: OptionValues
  apiKey: string
  baseUrl: string
  maxAttempts: number
  file?: string | undefined
  destination?: string | undefined
  namePrefix?: string | undefined
  environment?: string | undefined
  /** What the build must be: the app's id, and its platform (checked by reading it before anything is sent). */
  expectedAppId?: string | undefined
  platform?: Platform | undefined
  /** The slowest upload still waited for: one PUT may take the build's size at this speed, plus the request time limit. */
  minUploadBytesPerSecond: number
  deploymentType?: string | undefined
  variables: Record<string, string>
  runInputPath?: string | undefined
  runVariable: string
  failOnNoRun: boolean
  /** Check everything and tell what would be done; nothing uploaded or notified. */
  dryRun: boolean
  git: GitContext
  deduplicationKey?: string | undefined
  ephemeralEnvironment: boolean
  /** Wait for the verdict after the notification (always in wait mode). */
  wait: boolean
  waitTimeoutMs: number
  pollIntervalMs: number
  runId?: string | undefined
  /** The environment to end, in terminate mode. */
  environmentRef?: EnvironmentRef | undefined
  /** Where to write the JUnit report of the verdict: an absolute path. */
  junitReport?: string | undefined
  githubToken?: string | undefined
  check: boolean
  checkName?: string | undefined
  prComment: boolean
  /** Where a relative `file` is found. */
  workingDirectory: string
}

/** What a front end hands the resolver. */
export interface OptionsRequest {
  frontEnd: FrontEnd
  /** The command; the action has none (every mode, chosen by its inputs). */
  command?: Command | undefined
  /** The values as the front end has them, by option key: text, booleans, numbers or objects; empty text is not given. */
  values: Partial<Record<OptionKey, unknown>>
  /** The Git context the front end derived from its CI; options override each field. */
  derived?: GitContext | undefined
  /** Where options with an environment variable read it from when not given. */
  env?: Record<string, string | undefined> | undefined
  workingDirectory: string
}

/** Every option a request gives, read and checked by the table: each value of its own type. */
export type OptionValues = { [K in OptionKey]?: OptionValue<K> }

/** Reads one option: given, else from its environment variable, else its default; undefined when none. */
type Reader = <K extends OptionKey>(key: K) => OptionValue<K> | undefined

/**
 * Pure: every option read, checked and completed before any request, and the
 * mode decided; anything wrong throws an `InputError` naming the option, the
 * problem and the fix. The same values give the same settings, or the same
 * error, from every front end.
 */
export function resolveOptions(request: OptionsRequest): Settings {
  const values = readAll(request)
  const read: Reader = key => values[key]
  const mode = modeOf(read, request)
  checkCombinations(read, mode)
  return settingsOf(read, mode, values, request)
}

/** Every option the front end offers for the command, read once; the key first, so that it is masked before any other. */
function readAll({ frontEnd, command, values, env }: OptionsRequest): OptionValues {
  const read = <K extends OptionKey>(key: K): OptionValue<K> | undefined => {
    const spec = OPTIONS[key]
    const value =
      readOption(key, values[key]) ??
      (spec.env?.frontEnds.includes(frontEnd) ? readOption(key, env?.[spec.env.name]) : undefined)
    return value ?? (spec.default as OptionValue<K> | undefined)
  }
  const required: Partial<Record<OptionKey, string>> = {
    apiKey: whyTheKeyIsEmpty(env),
    baseUrl: 'Use the service URL, e.g. https://service.example.com'
  }
  const result: OptionValues = {}
  for (const key of optionsOf(frontEnd, command)) {
    const value = read(key)
    if (value !== undefined) (result as Record<OptionKey, unknown>)[key] = value
    else if (required[key]) throw new InputError(key, 'is empty', required[key])
  }
  return result
}

/** What the deploy does, from the command and which options are given. */
function modeOf(read: Reader, { frontEnd, command, values }: OptionsRequest): Mode {
  const file = read('file')
  const runInputPath = read('runInputPath')
  const runId = read('runId')
  const notify = command === 'upload' ? false : (read('notify') ?? true)
  if (command === 'terminate' || read('terminateEnvironment') === true) {
    const other = (['file', 'runInputPath', 'runId'] as const).find(key => read(key) !== undefined)
    if (other && frontEnd === 'action')
      throw new InputError(
        other,
        `cannot be combined with ${setting('terminateEnvironment', 'true')}`,
        'End the environment in a step of its own'
      )
    return 'terminate'
  }
  if (command === 'wait' && !runId)
    throw new InputError(
      'runId',
      'is missing',
      'Pass the runId of the deploy that created the run, unchanged'
    )
  if (runId) {
    const alone = `Use ${ref('runId')} alone to wait for an earlier run's verdict`
    if (file) combined('runId', 'file', alone)
    if (runInputPath) combined('runId', 'runInputPath', alone)
    return 'wait'
  }
  if (!file && !(command === 'deploy' && runInputPath)) {
    const missing = missingBuild(frontEnd, command, values.file)
    if (missing) throw missing
  }
  if (file && runInputPath)
    combined(
      'runInputPath',
      'file',
      `Use ${ref('file')} to upload a build and notify with it, or ${ref('runInputPath')} alone to notify with an earlier upload`
    )
  if (file) return notify ? 'deploy' : 'upload'
  if (!notify)
    throw new InputError(
      'notify',
      runInputPath
        ? `is false with ${ref('runInputPath')} set`
        : `is false and ${ref('file')} is empty, so there is nothing to do`,
      `Set ${ref('file')} to upload a build, or ${setting('notify', 'true')} to send the deploy notification`
    )
  return runInputPath ? 'notify' : 'plain'
}

function combined(key: OptionKey, other: OptionKey, fix: string): never {
  throw new InputError(key, `cannot be combined with ${ref(other)}`, fix)
}

/** The options that only make sense together, or apart, in the mode decided. */
function checkCombinations(read: Reader, mode: Mode): void {
  const file = read('file')
  const namePrefix = read('namePrefix')
  if (read('destination') && namePrefix)
    combined(
      'destination',
      'namePrefix',
      `Give the destination path, or let ${ref('namePrefix')} build it, not both`
    )
  const needsFile = (['destination', 'namePrefix', 'expectedAppId', 'platform'] as const).find(
    key => read(key) !== undefined
  )
  if (!file && needsFile && mode !== 'terminate')
    throw new InputError(
      needsFile,
      `is set but ${ref('file')} is empty`,
      `Set ${ref('file')} to the build to upload`
    )
  if (read('environment') && !namePrefix)
    throw new InputError(
      'environment',
      `is set without ${ref('namePrefix')}`,
      `Set ${ref('namePrefix')} too: the destination is then <prefix>-<environment>.<ext>`
    )
  const runVariable = read('runVariable')!
  if (runVariable in (read('variables') ?? {}) && (file || read('runInputPath')))
    throw new InputError(
      'variables',
      `sets ${runVariable} while ${ref(file ? 'file' : 'runInputPath')} is set, which is ambiguous`,
      `Remove ${runVariable} from ${ref('variables')}: it is set to the uploaded build`
    )
  if (read('dryRun') && (mode === 'wait' || mode === 'terminate'))
    throw new InputError(
      'dryRun',
      mode === 'wait'
        ? `cannot be combined with ${ref('runId')}: waiting for a verdict uploads and notifies nothing`
        : 'cannot be combined with ending an environment: the service has no request that checks it without ending it',
      `Leave ${ref('dryRun')} out of this step`
    )
  if (read('wait') && mode === 'upload')
    throw new InputError(
      'wait',
      'is true but no deploy notification is sent, so no run starts',
      `Send the notification, or wait in a later step with ${ref('runId')}`
    )
}

/** The settings the deploy runs on: the options as read, in the units the code uses, and what is derived from them. */
function settingsOf(
  read: Reader,
  mode: Mode,
  values: OptionValues,
  request: OptionsRequest
): Settings {
  return {
    mode,
    values,
    apiKey: read('apiKey')!,
    baseUrl: read('baseUrl')!,
    maxAttempts: read('maxAttempts')!,
    file: read('file'),
    destination: read('destination'),
    namePrefix: read('namePrefix'),
    environment: read('environment'),
    expectedAppId: read('expectedAppId'),
    platform: read('platform'),
    minUploadBytesPerSecond:
      (read('minUploadKibPerSecond') ?? DEFAULT_MIN_UPLOAD_KIB_PER_SECOND) * 1024,
    deploymentType: read('deploymentType'),
    variables: read('variables') ?? {},
    runInputPath: read('runInputPath'),
    runVariable: read('runVariable')!,
    failOnNoRun: read('failOnNoRun') ?? true,
    dryRun: read('dryRun') ?? false,
    git: mode === 'terminate' ? {} : gitOf(read, request.derived ?? {}),
    deduplicationKey: read('deduplicationKey'),
    ephemeralEnvironment: read('ephemeralEnvironment') ?? false,
    wait: mode === 'wait' || (read('wait') === true && mode !== 'terminate'),
    waitTimeoutMs: Math.round(read('waitTimeoutMinutes')! * 60_000),
    pollIntervalMs: Math.round(read('pollIntervalSeconds')! * 1000),
    runId: read('runId'),
    environmentRef: mode === 'terminate' ? environmentRef(read) : undefined,
    junitReport: pathIn(request.workingDirectory, read('junitReport')),
    githubToken: read('githubToken'),
    check: read('check') ?? false,
    checkName: read('checkName'),
    prComment: read('prComment') ?? false,
    workingDirectory: request.workingDirectory
  }
}

/**
 * The commands that put a build in front of the service refuse to go without
 * one: an upload has nothing to send, and a deploy would silently become a
 * plain notification, which is the notify command's mode (and the action's,
 * with no file). An empty value given is most often a CI variable that is not
 * set in this job: the shell hands over nothing, and only the emptiness shows.
 */
function missingBuild(
  frontEnd: FrontEnd,
  command: Command | undefined,
  given: unknown
): InputError | undefined {
  if (command !== 'deploy' && command !== 'upload') return undefined
  const empty = typeof given === 'string'
  const problem = empty ? 'is empty (an unset CI variable expands to nothing)' : 'is missing'
  const check = empty ? ', and check that the variable it is given from is set in this job' : ''
  const notify = frontEnd === 'library' ? 'notifyDeployment' : "the 'notify' command"
  const without =
    command === 'deploy' ? `; to notify the service without a build, use ${notify}` : ''
  return new InputError(
    'file',
    problem,
    `Give the path or a glob of the build to ${command}${check}${without}`
  )
}

/** A path given relative to the working directory, as every path of a command. */
function pathIn(workingDirectory: string, path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(workingDirectory, path)
}

/**
 * The Git context: the derived one, each field overridden by its option. A
 * commit of one's own choosing gets the derived link with its own hash, where
 * the link ends with the derived one; a number given on GitLab is a merge
 * request's.
 */
function gitOf(read: Reader, derived: GitContext): GitContext {
  const sha = read('sha')
  const hostingService = read('hostingService') ?? derived.hostingService
  const number = read('pullRequestNumber')
  const commitUrl =
    read('commitUrl') ??
    (sha === undefined
      ? derived.commitUrl
      : derived.sha && derived.commitUrl?.endsWith(derived.sha)
        ? `${derived.commitUrl.slice(0, -derived.sha.length)}${sha}`
        : undefined)
  const request =
    number === undefined
      ? {}
      : hostingService === 'GitLab'
        ? { mergeRequestNumber: number, pullRequestNumber: undefined }
        : { pullRequestNumber: number, mergeRequestNumber: undefined }
  const git: GitContext = {
    ...derived,
    branch: read('branch') ?? derived.branch,
    sha: sha ?? derived.sha,
    commitUrl,
    deploymentUrl: read('deploymentUrl') ?? derived.deploymentUrl,
    hostingService,
    mergeRequestNumber: read('mergeRequestNumber') ?? derived.mergeRequestNumber,
    repository: read('repository') ?? derived.repository,
    ...request
  }
  return Object.fromEntries(
    Object.entries(git).filter(([, value]) => value !== undefined && value !== '')
  ) as GitContext
}

/** Which preview environment to end, from the options that can name it; exactly one must. */
function environmentRef(read: Reader): EnvironmentRef {
  const keys = ['environmentId', 'environmentAlias', 'deploymentUrl'] as const
  const named = keys.filter(key => read(key) !== undefined)
  if (named.length !== 1) {
    const all = `${ref('environmentId')}, ${ref('environmentAlias')} or ${ref('deploymentUrl')}`
    throw new InputError(
      named[1] ?? 'environmentId',
      named.length === 0
        ? 'is empty, and so are the other ways to name the environment'
        : `is set beside ${ref(named[0]!)}`,
      `Name the environment to end with exactly one of ${all}`
    )
  }
  const key = named[0]!
  return { [key]: read(key)! } as EnvironmentRef
}
