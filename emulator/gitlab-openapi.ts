import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { compiledValidators } from './validators.js'

/**
 * GitLab's own description of its REST API as the judge of every request the
 * GitLab stand-in receives and of every answer it gives: an extract of
 * GitLab 19.5's OpenAPI 3.0 document (gitlab-openapi/, CC BY-SA 4.0, its
 * README says what was copied and from where), pinned by its SHA-256 so
 * that the judge cannot drift unseen. The method and path must be one of
 * its operations (404), the path and query parameters and the JSON body
 * must match the operation's schemas (400, in Grape's words), and our
 * answer must match the operation's response schema.
 */

/** The extract's SHA-256: a changed file is a new judge, to be read and pinned on purpose. */
export const EXTRACT_SHA256 = '73eedfacabf501bf623bbbafa31a922761985c01eb9e7c8ee3b1e48276e5185a'

export const EXTRACT_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  'gitlab-openapi',
  'gitlab-openapi-extract.json'
)

interface Parameter {
  name: string
  in: 'path' | 'query'
  required?: boolean
  schema?: object
}

interface RawOperation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: object }> }
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}

export interface GitLabExtract {
  attribution: string
  unresolved_schema_refs: string[]
  paths: Record<string, Record<string, RawOperation>>
  components: { schemas: Record<string, object> }
}

/** A request matched to its operation. */
export interface Operation {
  id: string
  params: Record<string, string>
}

/** Why GitLab would refuse a request: 404 for no such route, 400 with Grape's `error` for bad parameters. */
export interface Refusal {
  status: 404 | 400
  /** What the answer says, e.g. `state does not have a valid value`. */
  error: string
  /** What the violation records. */
  message: string
}

interface Route {
  method: string
  template: string
  operation: RawOperation
  pattern: RegExp
  names: string[]
}

let loaded: { extract: GitLabExtract; routes: Route[] } | undefined

/** Reads the extract once, refusing a file that is not the pinned one. */
export function gitlabDescription(): GitLabExtract {
  return load().extract
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded
  const text = readFileSync(EXTRACT_PATH)
  const sha256 = createHash('sha256').update(text).digest('hex')
  if (sha256 !== EXTRACT_SHA256)
    throw new Error(`${EXTRACT_PATH} has SHA-256 ${sha256}, not the pinned ${EXTRACT_SHA256}`)
  const extract = JSON.parse(text.toString('utf8')) as GitLabExtract
  const routes: Route[] = []
  for (const [template, methods] of Object.entries(extract.paths)) {
    const names: string[] = []
    const source = template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      names.push(name)
      return '([^/]+)'
    })
    for (const [method, operation] of Object.entries(methods))
      routes.push({
        method: method.toUpperCase(),
        template,
        operation,
        pattern: new RegExp(`^${source}$`),
        names
      })
  }
  // A literal segment wins over a parameter (`/user` before a template), as Grape's router does.
  const literal = (path: string): number => path.replace(/\{[^}]+\}/g, '').length
  routes.sort((a, b) => literal(b.template) - literal(a.template))
  loaded = { extract, routes }
  return loaded
}

/** The operation a request is, or why GitLab refuses it; `body` is the parsed JSON body, if any. */
export function checkRequest(
  method: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown
): Operation | Refusal {
  const matched = matchRoute(method, pathname)
  if (!matched)
    return {
      status: 404,
      error: '404 Not Found',
      message: `${method} ${pathname} is no operation of GitLab's REST API (as extracted)`
    }
  const { route, params } = matched
  const id = route.operation.operationId
  const compiled = compiledOperations().get(id)!
  const problems = [...parameterProblems(compiled, params, query), ...bodyProblems(compiled, body)]
  if (problems.length === 0) return { id, params }
  return {
    status: 400,
    error: problems.map(p => p.error).join(', '),
    message: `${method} ${route.template} (${id}): ${problems.map(p => p.detail).join('; ')}`
  }
}

