/**
 * The readers of every kind of option: each takes a value as a front end has
 * it (text from an input or a flag, or a typed value from the library) and
 * returns it checked, or undefined when it was not given. What one front end
 * refuses, every front end refuses, with the same words. Values given as
 * lists (builds, runs, one per platform) are read by lists.ts.
 */
import { InputError } from '../shared/errors.js'
import {
  destinationProblem,
  hasUnsafePath,
  isLoopback,
  MAX_PATH_LENGTH
} from '../shared/name-rules.js'
import { hasControlCharacter, hiddenCharacterIn, quote } from '../shared/text.js'
import {
  describe,
  MAX_VARIABLE_NAME_LENGTH,
  parseBaseUrl,
  parseVariables,
  plainText,
  repository,
  textOf,
  urlValue
} from './structured.js'
import { abis, globs, perPlatform, runIds } from './lists.js'

export { describe, parseBaseUrl, urlValue }
import {
  IOS_TARGETS,
  OPTIONS,
  PLATFORMS,
  type OptionKey,
  type OptionSpec,
  type OptionValue,
  type Platform
} from '../shared/option-table.js'

// An Android package name or an iOS bundle id: what either platform lets an app's id be.
const APP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/
const NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SHA = /^[0-9a-fA-F]{7,64}$/
const TRUE_VALUES = ['true', 'True', 'TRUE']
const FALSE_VALUES = ['false', 'False', 'FALSE']

/** Extra variables for the run: JSON text, or an object already; numbers and booleans become strings. */
export type VariablesValue = string | Record<string, string | number | boolean>

/** Reads one option's value by its kind in the table; undefined when not given (nothing, or empty text). */
export function readOption<K extends OptionKey>(key: K, raw: unknown): OptionValue<K> | undefined {
  // Each kind's reader returns that kind's value (KindValues): the one place the table's kind meets its type.
  return readValue(key, OPTIONS[key], raw) as OptionValue<K> | undefined
}

function readValue(key: OptionKey, spec: OptionSpec, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined
  switch (spec.kind) {
    case 'secret':
      return secret(key, raw)
    case 'secretUrl':
      return secretUrl(key, raw)
    case 'baseUrl':
      return raw === '' ? undefined : parseBaseUrl(textOf(key, raw, false))
    case 'text':
    case 'path':
      return plainText(key, raw)
    case 'displayName':
      return displayName(key, plainText(key, raw))
    case 'globs':
      return globs(key, raw)
    case 'destinationEach':
      return perPlatform(key, plainText(key, raw), destination, 'destination', 'builds/app.apk')
    case 'namePartEach':
      return perPlatform(key, plainText(key, raw), namePart, 'value', 'myapp')
    case 'relativePath':
      return relativePath(key, plainText(key, raw))
    case 'variables':
      return parseVariables(key, raw)
    case 'variableName':
      return variableName(key, plainText(key, raw))
    case 'boolean':
      return parseBoolean(key, raw)
    case 'integer':
      return parseInteger(key, raw, spec.min ?? 0, spec.max ?? Number.MAX_SAFE_INTEGER)
    case 'number':
      return parseNumber(key, raw, spec)
    case 'sha':
      return sha(key, plainText(key, raw))
    case 'url':
      return urlValue(key, plainText(key, raw))
    case 'runIds':
      return runIds(key, raw)
    case 'repository':
      return repository(key, raw)
    case 'appIds':
      return perPlatform(key, plainText(key, raw), appId, 'app id', 'com.example.shop', true)
    case 'platform':
      return platform(key, plainText(key, raw))
    case 'abis':
      return abis(key, raw)
    case 'target':
      return oneOf(key, plainText(key, raw), IOS_TARGETS, 'a target')
  }
}

function secret(key: OptionKey, raw: unknown): string | undefined {
  const value = textOf(key, raw, false)
  if (value === '') return undefined
  // A secret is never quoted back.
  if (hasControlCharacter(value) || /\s/.test(value))
    throw new InputError(
      key,
      'contains white space or a control character',
      'Copy the secret again without line breaks or spaces'
    )
  return value
}

/**
 * A URL that is a secret (a webhook's carries its token in its path): https,
 * or http to a loopback host; never quoted back.
 */
function secretUrl(key: OptionKey, raw: unknown): string | undefined {
  const value = secret(key, raw)
  if (value === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  const safe =
    url !== undefined &&
    !url.username &&
    !url.password &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))
  if (!safe)
    throw new InputError(
      key,
      'is not an https URL (http only to a loopback host, no user or password in it)',
      'Give the full URL the service you post to gave you, such as https://hooks.example.com/services/…'
    )
  return value
}

function destination(key: OptionKey, value: string | undefined): string | undefined {
  const problem = value && destinationProblem(value)
  if (problem)
    throw new InputError(
      key,
      `${quote(value!)} is not a valid destination: ${problem}`,
      'Use a relative path such as builds/myapp-staging.apk'
    )
  return value
}

