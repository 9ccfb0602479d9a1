/**
 * Pure: the parts of a URL in prose the redaction masks (its query, its user
 * info), found by one scan from each `://` rather than by a regular
 * expression. `\b[a-z][a-z\d+.-]*:\/\/` tried at every letter of a run such as
 * `a.a.a…` reads the rest of the run each time: a 160,000-character message
 * took a minute. Here the run before each `://` is read once, backwards, and
 * no farther than the previous match, and what follows is read once too.
 */
import { withoutTrailingSlashes } from './text.js'

/** A character of a URL's scheme (`[a-z\d+.-]`, any case). */
function isSchemeCharacter(code: number): boolean {
  return (
    isLetter(code) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e
  )
}

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)
}

/** A character of a word, as `\b` reads it (`[A-Za-z0-9_]`); NaN (before the text) is none. */
function isWordCharacter(code: number): boolean {
  return isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x5f
}

/**
 * Whether a scheme (`\b[a-z][a-z\d+.-]*`) ends at `colon`, beginning no
 * earlier than `floor`: some letter of the run of scheme characters before
 * it stands after a word boundary.
 */
function hasScheme(text: string, colon: number, floor: number): boolean {
  let start = colon
  while (start > floor && isSchemeCharacter(text.charCodeAt(start - 1))) start--
  for (let at = start; at < colon; at++)
    if (isLetter(text.charCodeAt(at)) && !isWordCharacter(text.charCodeAt(at - 1))) return true
  return false
}

/** What follows a URL's `://` from `from`: the stretch to replace and the match's end, or where the scan stopped. */
type Part = { replace: [number, number]; end: number } | { stop: number }

/** The end of the run of characters `span` accepts from `from` (a sticky pattern of one class: linear). */
function spanEnd(span: RegExp, text: string, from: number): number {
  span.lastIndex = from
  return from + (span.exec(text)?.[0].length ?? 0)
}

const PATH = /[^\s'"<>?]*/y
const QUERY = /[^\s'"<>]*/y
const USER_INFO = /[^\s/@'"<>]*/y

/** The query after a URL's path (`?` and at least one character). */
function queryPart(text: string, from: number): Part {
  const question = spanEnd(PATH, text, from)
  const end = text.charCodeAt(question) === 0x3f ? spanEnd(QUERY, text, question + 1) : question
  // Every `://` before where the path stopped stops there too: none of them has a query either.
  return end > question + 1 ? { replace: [question, end], end } : { stop: question }
}

/**
 * The user info right after a URL's `://` (at least one character, then
 * `@`). The scan stops at a `/`, so at the next `://` at the latest: it is
 * looked for from there again, and no character is read twice.
 */
function userInfoPart(text: string, from: number): Part {
  const at = spanEnd(USER_INFO, text, from)
  return at > from && text.charCodeAt(at) === 0x40
    ? { replace: [from, at + 1], end: at + 1 }
    : { stop: from }
}

/** Each URL's part that `part` finds replaced by `shown`, the rest of the text as it is. */
function replaceParts(
  text: string,
  part: (text: string, from: number) => Part,
  shown: string
): string {
  let result = ''
  let done = 0
  let floor = 0
  for (let colon = text.indexOf('://'); colon >= 0;) {
    let next = colon + 1
    if (hasScheme(text, colon, floor)) {
      const found = part(text, colon + 3)
      if ('stop' in found) next = Math.max(next, found.stop)
      else {
        result += `${text.slice(done, found.replace[0])}${shown}`
        done = found.replace[1]
        floor = next = found.end
      }
    }
    colon = text.indexOf('://', next)
  }
  return done === 0 ? text : result + text.slice(done)
}

/** Pure: every URL's query string (a signature may be in it) written `?…`. */
export function withoutUrlQueries(text: string): string {
  return replaceParts(text, queryPart, '?…')
}

/** Pure: every URL's user and password written `***@`. */
export function withoutUserInfo(text: string, mask: string): string {
  return replaceParts(text, userInfoPart, `${mask}@`)
}

/** Whether `url` is an API's at `baseUrl` (GitHub's, GitLab's, Bitbucket's): the same origin, under the same path. */
export function withinApi(url: string, baseUrl: string): boolean {
  try {
    const target = new URL(url)
    const base = new URL(baseUrl)
    const path = withoutTrailingSlashes(base.pathname)
    return (
      target.origin === base.origin &&
      (target.pathname === path || target.pathname.startsWith(`${path}/`))
    )
  } catch {
    return false
  }
}

/** Whether a content type is JSON's (`application/json`, or a `+json` type). */
export function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}
