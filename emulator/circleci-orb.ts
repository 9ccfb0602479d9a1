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
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ValidateFunction } from 'ajv'
import { parse } from 'yaml'
import { compiledValidators } from './validators.js'
import { ROOT } from './github-runner.js'

export const FIXTURES = join(ROOT, '__tests__', 'fixtures', 'circleci')

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
export const WORKFLOW_KEYS = new Set([
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
export const POSIX_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** The booleans of YAML 1.1, which CircleCI reads a boolean parameter by, capitalized and upper case too. */
export const YAML11_BOOLEANS: Record<string, boolean> = Object.fromEntries(
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
export async function builtInKeys(name: string): Promise<string[]> {
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
export function refuse(message: string): never {
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
export function typed(spec: Parameter, value: unknown, what: string): unknown {
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
export function bind(
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

export const REFERENCE = /(?<!\\)<<\s*([\w.-]+)\s*>>/g
export const WHOLE_REFERENCE = /^<<\s*parameters\.([\w-]+)\s*>>$/

/**
 * Every `<< parameters.x >>` of `value` filled in. `within` is where the value
 * is: the environment map of a `run` renders a boolean as CircleCI does there.
 */
export function substitute(
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
