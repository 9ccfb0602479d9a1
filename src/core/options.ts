import { InputError } from './errors.js'
import type { GitContext } from './git.js'
import { quote } from './inert.js'
import type { Log, ProgressListener } from './log.js'
import { destinationProblem, hasControlCharacter } from './naming.js'
import {
  hasUnsafePath,
  integerInRange,
  namePart,
  parseBaseUrl,
  parseVariables,
  plainText,
  shaValue,
  urlValue,
  variableName,
  type VariablesValue
} from './validate.js'
import type { EnvironmentRef } from './service.js'
import type { Words } from './words.js'

/** The run variable that carries the build, unless told otherwise (the lane plugin's default). */
export const DEFAULT_RUN_VARIABLE = 'RUN_INPUT_PATH'
export const DEFAULT_MAX_ATTEMPTS = 5
export const MAX_ATTEMPTS_LIMIT = 10

/** What a deploy is asked to do: the action's inputs in camelCase. Only `apiKey` and `baseUrl` are required. */
export interface DeployOptions {
  /** The workspace API key (conventionally the secret SERVICE_API_KEY). */
  apiKey: string
  /** The service's base URL, e.g. `https://service.example.com`; https, or http to a loopback host. */
  baseUrl: string
  /** Path or glob of the build, relative to `workingDirectory` or absolute; must match one file. Leave out to notify only. */
  file?: string
  /** Where the build goes in the workspace's storage; default: by `namePrefix`, else the file's own name. */
  destination?: string
  /** Builds the destination by the service's naming convention: `<prefix>-<environment>.<ext>`, or a pull request's name. */
  namePrefix?: string
  /** The static environment of the naming convention. */
  environment?: string
  /** Sent as `deployment_type`. */
  deploymentType?: string
  /** Extra variables for the run: an object, or JSON text of one. */
  variables?: VariablesValue
  /** Notify with an earlier upload: its `playgroundFileLocation`. Not with `file`. */
  runInputPath?: string
  /** The run variable that carries the build's path; default `RUN_INPUT_PATH`. */
  runVariable?: string
  /** false: upload only, no notification. Default true. */
  notify?: boolean
  /** Where the code comes from; every field optional. */
  git?: GitContext
  /** Sent as `deduplication_key`. */
  deduplicationKey?: string
  /** Sent as `ephemeral_environment: true` when true. */
  ephemeralEnvironment?: boolean
  /** Attempts per request for transient failures, 1 to 10; default 5. */
  maxAttempts?: number
  /** After a run is created, wait for its verdict. Default false. */
  wait?: boolean
  /** How long to wait for the verdict, in minutes (fractions allowed); default 60. */
  waitTimeoutMinutes?: number
  /** Wait for this earlier run's verdict only: no upload, no notification. */
  runId?: string
  /** The base interval between asks for the verdict, in seconds; default 30 (60 while under review). */
  pollIntervalSeconds?: number
  /** Where a relative `file` is found; default the current directory. */
  workingDirectory?: string
  /** Stops whatever is under way; the result is then `aborted`. */
  signal?: AbortSignal
  /** Where progress and detail are told; default nowhere. */
  log?: Partial<Log>
  /** Called with the bytes sent so far during the upload. */
  onProgress?: ProgressListener
}

/** The options, validated: what the flow runs on. */
export interface Settings {
  apiKey: string
  baseUrl: string
  file: string
  destination: string
  namePrefix: string
  environment: string
  deploymentType: string
  variables: Record<string, string>
  runInputPath: string
  runVariable: string
  notify: boolean
  git: GitContext
  deduplicationKey: string
  ephemeralEnvironment: boolean
  maxAttempts: number
  wait: boolean
  waitTimeoutMs: number
  runId: string
  workingDirectory: string
}

export const DEFAULT_WAIT_TIMEOUT_MINUTES = 60
/** A job runs six hours at most on GitHub's hosted runners; no wait is longer. */
const MAX_WAIT_TIMEOUT_MINUTES = 6 * 60
const RUN_ID = /^[\w.:-]{1,200}$/

/**
 * Pure: validates every option before any request; throws an `InputError`
 * naming the option in the front end's words.
 */
