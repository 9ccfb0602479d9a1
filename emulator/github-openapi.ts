import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ValidateFunction } from 'ajv'
import { compiledValidators } from './validators.js'

/**
 * GitHub's own description of its REST API (`@octokit/openapi`, the
 * api.github.com version) as the judge of every request the emulated API
 * receives: the method and path must be one of its operations, the path and
 * query parameters and the JSON body must match that operation's schemas.
 *
 * The whole description is 13 MB, a quarter to half a second to parse, and
 * parsing blocks the process a step runs in; so the emulator reads an
 * extract of it (github-openapi/description.json): every operation's method
 * and path, and the parameters and body schemas of the operations the
 * emulator answers, with the components they reach, and the version and
 * SHA-256 of the description it was made from. `extractDescription` (github-openapi-extract.ts) makes
 * it; `npm run github-openapi` fetches the pinned (or, with --latest, the
 * newest) package from the registry and writes it; a scheduled workflow
 * checks it against the newest description every week. The package itself
 * (394 MB installed) is no dependency of the project.
 */

/** The API version the description is for, and the one every request must ask for. */
export const API_VERSION = '2022-11-28'

/** The operations the emulator answers; every other operation of GitHub's is a violation when asked for. */
export const EMULATED_OPERATIONS = [
  'users/get-authenticated',
  'checks/create',
  'checks/update',
  'checks/get',
  'checks/list-for-ref',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'pulls/list',
  'repos/get',
  'repos/list-commits',
  'repos/list-pull-requests-associated-with-commit'
] as const

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

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: object
}

/** The extract the emulator reads: every operation by path and method, and the schemas of those it answers. */
export interface DescriptionExtract {
  /** The package, its version, the file and that file's SHA-256: the description the extract was made from. */
  source: { package: string; version: string; file: string; sha256: string }
  /** path template → method → operation id, for every operation of the API. */
  routes: Record<string, Record<string, string>>
  /** The parameters and JSON body of each emulated operation, every reference resolved or carried along. */
  operations: Record<
    string,
    { parameters: Parameter[]; body?: { required: boolean; schema: object } }
  >
}

/** Where the extract is kept, beside this file. */
export const EXTRACT_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  'github-openapi',
  'description.json'
)

interface Route {
  method: string
  path: string
  operationId: string
  pattern: RegExp
  names: string[]
}

interface Compiled {
  parameters: { parameter: Parameter; validate: ValidateFunction }[]
  body?: { required: boolean; fields?: string[]; validate: ValidateFunction }
}

let loaded: { extract: DescriptionExtract; routes: Route[]; loadMs: number } | undefined

/** Reads the extract once; the first call pays for it (a few milliseconds), the rest reuse it. */
export function githubDescription(): { routes: number; loadMs: number; version: string } {
  const { routes, loadMs, extract } = load()
  return { routes: routes.length, loadMs, version: extract.source.version }
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded
  const started = performance.now()
  const extract = JSON.parse(readFileSync(EXTRACT_PATH, 'utf8')) as DescriptionExtract
  const routes: Route[] = []
  for (const [path, methods] of Object.entries(extract.routes)) {
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
    for (const [method, operationId] of Object.entries(methods))
      routes.push({ method, path, operationId, pattern, names: [...names] })
  }
  // A literal segment wins over a parameter (`/user/repos` before `/user/{id}`), as a router does.
  routes.sort((a, b) => literalLength(b.path) - literalLength(a.path))
  loaded = { extract, routes, loadMs: performance.now() - started }
  return loaded
}

function literalLength(path: string): number {
  return path.replace(/\{[^}]+\}/g, '').length
}

/**
 * Checks one request against the description: the operation it is, or why
 * GitHub would refuse it. `body` is the parsed JSON body (undefined when the
 * request had none). An operation the emulator does not answer is matched
 * but not validated: the emulator refuses it anyway.
 */
export function checkRequest(
  method: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown
): Operation | Refusal {
  const { extract } = load()
  const matched = matchRoute(method, pathname)
  if (!matched)
    return { status: 404, message: `${method} ${pathname} is no operation of GitHub's REST API` }
  const { route, params } = matched
  const operation = { id: route.operationId, path: route.path, params }
  const described = extract.operations[route.operationId]
  if (!described) return operation
  const compiled = compiledOperations(extract).get(route.operationId)!
  const problems = [
    ...parameterProblems(compiled, route.operationId, params, query),
    ...bodyProblems(compiled, route.operationId, body)
  ]
  if (problems.length > 0)
    return {
      status: 422,
      message: `${method} ${route.path} (${route.operationId}): ${problems.join('; ')}`
    }
  return operation
}

