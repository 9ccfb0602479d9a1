/**
 * GitLab's own rules, for the tests of the CI/CD components and of the docs'
 * pipelines: GitLab's CI schema (the ci.json gitlab-ci-local ships), a
 * component's inputs checked and interpolated as GitLab does it, and the
 * pipeline GitLab creates for an event (workflow:rules, job rules, the
 * default of a job without rules). Each part refuses what it cannot decide
 * rather than guessing: a test that passes here passes on GitLab's terms.
 *
 * Sources, in GitLab's repository (gitlabhq/gitlabhq):
 * - lib/gitlab/ci/interpolation/ (config.rb walks keys and values; inputs/ types, defaults, options, regex);
 *   a whole value keeps its input's type since merge requests !144065 and !145257 (GitLab 16.10)
 * - lib/gitlab/ci/pipeline/expression/ (the `rules:if` lexemes, parser and statement)
 * - lib/gitlab/ci/config/entry/processable.rb (a job without rules gets `only: [branches, tags]`,
 *   unless workflow:rules exist)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseExpressionAt, type Expression, type Node } from 'acorn'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { compiledValidators } from '../../emulator/validators.js'
import { parseAllDocuments } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { RELEASE } from './cli-release.js'
import { codeBlocks } from '../../script/docs-pages.js'

type Mapping = Record<string, unknown>

const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// ---------------------------------------------------------------------------------------------
// GitLab's CI schema

/** The `$id` of GitLab's CI schema (app/assets/javascripts/editor/schema/ci.json). */
export const GITLAB_CI_SCHEMA_ID = 'https://gitlab.com/.gitlab-ci.yml'

/**
 * GitLab's ci.json as gitlab-ci-local bundles it (its `fetch-schema` script
 * downloads GitLab's file; the bundle inlines it as an object literal, then
 * loosens a few patterns in statements of its own, which are not read here).
 * The literal is read with a JavaScript parser and turned into data; nothing
 * of the bundle runs.
 */
