/**
 * The refusals of the mode itself: what the mode the options decide cannot
 * take, one row each (options/rule.ts).
 */
import type { Command } from '../shared/option-table.js'
import { ref, setting } from '../shared/option-refs.js'
import type { FrontEnd } from '../shared/version.js'
import { first, given, type Rule } from './rule.js'

const alone = `Use ${ref('runId')} alone to wait for an earlier run's verdict`

/** The refusals of the mode itself: what the mode decided cannot take. */
export const MODE_RULES: readonly Rule[] = [
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
    // A skip writes nothing but its check runs: without them it would do nothing, and a required check stay unresolved.
    applies: ({ mode, read }) => mode === 'skip' && read('check') === false,
    key: 'check',
    problem: `is false with ${setting('skip', 'true')}, which writes nothing but check runs: the skip would do nothing, and a required check would wait for good`,
    fix: `Leave ${ref('check')} out of the skip step; to show nothing for a skipped deploy, leave the skip job out`
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
  // A wrapper's deploy (a GitLab component, the orb's job) has no notify: its way is run-input-path.
  const without =
    command === 'deploy'
      ? `; for a build uploaded earlier, give ${ref('runInputPath')} instead; to notify the service without a build, use ${notify}`
      : ''
  return `Give the path or a glob of the build to ${command}${check}${without}`
}
