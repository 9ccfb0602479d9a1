/**
 * The GitLab components (templates/, where GitLab's CI/CD catalog reads
 * them): each component's option inputs in its `spec:`, the job's variables
 * that carry them and the flags that give them to the CLI, from the option
 * table. A component's own inputs (its job's name, stage and image, the CLI's
 * tarball) and its job are written by hand around those blocks.
 */
import { stringify } from 'yaml'
import { OPTIONS, type OptionKey } from '../../src/core/index.js'
import type { Kind } from '../../src/core/shared/option-table.js'
import { flagLines, flagOf, upperSnake, withBlock } from './blocks.js'
import { inputsOf, yamlVocabulary, type Input, type Unit } from './offer.js'
import { GITLAB_WORDS, SKIP_WORDS } from './words.js'

const JUNIT = "the job's JUnit report, which GitLab shows on the merge request and the pipeline"
/** Bitbucket's options: a GitLab pipeline never reports there. */
const BITBUCKET = "Bitbucket's, where a GitLab pipeline never reports"
const NOT_HERE = { bitbucketApiUrl: BITBUCKET, bitbucketProxy: BITBUCKET }

/** The components, by their file. */
export const GITLAB_UNITS: Record<string, Unit> = {
  'templates/deploy.yml': {
    name: 'deploy',
    command: 'deploy',
    supplies: { ...NOT_HERE, junitReport: JUNIT },
    // Not required: a deploy notifies for an earlier upload with run-input-path and no file (the CLI refuses neither).
    descriptions: GITLAB_WORDS
  },
  'templates/preview.yml': {
    name: 'preview',
    command: 'deploy',
    supplies: {
      ...NOT_HERE,
      junitReport: JUNIT,
      ephemeralEnvironment: 'a preview is an ephemeral environment',
      destination: "a preview's destination is named by its merge request, from name-prefix",
      environment: "a preview's environment is its merge request"
    },
    defaults: { wait: true },
    required: ['namePrefix'],
    descriptions: GITLAB_WORDS
  },
  'templates/wait.yml': {
    name: 'wait',
    command: 'wait',
    supplies: { ...NOT_HERE, junitReport: JUNIT },
    defaults: { runId: '$runIds' }
  },
  'templates/terminate.yml': {
    name: 'terminate',
    command: 'terminate',
    supplies: NOT_HERE,
    defaults: { environmentId: '$environmentIds' },
    passes: ['environmentId']
  },
  'templates/collect.yml': {
    name: 'collect',
    command: 'collect',
    supplies: { ...NOT_HERE, junitReport: JUNIT }
  },
  'templates/skip.yml': {
    name: 'skip',
    command: 'skip',
    supplies: NOT_HERE,
    defaults: { skipReason: 'Nothing to deploy: the workflow skipped the deploy for this commit.' },
    required: ['expectedAppId'],
    descriptions: SKIP_WORDS
  }
}

const VOCABULARY = yamlVocabulary(flagOf)

/**
 * What GitLab checks of a text input before the pipeline is created, by the
 * option's kind: a value for every build, or one per platform. The CLI checks
 * every value again, naming the fix; this only refuses earlier.
 */
const REGEX: Partial<Record<Kind, string>> = {
  namePartEach: '^([A-Za-z0-9._-]*|[A-Za-z0-9._:, -]*(android|ios):[A-Za-z0-9._:, -]*)$',
  appIds:
    '^(((android|ios):)?[A-Za-z0-9][A-Za-z0-9._-]*([ ,]+((android|ios):)?[A-Za-z0-9][A-Za-z0-9._-]*)*)?$',
  abis: '^[a-z0-9_, -]*$'
}

/** The same for a required input: GitLab takes an empty value for one, which would name nothing. */
const REQUIRED_REGEX: Partial<Record<Kind, string>> = {
  namePartEach: '^([A-Za-z0-9._-]+|[A-Za-z0-9._:, -]*(android|ios):[A-Za-z0-9._:, -]*)$',
  appIds:
    '^((android|ios):)?[A-Za-z0-9][A-Za-z0-9._-]*([ ,]+((android|ios):)?[A-Za-z0-9][A-Za-z0-9._-]*)*$'
}

/** A component's option inputs, as they stand in its `spec:`. */
export function gitlabInputs(unit: Unit): Input[] {
  return inputsOf(unit, flagOf, VOCABULARY)
}

function specOf(input: Input): Record<string, unknown> {
  const kind = OPTIONS[input.key].kind
  const regex =
    input.type !== 'string'
      ? undefined
      : input.default === undefined
        ? (REQUIRED_REGEX[kind] ?? REGEX[kind])
        : REGEX[kind]
  return {
    description: input.description,
    ...(input.type === 'string' ? {} : { type: input.type }),
    ...(input.default === undefined ? {} : { default: input.default }),
    ...(input.choices ? { options: [...input.choices] } : {}),
    ...(regex ? { regex } : {})
  }
}

/** The job variable that carries an input: `MBD_NAME_PREFIX`. */
export function gitlabVariable(key: OptionKey): string {
  return `MBD_${upperSnake(key)}`
}

/** A component's file with its three blocks written: the inputs, the job's variables, the flags. */
export function gitlabFile(unit: Unit, text: string): string {
  const inputs = gitlabInputs(unit)
  const spec = Object.fromEntries(inputs.map(input => [input.name, specOf(input)]))
  const yaml = stringify(spec, { lineWidth: 0 }).trimEnd()
  const variables = inputs
    .map(input => `${gitlabVariable(input.key)}: $[[ inputs.${input.name} ]]`)
    .join('\n')
  return withBlock(
    withBlock(withBlock(text, 'inputs', yaml), 'variables', variables),
    'flags',
    flagLines(unit, gitlabVariable)
  )
}
