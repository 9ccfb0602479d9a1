/**
 * The options every front end maps to, by their library names; and how each
 * front end names them in a message, so that an error says "Input 'file'" in
 * the action, "--file" in the CLI and "Option 'file'" in the library.
 */
export const OPTION_KEYS = [
  'apiKey',
  'baseUrl',
  'file',
  'destination',
  'namePrefix',
  'environment',
  'deploymentType',
  'variables',
  'runInputPath',
  'runVariable',
  'notify',
  'failOnNoRun',
  'branch',
  'sha',
  'hostingService',
  'commitUrl',
  'deploymentUrl',
  'deduplicationKey',
  'ephemeralEnvironment',
  'pullRequestNumber',
  'maxAttempts',
  'wait',
  'waitTimeoutMinutes',
  'runId',
  'terminateEnvironment',
  'environmentId',
  'environmentAlias'
] as const

export type OptionKey = (typeof OPTION_KEYS)[number]

/** How a front end names its options in messages. */
export interface Words {
  /** The option as a person types it: `api-key`, `--api-key`, `apiKey`. */
  name(option: OptionKey): string
  /** The option as the subject of a problem: `Input 'file'`, `Flag --file`, `Option 'file'`. */
  subject(option: OptionKey): string
  /** How to set the option to a value: `fail-on-no-run: false`, `--fail-on-no-run=false`, `failOnNoRun: false`. */
  setting(option: OptionKey, value: string): string
}

/** `deploymentType` as `deployment-type`. */
export function kebab(option: OptionKey): string {
  return option.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)
}

/** The library's words: its options by their own names. */
export const LIBRARY_WORDS: Words = {
  name: option => option,
  subject: option => `Option '${option}'`,
  setting: (option, value) => `${option}: ${value}`
}
