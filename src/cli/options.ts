import { readFileSync } from 'node:fs'
import { detectProvider, type CiContext, type Env, type OptionKey } from '../core/index.js'
import type { ParsedArgs } from './args.js'
import type { CliCommand } from './commands.js'
import { gitContext, gitIn, type GitRunner } from './ci/git.js'

/** Where the flags' defaults and the Git context come from. */
export interface ProcessContext {
  env: Env
  cwd: string
  git?: GitRunner
  /** Reads a file the CI names (GitHub's event payload); the real file system by default. */
  readFile?: (path: string) => string
}

/** The option values a command line gives, by option key; the core reads and checks each by the option table. */
export function valuesOf(
  command: CliCommand,
  values: ParsedArgs['values']
): Partial<Record<OptionKey, unknown>> {
  const result: Partial<Record<OptionKey, unknown>> = {}
  for (const flag of command.flags) {
    if (flag.option && values[flag.name] !== undefined) result[flag.option] = values[flag.name]
  }
  return result
}

/** The context of the CI around the command: its variables, else git itself. */
export async function derivedContext(
  around: ProcessContext
): Promise<{ ci: CiContext; source: string | undefined; notes: string[] }> {
  const provider = detectProvider(around.env)
  if (provider) {
    const { notes, ...ci } = provider.context(
      around.env,
      around.readFile ?? (path => readFileSync(path, 'utf8'))
    )
    return { ci, source: provider.name, notes }
  }
  const git = await gitContext(around.git ?? gitIn(around.cwd))
  return { ci: { git }, source: git.sha || git.branch ? 'git' : undefined, notes: [] }
}

/** What the CLI reads and writes; the real process's in `index.ts`, others in tests. */
export interface Io extends ProcessContext {
  argv: string[]
  stdout(text: string): void
  stderr(text: string): void
  /** Stops the deploy (Ctrl-C, the CI cancelling the job); a reason of `SIGTERM` makes the exit code 143, any other 130. */
  signal?: AbortSignal
}
