/**
 * A CircleCI job's steps, run as CircleCI's machine runs them, for the orb
 * (CircleCI's own runner needs Docker and its cloud): an orb command expands
 * to its steps with `<< parameters.x >>` filled in (defaults, required ones
 * checked) and `\<<` unescaped; each `run` is `bash -eo pipefail -c` with its
 * `environment:` over the job's, and with BASH_ENV naming one file for the
 * whole job, which bash itself sources at the start of every step; a failed
 * step skips the rest but those with `when: always`; `store_test_results`
 * records its path.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { runLogged } from './tools.js'

interface Parameter {
  type: string
  default?: unknown
}
interface OrbCommand {
  parameters: Record<string, Parameter>
  steps: unknown[]
}
export interface Orb {
  commands: Record<string, OrbCommand>
  jobs: Record<string, { parameters: Record<string, Parameter>; steps: unknown[] }>
  executors: Record<string, unknown>
  examples: Record<string, { description: string; usage: Record<string, unknown> }>
}

/** The packed orb, as the registry serves it. */
export async function packedOrb(): Promise<Orb> {
  return parse(await readFile(join(ROOT, 'orb', 'orb.yml'), 'utf8')) as Orb
}

/** A step of a job: an orb command with its parameters, or a `run` of the job's own. */
export type JobStep = { orb: string; with?: Record<string, unknown> } | { run: string }

export interface StepRun {
  name: string
  code: number
  output: string
}

export interface JobResult {
  steps: StepRun[]
  /** The paths store_test_results was given, relative to the working directory. */
  testResults: string[]
  /** The job's status: the first failed step's exit code, or 0. */
  code: number
}

/** Fills `<< parameters.x >>` in every string; a string that is exactly one parameter takes its typed value. */
function substitute(value: unknown, parameters: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = /^<< parameters\.(\w+) >>$/.exec(value.trim())
    if (whole) return parameters[whole[1]!]
    return value
      .replace(/(?<!\\)<< parameters\.(\w+) >>/g, (_, name: string) => String(parameters[name]))
      .replace(/\\<</g, '<<')
  }
  if (Array.isArray(value)) return value.map(v => substitute(v, parameters))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, parameters)]))
  return value
}

/** An orb command's steps with its parameters filled in, or an error CircleCI's config check would give. */
export function expand(orb: Orb, name: string, given: Record<string, unknown> = {}): unknown[] {
  const command = orb.commands[name]
  if (!command) throw new Error(`The orb has no command ${name}`)
  const parameters: Record<string, unknown> = {}
  for (const [key, spec] of Object.entries(command.parameters)) {
    if (key in given) parameters[key] = given[key]
    else if ('default' in spec) parameters[key] = spec.default
    else throw new Error(`Required parameter ${key} of ${name} was not given`)
  }
  for (const key of Object.keys(given))
    if (!(key in command.parameters)) throw new Error(`Unknown parameter ${key} of ${name}`)
  return substitute(command.steps, parameters) as unknown[]
}

function bash(command: string, env: NodeJS.ProcessEnv, cwd: string) {
  return runLogged('bash', ['-eo', 'pipefail', '-c', command], { cwd, env })
}

/**
 * Runs a job's steps in `cwd` with `env` (CircleCI's variables and the
 * project's) and a fresh BASH_ENV, or the one an earlier job left there.
 */
export async function runJob(
  orb: Orb,
  steps: JobStep[],
  cwd: string,
  env: Record<string, string>,
  options: { keepBashEnv?: boolean } = {}
): Promise<JobResult> {
  const bashEnv = join(cwd, '.circleci-bash-env')
  if (!options.keepBashEnv) await writeFile(bashEnv, '')
  const jobEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env, BASH_ENV: bashEnv }
  const result: JobResult = { steps: [], testResults: [], code: 0 }
  const flat = steps.flatMap(s => ('orb' in s ? expand(orb, s.orb, s.with) : [{ run: s.run }]))
  for (const raw of flat) {
    const step = raw as Record<string, unknown>
    if ('store_test_results' in step) {
      result.testResults.push((step.store_test_results as { path: string }).path)
      continue
    }
    const run = (
      typeof step.run === 'string' ? { command: step.run, name: step.run } : step.run
    ) as { command: string; name?: string; environment?: Record<string, unknown>; when?: string }
    if (result.code !== 0 && run.when !== 'always') continue
    const environment = Object.fromEntries(
      Object.entries(run.environment ?? {}).map(([k, v]) => [k, String(v)])
    )
    const { code, output } = await bash(run.command, { ...jobEnv, ...environment }, cwd)
    result.steps.push({ name: run.name ?? run.command, code, output })
    if (code !== 0 && result.code === 0) result.code = code
  }
  return result
}
