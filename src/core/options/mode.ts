/**
 * Which mode the options ask for, and the options that only make sense
 * together or apart: the mode is decided by a few lines, and every refusal
 * is one row of a table, read in order; the first row that applies names
 * its option, the problem and the fix.
 */
import { InputError } from '../shared/errors.js'
import { ref, setting } from '../shared/option-refs.js'
import type { Command, OptionKey, OptionValue } from '../shared/option-table.js'
import type { FrontEnd } from '../shared/version.js'

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
  /** Wait for earlier runs' verdicts. */
  | 'wait'
  /** End a preview environment. */
  | 'terminate'
  /** Complete the check runs of deployments reported later whose runs have ended. */
  | 'collect'
  /** Deploy nothing: complete, as skipped, the check runs a deploy would have written. */
  | 'skip'

/** Reads one option: given, else from its environment variable, else its default; undefined when none. */
export type Reader = <K extends OptionKey>(key: K) => OptionValue<K> | undefined

/** What a rule sees: the options, the mode decided, and the request's command, front end and raw values. */
interface Seen {
  read: Reader
  mode: Mode
  frontEnd: FrontEnd
  command?: Command | undefined
  values: Partial<Record<OptionKey, unknown>>
}

/** One refusal: when it applies, the option it names (a key, or found), the problem and the fix. */
interface Rule {
  applies(seen: Seen): boolean | OptionKey | undefined
  key?: OptionKey
  problem: string | ((seen: Seen) => string)
  fix: string | ((seen: Seen) => string)
}

const given = (read: Reader, key: OptionKey): boolean => {
  const value = read(key)
  return value !== undefined && value !== false
}
const first = (read: Reader, keys: readonly OptionKey[]): OptionKey | undefined =>
  keys.find(key => given(read, key))
const alone = `Use ${ref('runId')} alone to wait for an earlier run's verdict`

/** What the request asks for, before any rule: the command, else the options that choose a mode. */
function decide(read: Reader, command: Command | undefined): Mode {
  if (command === 'skip' || read('skip') === true) return 'skip'
  if (command === 'terminate' || read('terminateEnvironment') === true) return 'terminate'
  if (command === 'collect' || read('collect') === true) return 'collect'
  if (command === 'wait' || read('runId')) return 'wait'
  const notify = command === 'upload' ? false : (read('notify') ?? true)
  if (read('file')) return notify ? 'deploy' : 'upload'
  return read('runInputPath') ? 'notify' : 'plain'
}

