import { InputError } from '../core/errors.js'
import type { GitContext } from '../core/git.js'
import type { DeployOptions } from '../core/options.js'
import { parseInteger } from '../core/validate.js'
import { kebab, type Words } from '../core/words.js'
import type { ParsedArgs } from './args.js'
import { gitContext, gitIn, type GitRunner } from './ci/git.js'
import { detectProvider, type Env } from './ci/providers.js'

/** The CLI's words: its flags, and the variables that stand in for two of them. */
export const CLI_WORDS: Words = {
  name: option =>
    option === 'apiKey'
      ? '--api-key (or SERVICE_API_KEY)'
      : option === 'baseUrl'
        ? '--base-url (or SERVICE_BASE_URL)'
        : `--${kebab(option)}`,
  subject: option => `Flag ${CLI_WORDS.name(option)}`,
  setting: (option, value) => `--${kebab(option)}=${value}`
}

/** Where the flags' defaults and the Git context come from. */
export interface Surroundings {
  env: Env
  cwd: string
  git?: GitRunner
}

/** The core's options from a command's flags and the CI around it; the core validates them. */
export async function optionsOf(
  command: string,
  values: ParsedArgs['values'],
  around: Surroundings
): Promise<DeployOptions> {
  const text = (name: string): string | undefined => values[name] as string | undefined
  const flag = (name: string): boolean | undefined => values[name] as boolean | undefined
  const waitMinutes = text('wait-timeout-minutes')
  if (command === 'wait' && !text('run-id'))
    throw new InputError(
      CLI_WORDS,
      'runId',
      'is missing',
      'Pass the runId output of the deploying run'
    )
  return {
    apiKey: text('api-key') ?? around.env.SERVICE_API_KEY ?? '',
    baseUrl: text('base-url') ?? around.env.SERVICE_BASE_URL ?? '',
    file: command === 'deploy' || command === 'upload' ? text('file') : undefined,
    destination: text('destination'),
    namePrefix: text('name-prefix'),
    environment: text('environment'),
    deploymentType: text('deployment-type'),
    variables: text('variables'),
    runInputPath: text('run-input-path'),
    runVariable: text('run-variable'),
    notify: command === 'upload' ? false : flag('notify'),
    deduplicationKey: text('deduplication-key'),
    ephemeralEnvironment: flag('ephemeral-environment'),
    maxAttempts: parseInteger(CLI_WORDS, 'maxAttempts', text('max-attempts') ?? '', 1, 10),
    wait: flag('wait'),
    // An unreadable number is the core's to refuse, with the flag's name.
    waitTimeoutMinutes: waitMinutes === undefined ? undefined : Number(waitMinutes || NaN),
    runId: command === 'wait' ? (text('run-id') ?? '') : undefined,
    git: command === 'wait' || command === 'terminate' ? {} : await gitContextOf(values, around),
    workingDirectory: around.cwd
  }
}

/** The Git context: the CI's variables (or git itself), then the flags over it. */
async function gitContextOf(
  values: ParsedArgs['values'],
  around: Surroundings
): Promise<GitContext> {
  const provider = detectProvider(around.env)
  const found = provider
    ? provider.context(around.env)
    : await gitContext(around.git ?? gitIn(around.cwd))
  const text = (name: string): string | undefined =>
    (values[name] as string | undefined) || undefined
  const number = parseInteger(
    CLI_WORDS,
    'pullRequestNumber',
    text('pull-request-number') ?? '',
    1,
    2 ** 31 - 1
  )
  const hostingService = text('hosting-service') ?? found.hostingService
  // On GitLab the number is a merge request's; the service reads it under its own name.
  const request =
    number === undefined
      ? {}
      : hostingService === 'GitLab'
        ? { mergeRequestNumber: number, pullRequestNumber: undefined }
        : { pullRequestNumber: number, mergeRequestNumber: undefined }
  const sha = text('sha')
  return {
    ...found,
    branch: text('branch') ?? found.branch,
    sha: sha ?? found.sha,
    // A commit of one's own choosing has no URL the CI knows.
    commitUrl: text('commit-url') ?? (sha ? undefined : found.commitUrl),
    deploymentUrl: text('deployment-url') ?? found.deploymentUrl,
    hostingService,
    ...request
  }
}
