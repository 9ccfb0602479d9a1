import { InputError } from './errors.js'
import { quote } from './inert.js'
import { destinationProblem, hasControlCharacter } from './naming.js'

/** Everything the step was asked to do, validated. Built once, by `parseInputs`. */
export interface Inputs {
  /** The workspace API key; a secret. */
  apiKey: string
  /** The service's base URL without a trailing slash. */
  baseUrl: string
  /** Path or glob of the artifact; empty when nothing is uploaded. */
  file: string
  /** Explicit destination in the workspace's storage; empty when derived. */
  destination: string
  /** Prefix of the naming convention; empty when not used. */
  namePrefix: string
  /** Static environment of the naming convention. */
  environment: string
  /** Sent as `deployment_type` when not empty. */
  deploymentType: string
  /** Extra variables for the run, all values as strings. */
  variables: Record<string, string>
  /** Notify-only: the `playgroundFileLocation` of an earlier upload. */
  runInputPath: string
  /** Whether to send the deploy notification. */
  notify: boolean
  /** Whether a notification that creates no run fails the step. */
  failOnNoRun: boolean
  /** Overrides of the values derived from the event; empty or undefined when not given. */
  overrides: ContextOverrides
  /** Sent as `hosting_service`. */
  hostingService: string
  /** Sent as `deduplication_key` when not empty. */
  deduplicationKey: string
  /** Sent as `ephemeral_environment: true` when true. */
  ephemeralEnvironment: boolean
  /** Attempts per request for transient failures. */
  maxAttempts: number
}

export interface ContextOverrides {
  branch: string
  sha: string
  commitUrl: string
  deploymentUrl: string
  pullRequestNumber?: number
}

/** Reads one input's raw value; `core.getInput` in the runner, a map in tests. */
export type InputSource = (name: string) => string

export const MAX_ATTEMPTS_LIMIT = 10
const MAX_VARIABLES_BYTES = 64 * 1024
const MAX_VARIABLE_NAME_LENGTH = 256
const TRUE_VALUES = ['true', 'True', 'TRUE']
const FALSE_VALUES = ['false', 'False', 'FALSE']
const NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SHA = /^[0-9a-fA-F]{7,64}$/

/** Validates every input before any network call; throws an `InputError` naming the input. */
export function parseInputs(get: InputSource): Inputs {
  const text = (name: string): string => plainText(name, get(name))

  const apiKey = get('api-key')
  if (!apiKey) {
    throw new InputError(
      'api-key',
      'is empty',
      'Pass the workspace API key, e.g. api-key: ${{ secrets.SERVICE_API_KEY }}, and check that the secret exists in this repository'
    )
  }
  // The key is never quoted: it is a secret.
  if (hasControlCharacter(apiKey) || /\s/.test(apiKey)) {
    throw new InputError(
      'api-key',
      'contains white space or a control character',
      'Copy the key again from the workspace settings (Integrations, API Access) without line breaks'
    )
  }

  const file = text('file')
  const runInputPath = text('run-input-path')
  const destination = text('destination')
  const namePrefix = nameInput('name-prefix', text('name-prefix'))
  const environment = nameInput('environment', text('environment'))
  const notify = booleanInput('notify', get('notify'), true)
  const variables = parseVariables(get('variables'))

  if (file && runInputPath) {
    throw new InputError(
      'run-input-path',
      'cannot be combined with file',
      'Use file to upload a build and notify with it, or run-input-path alone to notify with an earlier upload'
    )
  }
  if (destination && namePrefix) {
    throw new InputError(
      'destination',
      'cannot be combined with name-prefix',
      'Give the destination path, or let name-prefix build it, not both'
    )
  }
  if (destination) {
    const problem = destinationProblem(destination)
    if (problem) {
      throw new InputError(
        'destination',
        `${quote(destination)} is not a valid destination: ${problem}`,
        'Use a relative path such as builds/myapp-staging.apk'
      )
    }
  }
  if (!file && (destination || namePrefix)) {
    const input = destination ? 'destination' : 'name-prefix'
    throw new InputError(input, 'is set but file is empty', 'Set file to the artifact to upload')
  }
  if (environment && !namePrefix) {
    throw new InputError(
      'environment',
      'is set without name-prefix',
      'Set name-prefix too: the destination is then <name-prefix>-<environment>.<ext>'
    )
  }
  if (runInputPath && hasUnsafePath(runInputPath)) {
    throw new InputError(
      'run-input-path',
      `${quote(runInputPath)} contains a .. segment or a backslash`,
      'Pass the playgroundFileLocation output of the step that uploaded the build, unchanged'
    )
  }
  if ('RUN_INPUT_PATH' in variables && (file || runInputPath)) {
    throw new InputError(
      'variables',
      `sets RUN_INPUT_PATH while ${file ? 'file' : 'run-input-path'} is set, which is ambiguous`,
      'Remove RUN_INPUT_PATH from variables: the action sets it to the uploaded file'
    )
  }
  if (!notify && !file) {
    throw new InputError(
      'notify',
      runInputPath
        ? 'is false with run-input-path set'
        : 'is false and file is empty, so there is nothing to do',
      'Set file to upload a build, or set notify to true to send the deploy notification'
    )
  }

  return {
    apiKey,
    baseUrl: parseBaseUrl(get('base-url')),
    file,
    destination,
    namePrefix,
    environment,
    deploymentType: text('deployment-type'),
    variables,
    runInputPath,
    notify,
    failOnNoRun: booleanInput('fail-on-no-run', get('fail-on-no-run'), true),
    overrides: {
      branch: text('branch'),
      sha: shaInput(text('sha')),
      commitUrl: urlInput('commit-url', text('commit-url')),
      deploymentUrl: urlInput('deployment-url', text('deployment-url')),
      pullRequestNumber: integerInput(
        'pull-request-number',
        text('pull-request-number'),
        1,
        2 ** 31 - 1
      )
    },
    hostingService: text('hosting-service') || 'GitHub',
    deduplicationKey: text('deduplication-key'),
    ephemeralEnvironment: booleanInput(
      'ephemeral-environment',
      get('ephemeral-environment'),
      false
    ),
    maxAttempts: integerInput('max-attempts', text('max-attempts'), 1, MAX_ATTEMPTS_LIMIT) ?? 5
  }
}

