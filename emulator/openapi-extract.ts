/**
 * Makes the extract of a code host's OpenAPI description its stand-in reads
 * (GitHub's: github-openapi.ts; Bitbucket's: bitbucket-openapi.ts): every
 * operation's method and path, and the parameters and body schemas of the
 * operations it answers, each with the components it reaches. An operation
 * the description gives no id (Bitbucket's statuses) is known by its method
 * and path, `POST /repositories/…`. `npm run github-openapi` and
 * `npm run bitbucket-openapi` run it on the pinned package.
 */
import type { DescriptionExtract, Parameter } from './openapi-judge.js'

interface RawOperation {
  operationId?: string
  parameters?: (Parameter | { $ref: string })[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> }
}

export interface Description {
  paths: Record<string, Record<string, RawOperation>>
  components: Record<string, Record<string, unknown>>
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options'])

/** The extract of a description: what the emulator needs of it, and nothing else. */
export function extractDescription(
  description: Description,
  source: DescriptionExtract['source'],
  emulatedOperations: readonly string[]
): DescriptionExtract {
  const routes: DescriptionExtract['routes'] = {}
  const operations: DescriptionExtract['operations'] = {}
  const emulated = new Set<string>(emulatedOperations)
  for (const [path, item] of Object.entries(description.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const id = raw.operationId ?? `${method.toUpperCase()} ${path}`
      ;(routes[path] ??= {})[method.toUpperCase()] = id
      if (!emulated.has(id)) continue
      // Parameters given once for every method of a path (Bitbucket's), then the operation's own.
      const shared = (item as { parameters?: RawOperation['parameters'] }).parameters ?? []
      const parameters = [...shared, ...(raw.parameters ?? [])]
        .map(p => resolve<Parameter>(description, p))
        .filter(p => p.in === 'path' || p.in === 'query')
        .map(p => ({
          name: p.name,
          in: p.in,
          ...(p.required ? { required: true } : {}),
          schema: standalone(description, p.schema ?? {})
        }))
      const schema = raw.requestBody?.content?.['application/json']?.schema
      operations[id] = {
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
  return { source, routes, operations }
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