export function gitlabCiSchema(): Mapping {
  const bundle = readFileSync(join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js'), 'utf8')
  const marker = `$id:${JSON.stringify(GITLAB_CI_SCHEMA_ID)}`
  const at = bundle.indexOf(marker)
  if (at === -1 || bundle.indexOf(marker, at + 1) !== -1)
    throw new Error(`gitlab-ci-local's bundle holds no single GitLab CI schema (${marker})`)
  const start = bundle.lastIndexOf('{', at)
  const schema = literalValue(parseExpressionAt(bundle, start, { ecmaVersion: 'latest' }))
  if (!isMapping(schema) || !isMapping(schema.definitions))
    throw new Error('the GitLab CI schema in the bundle is not a JSON schema')
  return schema
}

/** A JSON value written as a minified JavaScript literal; anything else is refused. */
function literalValue(node: Node): unknown {
  const expression = node as Expression
  switch (expression.type) {
    case 'ObjectExpression': {
      const object: Mapping = {}
      for (const property of expression.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init')
          throw new Error(`not a JSON literal at ${property.start}`)
        const key =
          property.key.type === 'Identifier'
            ? property.key.name
            : property.key.type === 'Literal' && typeof property.key.value === 'string'
              ? property.key.value
              : undefined
        if (key === undefined) throw new Error(`not a JSON key at ${property.start}`)
        object[key] = literalValue(property.value)
      }
      return object
    }
    case 'ArrayExpression':
      return expression.elements.map(element => {
        if (element === null || element.type === 'SpreadElement')
          throw new Error(`not a JSON array at ${expression.start}`)
        return literalValue(element)
      })
    case 'Literal':
      if ('regex' in expression || 'bigint' in expression)
        throw new Error(`not a JSON value at ${expression.start}`)
      return expression.value
    case 'TemplateLiteral':
      if (expression.expressions.length > 0)
        throw new Error(`not a JSON string at ${expression.start}`)
      return expression.quasis[0]!.value.cooked
    case 'UnaryExpression': {
      // A minifier writes true and false as !0 and !1, and a negative number with its sign.
      const argument = expression.argument
      if (argument.type === 'Literal' && typeof argument.value === 'number') {
        if (expression.operator === '!') return !argument.value
        if (expression.operator === '-') return -argument.value
      }
      throw new Error(`not a JSON value at ${expression.start}`)
    }
    default:
      throw new Error(`not a JSON value at ${expression.start} (${expression.type})`)
  }
}

/** The validators of GitLab's schema: a configuration, and a component's header (`spec:` alone). */
export interface GitLabSchema {
  /** The problems GitLab's schema finds in a configuration (a .gitlab-ci.yml, or an included file's jobs). */
  config(document: unknown): string[]
  /** The problems GitLab's schema finds in a component's header document. */
  header(document: unknown): string[]
}

export function gitlabSchema(): GitLabSchema {
  // Formats are not checked: the schema gives environment:url `format: uri` beside a pattern that admits
  // `$VARIABLE`, GitLab's documented dynamic URL; the pattern is the rule that decides. Compiled once
  // for every test file (emulator/validators.ts): the schema takes a second to compile.
  const { config, header } = compiledValidators(
    'gitlab-ci',
    {
      config: gitlabCiSchema(),
      // The header document carries `spec:` and nothing else (GitLab's Config::Header::Root).
      header: {
        type: 'object',
        required: ['spec'],
        additionalProperties: false,
        properties: { spec: { $ref: `${GITLAB_CI_SCHEMA_ID}#/properties/spec` } }
      }
    },
    { coerceTypes: false, validateFormats: false }
  )
  return { config: problemsOf(config!), header: problemsOf(header!) }
}

function problemsOf(validate: ValidateFunction): (document: unknown) => string[] {
  return document =>
    validate(document)
      ? []
      : (validate.errors ?? []).map(
          (error: ErrorObject) =>
            `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`
        )
}

// ---------------------------------------------------------------------------------------------
// Components: the header's inputs, checked and interpolated

export type InputType = 'string' | 'number' | 'boolean' | 'array'
export interface InputSpec {
  type?: InputType
  default?: unknown
  description?: string
  options?: unknown[]
  regex?: string
}
export type Inputs = Readonly<Record<string, unknown>>

/** A component file: its header document (`spec:`) and its configuration, as GitLab parses them. */
export interface Component {
  header: Mapping
  inputs: Record<string, InputSpec | null>
  body: Mapping
}

/** Splits and parses a component file as GitLab does: YAML 1.1 (Psych), a header document, then the jobs. */
export function parseComponent(text: string, file: string): Component {
  const documents = parseAllDocuments(text, { version: '1.1' })
  if (!Array.isArray(documents) || documents.length !== 2)
    throw new Error(`${file}: a component is a header document, ---, and its configuration`)
  for (const document of documents)
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`)
  const [header, body] = documents.map(document => document.toJS({ maxAliasCount: 100 }))
  if (!isMapping(header) || !isMapping(header.spec) || !isMapping(body))
    throw new Error(`${file}: the header is not a spec, or the configuration not a mapping`)
  const inputs = header.spec.inputs ?? {}
  if (!isMapping(inputs)) throw new Error(`${file}: spec:inputs is not a mapping`)
  return { header, inputs: inputs as Component['inputs'], body }
}

const TYPE_CHECKS: Record<InputType, (value: unknown) => boolean> = {
  string: value => typeof value === 'string',
  number: value => typeof value === 'number' && Number.isFinite(value),
  boolean: value => typeof value === 'boolean',
  array: value => Array.isArray(value)
}

/**
 * The inputs' values as GitLab settles them: an unknown input is refused, an
 * input without a default is required, and the default and the given value
 * must each be of the input's type, among its options and (strings) match its
 * regex. Throws GitLab's complaints, all of them, in one error.
 */
export function resolveInputs(
  specs: Component['inputs'],
  given: Inputs,
  file = 'the component'
): Record<string, unknown> {
  const errors: string[] = []
  const unknown = Object.keys(given).filter(name => !(name in specs))
  if (unknown.length > 0) errors.push(`unknown input arguments: ${unknown.join(', ')}`)
  const values: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(specs)) {
    const type = spec?.type ?? 'string'
    const check = TYPE_CHECKS[type]
    if (!check) {
      errors.push(`\`${name}\` input: unknown type ${String(type)}`)
      continue
    }
    const required = !spec || !('default' in spec)
    const provided = given[name] ?? undefined
    const validate = (value: unknown, what: string) => {
      if (!check(value)) {
        errors.push(`\`${name}\` input: ${what} is not a ${type}`)
        return
      }
      if (spec?.options && !spec.options.includes(value))
        errors.push(`\`${name}\` input: ${what} is not one of its options`)
      if (spec?.regex !== undefined) {
        if (type !== 'string') errors.push(`\`${name}\` input: a regex applies to strings only`)
        else if (!new RegExp(spec.regex).test(value as string))
          errors.push(`\`${name}\` input: ${what} does not match ${spec.regex}`)
      }
    }
    if (required && provided === undefined) {
      errors.push(`\`${name}\` input: required value has not been provided`)
      continue
    }
    if (!required) validate(spec.default, 'the default value')
    if (provided !== undefined) validate(provided, 'the provided value')
    values[name] = provided ?? spec?.default
  }
  if (errors.length > 0) throw new Error(`${file}: ${errors.join('; ')}`)
  return values
}