/** The refusals of the mode itself: what the mode decided cannot take. */
const MODE_RULES: readonly Rule[] = [
  {
    // A skip deploys nothing: anything that deploys, waits, collects or ends beside it says the opposite.
    applies: ({ mode, read }) =>
      mode === 'skip' &&
      first(read, [
        'file',
        'runInputPath',
        'runId',
        'terminateEnvironment',
        'collect',
        'reportLater',
        'wait',
        'dryRun'
      ]),
    problem: `cannot be combined with ${setting('skip', 'true')}, which deploys nothing`,
    fix: "Skip in a job of its own, the one that runs when the deploy's does not (a path filter's other branch)"
  },
  {
    applies: ({ mode, frontEnd, read }) =>
      mode === 'terminate' &&
      frontEnd === 'action' &&
      first(read, ['file', 'runInputPath', 'runId', 'wait', 'reportLater']),
    problem: `cannot be combined with ${setting('terminateEnvironment', 'true')}: ending an environment starts no run, so there is no verdict to wait for or collect`,
    fix: 'End the environment in a step of its own'
  },
  {
    applies: ({ mode, read }) =>
      mode === 'collect' &&
      first(read, [
        'file',
        'runInputPath',
        'runId',
        'terminateEnvironment',
        'reportLater',
        'wait',
        'dryRun'
      ]),
    problem: `cannot be combined with ${setting('collect', 'true')}`,
    fix: 'Collect in a workflow of its own (on: schedule), with the API key, the base URL and the GitHub token only'
  },
  {
    applies: ({ mode, read }) => mode === 'wait' && !read('runId'),
    key: 'runId',
    problem: 'is missing',
    fix: 'Pass the runId of the deploy that created the run, unchanged'
  },
  {
    // A wait-only step waits for the verdict itself: there is nothing left for a collect.
    applies: ({ mode, read }) => mode === 'wait' && given(read, 'reportLater'),
    key: 'reportLater',
    problem: `cannot be combined with ${ref('runId')}: a step that waits for runs' verdicts shows them itself`,
    fix: `Leave ${ref('reportLater')} out of the wait-only step; to free the runner, deploy with ${setting('reportLater', 'true')} and let a scheduled collect bring the verdicts`
  },
  {
    applies: ({ mode, read }) => mode === 'wait' && given(read, 'file'),
    key: 'runId',
    problem: `cannot be combined with ${ref('file')}`,
    fix: alone
  },
  {
    applies: ({ mode, read }) => mode === 'wait' && given(read, 'runInputPath'),
    key: 'runId',
    problem: `cannot be combined with ${ref('runInputPath')}`,
    fix: alone
  },
  {
    // A deploy or an upload without a build would silently become the notify command's mode, or do nothing.
    applies: ({ mode, command }) =>
      (command === 'deploy' || command === 'upload') &&
      (mode === 'plain' || (mode === 'notify' && command === 'upload')),
    key: 'file',
    problem: ({ values }) =>
      blank(values.file) ? 'is empty (an unset CI variable expands to nothing)' : 'is missing',
    fix: ({ values, command, frontEnd }) => missingBuildFix(values.file, command!, frontEnd)
  },
  {
    applies: ({ read }) => given(read, 'file') && given(read, 'runInputPath'),
    key: 'runInputPath',
    problem: `cannot be combined with ${ref('file')}`,
    fix: `Use ${ref('file')} to upload a build and notify with it, or ${ref('runInputPath')} alone to notify with an earlier upload`
  },
  {
    applies: ({ mode, read }) =>
      (mode === 'notify' || mode === 'plain') && read('notify') === false,
    key: 'notify',
    problem: ({ read }) =>
      read('runInputPath')
        ? `is false with ${ref('runInputPath')} set`
        : `is false and ${ref('file')} is empty, so there is nothing to do`,
    fix: `Set ${ref('file')} to upload a build, or ${setting('notify', 'true')} to send the deploy notification`
  }
]

