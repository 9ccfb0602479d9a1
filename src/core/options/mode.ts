import { InputError } from '../shared/errors.js'
import { ref, setting } from '../shared/option-refs.js'
import type { Command, OptionKey, OptionValue } from '../shared/option-table.js'
import type { FrontEnd } from '../shared/version.js'

/** Which mode the options ask for, and the options that only make sense together or apart. */

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
  /** Complete the check runs of deployments reported later whose runs have ended. */
  | 'collect'

/** Reads one option: given, else from its environment variable, else its default; undefined when none. */
export type Reader = <K extends OptionKey>(key: K) => OptionValue<K> | undefined

/** What the deploy does, from the command and which options are given. */
export function modeOf(
  read: Reader,
  {
    frontEnd,
    command,
    values
  }: {
    frontEnd: FrontEnd
    command?: Command | undefined
    values: Partial<Record<OptionKey, unknown>>
  }
): Mode {
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
  if (command === 'collect' || read('collect') === true) {
    const other = (
      ['file', 'runInputPath', 'runId', 'terminateEnvironment', 'reportLater', 'dryRun'] as const
    ).find(key => read(key) !== undefined && read(key) !== false)
    if (other)
      throw new InputError(
        other,
        `cannot be combined with ${setting('collect', 'true')}`,
        'Collect in a workflow of its own (on: schedule), with the API key, the base URL and the GitHub token only'
      )
    return 'collect'
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
export function checkCombinations(read: Reader, mode: Mode): void {
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
  if (file && file.length > 1 && read('destination')?.all !== undefined)
    throw new InputError(
      'destination',
      `names one path in the storage, and ${ref('file')} gives ${file.length} builds`,
      `Give one per platform (android:builds/app.apk ios:builds/app.ipa), or leave it out and let ${ref('namePrefix')} name each build (its own extension), or deploy each build in a step of its own`
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
  if (read('reportLater') && read('wait'))
    throw new InputError(
      'reportLater',
      `cannot be combined with ${setting('wait', 'true')}: the step either waits for the verdict or leaves it to a collect`,
      `Keep ${setting('wait', 'true')} to hold the job until the verdict, or ${setting('reportLater', 'true')} alone to free the runner and collect the verdict on a schedule`
    )
  if (read('reportLater') && (mode === 'upload' || read('dryRun')))
    throw new InputError(
      'reportLater',
      mode === 'upload'
        ? 'is true but no deploy notification is sent, so no run starts'
        : `cannot be combined with ${ref('dryRun')}: a dry run starts no run`,
      `Leave ${ref('reportLater')} out of this step`
    )
  if (read('wait') && mode === 'upload')
    throw new InputError(
      'wait',
      'is true but no deploy notification is sent, so no run starts',
      `Send the notification, or wait in a later step with ${ref('runId')}`
    )
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
  // Given, but blank: one value or several (a list, a repeated flag), each empty.
  const empty =
    typeof given === 'string' ||
    (Array.isArray(given) && given.every(value => typeof value === 'string'))
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
