import { expect } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import { main } from '../../src/cli/main.js'
import { OPTIONS, type Command, type OptionKey } from '../../src/core/index.js'
import { kebab } from '../../src/core/options/vocabulary.js'
import * as library from '../../src/index.js'
import { DEMO_API_KEY, step, type Runner } from './harness.js'

/** What a CLI run printed and how it ended. */
export interface CliResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** The environment of a job on no CI the tool knows: the emulator's key and URL, and nothing else of ours. */
export function cliEnv(
  emulator: Emulator,
  extra: Record<string, string> = {}
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    SERVICE_API_KEY: DEMO_API_KEY,
    SERVICE_BASE_URL: emulator.baseUrl,
    ...extra
  }
}

/**
 * Runs the CLI's main(io) in this process, as its bin does. The test folders
 * are no checkouts: git is asked nothing (a stub that knows no repository),
 * unless a test gives the git it means.
 */
export async function runCli(
  argv: string[],
  options: {
    env: Record<string, string | undefined>
    cwd: string
    signal?: AbortSignal
    git?: (args: string[]) => Promise<string | undefined>
  }
): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  const exitCode = await main({
    argv,
    env: options.env,
    cwd: options.cwd,
    git: options.git ?? (async () => undefined),
    stdout: text => void (stdout += text),
    stderr: text => void (stderr += text),
    ...(options.signal ? { signal: options.signal } : {})
  })
  return { exitCode, stdout, stderr }
}

/** One situation, said once by option keys, and how each front end is asked for it. */
export interface Situation {
  command: Command
  options: Partial<Record<OptionKey, string | number | boolean>>
}

/** What a front end came to, in the terms all three share. */
export interface Outcome {
  outputs: Record<string, string>
  /** A dry run's plan, as the CLI's --json and the library's result carry it (not an output). */
  plan?: unknown
  /** 0 for success and warnings; the CLI's own code by cause. */
  exitCode: number
  text: string
}

/** The library's function of each command. */
export const LIBRARY_FUNCTIONS = {
  deploy: library.deployBuild,
  upload: library.uploadBuild,
  notify: library.notifyDeployment,
  wait: library.waitForVerdict,
  terminate: library.terminateEnvironment,
  collect: library.collectVerdicts,
  skip: library.skipDeployments
} as const

/** The action in a step, its mode chosen by its inputs as a workflow author would. */
export async function viaAction(
  emulator: Emulator,
  situation: Situation,
  workspace: string,
  env: Record<string, string> = {},
  runner: Runner = 'in-process'
): Promise<Outcome & { summary: string }> {
  const inputs: Record<string, string> = {}
  for (const [key, value] of Object.entries(situation.options)) inputs[kebab(key)] = String(value)
  if (situation.command === 'upload') inputs.notify = 'false'
  if (situation.command === 'terminate') inputs['terminate-environment'] = 'true'
  if (situation.command === 'skip') inputs.skip = 'true'
  const result = await step(emulator, inputs, {
    workspace,
    env,
    eventName: 'workflow_dispatch',
    runner
  })
  return {
    outputs: result.outputs,
    exitCode: result.exitCode ?? -1,
    text: result.stdout,
    summary: result.summary
  }
}

/** The CLI's command with the situation's flags, its outputs read from --json. */
export async function viaCli(
  emulator: Emulator,
  situation: Situation,
  workspace: string,
  env: Record<string, string> = {}
): Promise<Outcome & CliResult> {
  const argv: string[] = [situation.command, '--json']
  for (const [key, value] of Object.entries(situation.options)) {
    const name = kebab(key)
    if (OPTIONS[key as OptionKey].kind === 'boolean')
      argv.push(value ? `--${name}` : `--no-${name}`)
    else argv.push(`--${name}`, String(value))
  }
  const result = await runCli(argv, { env: cliEnv(emulator, env), cwd: workspace })
  // The outputs, without the judgement the library's result carries too, the call's timing or a dry run's plan.
  const { conclusion, cause, reason, warnings, state, startedAt, seconds, plan, ...outputs } =
    JSON.parse(result.stdout) as Record<string, unknown>
  void [conclusion, cause, reason, warnings, state, startedAt, seconds]
  return { ...result, outputs: asText(outputs), text: result.stderr, plan }
}

/** The library's function for the command, with the situation's options in their own types. */
export async function viaLibrary(
  emulator: Emulator,
  situation: Situation,
  workspace: string,
  env: Record<string, string> = {}
): Promise<Outcome & { result: Record<string, unknown> }> {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  try {
    // A skip speaks to GitHub alone: it takes no key or base URL.
    const options: Record<string, unknown> =
      situation.command === 'skip' ? {} : { apiKey: DEMO_API_KEY, baseUrl: emulator.baseUrl }
    // Only the functions that take a file take the folder it is found in.
    if (situation.command === 'deploy' || situation.command === 'upload')
      options.workingDirectory = workspace
    const git: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(situation.options)) {
      const spec = OPTIONS[key as OptionKey]
      const typed = spec.kind === 'integer' || spec.kind === 'number' ? Number(value) : value
      if (spec.git && key !== 'deploymentUrl') git[key] = typed
      else options[key] = typed
    }
    if (Object.keys(git).length > 0) options.git = git
    const call = LIBRARY_FUNCTIONS[situation.command] as (o: unknown) => Promise<object>
    const result = (await call(options)) as Record<string, unknown>
    const { conclusion, cause, reason, warnings, state, startedAt, seconds, plan, ...outputs } =
      result
    void [warnings, state, startedAt, seconds]
    const exitCode = conclusion === 'failure' ? 1 : 0
    expect(typeof cause).toBe('string')
    return { outputs: asText(outputs), exitCode, text: String(reason ?? ''), result, plan }
  } finally {
    process.env = saved
  }
}

/** Output values as the text a runner carries: strings as they are, the rest as JSON. */
function asText(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name !== 'reason')
      .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])
  )
}

/** The outputs with each run's own id and links made alike, so that runs of three front ends compare. */
export function comparable(outputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(outputs).map(([name, value]) => [
      name,
      value.replace(/run_[0-9a-f]{16}/g, 'run_*')
    ])
  )
}
