/**
 * CircleCI, as far as the orb needs it, on this machine (CircleCI's own runner
 * needs Docker and its cloud). Like CircleCI it compiles first and runs after:
 * a config or an orb it would refuse is refused before any step runs.
 *
 * Compiling: the orb and the config are valid against CircleCI's own schema
 * (fixtures/circleci, the one SchemaStore refers to); a step named like one of
 * CircleCI's built-in steps is that built-in, never a command of the orb (so
 * the orb may not name a command so), and takes only the built-in's keys; an
 * orb's command or job gets exactly its declared parameters, the required ones
 * given, each of its type (CircleCI's reusable-config reference: a boolean
 * also as a YAML 1.1 word, an env_var_name a POSIX name, an enum one of its
 * values); `<< parameters.x >>` names a declared parameter and is filled in
 * (a value that is exactly one keeps its type; in a step's `environment:` a
 * boolean is 1 or 0, as CircleCI gives it), `\<<` is unescaped.
 *
 * Running: a workflow's jobs in order, each after the jobs it requires and in
 * a directory of its own; `checkout` copies the repository, the workspace is
 * one directory that `persist_to_workspace` fills and `attach_workspace`
 * copies; each `run` is `bash -eo pipefail -c` with its `environment:` over
 * the job's and over the project's and context's variables, and with BASH_ENV
 * naming one file for the whole job, which bash sources at the start of every
 * step (in an image without bash, `/bin/sh -eo pipefail -c`, which sources
 * nothing: busybox's with busybox's applets and node alone on PATH, as on
 * Alpine, or dash, which has no pipefail, with `-e`); a failed step skips the rest but those with `when: always` (or
 * `on_fail`); `store_test_results` records its path. What the orb does not use
 * (caches, artifacts, `when`/`unless`, a run's shell or background) is refused.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { ValidateFunction } from 'ajv'
import { compiledValidators } from '../../emulator/validators.js'
import { parse } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { runLogged } from './tools.js'

const FIXTURES = join(ROOT, '__tests__', 'fixtures', 'circleci')

/**
 * CircleCI's built-in steps, as its own language server lists them
 * (CircleCI-Public/circleci-yaml-language-server, pkg/parser/yamlparser.go,
 * IsBuiltIn): a step of one of these names is the built-in, whatever command an
 * orb or a config declares. `deploy` is the deprecated alias of `run`.
 */
export const BUILT_IN_STEPS = [
  'run',
  'checkout',
  'setup_remote_docker',
  'save_cache',
  'restore_cache',
  'store_artifacts',
  'store_test_results',
  'persist_to_workspace',
  'attach_workspace',
  'add_ssh_keys',
  'steps',
  'deploy',
  'when',
  'unless'
] as const

/** The keys a workflow gives a job that are not its parameters (CircleCI's schema, workflowJobInvocation). */
const WORKFLOW_KEYS = new Set([
  'requires',
  'context',
  'name',
  'filters',
  'matrix',
  'type',
  'pre-steps',
  'post-steps',
  'serial-group',
  'override-with'
])

/** A POSIX name: what CircleCI takes as an env_var_name. */
const POSIX_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** The booleans of YAML 1.1, which CircleCI reads a boolean parameter by, capitalized and upper case too. */
const YAML11_BOOLEANS: Record<string, boolean> = Object.fromEntries(
  [
    ...['y', 'yes', 'true', 'on'].map(word => [word, true] as const),
    ...['n', 'no', 'false', 'off'].map(word => [word, false] as const)
  ].flatMap(([word, value]) =>
    [word, word[0]!.toUpperCase() + word.slice(1), word.toUpperCase()].map(w => [w, value])
  )
)

export interface Parameter {
  type: string
  default?: unknown
  description?: string
  enum?: string[]
}
export interface OrbCommand {
  description?: string
  parameters?: Record<string, Parameter>
  steps: unknown[]
}
export interface OrbJob extends OrbCommand {
  executor?: unknown
  [key: string]: unknown
}
export interface Orb {
  version: number
  description: string
  display?: { home_url?: string; source_url?: string }
  commands: Record<string, OrbCommand>
  jobs: Record<string, OrbJob>
  executors: Record<string, { description?: string; parameters?: Record<string, Parameter> }>
  examples: Record<string, { description: string; usage: Record<string, unknown> }>
}

