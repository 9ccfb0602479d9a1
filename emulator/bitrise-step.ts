/**
 * The Bitrise step as Bitrise's own tools see it.
 *
 * `runStep` runs it as Bitrise's CLI runs a step: the step's folder alone (copied where the workflow's
 * `path::` names it, nothing else of this repository beside it), each input of step.yml taking its value from
 * the workflow or its default, expanded from the build's environment (`is_expand`, the default), and reaching
 * step.sh as an environment variable named by the input; a fresh test-result folder per step; `envman` (a
 * stand-in that records its calls where Bitrise's is absent) on PATH; the stack's Node 24 first on PATH; the
 * step's exit code decides. It is stricter than Bitrise's CLI, which ignores what it does not know: a workflow
 * input that step.yml does not declare, a required input left empty, a value outside an input's value
 * options, and a sensitive input given anything but a secret's variable are refused before the step runs.
 *
 * `stepmanAudit` is `stepman audit`: the rules stepman applies to a step.yml, each citing where stepman's (or
 * Bitrise's) source states it.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from './github-runner.js'
import { node24Binary, runLogged } from './processes.js'

/** An input's or output's options (envman's EnvironmentItemOptionsModel). */
export interface EnvOpts {
  title?: unknown
  summary?: unknown
  description?: unknown
  value_options?: unknown
  is_required?: unknown
  is_expand?: unknown
  is_sensitive?: unknown
  [key: string]: unknown
}

/** One input or output: its key with its value, and opts. */
export interface EnvItem {
  [key: string]: unknown
  opts?: EnvOpts
}

export interface StepYml {
  title: string
  summary: string
  description: string
  website: string
  source_code_url: string
  support_url: string
  toolkit: { bash: { entry_file: string } }
  inputs: EnvItem[]
  outputs: EnvItem[]
  [key: string]: unknown
}

export const STEP_DIR = join(ROOT, 'bitrise')

/**
 * step.yml as stepman reads it: go-yaml v2 follows YAML 1.1, where an unquoted `yes`, `no`, `on` or `off`
 * is a boolean, so it is read with YAML 1.1's rules here too.
 */
export function parseStepYml(text: string): StepYml {
  return parse(text, { version: '1.1' }) as StepYml
}

export async function stepYml(): Promise<StepYml> {
  return parseStepYml(await readFile(join(STEP_DIR, 'step.yml'), 'utf8'))
}

/** An input's or output's key: the one key of its entry besides opts. */
export function inputKey(item: EnvItem): string {
  return Object.keys(item).find(k => k !== 'opts')!
}

