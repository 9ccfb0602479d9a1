import { InputError } from './errors.js'
import { quote } from './inert.js'
import { hasControlCharacter } from './naming.js'
import type { OptionKey, Words } from './words.js'

/**
 * Validators every front end applies, so that the action, the CLI and the
 * library refuse exactly the same values; each names the option in the front
 * end's words.
 */

const MAX_VARIABLES_BYTES = 64 * 1024
const MAX_VARIABLE_NAME_LENGTH = 256
const NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SHA = /^[0-9a-fA-F]{7,64}$/
const TRUE_VALUES = ['true', 'True', 'TRUE']
const FALSE_VALUES = ['false', 'False', 'FALSE']

/** A single-line value, trimmed; a line break or another control character is refused. */
export function plainText(words: Words, option: OptionKey, value: string): string {
  if (hasControlCharacter(value)) {
    throw new InputError(
      words,
      option,
      `contains a line break or another control character (${quote(value, 40)})`,
      'Give a single-line value'
    )
  }
  return value.trim()
}

/** A part of a conventional name: letters, digits, dots, hyphens, underscores. */
export function namePart(words: Words, option: OptionKey, value: string): string {
  if (value && !NAME_PART.test(value)) {
    throw new InputError(
      words,
      option,
      `${quote(value)} is not a valid name part`,
      'Use letters, digits, dots, hyphens and underscores, starting with a letter or digit'
    )
  }
  return value
}

/** The YAML 1.2 core-schema booleans that `core.getBooleanInput` accepts; empty means the default. */
export function parseBoolean(
  words: Words,
  option: OptionKey,
  raw: string,
  fallback: boolean
): boolean {
  const value = raw.trim()
  if (value === '') return fallback
  if (TRUE_VALUES.includes(value)) return true
  if (FALSE_VALUES.includes(value)) return false
  throw new InputError(words, option, `${quote(value)} is not a boolean`, 'Use true or false')
}

/** A whole number in range from text; empty means undefined (the default). */
export function parseInteger(
  words: Words,
  option: OptionKey,
  value: string,
  min: number,
  max: number
): number | undefined {
  if (value === '') return undefined
  const n = /^\d+$/.test(value) ? Number(value) : NaN
  return integerInRange(words, option, n, min, max, quote(value))
}

/** A whole number in range. */
export function integerInRange(
  words: Words,
  option: OptionKey,
  n: number,
  min: number,
  max: number,
  shown = String(n)
): number {
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new InputError(
      words,
      option,
      `${shown} is not a whole number from ${min} to ${max}`,
      `Use a whole number from ${min} to ${max}, or leave it out for the default`
    )
  }
  return n
}

export function shaValue(words: Words, option: OptionKey, value: string): string {
  if (value && !SHA.test(value)) {
    throw new InputError(
      words,
      option,
      `${quote(value)} is not a commit hash`,
      'Use a hexadecimal commit id'
    )
  }
  return value
}

export function urlValue(words: Words, option: OptionKey, value: string): string {
  if (!value) return value
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InputError(
      words,
      option,
      `${quote(value)} is not an http(s) URL`,
      'Give a full URL such as https://example.com/...'
    )
  }
  return value
}

/** A path with a `..` segment or a backslash: never sent to the service. */
export function hasUnsafePath(path: string): boolean {
  return path.includes('\\') || path.split('/').includes('..')
}

/**
 * The base URL without a trailing slash. Plain http is refused except for a
 * loopback host, so that the API key never crosses a network in clear text.
 */
export function parseBaseUrl(words: Words, raw: string): string {
  const value = raw.trim()
  const fix = 'Use the service URL, e.g. https://service.example.com'
  const fail = (problem: string, fixed = fix): InputError =>
    new InputError(words, 'baseUrl', problem, fixed)
  if (!value) throw fail('is empty')
  if (hasControlCharacter(value)) throw fail('contains a control character')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw fail(`${quote(value)} is not a URL`)
  }
  if (url.username || url.password) {
    throw fail(
      'contains credentials',
      `Remove the user and password from the URL: requests authenticate with ${words.name('apiKey')}`
    )
  }
  const shown = quote(url.origin + url.pathname)
  if (url.search || url.hash)
    throw fail(`${shown} has a query or a fragment`, `${fix}, with neither`)
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw fail(
      `${shown} uses plain http to a host that is not loopback, which would send the API key in clear text`,
      'Use https'
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw fail(`${shown} is not an https URL`)
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** Extra variables for the run: JSON text, or an object already; numbers and booleans become strings. */
export type VariablesValue = string | Record<string, string | number | boolean>

/**
 * The variables: a JSON object (or an object) whose values are strings,
 * numbers or booleans; numbers and booleans become strings, as the service
 * takes strings.
 */
export function parseVariables(
  words: Words,
  raw: VariablesValue | undefined
): Record<string, string> {
  const fix = 'Give a JSON object of names to strings, e.g. {"LOCALE": "en-GB"}'
  const fail = (problem: string, fixed = fix): InputError =>
    new InputError(words, 'variables', problem, fixed)
  let parsed: unknown = raw
  if (raw === undefined) return {}
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {}
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
  for (const [name, value] of Object.entries(parsed)) {
    if (name === '' || name.length > MAX_VARIABLE_NAME_LENGTH || hasControlCharacter(name))
      throw fail(
        `has an invalid name ${quote(name)}`,
        'Use non-empty names without control characters'
      )
    if (typeof value === 'string') entries.push([name, value])
    else if (typeof value === 'number' || typeof value === 'boolean')
      entries.push([name, String(value)])
    else
      throw fail(
        `has ${describe(value)} for ${quote(name)}`,
        'Use a string, number or boolean for every variable'
      )
  }
  // fromEntries defines own properties, so a name like __proto__ stays a plain variable.
  return Object.fromEntries(entries)
}

/** The name of a run variable: what the lane plugin's option takes. */
export function variableName(words: Words, option: OptionKey, value: string): string {
  if (
    !value ||
    value.length > MAX_VARIABLE_NAME_LENGTH ||
    hasControlCharacter(value) ||
    /\s/.test(value)
  ) {
    throw new InputError(
      words,
      option,
      `${quote(value)} is not a variable name`,
      'Use a name such as RUN_INPUT_PATH, without spaces'
    )
  }
  return value
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