let schema: Promise<ValidateFunction> | undefined
/**
 * CircleCI's config schema: SchemaStore's circleciconfig.json, whose `$ref`
 * is CircleCI's own schema, registered under the URL it names.
 */
export function circleciSchema(): Promise<ValidateFunction> {
  schema ??= (async () => {
    const store = JSON.parse(await readFile(join(FIXTURES, 'circleciconfig.json'), 'utf8')) as {
      $ref: string
    }
    const circleci = JSON.parse(
      await readFile(join(FIXTURES, 'circleci-yaml-language-server.schema.json'), 'utf8')
    ) as Record<string, unknown>
    // The `uri` format is only that of an orb given by its URL; strict: false lets CircleCI's own keywords
    // (markdownDescription) be. Compiled once for every test file (emulator/validators.ts).
    return compiledValidators(
      'circleci',
      { config: store },
      {
        coerceTypes: false,
        formats: { uri: /^https:\/\/\S+$/ },
        references: { [store.$ref]: circleci }
      }
    ).config!
  })()
  return schema
}

/** What CircleCI's schema finds wrong in a config (or in an orb, which is a config's subset), one line each. */
export async function schemaProblems(document: unknown): Promise<string[]> {
  const validate = await circleciSchema()
  if (validate(document)) return []
  return (validate.errors ?? []).map(
    e => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`
  )
}

/** The keys a built-in step takes, from CircleCI's schema (`deploy`, the alias of `run`, takes run's). */
async function builtInKeys(name: string): Promise<string[]> {
  const { definitions } = JSON.parse(
    await readFile(join(FIXTURES, 'circleci-yaml-language-server.schema.json'), 'utf8')
  ) as { definitions: { step: { oneOf: { properties?: Record<string, unknown> }[] } } }
  const steps = definitions.step.oneOf.find(s => s.properties)!.properties!
  interface Form {
    properties?: Record<string, unknown>
    oneOf?: Form[]
  }
  const spec = steps[name === 'deploy' ? 'run' : name] as Form | undefined
  const forms = spec ? [spec, ...(spec.oneOf ?? [])] : []
  return forms.flatMap(form => Object.keys(form.properties ?? {}))
}

/** CircleCI's refusal of a config or an orb, as its config check gives it. */
export class Refused extends Error {}
/** CircleCI's refusal of a config: thrown before any step runs. */
function refuse(message: string): never {
  throw new Refused(message)
}

/** The packed orb, as the registry serves it, refused as CircleCI would refuse it. */
export async function packedOrb(): Promise<Orb> {
  const orb = parse(await readFile(join(ROOT, 'orb', 'orb.yml'), 'utf8')) as Orb
  await checkOrb(orb)
  return orb
}

/** Refuses an orb CircleCI would refuse or misread: invalid against its schema, a command named like a built-in step, a bad parameter declaration. */
export async function checkOrb(orb: Orb): Promise<void> {
  const problems = await schemaProblems(orb)
  if (problems.length)
    refuse(`The orb is not valid against CircleCI's schema:\n${problems.join('\n')}`)
  for (const name of Object.keys(orb.commands ?? {}))
    if ((BUILT_IN_STEPS as readonly string[]).includes(name))
      refuse(
        `The orb's command ${name} is named like CircleCI's built-in step ${name}: a step ${name} runs the built-in, never the command`
      )
  for (const [kind, entries] of Object.entries({
    command: orb.commands,
    job: orb.jobs,
    executor: orb.executors
  }))
    for (const [name, entry] of Object.entries(entries ?? {}))
      for (const [key, spec] of Object.entries(entry.parameters ?? {})) {
        if (spec.type === 'enum' && !spec.enum?.length)
          refuse(`Parameter ${key} of ${kind} ${name} is an enum without values`)
        if ('default' in spec) typed(spec, spec.default, `the default of ${key} of ${kind} ${name}`)
      }
}

/** A value of a parameter, checked against its type as CircleCI checks it; booleans given as YAML 1.1 words become booleans. */
function typed(spec: Parameter, value: unknown, what: string): unknown {
  const wrong = (expected: string) =>
    refuse(`${what} must be ${expected}, not ${JSON.stringify(value)}`)
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' ? value : wrong('a string')
    case 'boolean':
      if (typeof value === 'boolean') return value
      if (typeof value === 'string' && value in YAML11_BOOLEANS) return YAML11_BOOLEANS[value]
      return wrong('a boolean')
    case 'integer':
      return Number.isInteger(value) ? value : wrong('an integer')
    case 'enum':
      return typeof value === 'string' && spec.enum!.includes(value)
        ? value
        : wrong(`one of ${spec.enum!.join(', ')}`)
    case 'env_var_name':
      return typeof value === 'string' && POSIX_NAME.test(value)
        ? value
        : wrong('the name of an environment variable')
    case 'steps':
      return Array.isArray(value) ? value : wrong('a list of steps')
    default:
      return refuse(`${what}: the parameter type ${spec.type} is not one this stand-in runs`)
  }
}

