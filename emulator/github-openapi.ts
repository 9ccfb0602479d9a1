import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

/**
 * GitHub's own description of its REST API (`@octokit/openapi`, the
 * api.github.com version) as the judge of every request the emulated API
 * receives: the method and path must be one of its operations, the path and
 * query parameters and the JSON body must match that operation's schemas.
 * Read once, on the first request, and each operation's validators compiled
 * on its first use: a test file that never talks to GitHub never reads it.
 */

/** The API version the description is for, and the one every request must ask for. */
export const API_VERSION = '2022-11-28'

/** Why a request is not one GitHub's description allows: 404 for no such operation, 422 for invalid parameters or body. */
export interface Refusal {
  status: 404 | 422
  message: string
}

/** A request matched to its operation. */
export interface Operation {
  id: string
  /** The path template, e.g. `/repos/{owner}/{repo}/check-runs`. */
  path: string
  params: Record<string, string>
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: object
}

interface RawOperation {
  operationId: string
  parameters?: (Parameter | { $ref: string })[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> }
}

interface Description {
  paths: Record<string, Record<string, RawOperation>>
  components: Record<string, Record<string, unknown>>
}

interface Route {
  method: string
  path: string
  pattern: RegExp
  names: string[]
  raw: RawOperation
  compiled?: Compiled
}

interface Compiled {
  parameters: { parameter: Parameter; validate: ValidateFunction }[]
  body?: { required: boolean; schema: object; validate: ValidateFunction }
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options'])

let loaded: { description: Description; routes: Route[]; ajv: Ajv; loadMs: number } | undefined

/** Reads the description and indexes its operations; the first call pays for it (about a quarter of a second), the rest reuse it. */
export function githubDescription(): { routes: number; loadMs: number } {
  const { routes, loadMs } = load()
  return { routes: routes.length, loadMs }
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded
  const started = performance.now()
  const file = createRequire(import.meta.url).resolve(
    '@octokit/openapi/generated/api.github.com.json'
  )
  const description = JSON.parse(readFileSync(file, 'utf8')) as Description
  const routes: Route[] = []
  for (const [path, item] of Object.entries(description.paths)) {
    const names: string[] = []
    const pattern = new RegExp(
      `^${path
        .split(/(\{[^}]+\})/)
        .map(part => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1]
          if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          names.push(name)
          return '([^/]+)'
        })
        .join('')}$`
    )
    for (const [method, raw] of Object.entries(item))
      if (METHODS.has(method))
        routes.push({ method: method.toUpperCase(), path, pattern, names: [...names], raw })
  }
  // A literal segment wins over a parameter (`/user/repos` before `/user/{id}`), as a router does.
  routes.sort((a, b) => literalLength(b.path) - literalLength(a.path))
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
  ;(addFormatsModule as unknown as (ajv: Ajv) => void)(ajv)
  loaded = { description, routes, ajv, loadMs: performance.now() - started }
  return loaded
}

function literalLength(path: string): number {
  return path.replace(/\{[^}]+\}/g, '').length
}

/**
 * Checks one request against the description: the operation it is, or why
 * GitHub would refuse it. `body` is the parsed JSON body (undefined when the
 * request had none).
 */