/** GitLab's interpolation block: `$[[ access ]]`. */
const BLOCK = /\$\[\[\s*(.*?)\s*\]\]/g

/**
 * Interpolates `$[[ inputs.x ]]` in a parsed configuration as GitLab does: in
 * every key and every string value, never in the text. A string that is one
 * whole block becomes the input's value with its type (a boolean stays a
 * boolean); a block inside a longer string is replaced by the value's text.
 * Refuses what GitLab would refuse (an unknown input, an array inside a
 * string) and what it is not written for (functions, other contexts).
 */
export function interpolate(node: unknown, inputs: Inputs): unknown {
  if (typeof node === 'string') return interpolateString(node, inputs)
  if (Array.isArray(node)) return node.map(item => interpolate(item, inputs))
  if (isMapping(node)) {
    const result: Mapping = {}
    for (const [key, value] of Object.entries(node)) {
      const newKey = substitute(key, inputs)
      if (newKey in result) throw new Error(`interpolation makes two keys ${newKey}`)
      result[newKey] = interpolate(value, inputs)
    }
    return result
  }
  return node
}

function interpolateString(text: string, inputs: Inputs): unknown {
  const blocks = [...text.matchAll(BLOCK)]
  if (blocks.length === 1 && blocks[0]![0] === text) return inputValue(blocks[0]![1]!, inputs)
  return substitute(text, inputs)
}

function substitute(text: string, inputs: Inputs): string {
  return text.replace(BLOCK, (_block, access: string) => {
    const value = inputValue(access, inputs)
    if (typeof value === 'object' && value !== null)
      throw new Error(`$[[ ${access} ]] is not text and sits inside a string`)
    return String(value)
  })
}

function inputValue(access: string, inputs: Inputs): unknown {
  const name = /^inputs\.([\w-]+)$/.exec(access)?.[1]
  if (name === undefined)
    throw new Error(`$[[ ${access} ]]: only $[[ inputs.NAME ]] is interpolated here`)
  if (!(name in inputs)) throw new Error(`unknown interpolation key: ${name}`)
  return inputs[name]
}

// ---------------------------------------------------------------------------------------------
// Includes

/** Reads a file of the project by its path from the project's root. */
export type ProjectReader = (path: string) => string

/** This project's files, as GitLab reads an `include: local` of this repository. */
export const readProject: ProjectReader = path => readFileSync(join(ROOT, path), 'utf8')

/**
 * The configuration GitLab builds from a .gitlab-ci.yml and its `include: local`
 * entries (a component included from this project): each included file's
 * inputs checked and interpolated, its jobs merged under the including
 * file's own keys (which win). Other kinds of include are refused.
 */
