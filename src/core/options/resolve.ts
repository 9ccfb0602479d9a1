import { InputError } from '../shared/errors.js'
import type { GitContext } from '../shared/git-context.js'
import { ref } from '../shared/option-refs.js'
import type { FrontEnd } from '../shared/version.js'
import {
  DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
  OPTIONS,
  type Command,
  type OptionKey,
  type OptionValue
} from '../shared/option-table.js'
import { conventionalDestination } from '../shared/naming.js'
import { optionsOf } from './offers.js'
import { readOption } from './values.js'
import { checkCombinations, modeOf, type Mode, type Reader } from './mode.js'

export type { Mode }
export type { EnvironmentRef }
import { whyTheKeyIsEmpty } from '../ci/providers/index.js'
import type { EnvironmentRef } from '../model.js'

import type { Frozen } from '../shared/frozen.js'

export type { Frozen }

/** The fields of Settings, as the resolver builds them. */
interface SettingsFields {
  readonly mode: Mode
  /** Every option given (or defaulted), each of the type its kind reads to: where an option is read. */
  readonly values: Readonly<OptionValues>
  /** The connection: required or defaulted for every command that speaks to the service, so never absent (which `values` cannot say); empty for a skip, which does not. */
  readonly apiKey: string
  readonly baseUrl: string
  readonly maxAttempts: number
  /** The slowest upload still waited for: one PUT may take the build's size at this speed, plus the request time limit. */
  readonly minUploadBytesPerSecond: number
  /** Defaulted where a front end does not offer it (the CLI and the library have no check or comment switch). */
  readonly failOnNoRun: boolean
  /** The Git facts, derived from the CI and overridden by the options. */
  readonly git: Readonly<GitContext>
  /** Wait for the verdict after the notification (always in wait mode). */
  readonly wait: boolean
  readonly waitTimeoutMs: number
  readonly pollIntervalMs: number
  /** The runs to wait for, in wait mode. */
  readonly runIds: readonly string[]
  /** The environment to end, in terminate mode. */
  readonly environmentRef?: Readonly<EnvironmentRef> | undefined
  readonly check: boolean
  readonly prComment: boolean
  /** Where a relative `file` is found. */
  readonly workingDirectory: string
}

/** The options, validated and complete, read-only all the way down: a step never writes them (a write does not compile). */
export type Settings = Frozen<SettingsFields>

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
  checkCombinations(read, mode, request)
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
  // A skip speaks to GitHub alone: the service's key and URL are not asked of it.
  const skips = command === 'skip' || (command === undefined && read('skip') === true)
  const result: OptionValues = {}
  for (const key of optionsOf(frontEnd, command)) {
    const value = read(key)
    if (value !== undefined) (result as Record<OptionKey, unknown>)[key] = value
    else if (required[key] && !skips) throw new InputError(key, 'is empty', required[key])
  }
  return result
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
    apiKey: read('apiKey') ?? '',
    baseUrl: read('baseUrl') ?? '',
    maxAttempts: read('maxAttempts') ?? 1,
    minUploadBytesPerSecond:
      (read('minUploadKibPerSecond') ?? DEFAULT_MIN_UPLOAD_KIB_PER_SECOND) * 1024,
    failOnNoRun: read('failOnNoRun') ?? true,
    git: mode === 'terminate' ? {} : gitOf(read, request.derived ?? {}),
    wait: mode === 'wait' || (read('wait') === true && mode !== 'terminate'),
    waitTimeoutMs: Math.round(read('waitTimeoutMinutes')! * 60_000),
    pollIntervalMs: Math.round(read('pollIntervalSeconds')! * 1000),
    runIds: read('runId') ?? [],
    environmentRef:
      mode === 'terminate' ? environmentRef(read, gitOf(read, request.derived ?? {})) : undefined,
    // The CLI and the library, which offer neither, keep both with report-later (github/plan.ts).
    check: read('check') ?? true,
    prComment: read('prComment') ?? true,
    workingDirectory: request.workingDirectory
  }
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

/**
 * Which preview environment to end, from the options that can name it;
 * exactly one must. `namePrefix` names the pull request's environment as the
 * deploy named it, by the naming convention: `<prefix>-<owner>-<repo>-pr<N>`.
 */
function environmentRef(read: Reader, git: GitContext): EnvironmentRef {
  const keys = ['environmentId', 'environmentAlias', 'deploymentUrl', 'namePrefix'] as const
  const named = keys.filter(key => read(key) !== undefined)
  if (named.length !== 1) {
    const all = `${ref('environmentId')}, ${ref('environmentAlias')}, ${ref('deploymentUrl')} or ${ref('namePrefix')}`
    throw new InputError(
      named[1] ?? 'environmentId',
      named.length === 0
        ? 'is empty, and so are the other ways to name the environment'
        : `is set beside ${ref(named[0]!)}`,
      `Name the environment to end with exactly one of ${all}`
    )
  }
  const key = named[0]!
  if (key !== 'namePrefix') return { [key]: read(key)! } as EnvironmentRef
  const prefix = read('namePrefix')!
  if (prefix.all === undefined)
    throw new InputError(
      'namePrefix',
      'gives a prefix per platform, and ending an environment names one',
      `End each platform's environment in a step of its own, with its own ${ref('namePrefix')}`
    )
  const alias = conventionalDestination({
    prefix: prefix.all,
    extension: '',
    pullRequestNumber: git.pullRequestNumber ?? git.mergeRequestNumber,
    repository: git.repository
  })
  if ('problem' in alias)
    throw new InputError(
      'namePrefix',
      `names a pull request's environment, and ${alias.problem.replace(/^needs either an environment or a pull request: .*$/, 'no pull request is known')}`,
      `End it from the pull request's own event (pull_request: closed) or merge request pipeline, where its number is known, or name it with ${ref('environmentAlias')}`
    )
  return { environmentAlias: alias.destination }
}
