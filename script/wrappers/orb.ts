/**
 * The CircleCI orb (orb/src, packed into orb/orb.yml): each command's option
 * parameters and the step environment that carries them, the deploy job's
 * parameters and what it passes to its command, and run_cli.sh's flags for
 * each command, from the option table. Parameters are in snake case
 * (`name_prefix`); the key is named by `api_key`, the orb's own.
 */
import { stringify } from 'yaml'
import type { OptionKey } from '../../src/core/index.js'
import { flagLines, lowerSnake, withBlock } from './blocks.js'
import { inputsOf, yamlVocabulary, type Input, type Unit } from './offer.js'
import { SKIP_WORDS } from './words.js'

const JUNIT =
  "the JUnit report in results_dir, which store_test_results gives CircleCI's test results"
/** Pipelines' authentication proxy is Bitbucket's, in its own pipelines only. */
const PROXY = { bitbucketProxy: "Bitbucket Pipelines' own, never in a CircleCI job" }

/** The orb's commands, by their file. */
export const ORB_UNITS: Record<string, Unit> = {
  'orb/src/commands/deploy_build.yml': {
    name: 'deploy_build',
    command: 'deploy',
    // Not required: a deploy notifies for an earlier upload with run_input_path and no file (the CLI refuses neither).
    supplies: { ...PROXY, junitReport: JUNIT }
  },
  'orb/src/commands/wait.yml': {
    name: 'wait',
    command: 'wait',
    supplies: { ...PROXY, junitReport: JUNIT },
    passes: ['runId']
  },
  'orb/src/commands/terminate.yml': {
    name: 'terminate',
    command: 'terminate',
    passes: ['environmentId']
  },
  'orb/src/commands/skip.yml': {
    name: 'skip',
    command: 'skip',
    supplies: PROXY,
    required: ['expectedAppId'],
    descriptions: SKIP_WORDS
  }
}

/** The deploy job runs deploy_build with its own parameters, the same. */
export const ORB_JOB = 'orb/src/jobs/deploy.yml'
const DEPLOY = ORB_UNITS['orb/src/commands/deploy_build.yml']!

const VOCABULARY = yamlVocabulary(lowerSnake)

export function orbInputs(unit: Unit): Input[] {
  return inputsOf(unit, lowerSnake, VOCABULARY)
}

/** The step's variable that carries a parameter: `PARAM_NAME_PREFIX`. */
export function orbVariable(key: OptionKey): string {
  return `PARAM_${lowerSnake(key).toUpperCase()}`
}

// CircleCI's parameters know no fractions: a number is an integer there, and its description says none.
function parameter(input: Input): Record<string, unknown> {
  const type = input.type === 'number' ? 'integer' : input.type
  return {
    type,
    ...(input.default === undefined ? {} : { default: input.default }),
    description:
      type === 'integer' ? input.description.replace(' (fractions allowed)', '') : input.description
  }
}

function parameters(unit: Unit): string {
  const inputs = orbInputs(unit)
  return stringify(Object.fromEntries(inputs.map(input => [input.name, parameter(input)])), {
    lineWidth: 0
  }).trimEnd()
}

/** A command's file: its parameters and its step's environment. */
export function orbCommand(unit: Unit, text: string): string {
  const environment = orbInputs(unit)
    .map(input => `${orbVariable(input.key)}: << parameters.${input.name} >>`)
    .join('\n')
  return withBlock(withBlock(text, 'parameters', parameters(unit)), 'environment', environment)
}

/** The deploy job's file: deploy_build's parameters, each passed on. */
export function orbJob(text: string): string {
  const passed = orbInputs(DEPLOY)
    .map(input => `${input.name}: << parameters.${input.name} >>`)
    .join('\n')
  return withBlock(withBlock(text, 'parameters', parameters(DEPLOY)), 'passed', passed)
}

/** run_cli.sh's flags for each command (booleans reach the step as 1/0 or true/false: flag reads both). */
export function orbScript(text: string): string {
  const commands = Object.values(ORB_UNITS).map(unit =>
    [
      `  ${unit.command})`,
      ...flagLines(unit, orbVariable, (key, name) =>
        orbInputs(unit).find(input => input.key === key)?.type === 'boolean'
          ? `$(flag "$${name}")`
          : `$${name}`
      )
        .split('\n')
        .map(line => `    ${line}`),
      '    ;;'
    ].join('\n')
  )
  return withBlock(text, 'flags', ['case "$PARAM_COMMAND" in', ...commands, 'esac'].join('\n'))
}
