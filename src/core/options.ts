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
  workingDirectory: string
}

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
    workingDirectory: options.workingDirectory ?? process.cwd()
  }
}
