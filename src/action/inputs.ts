import { plainText, parseBoolean, parseInteger, shaValue, urlValue } from '../core/validate.js'
import { MAX_ATTEMPTS_LIMIT, type DeployOptions } from '../core/options.js'
import { InputError } from '../core/errors.js'
import { quote } from '../core/inert.js'
import { kebab, type OptionKey, type Words } from '../core/words.js'
import type { ContextOverrides } from './context.js'

/** The action's words: its inputs by their kebab-case names. */
export const ACTION_WORDS: Words = {
  name: option => kebab(option),
  subject: option => `Input '${kebab(option)}'`,
  setting: (option, value) => `${kebab(option)}: ${value}`
}

/** What the step's inputs ask for: the core's options, and what only the action decides. */
export interface ActionInputs {
  /** The core's options; the Git context is added from the event. */
  options: Omit<DeployOptions, 'git'>
  /** Overrides of the values derived from the event; empty or undefined when not given. */
  overrides: ContextOverrides
  /** Sent as `hosting_service`. */
  hostingService: string
  /** Whether a notification that creates no run fails the step. */
  failOnNoRun: boolean
  /** Terminate mode: the environment to end, as given; undefined otherwise. */
  terminate?: { environmentId: string; environmentAlias: string; deploymentUrl: string }
}

/** Reads one input's raw value; `core.getInput` in the runner, a map in tests. */
export type InputSource = (name: string) => string

/**
 * The inputs as typed options: every single-line input refuses a control
 * character, booleans and numbers are parsed as `core.getBooleanInput` would;
 * the core validates the rest, in the action's words.
 */
export function parseInputs(get: InputSource): ActionInputs {
  const raw = (option: OptionKey): string => get(kebab(option))
  const text = (option: OptionKey): string => plainText(ACTION_WORDS, option, raw(option))
  const flag = (option: OptionKey, fallback: boolean): boolean =>
    parseBoolean(ACTION_WORDS, option, raw(option), fallback)
  return {
    options: {
      // Neither trimmed nor checked here: the core refuses white space in a key, and never quotes it.
      apiKey: raw('apiKey'),
      baseUrl: raw('baseUrl'),
      file: text('file'),
      destination: text('destination'),
      namePrefix: text('namePrefix'),
      environment: text('environment'),
      deploymentType: text('deploymentType'),
      variables: raw('variables'),
      runInputPath: text('runInputPath'),
      notify: flag('notify', true),
      deduplicationKey: text('deduplicationKey'),
      ephemeralEnvironment: flag('ephemeralEnvironment', false),
      maxAttempts: parseInteger(
        ACTION_WORDS,
        'maxAttempts',
        text('maxAttempts'),
        1,
        MAX_ATTEMPTS_LIMIT
      ),
      wait: flag('wait', false),
      waitTimeoutMinutes: minutes(text('waitTimeoutMinutes')),
      runId: text('runId')
    },
    overrides: {
      branch: text('branch'),
      sha: shaValue(ACTION_WORDS, 'sha', text('sha')),
      commitUrl: urlValue(ACTION_WORDS, 'commitUrl', text('commitUrl')),
      deploymentUrl: urlValue(ACTION_WORDS, 'deploymentUrl', text('deploymentUrl')),
      pullRequestNumber: parseInteger(
        ACTION_WORDS,
        'pullRequestNumber',
        text('pullRequestNumber'),
        1,
        2 ** 31 - 1
      )
    },
    hostingService: text('hostingService') || 'GitHub',
    failOnNoRun: flag('failOnNoRun', true),
    terminate: terminate(flag('terminateEnvironment', false), {
      environmentId: text('environmentId'),
      environmentAlias: text('environmentAlias'),
      deploymentUrl: text('deploymentUrl')
    })
  }
}

/** The environment to end in terminate mode; read always, so that a bad value fails whatever the mode. */
function terminate(
  on: boolean,
  given: NonNullable<ActionInputs['terminate']>
): ActionInputs['terminate'] {
  return on ? given : undefined
}

/** `wait-timeout-minutes`: a positive number, fractions allowed; empty for the default. */
function minutes(value: string): number | undefined {
  if (value === '') return undefined
  const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN
  if (!(n > 0)) {
    throw new InputError(
      ACTION_WORDS,
      'waitTimeoutMinutes',
      `${quote(value)} is not a number of minutes`,
      'Give minutes such as 60 or 2.5, or leave it empty for 60'
    )
  }
  return n
}