export function expandIncludes(pipeline: Mapping, read: ProjectReader): Mapping {
  const { include, ...own } = pipeline
  const entries = include === undefined ? [] : Array.isArray(include) ? include : [include]
  const parts: Mapping[] = entries.map(entry => {
    if (!isMapping(entry) || typeof entry.local !== 'string')
      throw new Error(`only include: local is expanded here, not ${JSON.stringify(entry)}`)
    const extra = Object.keys(entry).filter(key => key !== 'local' && key !== 'inputs')
    if (extra.length > 0) throw new Error(`include: local with ${extra.join(', ')} is not expanded`)
    const component = parseComponent(read(entry.local), entry.local)
    const inputs = resolveInputs(component.inputs, (entry.inputs as Inputs) ?? {}, entry.local)
    return interpolate(component.body, inputs) as Mapping
  })
  return [...parts, own].reduce<Mapping>(deepMerge, {})
}

/** GitLab's merge of included configuration: mappings merge key by key, anything else is replaced. */
function deepMerge(base: Mapping, over: Mapping): Mapping {
  const result: Mapping = { ...base }
  for (const [key, value] of Object.entries(over))
    result[key] = isMapping(value) && isMapping(base[key]) ? deepMerge(base[key], value) : value
  return result
}

// ---------------------------------------------------------------------------------------------
// rules:if

export type Variables = Readonly<Record<string, string>>

type Token =
  | { kind: 'variable'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'pattern'; regex: RegExp }
  | { kind: 'null' }
  | { kind: 'op'; op: '==' | '!=' | '=~' | '&&' | '||' | '(' | ')' }