/** The options that only make sense together, or apart, in the mode decided. */
const COMBINATION_RULES: readonly Rule[] = [
  {
    applies: ({ read }) => given(read, 'destination') && given(read, 'namePrefix'),
    key: 'destination',
    problem: `cannot be combined with ${ref('namePrefix')}`,
    fix: `Give the destination path, or let ${ref('namePrefix')} build it, not both`
  },
  {
    applies: ({ read, mode }) =>
      !read('file') &&
      mode !== 'terminate' &&
      mode !== 'skip' &&
      first(read, [
        'destination',
        'namePrefix',
        'expectedAppId',
        'platform',
        'requiredAbis',
        'requiredTarget'
      ]),
    problem: `is set but ${ref('file')} is empty`,
    fix: `Set ${ref('file')} to the build to upload`
  },
  {
    applies: ({ read }) =>
      (read('file')?.length ?? 0) > 1 && read('destination')?.all !== undefined,
    key: 'destination',
    problem: ({ read }) =>
      `names one path in the storage, and ${ref('file')} gives ${read('file')!.length} builds`,
    fix: `Give one per platform (android:builds/app.apk ios:builds/app.ipa), or leave it out and let ${ref('namePrefix')} name each build (its own extension), or deploy each build in a step of its own`
  },
  {
    applies: ({ read, mode }) =>
      mode !== 'skip' && given(read, 'environment') && !given(read, 'namePrefix'),
    key: 'environment',
    problem: `is set without ${ref('namePrefix')}`,
    fix: `Set ${ref('namePrefix')} too: the destination is then <prefix>-<environment>.<ext>`
  },
  {
    applies: ({ read }) =>
      read('runVariable')! in (read('variables') ?? {}) &&
      (given(read, 'file') || given(read, 'runInputPath')),
    key: 'variables',
    problem: ({ read }) =>
      `sets ${read('runVariable')} while ${ref(read('file') ? 'file' : 'runInputPath')} is set, which is ambiguous`,
    fix: ({ read }) =>
      `Remove ${read('runVariable')} from ${ref('variables')}: it is set to the uploaded build`
  },
  {
    applies: ({ read, mode }) => given(read, 'dryRun') && (mode === 'wait' || mode === 'terminate'),
    key: 'dryRun',
    problem: ({ mode }) =>
      mode === 'wait'
        ? `cannot be combined with ${ref('runId')}: waiting for a verdict uploads and notifies nothing`
        : 'cannot be combined with ending an environment: the service has no request that checks it without ending it',
    fix: `Leave ${ref('dryRun')} out of this step`
  },
  {
    applies: ({ read }) => given(read, 'reportLater') && given(read, 'wait'),
    key: 'reportLater',
    problem: `cannot be combined with ${setting('wait', 'true')}: the step either waits for the verdict or leaves it to a collect`,
    fix: `Keep ${setting('wait', 'true')} to hold the job until the verdict, or ${setting('reportLater', 'true')} alone to free the runner and collect the verdict on a schedule`
  },
  {
    applies: ({ read, mode }) =>
      given(read, 'reportLater') && (mode === 'upload' || given(read, 'dryRun')),
    key: 'reportLater',
    problem: ({ mode }) =>
      mode === 'upload'
        ? 'is true but no deploy notification is sent, so no run starts'
        : `cannot be combined with ${ref('dryRun')}: a dry run starts no run`,
    fix: `Leave ${ref('reportLater')} out of this step`
  },
  {
    // An attestation binds a verdict to a build's bytes: the step must know both.
    applies: ({ read, mode }) =>
      given(read, 'testAttestation') &&
      mode !== 'collect' &&
      !(mode === 'deploy' && given(read, 'wait')),
    key: 'testAttestation',
    problem: ({ mode }) =>
      mode === 'wait'
        ? "is set, and a wait-only step has no build's bytes to bind its verdict to"
        : mode === 'deploy'
          ? `is set, and without ${setting('wait', 'true')} this step knows no verdict`
          : 'is set, and this step sends no build whose bytes a verdict could be bound to',
    fix: `Attest in the step that deploys the build and waits (${ref('file')} with ${setting('wait', 'true')}), or in the collect that brings the verdicts of ${ref('reportLater')}`
  },
  {
    applies: ({ read, mode }) => given(read, 'wait') && mode === 'upload',
    key: 'wait',
    problem: 'is true but no deploy notification is sent, so no run starts',
    fix: `Send the notification, or wait in a later step with ${ref('runId')}`
  }
]

/** The first rule of `rules` that applies, thrown as an InputError naming its option. */
function enforce(rules: readonly Rule[], seen: Seen): void {
  for (const rule of rules) {
    const applies = rule.applies(seen)
    if (!applies) continue
    const key = rule.key ?? (applies as OptionKey)
    const text = (part: Rule['problem']): string => (typeof part === 'string' ? part : part(seen))
    throw new InputError(key, text(rule.problem), text(rule.fix))
  }
}

/** What the deploy does, from the command and which options are given; refused when they cannot go together. */
export function modeOf(
  read: Reader,
  request: {
    frontEnd: FrontEnd
    command?: Command | undefined
    values: Partial<Record<OptionKey, unknown>>
  }
): Mode {
  const mode = decide(read, request.command)
  enforce(MODE_RULES, { read, mode, ...request })
  return mode
}

/** The options that only make sense together, or apart, in the mode decided. */
export function checkCombinations(
  read: Reader,
  mode: Mode,
  request: { frontEnd: FrontEnd; values: Partial<Record<OptionKey, unknown>> }
): void {
  enforce(COMBINATION_RULES, { read, mode, ...request })
}

/** A value given but blank: one, or several (a list, a repeated flag), each empty text. */
function blank(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    (Array.isArray(value) && value.every(item => typeof item === 'string'))
  )
}

/**
 * The fix for a deploy or an upload without a build. An empty value given is
 * most often a CI variable that is not set in this job: the shell hands over
 * nothing, and only the emptiness shows.
 */
function missingBuildFix(given: unknown, command: Command, frontEnd: FrontEnd): string {
  const check = blank(given)
    ? ', and check that the variable it is given from is set in this job'
    : ''
  const notify = frontEnd === 'library' ? 'notifyDeployment' : "the 'notify' command"
  const without =
    command === 'deploy' ? `; to notify the service without a build, use ${notify}` : ''
  return `Give the path or a glob of the build to ${command}${check}${without}`
}
