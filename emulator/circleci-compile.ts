/** CircleCI's compile of a config's and an orb's steps, as circleci-orb.ts describes it: only built-ins remain. */
import { BUILT_IN_STEPS, Orb, builtInKeys, refuse, bind, substitute } from './circleci-orb.js'

/** A step after compiling: only built-ins remain. */
export type CompiledStep =
  | {
      kind: 'run'
      name: string
      command: string
      environment: Record<string, string>
      when: 'on_success' | 'always' | 'on_fail'
    }
  | { kind: 'checkout' }
  | { kind: 'store_test_results'; path: string }
  | { kind: 'persist_to_workspace'; root: string; paths: string[] }
  | { kind: 'attach_workspace'; at: string }

/** Where a step is read: in a config (its orbs by alias) or inside the orb (its own commands, unqualified). */
export interface Scope {
  orb: Orb
  /** The config's name for the orb; undefined inside the orb. */
  alias?: string
  where: string
}

/** One step: a built-in by its name, else a command of the orb (qualified by its alias in a config, unqualified inside the orb). */
export async function compileStep(step: unknown, scope: Scope): Promise<CompiledStep[]> {
  let name: string
  let args: unknown
  if (typeof step === 'string') [name, args] = [step, undefined]
  else if (step && typeof step === 'object' && Object.keys(step).length === 1)
    [[name, args]] = Object.entries(step) as [[string, unknown]]
  else return refuse(`A step of ${scope.where} is not a step: ${JSON.stringify(step)}`)

  if ((BUILT_IN_STEPS as readonly string[]).includes(name))
    return [await builtIn(name, args, scope)]

  const qualified = /^([^/]+)\/(.+)$/.exec(name)
  const command = qualified
    ? scope.alias !== undefined && qualified[1] === scope.alias
      ? qualified[2]!
      : refuse(`${scope.where} calls ${name}, and no orb is imported as ${qualified[1]}`)
    : scope.alias === undefined
      ? name
      : refuse(`${scope.where} calls ${name}, which is neither a built-in step nor a command`)
  const definition = scope.orb.commands[command] ?? refuse(`The orb has no command ${command}`)
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    refuse(`The parameters of ${name} in ${scope.where} are not a map`)
  return compileSteps(
    definition.steps,
    bind(definition.parameters, (args ?? {}) as Record<string, unknown>, `command ${command}`),
    { orb: scope.orb, where: `the orb's command ${command}` }
  )
}

/** A built-in step, with only the keys CircleCI's schema gives it. */
export async function builtIn(name: string, args: unknown, scope: Scope): Promise<CompiledStep> {
  const here = `the built-in step ${name} in ${scope.where}`
  const keys = await builtInKeys(name)
  if (args !== undefined && typeof args === 'object' && args !== null && !Array.isArray(args)) {
    const unknown = Object.keys(args).filter(k => !keys.includes(k))
    if (unknown.length)
      refuse(
        `${here} takes no ${unknown.join(', ')}` +
          (name === 'deploy' || scope.orb.commands[name]
            ? ` (CircleCI runs its built-in ${name} for a step named ${name}, never the orb's command)`
            : '')
      )
  }
  const map = (args ?? {}) as Record<string, unknown>
  const need = (key: string): unknown => map[key] ?? refuse(`${here} needs ${key}`)
  switch (name) {
    case 'run':
    case 'deploy': {
      const run = typeof args === 'string' ? { command: args } : map
      if (typeof run.command !== 'string') refuse(`${here} needs a command`)
      for (const key of ['shell', 'background', 'working_directory', 'max_auto_reruns'])
        if (key in run) refuse(`${here}: ${key} is not run by this stand-in`)
      const when = (run.when ?? 'on_success') as string
      if (!['on_success', 'always', 'on_fail'].includes(when)) refuse(`${here}: when is ${when}`)
      return {
        kind: 'run',
        name: typeof run.name === 'string' ? run.name : run.command,
        command: run.command,
        environment: Object.fromEntries(
          Object.entries((run.environment ?? {}) as Record<string, unknown>).map(([k, v]) => [
            k,
            v === null || v === undefined ? '' : String(v)
          ])
        ),
        when: when as 'on_success'
      }
    }
    case 'checkout':
      return { kind: 'checkout' }
    case 'store_test_results':
      return { kind: 'store_test_results', path: need('path') as string }
    case 'persist_to_workspace':
      return {
        kind: 'persist_to_workspace',
        root: need('root') as string,
        paths: need('paths') as string[]
      }
    case 'attach_workspace':
      return { kind: 'attach_workspace', at: need('at') as string }
    default:
      return refuse(`${here} is not one this stand-in runs`)
  }
}

/** Steps with their parameters filled in, compiled one by one. */
export async function compileSteps(
  steps: unknown[],
  parameters: Record<string, unknown>,
  scope: Scope
): Promise<CompiledStep[]> {
  const filled = substitute(steps, parameters, scope.where) as unknown[]
  const compiled: CompiledStep[] = []
  for (const step of filled) compiled.push(...(await compileStep(step, scope)))
  return compiled
}

/** A job's steps, in a config that imports the orb as `alias`, compiled as CircleCI compiles them. */
export function compileConfigSteps(
  orb: Orb,
  steps: unknown[],
  alias = 'mobile-build-deploy'
): Promise<CompiledStep[]> {
  return compileSteps(steps, {}, { orb, alias, where: 'the job' })
}

/** One of the orb's jobs with `given` parameters, compiled: its executor named by the orb, its steps the orb's. */
export async function compileOrbJob(
  orb: Orb,
  name: string,
  given: Record<string, unknown>
): Promise<CompiledStep[]> {
  const job = orb.jobs[name] ?? refuse(`The orb has no job ${name}`)
  const parameters = bind(job.parameters, given, `job ${name}`)
  const executor = typeof job.executor === 'string' ? job.executor : undefined
  if (executor !== undefined && !orb.executors[executor])
    refuse(`The orb's job ${name} runs in executor ${executor}, which the orb does not declare`)
  return compileSteps(job.steps, parameters, { orb, where: `the orb's job ${name}` })
}