function tokenize(expression: string): Token[] {
  const tokens: Token[] = []
  const refuse = (why: string): never => {
    throw new Error(
      `rules:if "${expression}": ${why}; this evaluator refuses what it cannot decide`
    )
  }
  let rest = expression
  while ((rest = rest.replace(/^\s+/, '')) !== '') {
    let match: RegExpExecArray | null
    if ((match = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(rest)))
      tokens.push({ kind: 'variable', name: match[1]! })
    else if ((match = /^"([^"]*)"|^'([^']*)'/.exec(rest)))
      tokens.push({ kind: 'string', value: match[1] ?? match[2]! })
    else if ((match = /^\/((?:\\\/|[^/])+)\/([A-Za-z]*)/.exec(rest))) {
      if (tokens.at(-1)?.kind !== 'op' || (tokens.at(-1) as { op: string }).op !== '=~')
        refuse('a pattern stands only right of =~')
      if (match[2] !== '' && match[2] !== 'i') refuse(`the pattern flags "${match[2]}"`)
      tokens.push({ kind: 'pattern', regex: new RegExp(match[1]!.replace(/\\\//g, '/'), match[2]) })
    } else if ((match = /^null\b/.exec(rest))) tokens.push({ kind: 'null' })
    else if ((match = /^(==|!=|=~|&&|\|\||\(|\))/.exec(rest)))
      tokens.push({ kind: 'op', op: match[1] as '==' })
    else refuse(`"${rest}" is not an expression it knows (==, !=, =~ /re/, &&, ||, ( ), $VAR)`)
    rest = rest.slice(match![0].length)
  }
  if (tokens.length === 0) refuse('empty')
  return tokens
}

/** A value in GitLab's evaluation (Ruby): a variable's text or nil, or a comparison's boolean. */
type Value = string | boolean | null

/** Ruby's truthiness: only nil and false are false (an empty string is true). */
const truthy = (value: Value) => value !== null && value !== false

/**
 * Whether `rules: - if: EXPRESSION` holds for a pipeline's variables, as
 * GitLab's expression statement decides: `$VAR` is the variable's value (nil
 * when undefined), `==`/`!=` compare, `=~ /re/` matches, `&&`/`||` are
 * Ruby's (they yield an operand) with `&&` binding tighter, and the result
 * holds when it is present (a non-blank string, or true). Anything else
 * (`!~`, a pattern from a variable, `${VAR}`, flags other than i) is refused.
 */
export function evaluateIf(expression: string, variables: Variables): boolean {
  const tokens = tokenize(expression)
  let at = 0
  const peek = () => tokens[at]
  const isOp = (op: string) => {
    const token = peek()
    return token?.kind === 'op' && token.op === op
  }
  const fail = (why: string): never => {
    throw new Error(`rules:if "${expression}": ${why}`)
  }
  const primary = (): Value => {
    const token = tokens[at++]
    if (!token) return fail('ends where a value is expected')
    if (token.kind === 'variable') return variables[token.name] ?? null
    if (token.kind === 'string') return token.value
    if (token.kind === 'null') return null
    if (token.kind === 'op' && token.op === '(') {
      const value = or()
      if (!isOp(')')) fail('a parenthesis is not closed')
      at++
      return value
    }
    return fail(`a value is expected, not ${JSON.stringify(token)}`)
  }
  const comparison = (): Value => {
    const left = primary()
    for (const op of ['==', '!=', '=~'] as const) {
      if (!isOp(op)) continue
      at++
      if (op === '=~') {
        const token = tokens[at++]
        if (token?.kind !== 'pattern') return fail('=~ takes a /pattern/')
        return token.regex.test(typeof left === 'string' ? left : '')
      }
      const right = primary()
      return op === '==' ? left === right : left !== right
    }
    return left
  }
  const and = (): Value => {
    let value = comparison()
    while (isOp('&&')) {
      at++
      const right = comparison()
      value = truthy(value) ? right : value
    }
    return value
  }
  const or = (): Value => {
    let value = and()
    while (isOp('||')) {
      at++
      const right = and()
      value = truthy(value) ? value : right
    }
    return value
  }
  const result = or()
  if (at !== tokens.length) fail('has more after a complete expression')
  return typeof result === 'string' ? /\S/.test(result) : result === true
}

// ---------------------------------------------------------------------------------------------
// The pipeline GitLab creates

/** The keys of a configuration that are not jobs. */
const GLOBAL_KEYS = new Set([
  'image',
  'services',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'default',
  'stages',
  'workflow',
  'include',
  'spec'
])
const DEFAULT_STAGES = ['build', 'test', 'deploy']
const RULE_KEYS = new Set(['if', 'when', 'allow_failure'])

/** The jobs of a configuration: every key that is not global and not hidden (`.name`). */
export function jobsOf(config: Mapping): Record<string, Mapping> {
  const jobs: Record<string, Mapping> = {}
  for (const [name, job] of Object.entries(config))
    if (!GLOBAL_KEYS.has(name) && !name.startsWith('.')) {
      if (!isMapping(job)) throw new Error(`job ${name} is not a mapping`)
      jobs[name] = job
    }
  return jobs
}

/** The first rule that matches, as GitLab picks it; keys other than if, when, allow_failure are refused. */
function firstMatch(rules: unknown, where: string, variables: Variables): Mapping | undefined {
  if (!Array.isArray(rules)) throw new Error(`${where}: rules is not a list`)
  for (const rule of rules) {
    if (!isMapping(rule)) throw new Error(`${where}: a rule is not a mapping`)
    const unknown = Object.keys(rule).filter(key => !RULE_KEYS.has(key))
    if (unknown.length > 0)
      throw new Error(`${where}: rules with ${unknown.join(', ')} are refused`)
    if (rule.if === undefined || evaluateIf(String(rule.if), variables)) return rule
  }
  return undefined
}

/**
 * The pipeline GitLab creates from an expanded configuration for an event's
 * variables, or undefined when it creates none: workflow:rules decide
 * whether it exists; a job with rules is in it when its first matching rule
 * is not `when: never`; a job without rules (nor only/except) gets GitLab's
 * default `only: [branches, tags]` (never a merge-request pipeline) unless
 * workflow:rules exist, which drop that default; a pipeline with no job is
 * not created; a job that needs one left out (not optional), or one in a
 * later stage, makes the configuration invalid. The result is the
 * configuration without what GitLab decided on: each job's rules become its
 * `when` and `allow_failure` (a manual rule fails the pipeline unless told
 * otherwise), and workflow goes.
 */
export function createPipeline(config: Mapping, variables: Variables): Mapping | undefined {
  if ('include' in config) throw new Error('expand the includes first (expandIncludes)')
  const workflow = config.workflow
  const hasWorkflowRules = isMapping(workflow) && workflow.rules !== undefined
  if (hasWorkflowRules) {
    const rule = firstMatch(workflow.rules, 'workflow', variables)
    if (!rule || rule.when === 'never') return undefined
  }
  const mergeRequest = variables.CI_PIPELINE_SOURCE === 'merge_request_event'
  const branchOrTag =
    !mergeRequest && Boolean(variables.CI_COMMIT_BRANCH || variables.CI_COMMIT_TAG)
  if (!mergeRequest && !branchOrTag)
    throw new Error('the variables name no branch, tag or merge-request pipeline')

  const stages = ['.pre', ...((config.stages as string[] | undefined) ?? DEFAULT_STAGES), '.post']
  const kept: Record<string, Mapping> = {}
  for (const [name, job] of Object.entries(jobsOf(config))) {
    for (const key of ['only', 'except', 'extends', 'trigger'])
      if (key in job) throw new Error(`${name}: ${key} is not evaluated here`)
    if (job.when === 'never') throw new Error(`${name}: when: never belongs in rules`)
    const { rules, ...rest } = job
    if (rules === undefined) {
      if (hasWorkflowRules || branchOrTag) kept[name] = rest
      continue
    }
    const rule = firstMatch(rules, name, variables)
    if (!rule || rule.when === 'never') continue
    const when = (rule.when as string | undefined) ?? (job.when as string | undefined)
    const allowFailure =
      rule.allow_failure ?? job.allow_failure ?? (when === 'manual' ? false : undefined)
    kept[name] = {
      ...rest,
      ...(when === undefined ? {} : { when }),
      ...(allowFailure === undefined ? {} : { allow_failure: allowFailure })
    }
  }
  if (Object.keys(kept).length === 0) return undefined

  for (const [name, job] of Object.entries(kept)) {
    const stage = stages.indexOf((job.stage as string | undefined) ?? 'test')
    if (stage === -1) throw new Error(`${name}: its stage ${String(job.stage)} is not in stages`)
    if (job.needs === undefined) continue
    if (!Array.isArray(job.needs)) throw new Error(`${name}: needs is not a list`)
    job.needs = job.needs.filter(need => {
      const { job: needed, optional = false } = isMapping(need)
        ? (need as { job: string; optional?: boolean })
        : { job: need as string }
      if (!(needed in kept)) {
        if (optional) return false
        throw new Error(`${name} needs ${needed}, which is not in the pipeline`)
      }
      if (stages.indexOf((kept[needed]!.stage as string | undefined) ?? 'test') > stage)
        throw new Error(`${name} needs ${needed}, which runs in a later stage`)
      return true
    })
  }
  const globals = Object.fromEntries(
    Object.entries(config).filter(([key]) => GLOBAL_KEYS.has(key) && key !== 'workflow')
  )
  return { ...globals, ...kept }
}

// ---------------------------------------------------------------------------------------------
// Events

/** What GitLab's predefined variables say about a pipeline: a branch push, or a merge request's. */
export interface Event {
  /** A push to `branch`; `openMergeRequest` when a merge request from it is open (its reference, project!iid). */
  branch?: string
  openMergeRequest?: string
  /** A pipeline of `branch` a schedule started (CI_PIPELINE_SOURCE schedule), not a push. */
  scheduled?: boolean
  /** A merge request's pipeline: its IID, source and target branches. */
  mergeRequest?: { iid: number; source: string; target: string; reference: string }
}

/** The predefined variables GitLab sets for an event, those that rules and the CLI read. */
export function eventVariables(event: Event, defaultBranch = 'main'): Record<string, string> {
  const common = { CI_DEFAULT_BRANCH: defaultBranch }
  if (event.mergeRequest) {
    const { iid, source, target, reference } = event.mergeRequest
    // No CI_COMMIT_BRANCH in a merge request's pipeline.
    return {
      ...common,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_COMMIT_REF_NAME: source,
      CI_MERGE_REQUEST_IID: String(iid),
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: source,
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: target,
      CI_OPEN_MERGE_REQUESTS: reference
    }
  }
  if (!event.branch) throw new Error('an event is a branch push or a merge request')
  return {
    ...common,
    CI_PIPELINE_SOURCE: event.scheduled ? 'schedule' : 'push',
    CI_COMMIT_BRANCH: event.branch,
    CI_COMMIT_REF_NAME: event.branch,
    ...(event.openMergeRequest ? { CI_OPEN_MERGE_REQUESTS: event.openMergeRequest } : {})
  }
}

// ---------------------------------------------------------------------------------------------
// The docs' pipelines

/** How a pipeline installs the CLI: its tarball (a URL or a path) and the tarball's SHA-256. */
export interface CliPin {
  package: string
  sha256: string
}

/** A component of this project as docs/gitlab.md includes it from the catalog. */
const CATALOG_COMPONENT = new RegExp(
  `^\\$CI_SERVER_FQDN/${RELEASE.home.gitlab.replace(/[.]/g, '\\.')}/([\\w-]+)@(\\d+\\.\\d+\\.\\d+)$`
)

/** A component as `npm run copy -- gitlab` writes it into a project, included by `include: local`. */
const COPIED_COMPONENT = /^\.gitlab\/mobile-build-deploy\/([\w-]+)\.yml$/

/**
 * The pipelines of docs/gitlab.md as a reader copies them, each `component:`
 * include (and each of a copy's, `npm run copy -- gitlab`) rewritten to the
 * same file of this project (`include: local`, as a component is tested in
 * its own project) and its catalog version returned
 * beside it. With `cli`, every installation of the CLI takes that tarball:
 * each component's cli-package and cli-sha256 inputs, and each job's
 * MBD_CLI_PACKAGE and MBD_CLI_SHA256 variables.
 */
export async function docsPipelines(
  cli?: CliPin
): Promise<{ pipeline: Mapping; versions: string[] }[]> {
  const blocks = await codeBlocks('docs/gitlab.md', 'yaml')
  return blocks.map((block, index) => {
    const parsed = parseAllDocuments(block, { version: '1.1' })
    if (!Array.isArray(parsed) || parsed.length !== 1 || parsed[0]!.errors.length > 0)
      throw new Error(`docs/gitlab.md's YAML block ${index + 1} is not one YAML document`)
    const pipeline = parsed[0]!.toJS() as Mapping
    const versions: string[] = []
    if (pipeline.include !== undefined) {
      if (!Array.isArray(pipeline.include)) throw new Error('include is not a list')
      pipeline.include = pipeline.include.map((entry: Mapping) => {
        const { component, local, inputs = {}, ...rest } = entry
        const [, name, version] =
          (component === undefined
            ? COPIED_COMPONENT.exec(String(local))
            : CATALOG_COMPONENT.exec(String(component))) ?? []
        if (!name || (component !== undefined && !version) || Object.keys(rest).length > 0)
          throw new Error(`docs/gitlab.md includes ${JSON.stringify(entry)}, not this catalog's`)
        if (version) versions.push(version)
        const pinned = cli ? { 'cli-package': cli.package, 'cli-sha256': cli.sha256 } : {}
        return { local: `templates/${name}.yml`, inputs: { ...(inputs as Mapping), ...pinned } }
      })
    }
    if (cli)
      for (const job of Object.values(jobsOf(pipeline))) {
        const variables = job.variables as Mapping | undefined
        if (variables && 'MBD_CLI_PACKAGE' in variables)
          Object.assign(variables, { MBD_CLI_PACKAGE: cli.package, MBD_CLI_SHA256: cli.sha256 })
      }
    return { pipeline, versions }
  })
}