/** The parameters of an invocation of `what`: each declared one given or defaulted, of its type, and nothing else. */
function bind(
  declared: Record<string, Parameter> | undefined,
  given: Record<string, unknown>,
  what: string
): Record<string, unknown> {
  const parameters: Record<string, unknown> = {}
  for (const key of Object.keys(given))
    if (!declared || !(key in declared)) refuse(`Parameter ${key} is not defined for ${what}`)
  for (const [key, spec] of Object.entries(declared ?? {})) {
    if (key in given) parameters[key] = typed(spec, given[key], `Parameter ${key} of ${what}`)
    else if ('default' in spec) parameters[key] = spec.default
    else refuse(`Parameter ${key} is required for ${what}`)
  }
  return parameters
}

const REFERENCE = /(?<!\\)<<\s*([\w.-]+)\s*>>/g
const WHOLE_REFERENCE = /^<<\s*parameters\.([\w-]+)\s*>>$/

/**
 * Every `<< parameters.x >>` of `value` filled in. `within` is where the value
 * is: the environment map of a `run` renders a boolean as CircleCI does there.
 */
function substitute(
  value: unknown,
  parameters: Record<string, unknown>,
  what: string,
  within: 'step' | 'run' | 'environment' = 'step'
): unknown {
  const lookup = (name: string) => {
    if (!(name in parameters)) refuse(`Parameter ${name} is not defined in ${what}`)
    return parameters[name]
  }
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value.trim())
    if (whole) {
      const found = lookup(whole[1]!)
      return within === 'environment' && typeof found === 'boolean' ? (found ? '1' : '0') : found
    }
    return value
      .replace(REFERENCE, (_, reference: string) => {
        if (!reference.startsWith('parameters.'))
          refuse(`<< ${reference} >> in ${what} is not a parameter this stand-in fills in`)
        return String(lookup(reference.slice('parameters.'.length)))
      })
      .replace(/\\<</g, '<<')
  }
  if (Array.isArray(value)) return value.map(v => substitute(v, parameters, what, within))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        substitute(
          v,
          parameters,
          what,
          within === 'step' && (k === 'run' || k === 'deploy')
            ? 'run'
            : within === 'run' && k === 'environment'
              ? 'environment'
              : within === 'environment'
                ? 'environment'
                : 'step'
        )
      ])
    )
  return value
}

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
interface Scope {
  orb: Orb
  /** The config's name for the orb; undefined inside the orb. */
  alias?: string
  where: string
}