/** The operation whose method and path template match, and the path's parameters. */
function matchRoute(
  method: string,
  pathname: string
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of load().routes) {
    if (route.method !== method) continue
    const match = route.pattern.exec(pathname)
    if (!match) continue
    const params: Record<string, string> = {}
    route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)))
    return { route, params }
  }
  return undefined
}

/** What the operation's path and query parameters refuse: one unknown, missing, repeated or invalid. */
function parameterProblems(
  compiled: Compiled,
  operationId: string,
  params: Record<string, string>,
  query: URLSearchParams
): string[] {
  const problems: string[] = []
  const declared = new Set(compiled.parameters.map(p => `${p.parameter.in}:${p.parameter.name}`))
  for (const name of new Set(query.keys()))
    if (!declared.has(`query:${name}`))
      problems.push(`query parameter ${name} is not a parameter of ${operationId}`)
  for (const { parameter, validate } of compiled.parameters) {
    const given = parameter.in === 'path' ? [params[parameter.name]!] : query.getAll(parameter.name)
    if (given.length === 0) {
      if (parameter.required)
        problems.push(`${parameter.in} parameter ${parameter.name} is required`)
      continue
    }
    if (given.length > 1) problems.push(`query parameter ${parameter.name} is given more than once`)
    if (!validate({ value: given[0] }))
      problems.push(`${parameter.in} parameter ${parameter.name}: ${errorsOf(validate)}`)
  }
  return problems
}

/** What the operation's body schema refuses of `body`, a field it does not know included. */
function bodyProblems(compiled: Compiled, operationId: string, body: unknown): string[] {
  if (!compiled.body) return body === undefined ? [] : [`${operationId} takes no body`]
  if (body === undefined) return compiled.body.required ? ['the request has no JSON body'] : []
  const problems: string[] = []
  if (!compiled.body.validate(body)) problems.push(`body: ${errorsOf(compiled.body.validate)}`)
  // GitHub ignores a field it does not know; a client that sends one believes in a field that does not exist.
  const known = compiled.body.fields
  if (known && body && typeof body === 'object' && !Array.isArray(body))
    for (const name of Object.keys(body))
      if (!known.includes(name))
        problems.push(`body field ${name} is not a field of ${operationId}`)
  return problems
}

let compiled: Map<string, Compiled> | undefined

/**
 * The validators of every emulated operation, compiled once (validators.ts):
 * each path and query parameter (coerced from its text, as GitHub reads it)
 * and the JSON body.
 */
function compiledOperations(extract: DescriptionExtract): Map<string, Compiled> {
  if (compiled) return compiled
  const parameterSchemas: Record<string, object> = {}
  const bodySchemas: Record<string, object> = {}
  for (const [id, described] of Object.entries(extract.operations)) {
    for (const parameter of described.parameters) {
      // The value is checked as a property, so that its text can be coerced; its components stay at the root.
      const { components, ...schema } = (parameter.schema ?? {}) as { components?: object }
      parameterSchemas[`${id} ${parameter.in}:${parameter.name}`] = {
        type: 'object',
        properties: { value: schema },
        ...(components ? { components } : {})
      }
    }
    if (described.body) bodySchemas[id] = described.body.schema
  }
  const parameters = compiledValidators('github-parameters', parameterSchemas, {
    coerceTypes: true
  })
  const bodies = compiledValidators('github-bodies', bodySchemas, { coerceTypes: false })
  compiled = new Map()
  for (const [id, described] of Object.entries(extract.operations)) {
    const operation: Compiled = {
      parameters: described.parameters.map(parameter => ({
        parameter,
        validate: parameters[`${id} ${parameter.in}:${parameter.name}`]!
      }))
    }
    if (described.body) {
      const properties = (described.body.schema as { properties?: Record<string, unknown> })
        .properties
      operation.body = {
        required: described.body.required,
        ...(properties ? { fields: Object.keys(properties) } : {}),
        validate: bodies[id]!
      }
    }
    compiled.set(id, operation)
  }
  return compiled
}

function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map(e => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join(', ')
}
