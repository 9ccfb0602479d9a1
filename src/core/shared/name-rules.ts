/** Facts about names and paths that options, answers and uploads all check against. */
import nodePath from 'node:path'
import { hasControlCharacter } from './text.js'

/** The service's file types, lower case with the dot (service spec 2.1). */
export const ACCEPTED_EXTENSIONS = ['.apk', '.aab', '.deb', '.ipa', '.zip', '.csv', '.pdf'] as const

export const MAX_PATH_LENGTH = 1024

// Ids reach outputs, logs, the summary and a request's path: letters, digits and a few separators only,
// with a letter or digit among them (`.` and `..` would step out of the path they are put in).
const SAFE_ID = /^(?=[\w.:-]*[A-Za-z0-9])[\w.:-]{1,200}$/

/** The accepted extension `name` ends with (lower case), or undefined. */
export function acceptedExtension(name: string): string | undefined {
  const lower = name.toLowerCase()
  return ACCEPTED_EXTENSIONS.find(ext => lower.endsWith(ext) && lower.length > ext.length)
}

/** A path with a `..` segment or a backslash: never sent to the service, never taken from it. */
export function hasUnsafePath(path: string): boolean {
  return path.includes('\\') || path.split('/').includes('..')
}

/**
 * Why `path` cannot be a destination in the workspace's storage, or undefined when it can.
 * The reason is phrased to follow "is not a valid destination: ".
 */
export function destinationProblem(path: string): string | undefined {
  if (path.length === 0) return 'it is empty'
  if (path.length > MAX_PATH_LENGTH) return `it is longer than ${MAX_PATH_LENGTH} characters`
  if (hasControlCharacter(path)) return 'it contains a control character'
  if (path.includes('\\')) return 'it contains a backslash; separate directories with /'
  if (path.startsWith('/')) return 'it starts with /; give a path relative to the storage root'
  const segments = path.split('/')
  if (segments.some(s => s === '..')) return 'it contains a .. segment'
  if (segments.some(s => s === '' || s === '.')) return 'it contains an empty or . segment'
  if (segments.some(s => s.trim() !== s)) return 'a segment starts or ends with white space'
  if (!acceptedExtension(segments[segments.length - 1] ?? '')) {
    return `it does not end with a file name and one of ${ACCEPTED_EXTENSIONS.join(' ')}`
  }
  return undefined
}

/**
 * Why a path the service answered with cannot be used (it becomes an output
 * and the value of the run variable), or undefined when it can.
 */
export function answeredPathProblem(path: string): string | undefined {
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`
  if (hasControlCharacter(path)) return 'contains a control character'
  if (hasUnsafePath(path)) return 'contains a .. segment or a backslash'
  return undefined
}

/** An id as a string (the service may send strings or numbers); anything else, or an id with odd characters, is no id. */
export function safeId(value: unknown): string | undefined {
  const candidate = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : undefined
}

export function isSafeId(value: string): boolean {
  return SAFE_ID.test(value)
}

/** The longest link from outside kept: one longer is no link a person follows, and cut it would lead elsewhere. */
export const MAX_URL_LENGTH = 2_048

/** An http(s) URL as it was given, or undefined: a value from outside that becomes a link. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || hasControlCharacter(value))
    return undefined
  const text = value.trim()
  if (!text || /\s/.test(text)) return undefined
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? text : undefined
  } catch {
    return undefined
  }
}

/** Whether a host is this machine: plain http is allowed only to it. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * A local file's own name, by the rules of the machine it is on (a Windows
 * runner separates folders with \\ as well as /). `paths` is there for tests.
 */
export function fileName(
  path: string,
  paths: Pick<typeof nodePath, 'basename'> = nodePath
): string {
  return paths.basename(path)
}
