/**
 * The library's options and results. Each function's option type is derived
 * from the option table: the options its command takes in the library, each
 * of the type its kind reads to, under its library name (`git.x` inside
 * `git`), so that a change of the table the types do not follow is a compile
 * error. Only the callbacks are written here. Every optional field accepts
 * `undefined`, for `exactOptionalPropertyTypes`.
 */
import type {
  Cause,
  Command,
  Conclusion,
  DeployResult,
  DeploymentOutputs,
  Log,
  OptionKey,
  OptionTable,
  KindValues,
  ProgressListener,
  VariablesValue,
  VerdictStatus
} from '../core/index.js'

/** The options the library offers for a command, by key. */
type LibraryKey<C extends Command> = {
  [K in OptionKey]: C extends OptionTable[K]['commands'][number]
    ? OptionTable[K] extends { frontEnds: readonly (infer F)[] }
      ? 'library' extends F
        ? K
        : never
      : K
    : never
}[OptionKey]

/** An option's name in the library: its key, or its own spelling (`git.sha`). */
type LibraryName<K extends OptionKey> = OptionTable[K] extends {
  names: { library: infer N extends string }
}
  ? N
  : K

/**
 * What the library takes for an option: its checked value's type, except
 * where a caller writes it otherwise: JSON text or an object for variables,
 * one path or a list of them for the builds, the runs and the ABIs, the text of a
 * value for every build or one per platform (`android:… ios:…`).
 */
type LibraryInputs = Omit<
  KindValues,
  'variables' | 'globs' | 'appIds' | 'namePartEach' | 'destinationEach' | 'runIds' | 'abis'
> & {
  variables: VariablesValue
  globs: string | readonly string[]
  appIds: string
  namePartEach: string
  destinationEach: string
  runIds: string | readonly string[]
  abis: string | readonly string[]
}
type LibraryValue<K extends OptionKey> = LibraryInputs[OptionTable[K]['kind']]

/** The options a command cannot go without in the library: the table's required ones, the build to upload, the run to wait for. */
type RequiredKey<C extends Command> =
  | { [K in OptionKey]: OptionTable[K] extends { required: true } ? K : never }[OptionKey]
  | (C extends 'upload' ? 'file' : never)
  | (C extends 'wait' ? 'runId' : never)

type TopKey<C extends Command> = {
  [K in LibraryKey<C>]: LibraryName<K> extends `git.${string}` ? never : K
}[LibraryKey<C>]

type GitKey<C extends Command> = Exclude<LibraryKey<C>, TopKey<C>>

/** The options of a command's function, as the table gives them. */
// A command with no required option (skip) has no first part: a key-remapped type over never is an index signature of never.
export type OptionsOf<C extends Command> = ([Extract<TopKey<C>, RequiredKey<C>>] extends [never]
  ? unknown
  : {
      [K in Extract<TopKey<C>, RequiredKey<C>> as LibraryName<K>]: LibraryValue<K>
    }) & {
  [K in Exclude<TopKey<C>, RequiredKey<C>> as LibraryName<K>]?: LibraryValue<K> | undefined
} & ([GitKey<C>] extends [never]
    ? unknown
    : {
        /** Where the code comes from; each field optional (the library derives no context). */
        git?:
          | {
              [K in GitKey<C> as LibraryName<K> extends `git.${infer F}` ? F : never]?:
                LibraryValue<K> | undefined
            }
          | undefined
      })

/** What every call takes beside its options: a stop, and where it reports. */
interface Callbacks {
  /** Stops whatever is under way at once; the result is then `outcome: 'aborted'`, `cause: 'canceled'`. */
  signal?: AbortSignal | undefined
  /** Where progress and detail are told, rendered and redacted; default nowhere. A method that throws is dropped, never fatal. */
  log?: Partial<Log> | undefined
}

/** What the functions that take a build take beside it. */
interface BuildCallbacks {
  /** Where a relative `file` is found; default the current directory. */
  workingDirectory?: string | undefined
  /** Told the bytes sent so far, and the total, during the upload. One that throws is dropped, never fatal. */
  onProgress?: ProgressListener | undefined
}

