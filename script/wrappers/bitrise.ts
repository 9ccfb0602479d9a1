/**
 * The Bitrise step (bitrise/): its option inputs in step.yml, over every
 * mode, and step.sh's flags for each mode, from the option table. Inputs are
 * in snake case (`name_prefix`), each a variable of the step's environment;
 * the key (`api_key`), the mode and Bitrise's build paths are the step's own.
 */
import { parse, stringify } from 'yaml'
import type { OptionKey } from '../../src/core/index.js'
import { cell, flagLines, flagOf, lowerSnake, withBlock } from './blocks.js'
import { inputsOf, yamlVocabulary, type Input, type Unit } from './offer.js'
import { SKIP_WORDS } from './words.js'

const JUNIT =
  "the JUnit report in $BITRISE_TEST_RESULT_DIR, which Deploy to Bitrise.io shows in the build's Tests tab"

/** Bitrise's own values, as the step read them before the CLI knew Bitrise. */
const DEFAULTS = {
  branch: '$BITRISE_GIT_BRANCH',
  pullRequestNumber: '$BITRISE_PULL_REQUEST',
  baseUrl: '$SERVICE_BASE_URL'
}

/** Pipelines' authentication proxy is Bitbucket's, in its own pipelines only. */
const PROXY = { bitbucketProxy: "Bitbucket Pipelines' own, never in a Bitrise build" }

/** The step's modes, in the order `mode` lists them. */
export const BITRISE_UNITS: readonly Unit[] = [
  {
    name: 'deploy',
    command: 'deploy',
    supplies: { ...PROXY, junitReport: JUNIT },
    defaults: DEFAULTS,
    passes: ['file']
  },
  {
    name: 'wait',
    command: 'wait',
    supplies: { ...PROXY, junitReport: JUNIT },
    defaults: { ...DEFAULTS, runId: '$runIds' }
  },
  { name: 'skip', command: 'skip', supplies: PROXY, defaults: DEFAULTS, descriptions: SKIP_WORDS }
]

/** An input's key: the pull request is `pull_request`, as the step named it first. */
export function bitriseInput(key: OptionKey): string {
  return key === 'pullRequestNumber' ? 'pull_request' : lowerSnake(key)
}

/** Titles Bitrise's workflow editor shows, where the flag's own words are not enough. */
const TITLES: Partial<Record<OptionKey, string>> = {
  runId: 'Runs to wait for',
  file: 'Build path',
  expectedAppId: 'Expected app id',
  requiredAbis: 'Required ABIs',
  failOnNoRun: 'Fail when no run is created',
  wait: 'Wait for the verdict',
  waitTimeoutMinutes: 'Wait timeout (minutes)',
  baseUrl: 'Service URL',
  pullRequestNumber: 'Pull request',
  minUploadKibPerSecond: 'Slowest upload (KiB/s)',
  sha: 'Commit SHA',
  commitUrl: 'Commit URL',
  deploymentUrl: 'Deployment URL',
  bitbucketApiUrl: 'Bitbucket API URL'
}

function titleOf(key: OptionKey): string {
  const words = flagOf(key).replace(/-/g, ' ')
  return TITLES[key] ?? `${words[0]!.toUpperCase()}${words.slice(1)}`
}

const VOCABULARY = yamlVocabulary(bitriseInput)

/** Every option input over the modes, once each, in the order the modes first name them. */
export function bitriseInputs(): Input[] {
  const seen = new Map<OptionKey, Input>()
  for (const unit of BITRISE_UNITS)
    for (const input of inputsOf(unit, bitriseInput, VOCABULARY))
      if (!seen.has(input.key)) seen.set(input.key, input)
  return [...seen.values()]
}

function item(input: Input): Record<string, unknown> {
  return {
    [input.name]: input.default === undefined ? '' : String(input.default),
    opts: {
      title: titleOf(input.key),
      summary: input.description,
      ...(input.type === 'boolean' ? { value_options: ['true', 'false'] } : {})
    }
  }
}

/** step.yml with its option inputs written. */
export function bitriseStepYml(text: string): string {
  const yaml = stringify(bitriseInputs().map(item), { lineWidth: 0 }).trimEnd()
  return withBlock(text, 'inputs', yaml)
}

/** step.sh with each mode's flags written. */
export function bitriseScript(text: string): string {
  const modes = BITRISE_UNITS.map(unit =>
    [
      `  ${unit.name})`,
      ...flagLines(unit, bitriseInput)
        .split('\n')
        .map(line => `    ${line}`),
      '    ;;'
    ].join('\n')
  )
  return withBlock(text, 'flags', ['case "${mode:-deploy}" in', ...modes, 'esac'].join('\n'))
}

/** docs/bitrise.md's table: every input of step.yml in its order, with its default and summary. */
export function bitriseTable(stepYml: string): string {
  const step = parse(stepYml) as { inputs: Record<string, unknown>[] }
  const rows = step.inputs.map(entry => {
    const name = Object.keys(entry).find(key => key !== 'opts')!
    const value = String(entry[name] ?? '')
    const summary = (entry.opts as { summary: string }).summary
    const shown =
      name === 'cli_package'
        ? "the release's tarball, below"
        : name === 'cli_sha256'
          ? 'the SHA-256 published with the release'
          : value === ''
            ? ''
            : `\`${value}\``
    return `| \`${name}\` | ${shown} | ${cell(summary)} |`
  })
  return ['| input | default | what it is |', '|---|---|---|', ...rows].join('\n')
}
