/**
 * Makes the extract of GitHub's OpenAPI description the GitHub stand-in
 * reads (github-openapi.ts): every operation's method and path, and the
 * parameters and body schemas of the operations it answers, each with the
 * components it reaches. `npm run github-openapi` runs it on the package.
 */
import { EMULATED_OPERATIONS, type DescriptionExtract, type Parameter } from './github-openapi.js'

interface RawOperation {
  operationId: string
  parameters?: (Parameter | { $ref: string })[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> }
}

export interface Description {
  paths: Record<string, Record<string, RawOperation>>
  components: Record<string, Record<string, unknown>>
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options'])
const PACKAGE = '@octokit/openapi'
const FILE = 'generated/api.github.com.json'

/** The package and the file in it the extract is made from. */
export const DESCRIPTION_SOURCE = { package: PACKAGE, file: FILE } as const

/** The extract of a description: what the emulator needs of it, and nothing else. */
export function extractDescription(
  description: Description,
  version: string,
  sha256: string
): DescriptionExtract {
  const routes: DescriptionExtract['routes'] = {}
  const operations: DescriptionExtract['operations'] = {}
  const emulated = new Set<string>(EMULATED_OPERATIONS)
  for (const [path, item] of Object.entries(description.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      ;(routes[path] ??= {})[method.toUpperCase()] = raw.operationId
      if (!emulated.has(raw.operationId)) continue
      const parameters = (raw.parameters ?? [])
        .map(p => resolve<Parameter>(description, p))
        .filter(p => p.in === 'path' || p.in === 'query')
        .map(p => ({
          name: p.name,
          in: p.in,
          ...(p.required ? { required: true } : {}),
          schema: standalone(description, p.schema ?? {})
        }))
      const schema = raw.requestBody?.content?.['application/json']?.schema
      operations[raw.operationId] = {
        parameters,
        ...(schema
          ? {
              body: {
                required: raw.requestBody?.required === true,
                schema: standalone(description, resolve<object>(description, schema))
              }
            }
          : {})
      }
    }
  }
  return { source: { package: PACKAGE, version, file: FILE, sha256 }, routes, operations }
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
 * A schema with the components it reaches, and only those, inside it: its
 * `#/components/...` references resolve as in the whole description.
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
  return Object.keys(components).length > 0 ? { ...schema, components } : schema
}
