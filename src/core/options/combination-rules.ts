/**
 * The options that only make sense together, or apart, in the mode decided:
 * one row each (options/rule.ts).
 */
import { ref, setting } from '../shared/option-refs.js'
import { first, given, type Rule } from './rule.js'

/** The options that only make sense together, or apart, in the mode decided. */
export const COMBINATION_RULES: readonly Rule[] = [
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
