import { readFileSync } from 'node:fs'
import type { ValidateFunction } from 'ajv'
import { compiledValidators } from './validators.js'

/**
 * A code host's own OpenAPI description as the judge of every request its
 * stand-in receives (GitHub's: github-openapi.ts; Bitbucket's:
 * bitbucket-openapi.ts): the method and path must be one of its operations,
 * the path and query parameters and the JSON body must match that
 * operation's schemas. A whole description is large (GitHub's 13 MB, a
 * quarter to half a second to parse, in the process a step runs in), so a
 * stand-in reads an extract of it: every operation's method and path, and
 * the parameters and body schemas of the operations it answers, with the
 * components they reach, and the version and SHA-256 of the description it
 * was made from. `extractDescription` (openapi-extract.ts) makes it;
 * `npm run github-openapi` / `bitbucket-openapi` fetch the pinned package
 * from the registry and write it.
 */

/** Why a request is not one the description allows: 404 for no such operation, 422 for invalid parameters or body. */
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

/** A host whose stand-in a description judges: its name in refusals, where its extract is, a key for its compiled validators. */
export interface JudgedApi {
  name: string
  extractPath: string
  key: string
  /**
   * Query parameters every list (a GET) takes beyond what its operation
   * declares, each a positive integer: Bitbucket's `page` and `pagelen`,
   * which its pagination documentation gives every list and its `next`
   * links carry, where the description declares them on some lists only.
   */
  pagination?: readonly string[]
}

/** A description's judge: a request's operation, or why the host would refuse it; what was loaded. */
export interface Judge {
  check(
    method: string,
    pathname: string,
    query: URLSearchParams,
    body: unknown
  ): Operation | Refusal
  /** Reads the extract once; the first call pays for it (a few milliseconds), the rest reuse it. */
  describe(): { routes: number; loadMs: number; version: string }
}

interface Loaded {
  extract: DescriptionExtract
  routes: Route[]
  loadMs: number
  compiled: Map<string, Compiled>
}

/** The judge of one host's description, its extract read and its validators compiled on first use. */
export function descriptionJudge(api: JudgedApi): Judge {
  let loaded: Loaded | undefined
  const ready = (): Loaded => (loaded ??= load(api))
  return {
    check: (method, pathname, query, body) =>
      checkRequest(api, ready(), method, pathname, query, body),
    describe() {
      const { routes, loadMs, extract } = ready()
      return { routes: routes.length, loadMs, version: extract.source.version }
    }
  }
}

function load(api: JudgedApi): Loaded {
  const started = performance.now()
  const extract = JSON.parse(readFileSync(api.extractPath, 'utf8')) as DescriptionExtract
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
  const compiled = compiledOperations(api, extract)
  return { extract, routes, compiled, loadMs: performance.now() - started }
}

function literalLength(path: string): number {
  return path.replace(/\{[^}]+\}/g, '').length
}

/**
 * Checks one request against the description: the operation it is, or why
 * the host would refuse it. `body` is the parsed JSON body (undefined when
 * the request had none). An operation the emulator does not answer is
 * matched but not validated: the emulator refuses it anyway.
 */
function checkRequest(
  api: JudgedApi,
  { extract, routes, compiled }: Loaded,
  method: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown
): Operation | Refusal {
  const matched = matchRoute(routes, method, pathname)
  if (!matched)
    return {
      status: 404,
      message: `${method} ${pathname} is no operation of ${api.name}'s REST API`
    }
  const { route, params } = matched
  const operation = { id: route.operationId, path: route.path, params }
  const described = extract.operations[route.operationId]
  if (!described) return operation
  const operationCompiled = compiled.get(route.operationId)!
  const problems = [
    ...parameterProblems(operationCompiled, route.operationId, params, pagedOf(api, method, query)),
    ...bodyProblems(operationCompiled, route.operationId, body)
  ]
  if (problems.length > 0)
    return {
      status: 422,
      message: `${method} ${route.path} (${route.operationId}): ${problems.join('; ')}`
    }
  return operation
}

/** Pure: the query without the host's pagination of a list, once each is a positive integer; else as it is, to be refused. */
function pagedOf(api: JudgedApi, method: string, query: URLSearchParams): URLSearchParams {
  if (method !== 'GET' || !api.pagination) return query
  const rest = new URLSearchParams(query)
  for (const name of api.pagination) {
    const given = query.getAll(name)
    if (given.length === 1 && /^[1-9]\d{0,5}$/.test(given[0]!)) rest.delete(name)
  }
  return rest
}

/** The operation whose method and path template match, and the path's parameters. */
function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of routes) {
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
  // A host ignores a field it does not know; a client that sends one believes in a field that does not exist.
  const known = compiled.body.fields
  if (known && body && typeof body === 'object' && !Array.isArray(body))
    for (const name of Object.keys(body))
      if (!known.includes(name))
        problems.push(`body field ${name} is not a field of ${operationId}`)
  return problems
}

/**
 * The validators of every emulated operation, compiled once (validators.ts):
 * each path and query parameter (coerced from its text, as GitHub reads it)
 * and the JSON body.
 */
function compiledOperations(api: JudgedApi, extract: DescriptionExtract): Map<string, Compiled> {
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
  const parameters = compiledValidators(`${api.key}-parameters`, parameterSchemas, {
    coerceTypes: true
  })
  const bodies = compiledValidators(`${api.key}-bodies`, bodySchemas, { coerceTypes: false })
  const compiled = new Map<string, Compiled>()
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