/** An input's default as Bitrise reads it (a missing value is empty). */
export function inputDefault(item: EnvItem): string {
  const value = item[inputKey(item)]
  return value === null || value === undefined ? '' : String(value)
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isBlank = (value: unknown) => typeof value !== 'string' || value === ''
/** `$NAME` or `${NAME}` and nothing else: a variable's value, as a secret is given. */
const VARIABLE_ONLY = /^\$(\w+|\{\w+\})$/

/**
 * The problems `stepman audit --step-yml step.yml` finds, all of them (stepman stops at the first).
 * `steplib`: the copy in the StepLib, which `stepman share create` completes with `source` and
 * `published_at` and audits with `--before-pr`. Sources are bitrise-io/stepman's (models/models_methods.go,
 * cli/share_create.go, models/models.go), envman's models vendored in it, and bitrise-io/bitrise's docs.
 */
export function stepmanAudit(step: unknown, { steplib = false } = {}): string[] {
  const problems: string[] = []
  if (!isMap(step)) return ['step.yml is not a map']
  // models_methods.go, AuditBeforeShare.
  for (const field of ['title', 'summary', 'website'])
    if (isBlank(step[field])) problems.push(`missing or empty required '${field}' property`)
  for (const field of ['timeout', 'no_output_timeout']) {
    const value = step[field]
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      problems.push(`'${field}' is not an integer of 0 or more`)
  }
  // cli/share_create.go (maxSummaryLength): the summary is one line of at most 100 characters.
  if (typeof step.summary === 'string') {
    if (step.summary.includes('\n')) problems.push('the summary is more than one line')
    const length = [...step.summary].length
    if (length > 100) problems.push(`the summary has ${length} characters, more than 100`)
  }
  // models.go: a bash step's entry file.
  if (!isMap(step.toolkit) || !isMap(step.toolkit.bash) || isBlank(step.toolkit.bash.entry_file))
    problems.push('no toolkit.bash.entry_file')
  for (const list of ['inputs', 'outputs']) {
    const items = step[list] ?? []
    if (!Array.isArray(items)) {
      problems.push(`'${list}' is not a list`)
      continue
    }
    for (const item of items) problems.push(...auditEnv(item, list === 'inputs'))
  }
  // models_methods.go, Audit and validateSource: what the StepLib's copy must add.
  if (steplib) {
    const published = step.published_at
    if (!(published instanceof Date || typeof published === 'string') || !published)
      problems.push("missing or empty required 'PublishedAt' property")
    else if (Number.isNaN(new Date(published).getTime()) || new Date(published).getTime() <= 0)
      problems.push(`published_at ${String(published)} is not a time`)
    const source = step.source
    if (!isMap(source)) problems.push("missing or empty required 'Source' property")
    else {
      const git = typeof source.git === 'string' ? source.git : ''
      if (!git) problems.push("missing or empty required 'source.git' property")
      else if (!/^https?:\/\//.test(git))
        problems.push('step source should start with http:// or https://')
      else if (!git.endsWith('.git')) problems.push('step source should end with .git')
      if (isBlank(source.commit))
        problems.push("missing or empty required 'source.commit' property")
    }
  }
  return problems
}

function auditEnv(item: unknown, isInput: boolean): string[] {
  // envman models_methods.go, GetKeyValuePairWithType: one key besides opts.
  if (!isMap(item)) return ['an input or output is not a map']
  const keys = Object.keys(item)
  const named = keys.filter(key => key !== 'opts')
  if (named.length !== 1)
    return [`an input or output has keys ${keys.join(', ')}, not one key and opts`]
  const key = named[0]!
  const problems: string[] = []
  const value = item[key]
  // Stricter than envman, which casts any scalar: a default is a string (quoted, so YAML 1.1 reads no `no` as false).
  if (value !== null && typeof value !== 'string')
    problems.push(`${key}: the value is not a string`)
  const opts = item.opts ?? {}
  // envman GetOptions and ParseFromInterfaceMap: opts is a map, value_options strings, the is_ flags booleans.
  if (!isMap(opts)) return [...problems, `${key}: opts is not a map`]
  const listed =
    Array.isArray(opts.value_options) && opts.value_options.every(o => typeof o === 'string')
  if (opts.value_options !== undefined && !listed)
    problems.push(`${key}: value_options is not a list of strings`)
  for (const flag of Object.keys(opts).filter(name => /^(is_|skip_if_empty$|unset$)/.test(name)))
    if (typeof opts[flag] !== 'boolean') problems.push(`${key}: ${flag} is not true or false`)
  // models_methods.go, ValidateInputAndOutputEnvs(true): a title, and a sensitive value is expanded.
  if (isBlank(opts.title)) problems.push(`${key}: missing or empty title`)
  const sensitive = opts.is_sensitive === true
  const expand = opts.is_expand !== false
  if (sensitive && !expand)
    problems.push(`${key}: is_sensitive option is true but is_expand option is not`)
  if (!isInput) return problems
  const options = listed ? (opts.value_options as string[]) : []
  // cli/share_create.go: an input with value options has a default.
  if (options.length > 0 && (value === null || value === ''))
    problems.push(`${key}: missing default value for an input with value_options`)
  // bitrise-io/bitrise _docs/bitrise-yml-format-spec.md: value_options is "the list of the available values".
  else if (options.length > 0 && !options.includes(String(value)))
    problems.push(`${key}: the default ${String(value)} is not one of its value_options`)
  // bitrise-io/bitrise _docs/step-development-guideline.md: sensitive inputs only accept secrets, and input ids are lower snake case.
  if (sensitive && !(typeof value === 'string' && VARIABLE_ONLY.test(value)))
    problems.push(`${key}: a sensitive input's default is not a secret's variable`)
  if (!/^[a-z][a-z0-9_]*$/.test(key)) problems.push(`${key}: an input id is not lower snake case`)
  return problems
}

/** `$NAME` and `${NAME}` from the environment, as envman expands; unset names become empty. */
function expand(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => env[a ?? b!] ?? '')
}

/**
 * The step's environment variables from the workflow's inputs, or the reason Bitrise (its Workflow Editor
 * and StepLib rules, stricter than its CLI) would not run the step with them.
 */
export function stepInputs(
  step: StepYml,
  env: Record<string, string>,
  inputs: Record<string, string>
): Record<string, string> {
  for (const key of Object.keys(inputs))
    if (!step.inputs.some(input => inputKey(input) === key))
      throw new Error(`step.yml has no input ${key}`)
  return Object.fromEntries(
    step.inputs.map(input => {
      const key = inputKey(input)
      const opts = input.opts ?? {}
      const raw = Object.hasOwn(inputs, key) ? inputs[key]! : inputDefault(input)
      if (opts.is_required === true && raw === '')
        throw new Error(`the required input ${key} is empty`)
      if (opts.is_sensitive === true && raw !== '' && !VARIABLE_ONLY.test(raw))
        throw new Error(`the sensitive input ${key} takes a secret's variable, not a value`)
      const value = opts.is_expand === false ? raw : expand(raw, env)
      const options = (opts.value_options ?? []) as string[]
      if (options.length > 0 && !options.includes(value))
        throw new Error(`the input ${key} is ${value}, not one of ${options.join(', ')}`)
      return [key, value]
    })
  )
}

export interface EnvmanCall {
  key: string
  value: string
  expand: boolean
}

export interface StepRun {
  code: number
  output: string
  envman: EnvmanCall[]
  /** The step's own test-result folder ($BITRISE_TEST_RESULT_DIR). */
  testResultDir: string
}

export interface RunOptions {
  /** Where the workflow's `path::` finds the step, relative to `cwd`; a fresh folder by default. */
  path?: string
  /** Folders put first on PATH, before the stack's tools. */
  pathFirst?: string[]
  /** The step is in `path` already (npm run copy put it there): run it as it is, with its own step.yml. */
  copied?: boolean
}

let node24: Promise<string> | undefined
/** The node binary of Bitrise's current stacks (Node 24), looked up once. */
export function stackNode(): Promise<string> {
  return (node24 ??= node24Binary())
}

/** Runs the step in `cwd` with Bitrise's variables `env` and the workflow's `inputs`. */
export async function runStep(
  cwd: string,
  env: Record<string, string>,
  inputs: Record<string, string> = {},
  options: RunOptions = {}
): Promise<StepRun> {
  // What Bitrise refuses, it refuses before the step runs: nothing is written for it.
  const copied = options.copied && options.path ? resolve(cwd, options.path) : undefined
  const step = copied
    ? parseStepYml(await readFile(join(copied, 'step.yml'), 'utf8'))
    : await stepYml()
  const values = stepInputs(step, env, inputs)
  const scratch = await mkdtemp(join(cwd, '.bitrise-'))
  const stepDir = copied ?? (options.path ? resolve(cwd, options.path) : join(scratch, 'step'))
  if (!copied) await cp(STEP_DIR, stepDir, { recursive: true })
  const calls = join(scratch, 'envman-calls.jsonl')
  await writeFile(calls, '')
  const testResultDir = await mkdtemp(join(scratch, 'step_test_result'))
  // A test that takes a tool away gives its own PATH.
  const path =
    env.PATH ??
    [
      ...(options.pathFirst ?? []),
      join(ROOT, '__tests__', 'fixtures', 'bitrise'),
      dirname(await stackNode()),
      process.env.PATH ?? ''
    ].join(':')
  const childEnv = {
    HOME: process.env.HOME ?? '',
    ...env,
    PATH: path,
    // A Mac's /bin/bash is 3.2: bash is asked to behave as 3.2 does where it can (the constructs 3.2 lacks are a lint of their own).
    BASH_COMPAT: '32',
    BITRISE_STEP_SOURCE_DIR: stepDir,
    BITRISE_TEST_RESULT_DIR: testResultDir,
    ENVMAN_CALLS: calls,
    ...values
  }
  const { code, output } = await runLogged('bash', [join(stepDir, step.toolkit.bash.entry_file)], {
    cwd,
    env: childEnv
  })
  const envman = (await readFile(calls, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line) as EnvmanCall)
  return { code, output, envman, testResultDir }
}