/** What the functions that wait take beside their options. */
interface StatusCallback {
  /** Told every answer of the service while waiting. One that throws is dropped, never fatal. */
  onStatus?: ((status: VerdictStatus) => void) | undefined
}

type Connection = 'apiKey' | 'baseUrl' | 'maxAttempts'
type Timing = 'waitTimeoutMinutes' | 'pollIntervalSeconds'

/** What every call needs: where the service is, the key, and how it reports. */
export type ConnectionOptions = Pick<OptionsOf<'wait'>, Connection> & Callbacks

/** Where the code comes from, as `git` takes it in `deployBuild` and `notifyDeployment`. */
export type GitOptions = NonNullable<OptionsOf<'deploy'>['git']>

/** The build to upload and where it goes. */
export type BuildOptions = Omit<OptionsOf<'upload'>, Connection | 'dryRun' | 'git'> & BuildCallbacks

/** What the deploy notification says besides the build. */
export type NotificationOptions = Omit<
  OptionsOf<'notify'>,
  Connection | Timing | 'wait' | 'dryRun' | 'runInputPath'
>

/** How long and how often to ask for a run's verdict. */
export type VerdictTiming = Pick<OptionsOf<'wait'>, Timing> & StatusCallback

/** After the notification, wait for the run's verdict. */
export type WaitingOptions = Pick<OptionsOf<'deploy'>, 'wait'> & VerdictTiming

/** Options of `deployBuild`: upload, notify, and (with `wait`) the verdict. */
export type DeployOptions = OptionsOf<'deploy'> & Callbacks & BuildCallbacks & StatusCallback

/** Options of `uploadBuild`: a build to upload, and where it goes; no notification. */
export type UploadOptions = OptionsOf<'upload'> & Callbacks & BuildCallbacks

/** Options of `notifyDeployment`: no upload; `runInputPath` names an earlier one, if any. */
export type NotifyOptions = OptionsOf<'notify'> & Callbacks & StatusCallback

/** Options of `waitForVerdict`: the run, and how long to wait. */
export type WaitOptions = OptionsOf<'wait'> & Callbacks & StatusCallback

/** Options of `terminateEnvironment`: exactly one of `environmentId`, `environmentAlias`, `deploymentUrl`. */
export type TerminateOptions = OptionsOf<'terminate'> & Callbacks

/** Options of `collectVerdicts`: the service, GitHub's token and repository, how long a run may stay pending, how many requests. */
export type CollectOptions = OptionsOf<'collect'> & Callbacks

/** Options of `skipDeployments`: the app ids (or platform), names and reason of the check runs a deploy would have written, GitHub's token and repository, the commit. */
export type SkipOptions = OptionsOf<'skip'> & Callbacks

/** The callbacks and settings each function takes beside the table's options, by command: the library's runtime check reads it. */
export const CALLBACK_OPTIONS = {
  deploy: ['signal', 'log', 'workingDirectory', 'onProgress', 'onStatus', 'git'],
  upload: ['signal', 'log', 'workingDirectory', 'onProgress', 'git'],
  notify: ['signal', 'log', 'onStatus', 'git'],
  wait: ['signal', 'log', 'onStatus'],
  terminate: ['signal', 'log'],
  collect: ['signal', 'log'],
  skip: ['signal', 'log', 'git']
} as const satisfies Record<Command, readonly string[]>

/** What a call came to: the outputs by the action's names, and what it means for a pipeline. */
export type { DeployResult }

/** What `terminateEnvironment` came to. */
export interface TerminateResult {
  /** `success` when the environment is ended now or was already; `aborted` otherwise. */
  outcome: 'success' | 'aborted'
  conclusion: Conclusion
  cause: Cause
  /** `already` when the service had ended it before (409), which is no failure for a clean-up. */
  state?: 'terminated' | 'already' | undefined
  environmentId?: string | undefined
  /** The environment ended, as every result names its environments. */
  environmentIds?: string | undefined
  reason?: string | undefined
  warnings?: string[] | undefined
  /** The step's one entry, as every result has it: its name, outcome and what it comes to. */
  deployments?: DeploymentOutputs[] | undefined
}