/** A part of a conventional name: letters, digits, dots, hyphens, underscores. */
function namePart(key: OptionKey, value: string | undefined): string | undefined {
  if (value && !NAME_PART.test(value)) {
    throw new InputError(
      key,
      `${quote(value)} is not a valid name part`,
      'Use letters, digits, dots, hyphens and underscores, starting with a letter or digit'
    )
  }
  return value
}

/**
 * A name people read (a check run's): any script, spaces and punctuation,
 * but nothing a name part refuses for what it hides: a character that
 * shows nothing or reorders the text (a right-to-left override would make
 * `Mobile tests` read as another check), a line break, half a character.
 */
function displayName(key: OptionKey, value: string | undefined): string | undefined {
  const hidden = value && hiddenCharacterIn(value)
  if (hidden) {
    throw new InputError(
      key,
      `${quote(value)} is not a valid name: it holds ${hidden}, which shows nothing, reorders the text or breaks the line`,
      'Use letters of any script, digits, spaces and punctuation, without invisible or direction characters'
    )
  }
  return value
}

function relativePath(key: OptionKey, value: string | undefined): string | undefined {
  if (value && (hasUnsafePath(value) || value.length > MAX_PATH_LENGTH))
    throw new InputError(
      key,
      `${quote(value)} contains a .. segment or a backslash, or is too long`,
      'Pass the playgroundFileLocation of the upload, unchanged'
    )
  return value
}

/** The YAML 1.2 core-schema booleans that `core.getBooleanInput` accepts, or a boolean; empty is not given. */
function parseBoolean(key: OptionKey, raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw
  const value = textOf(key, raw)
  if (value === '') return undefined
  if (TRUE_VALUES.includes(value)) return true
  if (FALSE_VALUES.includes(value)) return false
  throw new InputError(key, `${quote(value)} is not a boolean`, 'Use true or false')
}

/** A whole number in range, from a number or its digits. */
function parseInteger(key: OptionKey, raw: unknown, min: number, max: number): number | undefined {
  const fix = `Use a whole number from ${min} to ${max}, or leave it out for the default`
  let n: number
  if (typeof raw === 'number') n = raw
  else {
    const value = textOf(key, raw)
    if (value === '') return undefined
    n = /^\d+$/.test(value) ? Number(value) : NaN
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new InputError(key, `${quote(value)} is not a whole number from ${min} to ${max}`, fix)
    return n
  }
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new InputError(key, `${String(n)} is not a whole number from ${min} to ${max}`, fix)
  return n
}

/** A number in range (fractions allowed), from a number or its decimal digits. */
function parseNumber(key: OptionKey, raw: unknown, spec: OptionSpec): number | undefined {
  const min = spec.min ?? 0
  const max = spec.max ?? Number.MAX_SAFE_INTEGER
  const range = `${spec.exclusiveMin ? 'above' : 'from'} ${min} to ${max}`
  let n: number
  let shown: string
  if (typeof raw === 'number') {
    n = raw
    shown = String(raw)
  } else {
    const value = textOf(key, raw)
    if (value === '') return undefined
    n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN
    shown = quote(value)
  }
  if (!Number.isFinite(n) || (spec.exclusiveMin ? n <= min : n < min) || n > max)
    throw new InputError(
      key,
      `${shown} is not a number ${range}`,
      `Give a number ${range}, such as ${spec.default ?? max}, or leave it out for the default`
    )
  return n
}

function sha(key: OptionKey, value: string | undefined): string | undefined {
  if (value && !SHA.test(value))
    throw new InputError(key, `${quote(value)} is not a commit hash`, 'Use a hexadecimal commit id')
  return value
}

/** The name of a run variable: what the lane plugin's option takes. */
function variableName(key: OptionKey, value: string | undefined): string | undefined {
  if (value !== undefined && (value.length > MAX_VARIABLE_NAME_LENGTH || /\s/.test(value))) {
    throw new InputError(
      key,
      `${quote(value)} is not a variable name`,
      'Use a name such as RUN_INPUT_PATH, without spaces'
    )
  }
  return value
}

/** The id a build must have: an Android package name or an iOS bundle id. */
function appId(key: OptionKey, value: string | undefined): string | undefined {
  if (value && !APP_ID.test(value))
    throw new InputError(
      key,
      `${quote(value)} is not an app id`,
      'Give the package name or bundle id, such as com.example.app'
    )
  return value
}

/** The platform a build must be for, in lower case. */
function platform(key: OptionKey, value: string | undefined): Platform | undefined {
  return oneOf(key, value, PLATFORMS, 'a platform')
}

/** One of a few words, in lower case; anything else refused, naming them. */
function oneOf<T extends string>(
  key: OptionKey,
  value: string | undefined,
  words: readonly T[],
  noun: string
): T | undefined {
  if (value === undefined) return undefined
  const lower = value.toLowerCase()
  if (!(words as readonly string[]).includes(lower))
    throw new InputError(key, `${quote(value)} is not ${noun}`, `Use ${words.join(' or ')}`)
  return lower as T
}
