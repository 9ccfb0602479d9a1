import { redactQueryStrings } from './http.js'
import { asObject, asText, type JsonObject } from './json.js'
import { hasControlCharacter } from './naming.js'

/** Reading the service's words and ids safely: one line, no control characters, no secrets. */

// Ids reach outputs, logs and the summary: letters, digits and a few separators only.
const SAFE_ID = /^[\w.:-]{1,200}$/

/** An id as a string (the service may send strings or numbers); anything else, or an id with odd characters, is no id. */
export function safeId(value: unknown): string | undefined {
  const candidate = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : undefined
}

/**
 * A short, printable description of an error body: JSON `error`,
 * `failureCode`/`failureMessage` or `message`; an XML store error's Code and
 * Message; an HTML page's title; else the start of the text.
 */
export function describeErrorBody(body: string): string {
  const trimmed = body.trim()
  if (!trimmed) return ''
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    parsed = undefined
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const json = parsed as JsonObject
    const code = asText(json.failureCode) ?? asText(json.code) ?? asText(asObject(json.error).code)
    const message =
      asText(json.failureMessage) ??
      asText(json.error) ??
      asText(json.message) ??
      asText(asObject(json.error).message)
    const joined = [code, message].filter(isString).join(': ')
    if (joined) return clean(joined)
  }
  const xmlCode = /<Code>([^<]*)<\/Code>/i.exec(trimmed)?.[1]
  if (xmlCode) {
    const xmlMessage = /<Message>([^<]*)<\/Message>/i.exec(trimmed)?.[1]
    return clean(xmlMessage ? `${xmlCode}: ${xmlMessage}` : xmlCode)
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]
  if (title) return clean(`an HTML page titled "${title.trim()}"`)
  if (/^</.test(trimmed)) return 'an HTML or XML page'
  return clean(trimmed)
}

/** The `eventId` an error body carries for support (spec Part 3), when it has a usable one. */
export function eventIdOf(body: string): string | undefined {
  try {
    return safeId(asObject(JSON.parse(body)).eventId)
  } catch {
    return undefined
  }
}

export function cleanOrNone(value: string | undefined): string | undefined {
  return value === undefined ? undefined : clean(value) || undefined
}

/** One line, no control characters, no query strings, at most 300 characters. */
export function clean(value: string): string {
  const line = redactQueryStrings(value)
    .split('')
    .map(c => (hasControlCharacter(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}

function isString(value: string | undefined): value is string {
  return value !== undefined
}