export function checkRequest(
  method: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown
): Operation | Refusal {
  const { routes } = load()
  let route: Route | undefined
  let match: RegExpExecArray | null = null
  for (const candidate of routes) {
    if (candidate.method !== method) continue
    match = candidate.pattern.exec(pathname)
    if (match) {
      route = candidate
      break
    }
  }
  if (!route || !match)
    return { status: 404, message: `${method} ${pathname} is no operation of GitHub's REST API` }
  const params: Record<string, string> = {}
  route.names.forEach((name, i) => (params[name] = decodeURIComponent(match![i + 1]!)))
  const compiled = (route.compiled ??= compile(route.raw))
  const problems: string[] = []
  const declared = new Set(compiled.parameters.map(p => `${p.parameter.in}:${p.parameter.name}`))
  for (const name of new Set(query.keys()))
    if (!declared.has(`query:${name}`))
      problems.push(`query parameter ${name} is not a parameter of ${route.raw.operationId}`)
  for (const { parameter, validate } of compiled.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    const values = parameter.in === 'path' ? [params[parameter.name]] : query.getAll(parameter.name)
    const given = values.filter((v): v is string => v !== undefined)
    if (given.length === 0) {
      if (parameter.required)
        problems.push(`${parameter.in} parameter ${parameter.name} is required`)
      continue
    }
    if (given.length > 1) problems.push(`query parameter ${parameter.name} is given more than once`)
    const value = { value: given[0] }
    if (!validate(value))
      problems.push(`${parameter.in} parameter ${parameter.name}: ${errorsOf(validate)}`)
  }
  if (compiled.body) {
    if (body === undefined) {
      if (compiled.body.required) problems.push('the request has no JSON body')
    } else if (!compiled.body.validate(body)) {
      problems.push(`body: ${errorsOf(compiled.body.validate)}`)
    }
    // GitHub ignores a field it does not know; a client that sends one believes in a field that does not exist.
    for (const name of unknownFields(compiled.body.schema, body))
      problems.push(`body field ${name} is not a field of ${route.raw.operationId}`)
  } else if (body !== undefined) {
    problems.push(`${route.raw.operationId} takes no body`)
  }
  if (problems.length > 0)
    return {
      status: 422,
      message: `${method} ${route.path} (${route.raw.operationId}): ${problems.join('; ')}`
    }
  return { id: route.raw.operationId, path: route.path, params }
}

/** The validators of one operation: each path and query parameter (coerced from its text, as GitHub reads it), and the JSON body. */
function compile(raw: RawOperation): Compiled {
  const { description, ajv } = load()
  const parameters = (raw.parameters ?? []).map(p => resolve<Parameter>(description, p))
  const coercing = coercingAjv()
  const compiled: Compiled = {
    parameters: parameters.map(parameter => ({
      parameter,
      validate: coercing.compile(
        standalone(description, {
          type: 'object',
          properties: { value: parameter.schema ?? {} }
        })
      )
    }))
  }
  const schema = raw.requestBody?.content?.['application/json']?.schema
  if (schema)
    compiled.body = {
      required: raw.requestBody?.required === true,
      schema: resolve<object>(description, schema),
      validate: ajv.compile(standalone(description, schema))
    }
  return compiled
}

let coercer: Ajv | undefined
function coercingAjv(): Ajv {
  if (coercer) return coercer
  coercer = new Ajv({ strict: false, allErrors: true, coerceTypes: true })
  ;(addFormatsModule as unknown as (ajv: Ajv) => void)(coercer)
  return coercer
}

/** Follows a `#/components/...` reference. */
function resolve<T>(description: Description, value: T | { $ref: string }): T {
  let at: unknown = value
  for (let depth = 0; depth < 10 && at && typeof at === 'object' && '$ref' in at; depth++)
    at = pointer(description, (at as { $ref: string }).$ref)
  return at as T
}

function pointer(description: Description, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Unsupported reference ${ref}`)
  let at: unknown = description
  for (const part of ref.slice(2).split('/'))
    at = (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  if (at === undefined) throw new Error(`Unresolved reference ${ref}`)
  return at
}

/**
 * A schema with the components it reaches, and only those, beside it: its
 * `#/components/...` references resolve as in the whole description, without
 * handing the validator all of it.
 */
function standalone(description: Description, schema: object): object {
  const components: Record<string, Record<string, unknown>> = {}
  const seen = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !seen.has(value)) {
        seen.add(value)
        const [, kind, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value) ?? []
        if (!kind || !name) throw new Error(`Unsupported reference ${value}`)
        const target = pointer(description, value)
        ;(components[kind] ??= {})[name] = target
        visit(target)
      } else visit(value)
    }
  }
  visit(schema)
  return { ...schema, components }
}

/** The top-level fields of an object body that its schema does not name (none when the schema names no fields). */
function unknownFields(schema: object, body: unknown): string[] {
  const known = (schema as { properties?: Record<string, unknown> }).properties
  if (!known || !body || typeof body !== 'object' || Array.isArray(body)) return []
  return Object.keys(body).filter(name => !(name in known))
}

function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map(e => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join(', ')
}
