/**
 * The Bitrise step run as Bitrise's CLI runs a step of the steplib: each input
 * of step.yml takes its value from the workflow or its default, expanded from
 * the build's environment (`is_expand`, the default), and reaches step.sh as
 * an environment variable named by the input; a fresh test-result folder per
 * step; `envman` (a stand-in that records its calls where Bitrise's is absent)
 * on PATH; the step's exit code decides.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { runLogged } from './tools.js'

interface StepInput {
  [key: string]: unknown
  opts?: { is_expand?: boolean; is_sensitive?: boolean; is_required?: boolean }
}
export interface StepYml {
  title: string
  summary: string
  website: string
  toolkit: { bash: { entry_file: string } }
  inputs: StepInput[]
  outputs: Record<string, unknown>[]
}

export const STEP_DIR = join(ROOT, 'bitrise')

export async function stepYml(): Promise<StepYml> {
  return parse(await readFile(join(STEP_DIR, 'step.yml'), 'utf8')) as StepYml
}

/** An input's key: the one key of its entry besides opts. */
export function inputKey(input: StepInput): string {
  return Object.keys(input).find(k => k !== 'opts')!
}

/** `$NAME` and `${NAME}` from the environment, as envman expands; unset names become empty. */
function expand(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => env[a ?? b!] ?? '')
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

/** Runs the step in `cwd` with Bitrise's variables `env` and the workflow's `inputs`. */
export async function runStep(
  cwd: string,
  env: Record<string, string>,
  inputs: Record<string, string> = {}
): Promise<StepRun> {
  const step = await stepYml()
  const scratch = await mkdtemp(join(cwd, '.bitrise-'))
  const calls = join(scratch, 'envman-calls.jsonl')
  await writeFile(calls, '')
  const testResultDir = await mkdtemp(join(scratch, 'step_test_result'))
  const given = new Set(Object.keys(inputs))
  for (const key of given)
    if (!step.inputs.some(input => inputKey(input) === key))
      throw new Error(`step.yml has no input ${key}`)
  const values = Object.fromEntries(
    step.inputs.map(input => {
      const key = inputKey(input)
      const raw = given.has(key) ? inputs[key]! : String(input[key] ?? '')
      return [key, input.opts?.is_expand === false ? raw : expand(raw, env)]
    })
  )
  const childEnv = {
    PATH: `${join(ROOT, '__tests__', 'fixtures', 'bitrise')}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? '',
    ...env,
    BITRISE_TEST_RESULT_DIR: testResultDir,
    ENVMAN_CALLS: calls,
    ...values
  }
  const { code, output } = await runLogged('bash', [join(STEP_DIR, step.toolkit.bash.entry_file)], {
    cwd,
    env: childEnv
  })
  const envman = (await readFile(calls, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line) as EnvmanCall)
  return { code, output, envman, testResultDir }
}