function plainText(name: string, value: string): string {
  if (hasControlCharacter(value)) {
    throw new InputError(
      name,
      `contains a line break or another control character (${quote(value, 40)})`,
      'Give a single-line value'
    )
  }
  return value.trim()
}

function nameInput(name: string, value: string): string {
  if (value && !NAME_PART.test(value)) {
    throw new InputError(
      name,
      `${quote(value)} is not a valid name part`,
      'Use letters, digits, dots, hyphens and underscores, starting with a letter or digit'
    )
  }
  return value
}

/** The YAML 1.2 core-schema booleans that `core.getBooleanInput` accepts; empty means the default. */
export function booleanInput(name: string, raw: string, fallback: boolean): boolean {
  const value = raw.trim()
  if (value === '') return fallback
  if (TRUE_VALUES.includes(value)) return true
  if (FALSE_VALUES.includes(value)) return false
  throw new InputError(name, `${quote(value)} is not a boolean`, 'Use true or false')
}

function integerInput(name: string, value: string, min: number, max: number): number | undefined {
  if (value === '') return undefined
  const n = /^\d+$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new InputError(
      name,
      `${quote(value)} is not a whole number from ${min} to ${max}`,
      `Use a whole number from ${min} to ${max}, or leave it empty for the default`
    )
  }
  return n
}

function shaInput(value: string): string {
  if (value && !SHA.test(value)) {
    throw new InputError(
      'sha',
      `${quote(value)} is not a commit hash`,
      'Use a hexadecimal commit id, e.g. ${{ github.sha }}'
    )
  }
  return value
}

function urlInput(name: string, value: string): string {
  if (!value) return value
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InputError(
      name,
      `${quote(value)} is not an http(s) URL`,
      'Give a full URL such as https://example.com/...'
    )
  }
  return value
}

function hasUnsafePath(path: string): boolean {
  return path.includes('\\') || path.split('/').includes('..')
}

/**
 * The base URL without a trailing slash. Plain http is refused except for a
 * loopback host, so that the API key never crosses a network in clear text.
 */
export function parseBaseUrl(raw: string): string {
  const value = raw.trim()
  const fix = 'Use the service URL, e.g. https://service.example.com'
  if (!value) throw new InputError('base-url', 'is empty', fix)
  if (hasControlCharacter(value))
    throw new InputError('base-url', 'contains a control character', fix)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InputError('base-url', `${quote(value)} is not a URL`, fix)
  }
  if (url.username || url.password) {
    throw new InputError(
      'base-url',
      'contains credentials',
      'Remove the user and password from the URL: the action authenticates with api-key'
    )
  }
  const shown = quote(url.origin + url.pathname)
  if (url.search || url.hash) {
    throw new InputError('base-url', `${shown} has a query or a fragment`, `${fix}, with neither`)
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new InputError(
      'base-url',
      `${shown} uses plain http to a host that is not loopback, which would send the API key in clear text`,
      'Use https'
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError('base-url', `${shown} is not an https URL`, fix)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * The `variables` input: a JSON object whose values are strings, numbers or
 * booleans; numbers and booleans become strings, as the service takes strings.
 */
export function parseVariables(raw: string): Record<string, string> {
  const fix = 'Give a JSON object of names to strings, e.g. {"LOCALE": "en-GB"}'
  if (raw.trim() === '') return {}
  if (Buffer.byteLength(raw, 'utf8') > MAX_VARIABLES_BYTES) {
    throw new InputError(
      'variables',
      `is larger than ${MAX_VARIABLES_BYTES / 1024} KiB`,
      'Send fewer or shorter variables'
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable'
    throw new InputError('variables', `is not valid JSON (${reason})`, fix)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InputError('variables', `is JSON but not an object (${describe(parsed)})`, fix)
  }
  const entries: [string, string][] = []
  for (const [name, value] of Object.entries(parsed)) {
    if (name === '' || name.length > MAX_VARIABLE_NAME_LENGTH || hasControlCharacter(name)) {
      throw new InputError(
        'variables',
        `has an invalid name ${quote(name)}`,
        'Use non-empty names without control characters'
      )
    }
    if (typeof value === 'string') entries.push([name, value])
    else if (typeof value === 'number' || typeof value === 'boolean')
      entries.push([name, String(value)])
    else {
      throw new InputError(
        'variables',
        `has ${describe(value)} for ${quote(name)}`,
        'Use a string, number or boolean for every variable'
      )
    }
  }
  // fromEntries defines own properties, so a name like __proto__ stays a plain variable.
  return Object.fromEntries(entries)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