function matchRoute(method: string, pathname: string) {
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

/** Why our answer is not what the operation's response schema says, or undefined. */
export function answerProblem(id: string, status: number, body: unknown): string | undefined {
  const validate = compiledOperations().get(id)?.responses[status]
  if (!validate) return undefined
  // GitLab writes the note list's answer as one note; GitLab answers an array of them: each is checked.
  const items = id === NOTE_LIST && Array.isArray(body) ? body : [body]
  for (const item of items)
    if (!validate(item)) return `our ${status} answer: ${messages(validate.errors).join(', ')}`
  return undefined
}

const NOTE_LIST = 'getApiV4ProjectsIdMergeRequestsNoteableIdNotes'

/** One refusal: in Grape's words for the answer, in detail for the violation. */
type Problem = Record<'error' | 'detail', string>

interface Compiled {
  parameters: { parameter: Parameter; validate: ValidateFunction }[]
  body?: { required: boolean; fields: string[]; validate: ValidateFunction }
  responses: Record<number, ValidateFunction>
}

function parameterProblems(
  compiled: Compiled,
  params: Record<string, string>,
  query: URLSearchParams
): Problem[] {
  const problems: Problem[] = []
  const known = new Set(compiled.parameters.map(p => `${p.parameter.in}:${p.parameter.name}`))
  for (const name of new Set(query.keys()))
    if (!known.has(`query:${name}`))
      problems.push({ error: `${name} is invalid`, detail: `query parameter ${name} is unknown` })
  for (const { parameter, validate } of compiled.parameters) {
    const given = parameter.in === 'path' ? [params[parameter.name]!] : query.getAll(parameter.name)
    if (given.length === 0) {
      if (parameter.required)
        problems.push({
          error: `${parameter.name} is missing`,
          detail: `${parameter.name} is required`
        })
    } else if (!validate({ value: given[0] }))
      problems.push(problemOf(parameter.name, validate.errors, `${parameter.in} parameter`))
  }
  return problems
}

function bodyProblems(compiled: Compiled, body: unknown): Problem[] {
  const described = compiled.body
  if (!described)
    return body === undefined
      ? []
      : [{ error: 'body is invalid', detail: 'the operation takes no body' }]
  if (body === undefined)
    return described.required
      ? [{ error: 'body is missing', detail: 'the request has no JSON body' }]
      : []
  const problems: Problem[] = []
  // Grape drops a field it does not declare; a client that sends one believes in a field that does not exist.
  if (body && typeof body === 'object' && !Array.isArray(body))
    for (const name of Object.keys(body))
      if (!described.fields.includes(name))
        problems.push({ error: `${name} is invalid`, detail: `body field ${name} is unknown` })
  if (!described.validate(body)) {
    for (const error of described.validate.errors ?? []) {
      const field =
        (error.params as { missingProperty?: string }).missingProperty ??
        (error.instancePath.split('/')[1] || 'body')
      problems.push(problemOf(field, [error], 'body field'))
    }
  }
  return problems
}

/** A refusal in Grape's words: a missing value `is missing`, a value outside its enum `does not have a valid value`. */
function problemOf(field: string, errors: ValidateFunction['errors'], what: string): Problem {
  const first = errors?.[0]
  const error =
    first?.keyword === 'required'
      ? `${field} is missing`
      : first?.keyword === 'enum'
        ? `${field} does not have a valid value`
        : `${field} is invalid`
  return { error, detail: `${what} ${field}: ${messages(errors).join(', ')}` }
}

function messages(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
}

let compiled: Map<string, Compiled> | undefined

/** Every operation's validators, compiled once (validators.ts): parameters (read from text), body, answers. */
function compiledOperations(): Map<string, Compiled> {
  if (compiled) return compiled
  const { extract, routes } = load()
  const components = { schemas: extract.components.schemas }
  const parameters: Record<string, object> = {}
  const bodies: Record<string, object> = {}
  const responses: Record<string, object> = {}
  for (const { operation: op } of routes) {
    for (const p of op.parameters ?? [])
      parameters[`${op.operationId} ${p.in}:${p.name}`] = {
        type: 'object',
        properties: { value: eitherOf(p.schema ?? {}) }
      }
    const body = op.requestBody?.content['application/json']?.schema
    if (body) bodies[op.operationId] = { ...body, components }
    for (const [status, response] of Object.entries(op.responses)) {
      const schema = response.content?.['application/json']?.schema
      // A schema GitLab's extract left unresolved (the project's) cannot judge: that answer goes unchecked.
      const unresolved = extract.unresolved_schema_refs.some(name =>
        JSON.stringify(schema ?? {}).includes(`/${name}"`)
      )
      if (schema && !unresolved)
        responses[`${op.operationId} ${status}`] = { ...schema, components }
    }
  }
  const byParameter = compiledValidators('gitlab-parameters', parameters, { coerceTypes: true })
  const byBody = compiledValidators('gitlab-bodies', bodies, { coerceTypes: false })
  const byResponse = compiledValidators('gitlab-responses', responses, { coerceTypes: false })
  compiled = new Map()
  for (const { operation: op } of routes) {
    const id = op.operationId
    const body = bodies[id] as { properties?: object; $ref?: string } | undefined
    const ref = body?.$ref?.split('/').pop()
    const fields = Object.keys(
      (ref ? (components.schemas[ref] as { properties?: object }) : body)?.properties ?? {}
    )
    compiled.set(id, {
      parameters: (op.parameters ?? []).map(parameter => ({
        parameter,
        validate: byParameter[`${id} ${parameter.in}:${parameter.name}`]!
      })),
      ...(body
        ? { body: { required: op.requestBody?.required === true, fields, validate: byBody[id]! } }
        : {}),
      responses: Object.fromEntries(
        Object.keys(op.responses)
          .filter(status => byResponse[`${id} ${status}`])
          .map(status => [Number(status), byResponse[`${id} ${status}`]!])
      )
    })
  }
  return compiled
}

/** A parameter's schema for its text: `oneOf: [string, integer]` (an id or a path) means either; a number's text is both. */
function eitherOf(schema: object): object {
  const { oneOf, ...rest } = schema as { oneOf?: object[] }
  return oneOf ? { ...rest, anyOf: oneOf } : schema
}