/** One step: a built-in by its name, else a command of the orb (qualified by its alias in a config, unqualified inside the orb). */
async function compileStep(step: unknown, scope: Scope): Promise<CompiledStep[]> {
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
async function builtIn(name: string, args: unknown, scope: Scope): Promise<CompiledStep> {
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
async function compileSteps(
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

/** Where a job runs: its working directory, the repository checkout copies, the workflow's workspace. */
export interface JobPlace {
  cwd: string
  repository?: string
  workspace?: string
  /** Keep the BASH_ENV an earlier job left in cwd (a later job of the same machine, in tests). */
  keepBashEnv?: boolean
  /** The image's shell: bash (the default), or an image without it, whose /bin/sh is busybox's or dash. */
  shell?: 'bash' | 'busybox' | 'dash'
}

/** A PATH of busybox's applets and node alone: an Alpine image with Node, as far as a step sees it. */
async function busyboxPath(cwd: string): Promise<string> {
  const bin = join(cwd, '.busybox-bin')
  await mkdir(bin, { recursive: true })
  const { output } = await runLogged('busybox', ['--list'], {
    cwd,
    env: { PATH: process.env.PATH }
  })
  for (const applet of output.split('\n').filter(Boolean))
    await symlink('/usr/bin/busybox', join(bin, applet)).catch(() => undefined)
  await symlink(process.execPath, join(bin, 'node')).catch(() => undefined)
  return bin
}

/** Runs compiled steps as CircleCI's machine runs them, with `env` (the project's and the context's variables, CircleCI's own). */
export async function runCompiled(
  steps: CompiledStep[],
  place: JobPlace,
  env: Record<string, string>
): Promise<JobResult> {
  const { cwd } = place
  await mkdir(cwd, { recursive: true })
  const bashEnv = join(cwd, '.circleci-bash-env')
  if (!place.keepBashEnv) await writeFile(bashEnv, '')
  // The steps' temporary files (the installed CLI) stay in the job's folder, removed with the test's workspace.
  const temp = join(cwd, '.circleci-tmp')
  await mkdir(temp, { recursive: true })
  const jobEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: temp,
    ...env,
    BASH_ENV: bashEnv
  }
  const result: JobResult = { steps: [], testResults: [], code: 0 }
  const shell = place.shell ?? 'bash'
  if (shell === 'busybox') jobEnv.PATH = await busyboxPath(cwd)
  const [program, ...options] =
    shell === 'bash'
      ? ['bash', '-eo', 'pipefail']
      : shell === 'busybox'
        ? ['/usr/bin/busybox', 'sh', '-eo', 'pipefail']
        : ['dash', '-e']
  for (const step of steps) {
    switch (step.kind) {
      case 'checkout':
        if (!place.repository) refuse('checkout: the job has no repository to check out')
        await cp(place.repository, cwd, { recursive: true })
        continue
      case 'store_test_results':
        result.testResults.push(step.path)
        continue
      case 'persist_to_workspace':
        if (!place.workspace) refuse('persist_to_workspace: the job is in no workflow')
        for (const path of step.paths) {
          await mkdir(dirname(join(place.workspace, path)), { recursive: true })
          await cp(resolve(cwd, step.root, path), join(place.workspace, path), { recursive: true })
        }
        continue
      case 'attach_workspace':
        if (!place.workspace) refuse('attach_workspace: the job is in no workflow')
        await mkdir(place.workspace, { recursive: true })
        await cp(place.workspace, resolve(cwd, step.at), { recursive: true })
        continue
      case 'run': {
        const failed = result.code !== 0
        if (step.when === 'on_success' ? failed : step.when === 'on_fail' ? !failed : false)
          continue
        const { code, output } = await runLogged(program!, [...options, '-c', step.command], {
          cwd,
          env: { ...jobEnv, ...step.environment }
        })
        result.steps.push({ name: step.name, code, output })
        if (code !== 0 && result.code === 0) result.code = code
      }
    }
  }
  return result
}

/** Compiles a job's steps (in a config importing the orb as mobile-build-deploy), then runs them in `cwd`. */
export async function runJob(
  orb: Orb,
  steps: unknown[],
  cwd: string,
  env: Record<string, string>,
  options: { keepBashEnv?: boolean; shell?: JobPlace['shell'] } = {}
): Promise<JobResult> {
  const compiled = await compileConfigSteps(orb, steps)
  return runCompiled(compiled, { cwd, ...options }, env)
}

interface ConfigJob {
  steps: unknown[]
  parameters?: Record<string, Parameter>
  environment?: Record<string, string>
}

/** A job of a workflow, compiled. */
export interface PlannedJob {
  name: string
  requires: string[]
  steps: CompiledStep[]
  env: Record<string, string>
}

/**
 * A config's one workflow compiled as CircleCI compiles it: the config valid
 * against CircleCI's schema, the orb imported under one alias, each job (the
 * config's own or the orb's) with its parameters, in the workflow's order.
 */
export async function compileWorkflow(
  imported: Orb,
  config: Record<string, unknown>
): Promise<PlannedJob[]> {
  const problems = await schemaProblems(config)
  if (problems.length)
    refuse(`The config is not valid against CircleCI's schema:\n${problems.join('\n')}`)
  const orbs = (config.orbs ?? {}) as Record<string, unknown>
  // An orb inlined into the config (npm run copy -- circleci) is that orb, checked as a packed one is.
  const inline = Object.keys(orbs).find(a => orbs[a] !== null && typeof orbs[a] === 'object')
  const alias =
    inline ??
    Object.keys(orbs).find(a => /^[a-z][a-z0-9_-]+\/mobile-build-deploy@/.test(String(orbs[a])))
  const orb = inline ? (orbs[inline] as Orb) : imported
  if (inline) await checkOrb(orb)
  if (Object.keys(orbs).length !== (alias ? 1 : 0))
    refuse(`The config imports orbs this stand-in does not have: ${JSON.stringify(orbs)}`)
  const workflows = Object.values((config.workflows ?? {}) as Record<string, { jobs: unknown[] }>)
  if (workflows.length !== 1) refuse('The stand-in runs a config with one workflow')
  const jobs = (config.jobs ?? {}) as Record<string, ConfigJob>

  const planned: PlannedJob[] = []
  for (const entry of workflows[0]!.jobs) {
    const [[reference, invocation = {}]] = Object.entries(
      typeof entry === 'string' ? { [entry]: {} } : (entry as Record<string, unknown>)
    ) as [[string, Record<string, unknown>]]
    const given = Object.fromEntries(
      Object.entries(invocation).filter(([k]) => !WORKFLOW_KEYS.has(k))
    )
    const name = (invocation.name as string | undefined) ?? reference
    const requires = (invocation.requires as string[] | undefined) ?? []
    for (const required of requires)
      if (!planned.some(p => p.name === required))
        refuse(`Job ${name} requires ${required}, which comes before it in no workflow`)
    const qualified = /^([^/]+)\/(.+)$/.exec(reference)
    if (qualified) {
      if (qualified[1] !== alias)
        refuse(`The workflow runs ${reference}, and no orb is imported as ${qualified[1]}`)
      planned.push({
        name,
        requires,
        steps: await compileOrbJob(orb, qualified[2]!, given),
        env: {}
      })
    } else {
      const job =
        jobs[reference] ??
        refuse(`The workflow runs job ${reference}, which the config does not declare`)
      const steps = await compileSteps(job.steps, bind(job.parameters, given, `job ${reference}`), {
        orb,
        alias: alias ?? '',
        where: `job ${reference}`
      })
      planned.push({ name, requires, steps, env: job.environment ?? {} })
    }
  }
  return planned
}

/**
 * Runs a config's one workflow, compiled first (a refusal runs nothing): each
 * job in order, in `root/<job>`, a required job's failure skipping those that
 * require it. `repository` is what checkout copies.
 */
export async function runWorkflow(
  orb: Orb,
  config: Record<string, unknown>,
  root: string,
  repository: string,
  env: Record<string, string>
): Promise<Record<string, JobResult | 'skipped'>> {
  const planned = await compileWorkflow(orb, config)
  const results: Record<string, JobResult | 'skipped'> = {}
  const workspace = join(root, '.workspace')
  for (const job of planned) {
    if (job.requires.some(r => results[r] === 'skipped' || (results[r] as JobResult).code !== 0)) {
      results[job.name] = 'skipped'
      continue
    }
    results[job.name] = await runCompiled(
      job.steps,
      { cwd: join(root, job.name), repository, workspace },
      { ...env, ...job.env }
    )
  }
  return results
}
