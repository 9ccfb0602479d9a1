/**
 * The readers of the options with a structure of their own: a URL (the
 * service's base URL above all), the variables object, a repository.
 */
import { InputError } from '../shared/errors.js'
import type { Repository } from '../shared/git-context.js'
import { isLoopback } from '../shared/name-rules.js'
import { ref } from '../shared/option-refs.js'
import type { OptionKey } from '../shared/option-table.js'
import { redactShapes } from '../shared/redact.js'
import { hasControlCharacter, quote, withoutTrailingSlashes } from '../shared/text.js'

const MAX_VARIABLES_BYTES = 64 * 1024
/** The longest name a run variable may have. */
export const MAX_VARIABLE_NAME_LENGTH = 256
const REPOSITORY_PART = /^[\w.-]{1,100}$/

/** What a value is, for a message that refuses it: `a number`, `an array`, `null`. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

export function textOf(key: OptionKey, raw: unknown, trim = true): string {
  if (typeof raw !== 'string')
    throw new InputError(key, `is ${describe(raw)}, not text`, 'Give it as a string')
  return trim ? raw.trim() : raw
}

/** An http(s) URL, as given. */
export function urlValue(key: OptionKey, value: string | undefined): string | undefined {
  if (!value) return value
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InputError(
      key,
      `${quote(redactShapes(value))} is not an http(s) URL`,
      'Give a full URL such as https://example.com/...'
    )
  }
  return value
}

export function repository(key: OptionKey, raw: unknown): Repository | undefined {
  const object = raw as Record<string, unknown>
  const parts = ['name', 'owner', 'namespace'].map(field => object?.[field])
  const [name, owner, namespace] = parts
  const good = (part: unknown): part is string =>
    typeof part === 'string' && REPOSITORY_PART.test(part)
  const goodNamespace = (part: unknown): part is string =>
    typeof part === 'string' && part.split('/').every(good)
  if (typeof raw !== 'object' || !good(name) || !(good(owner) || goodNamespace(namespace)))
    throw new InputError(
      key,
      'is not a repository',
      'Give {owner, name}, or {namespace, name} for GitLab, of letters, digits, dots, hyphens and underscores'
    )
  return good(owner) ? { owner, name } : { namespace: namespace as string, name }
}

/**
 * The base URL without a trailing slash: the service's origin, or a
 * gateway's path prefix in front of it, which every request keeps. Plain
 * http is refused except for a loopback host, so that the API key never
 * crosses a network in clear text. Whatever it says, a password in it is
 * never repeated.
 */
export function parseBaseUrl(raw: string): string {
  const key = 'baseUrl'
  const value = raw.trim()
  const fix = 'Use the service URL, e.g. https://service.example.com'
  const fail = (problem: string, fixed = fix): InputError => new InputError(key, problem, fixed)
  if (!value) throw fail('is empty')
  if (hasControlCharacter(value)) throw fail('contains a control character')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    // A value with an @ may hold a password: it is not repeated.
    throw fail(
      value.includes('@')
        ? 'is not a URL (not shown, as it holds an @)'
        : `${quote(value)} is not a URL`
    )
  }
  if (url.username || url.password) {
    throw fail(
      'contains credentials',
      `Remove the user and password from the URL: requests authenticate with ${ref('apiKey')}`
    )
  }
  const shown = quote(url.origin + url.pathname)
  if (url.search || url.hash)
    throw fail(`${shown} has a query or a fragment`, `${fix}, with neither`)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw fail(`${shown} is not an https URL`)
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw fail(
      `${shown} uses plain http to a host that is not loopback, which would send the API key in clear text`,
      'Use https'
    )
  }
  // A gateway's path prefix (https://gw.example.com/testing) is kept on every request. A path that reaches
  // into the service's own API is a request's address pasted whole: refused, naming the base to use.
  const path = withoutTrailingSlashes(url.pathname)
  const api = /(^|\/)api(\/|$)/i.exec(path)
  if (api) {
    const base = `${url.origin}${path.slice(0, api.index)}`
    throw fail(
      `${shown} reaches into the service's API (${quote(path.slice(api.index), 40)})`,
      `Use the address the requests start from, ${quote(base)}: they add /api/... themselves`
    )
  }
  return `${url.origin}${path}`
}

/**
 * The variables: a JSON object (or an object) whose values are strings,
 * numbers or booleans; numbers and booleans become strings, as the service
 * takes strings.
 */
export function parseVariables(key: OptionKey, raw: unknown): Record<string, string> | undefined {
  const fix = 'Give a JSON object of names to strings, e.g. {"LOCALE": "en-GB"}'
  const fail = (problem: string, fixed = fix): InputError => new InputError(key, problem, fixed)
  let parsed: unknown = raw
  if (typeof raw === 'string') {
    if (raw.trim() === '') return undefined
    if (Buffer.byteLength(raw, 'utf8') > MAX_VARIABLES_BYTES)
      throw fail(
        `is larger than ${MAX_VARIABLES_BYTES / 1024} KiB`,
        'Send fewer or shorter variables'
      )
    try {
      parsed = JSON.parse(raw)
    } catch (error) {
      throw fail(`is not valid JSON (${error instanceof Error ? error.message : 'unreadable'})`)
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw fail(`is not an object (${describe(parsed)})`)
  const entries: [string, string][] = []
  let bytes = 0
  for (const [name, value] of Object.entries(parsed)) {
    if (name === '' || name.length > MAX_VARIABLE_NAME_LENGTH || hasControlCharacter(name))
      throw fail(
        `has an invalid name ${quote(name)}`,
        'Use non-empty names without control characters'
      )
    let text: string
    if (typeof value === 'string') text = value
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
    else if (typeof value === 'boolean') text = String(value)
    else
      throw fail(
        `has ${describe(value)} for ${quote(name)}`,
        'Use a string, number or boolean for every variable'
      )
    bytes += Buffer.byteLength(name) + Buffer.byteLength(text)
    entries.push([name, text])
  }
  if (bytes > MAX_VARIABLES_BYTES)
    throw fail(
      `is larger than ${MAX_VARIABLES_BYTES / 1024} KiB`,
      'Send fewer or shorter variables'
    )
  // fromEntries defines own properties, so a name like __proto__ stays a plain variable.
  return Object.fromEntries(entries)
}

/** A single-line value, trimmed; empty is not given; a line break or another control character is refused. */
export function plainText(key: OptionKey, raw: unknown): string | undefined {
  const value = textOf(key, raw, false)
  if (hasControlCharacter(value)) {
    throw new InputError(
      key,
      `contains a line break or another control character (${quote(value, 40)})`,
      'Give a single-line value'
    )
  }
  return value.trim() || undefined
}