export function resolveOptions(options: DeployOptions, words: Words): Settings {
  const text = (option: Parameters<typeof plainText>[1], value: string | undefined): string =>
    plainText(words, option, value ?? '')
  const fail = (option: Parameters<typeof plainText>[1], problem: string, fix: string): never => {
    throw new InputError(words, option, problem, fix)
  }

  const apiKey = options.apiKey ?? ''
  if (!apiKey)
    fail(
      'apiKey',
      'is empty',
      'Pass the workspace API key, kept as a secret such as SERVICE_API_KEY'
    )
  // The key is never quoted: it is a secret.
  if (hasControlCharacter(apiKey) || /\s/.test(apiKey))
    fail(
      'apiKey',
      'contains white space or a control character',
      'Copy the key again from the workspace settings (Integrations, API Access) without line breaks'
    )
  const baseUrl = parseBaseUrl(words, options.baseUrl ?? '')
  const file = text('file', options.file)
  const runInputPath = text('runInputPath', options.runInputPath)
  const destination = text('destination', options.destination)
  const namePrefix = namePart(words, 'namePrefix', text('namePrefix', options.namePrefix))
  const environment = namePart(words, 'environment', text('environment', options.environment))
  const notify = options.notify ?? true
  const variables = parseVariables(words, options.variables)
  const runVariable = variableName(
    words,
    'runVariable',
    options.runVariable ?? DEFAULT_RUN_VARIABLE
  )
  const name = words.name

  if (file && runInputPath)
    fail(
      'runInputPath',
      `cannot be combined with ${name('file')}`,
      `Use ${name('file')} to upload a build and notify with it, or ${name('runInputPath')} alone to notify with an earlier upload`
    )
  if (destination && namePrefix)
    fail(
      'destination',
      `cannot be combined with ${name('namePrefix')}`,
      `Give the destination path, or let ${name('namePrefix')} build it, not both`
    )
  if (destination) {
    const problem = destinationProblem(destination)
    if (problem)
      fail(
        'destination',
        `${quote(destination)} is not a valid destination: ${problem}`,
        'Use a relative path such as builds/myapp-staging.apk'
      )
  }
  if (!file && (destination || namePrefix))
    fail(
      destination ? 'destination' : 'namePrefix',
      `is set but ${name('file')} is empty`,
      `Set ${name('file')} to the build to upload`
    )
  if (environment && !namePrefix)
    fail(
      'environment',
      `is set without ${name('namePrefix')}`,
      `Set ${name('namePrefix')} too: the destination is then <prefix>-<environment>.<ext>`
    )
  if (runInputPath && hasUnsafePath(runInputPath))
    fail(
      'runInputPath',
      `${quote(runInputPath)} contains a .. segment or a backslash`,
      'Pass the playgroundFileLocation of the upload, unchanged'
    )
  if (runVariable in variables && (file || runInputPath))
    fail(
      'variables',
      `sets ${runVariable} while ${name(file ? 'file' : 'runInputPath')} is set, which is ambiguous`,
      `Remove ${runVariable} from ${name('variables')}: it is set to the uploaded build`
    )
  if (!notify && !file)
    fail(
      'notify',
      runInputPath
        ? `is false with ${name('runInputPath')} set`
        : `is false and ${name('file')} is empty, so there is nothing to do`,
      `Set ${name('file')} to upload a build, or ${words.setting('notify', 'true')} to send the deploy notification`
    )

  const runId = text('runId', options.runId)
  if (runId && !RUN_ID.test(runId))
    fail(
      'runId',
      `${quote(runId)} is not a run id`,
      'Pass the runId output of the deploying step, unchanged'
    )
  if (runId && (file || runInputPath))
    fail(
      'runId',
      `cannot be combined with ${name(file ? 'file' : 'runInputPath')}`,
      `Use ${name('runId')} alone to wait for an earlier run's verdict`
    )
  const minutes = options.waitTimeoutMinutes ?? DEFAULT_WAIT_TIMEOUT_MINUTES
  if (!(minutes > 0 && minutes <= MAX_WAIT_TIMEOUT_MINUTES))
    fail(
      'waitTimeoutMinutes',
      `${quote(String(minutes))} is not a number of minutes from above 0 to ${MAX_WAIT_TIMEOUT_MINUTES}`,
      'Give minutes such as 60 or 2.5'
    )

  const git = options.git ?? {}
  return {
    apiKey,
    baseUrl,
    file,
    destination,
    namePrefix,
    environment,
    deploymentType: text('deploymentType', options.deploymentType),
    variables,
    runInputPath,
    runVariable,
    notify,
    git: {
      ...git,
      sha: shaValue(words, 'sha', git.sha ?? '') || undefined,
      commitUrl: urlValue(words, 'commitUrl', git.commitUrl ?? '') || undefined,
      deploymentUrl: urlValue(words, 'deploymentUrl', git.deploymentUrl ?? '') || undefined,
      pullRequestNumber:
        git.pullRequestNumber === undefined
          ? undefined
          : integerInRange(words, 'pullRequestNumber', git.pullRequestNumber, 1, 2 ** 31 - 1),
      hostingService: text('hostingService', git.hostingService) || undefined
    },
    deduplicationKey: text('deduplicationKey', options.deduplicationKey),
    ephemeralEnvironment: options.ephemeralEnvironment ?? false,
    maxAttempts:
      options.maxAttempts === undefined
        ? DEFAULT_MAX_ATTEMPTS
        : integerInRange(words, 'maxAttempts', options.maxAttempts, 1, MAX_ATTEMPTS_LIMIT),
    wait: (options.wait ?? false) || Boolean(runId),
    waitTimeoutMs: Math.round(minutes * 60_000),
    runId,
    workingDirectory: options.workingDirectory ?? process.cwd()
  }
}

/** Which preview environment to end, from the options that can name it; exactly one must. */
export function environmentRef(
  words: Words,
  given: { environmentId?: string; environmentAlias?: string; deploymentUrl?: string }
): EnvironmentRef {
  const named = (['environmentId', 'environmentAlias', 'deploymentUrl'] as const).filter(key =>
    Boolean(given[key]?.trim())
  )
  if (named.length !== 1) {
    const all = `${words.name('environmentId')}, ${words.name('environmentAlias')} or ${words.name('deploymentUrl')}`
    throw new InputError(
      words,
      named[1] ?? 'environmentId',
      named.length === 0
        ? `is empty, and so are the other ways to name the environment`
        : `is set beside ${words.name(named[0]!)}`,
      `Name the environment to end with exactly one of ${all}`
    )
  }
  const key = named[0]!
  const value = plainText(words, key, given[key]!)
  if (key === 'deploymentUrl') urlValue(words, key, value)
  return { [key]: value } as EnvironmentRef
}
