/**
 * The one redaction: every text that leaves the process (log lines, the final
 * error, outputs, hand-over files, the summary, the library's `reason`) goes
 * through `Secrets.redact`. It removes the secrets it was told (the key, each
 * signed URL and its signature, in every spelling they can be printed in) and,
 * without being told, anything shaped like a credential: a URL's query string
 * or user info, a signature or token parameter, a bearer token, a Basic
 * authorization.
 *
 * A key is looked for the way a careless server or a log may have changed it:
 * in any case, split across lines or spaces (and the escapes `\n`, `\r`,
 * `\t`), with invisible characters in it, URL-encoded, form-encoded, `%XX` of
 * every byte, base64-encoded (of its UTF-8 and of its UTF-16 in either byte
 * order; standard and URL-safe alphabets, at each of the three byte
 * alignments, so also inside `Basic base64(user:key)`), hex-encoded (UTF-8
 * and UTF-16, and its UTF-16's bytes as `%XX` or `\xNN`), as numeric HTML entities (with or without their `;`), JSON's
 * `\u` escapes, `\xNN` or `\u{…}` escapes, in full-width letters, and cut:
 * any run of `MIN_RUN` consecutive characters of any of these spellings is
 * masked. A key whose pieces a caller redacts one by one (a stream cut
 * mid-key, each piece a line) shows none of them: a text's start that goes on
 * with a run the text redacted before it ended with is masked, so is one that
 * goes on with a key's start the texts before it ended with, and so are
 * `MIN_EDGE` or more characters a text ends with that begin a key's spelling,
 * or that a text begins with that end one; a key's first piece of five
 * characters or fewer, with no piece of the key before it, can show.
 *
 * A key shorter than `MIN_SECRET_LENGTH` is masked too, but only where it
 * stands as a whole word and spelled exactly: masked inside words, a
 * three-letter key would blank every word that holds its letters, in our own
 * sentences and the service's alike, and hide what went wrong. As a whole word
 * it is still masked wherever it was echoed or quoted (`"abc"`, `key=abc`); a
 * key that is also a common word blanks that word, the price of never showing
 * it. A short key is not handed to the runner's masker, which would mask it
 * inside every word of the job's log.
 */
import {
  addRuns,
  base64Spellings,
  escapedSpellings,
  markRuns,
  noRuns,
  reading,
  readOf,
  type Runs
} from './spellings.js'
import { markContinued, markEdges } from './pieces.js'
import { withoutUrlQueries, withoutUserInfo } from './url-parts.js'

/** A key shorter than this is masked only as a whole word (see above); a URL or a query shorter than this is never masked. */
export const MIN_SECRET_LENGTH = 8

/** Any run of this many consecutive characters of a key (or of its encodings) is masked: an echo that cuts the key shows none of it. */
export const MIN_RUN = 12

const MASK = '***'

// A `?name=value` left by a library that prints a path with its query; a glob's `?` stays.
const PATH_QUERY = /\?[\w.%-]+=[^\s'"<>]*/g
// Names of parameters that carry a credential: X-Amz-Signature, X-Goog-Signature, a store's `provided=`, tokens, keys.
const NAMES =
  '(?:x-(?:amz|goog)-)?(?:signature|credential|security-token)|sig|provided|access_token|token|api[_-]?key|password'
// `name=value`, also URL-encoded (`name%3Dvalue`), in any case.
const PARAMETER = new RegExp(`\\b(${NAMES})(\\s*(?:=|%3D)\\s*)[^\\s&'"<>,;)]+`, 'gi')
// `"name": "value"` in an echoed JSON body.
const JSON_FIELD = new RegExp(`("(?:${NAMES})"\\s*:\\s*")[^"]*`, 'gi')
// `Bearer <token>`, as an Authorization header a server echoes.
const BEARER = /\b(bearer)(\s+)[\w.~+/=-]+/gi
// `Basic <base64 of user:password>`: a token with a digit or a symbol in it, or a long one, so that "basic plan" stays.
const BASIC = /\b(Basic)(\s+)(?=[\w+/-]*[\d+/=_-]|[\w+/-]{16})[\w+/-]{8,}={0,2}/gi

/** Redacts what is named like a credential, knowing no secret: user info in a URL, signature and token parameters, bearer tokens, Basic authorizations. */
export function redactCredentials(text: string): string {
  return withoutUserInfo(text, MASK)
    .replace(PARAMETER, `$1$2${MASK}`)
    .replace(JSON_FIELD, `$1${MASK}`)
    .replace(BEARER, `$1$2${MASK}`)
    .replace(BASIC, `$1$2${MASK}`)
}

/** Redacts what is shaped like a credential in prose: every URL's query string too, as a signed URL's. */
export function redactShapes(text: string): string {
  return redactCredentials(withoutUrlQueries(text).replace(PATH_QUERY, '?…'))
}

/**
 * Pure: whether a URL's path segment reads as a token (a webhook's secret,
 * a UUID): at least MIN_RUN characters of letters, digits, `_` and `-`, of
 * at least two kinds among lower case, upper case and digits. A name
 * (`mobile-build-deploy`, `com.example.shop`, `webhooks`) reads as none.
 */
export function secretPathSegment(segment: string): boolean {
  if (segment.length < MIN_RUN || !/^[\w-]+$/.test(segment)) return false
  return [/[a-z]/, /[A-Z]/, /\d/].filter(kind => kind.test(segment)).length >= 2
}

/** A URL's part decoded, or as it is spelled when it is no valid encoding (`%zz`): a stranger's URL never throws here. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A text URL-encoded, or as it is when it has no encoding (a lone surrogate has no UTF-8): a caller's key never throws here. */
function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return text
  }
}

/** The secrets of one deploy, and the redaction every outward text goes through. */
export class Secrets {
  /** URLs and queries, masked as they are spelled (and URL-encoded). */
  private readonly exact = new Set<string>()
  /**
   * The runs of `MIN_RUN` characters (or a whole shorter spelling) of each
   * key's spellings, as read, by length: the spellings, and a sieve of the hash of
   * every run in them (a run is looked for by its hash, then found in a
   * spelling).
   */
  private readonly runs = new Map<number, Runs>()
  /** Keys shorter than `MIN_SECRET_LENGTH`, masked as whole words. */
  private readonly words = new Set<string>()
  /** Every key registered: one told again (each front end and the deploy tell the key) costs nothing. */
  private readonly keys = new Set<string>()
  private wordPattern: RegExp | undefined
  /** The end (as read) of the text redacted last: a run of a key begun there and going on in the next text is masked in it. */
  private tail = ''
  /** Secret URLs, masked (their host kept) where they stand whole: not where one is only the start of another address. */
  private readonly whole = new Map<string, string>()
  private wholePattern: RegExp | undefined

  /** `onMask` is told each secret registered, so that a runner can mask it in its own log too. */
  constructor(private readonly onMask: (secret: string) => void = () => undefined) {}

  /** Registers a key (an API key, a token, a signature): masked in every spelling above, whatever its length. */
  add(secret: string | undefined): void {
    if (!secret || this.keys.has(secret)) return
    this.keys.add(secret)
    if (secret.length < MIN_SECRET_LENGTH) {
      if (this.words.has(secret)) return
      for (const form of new Set([secret, safeEncode(secret)])) this.words.add(form)
      this.wordPattern = undefined
      return
    }
    const encoded = safeEncode(secret)
    for (const form of new Set([secret, encoded])) this.maskForm(form)
    for (const spelling of [
      secret,
      encoded,
      ...base64Spellings(secret),
      ...escapedSpellings(secret)
    ]) {
      const read = readOf(spelling)
      const length = Math.min(read.length, MIN_RUN)
      if (length === 0) continue
      const known = this.runs.get(length) ?? noRuns()
      this.runs.set(length, known)
      addRuns(known, read, length)
    }
  }

  /**
   * Registers a URL that is a secret (a webhook's): the URL itself, as
   * spelled and URL-encoded, wherever it stands whole (not where it only
   * begins another address: a webhook at a host's root is a prefix of every
   * link to that host); and, as keys, only its parts that can be secret: its
   * user info, its query and each query value, each path segment that reads
   * as a token (secretPathSegment). Nothing that merely shares characters
   * with it (its host, `/api/webhooks/`, a repository's or an app's name in
   * its path) is touched.
   */
  addUrl(secretUrl: string): void {
    let url: URL
    try {
      url = new URL(secretUrl)
    } catch {
      this.add(secretUrl)
      return
    }
    const parts = [
      safeDecode(url.username),
      safeDecode(url.password),
      ...[...url.searchParams.values()],
      ...url.pathname
        .split('/')
        .map(segment => safeDecode(segment))
        .filter(secretPathSegment)
    ].filter(part => part.length >= MIN_SECRET_LENGTH)
    if (url.search.length > 1) this.addExact(url.search.slice(1))
    for (const part of parts) this.add(part)
    // Its host is no secret: a message may still say where a request went.
    const shown = (form: string) => (form.startsWith(url.origin) ? `${url.origin}${MASK}` : MASK)
    for (const form of new Set([secretUrl, url.href, encodeURIComponent(url.href)])) {
      this.whole.set(form, shown(form))
      // The runner masks anywhere: told only a URL with a part of its own, never one a link could begin with.
      if (parts.length > 0 || url.search.length > 1) this.onMask(form)
    }
    this.wholePattern = undefined
  }

  /** Registers a signed URL and its query as they are spelled, and every parameter value in it that looks like a credential as a key. */
  addSignedUrl(signedUrl: string): void {
    this.addExact(signedUrl)
    let url: URL
    try {
      url = new URL(signedUrl)
    } catch {
      return
    }
    this.addExact(url.search.slice(1))
    for (const [name, value] of url.searchParams) {
      if (/signature|credential|token|key|sig$/i.test(name)) this.add(value)
    }
  }

  /** A text for people (a log line, a message) with every registered secret and every credential shape replaced. */
  redact(text: string): string {
    return redactShapes(this.withoutSecrets(text))
  }

  /** A value (an output, a link) with every registered secret and credential parameter replaced; a plain query string stays. */
  redactValue(value: string): string {
    return redactCredentials(this.withoutSecrets(value))
  }

  /** Registers a value exactly as it is spelled (and URL-encoded): what another deploy's redaction was told, a URL. */
  addExact(value: string): void {
    if (value.length < MIN_SECRET_LENGTH) return
    for (const form of new Set([value, safeEncode(value)])) this.maskForm(form)
  }

  private maskForm(form: string): void {
    if (this.exact.has(form)) return
    this.exact.add(form)
    this.onMask(form)
  }

  private withoutSecrets(text: string): string {
    // A secret URL first, whole: its parts are masked below, and a URL whose token is masked is no longer whole.
    let shown = this.withoutWholeUrls(text)
    // Longest first, so that a URL goes before the signature inside it.
    for (const secret of [...this.exact].sort((a, b) => b.length - a.length))
      shown = shown.split(secret).join(MASK)
    return this.withoutWords(this.withoutRuns(shown))
  }

  private withoutWholeUrls(text: string): string {
    if (this.whole.size === 0) return text
    this.wholePattern ??= new RegExp(
      `(?:${[...this.whole.keys()]
        .sort((a, b) => b.length - a.length)
        .map(url => url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|')})(?![.,]*[\\w\\-~%!$&'()*+;=:@/?#])`,
      'g'
    )
    return text.replace(this.wholePattern, form => this.whole.get(form) ?? MASK)
  }

  /** Every stretch of the text that reads as a run of a key, masked whole (with the breaks inside it). */
  private withoutRuns(text: string): string {
    if (this.runs.size === 0) return text
    const { read, from, to } = reading(text)
    const before = this.tail
    const both = new Uint8Array(before.length + read.length)
    const masked = both.subarray(before.length)
    const seen = before + read
    for (const [length, known] of this.runs) {
      markRuns(seen, length, known, both)
      markEdges(read, length, known, masked)
      markContinued(before, read, length, known, masked)
    }
    this.tail = seen.slice(1 - MIN_RUN)
    let shown = ''
    let done = 0
    for (let i = 0; i < read.length; i++) {
      if (!masked[i] || (i > 0 && masked[i - 1])) continue
      let last = i
      while (last + 1 < read.length && masked[last + 1]) last++
      shown += `${text.slice(done, from[i])}${MASK}`
      done = to[last]!
    }
    return shown + text.slice(done)
  }

  private withoutWords(text: string): string {
    if (this.words.size === 0) return text
    this.wordPattern ??= new RegExp(
      `(?<![\\p{L}\\p{N}_])(?:${[...this.words]
        .sort((a, b) => b.length - a.length)
        .map(word => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('|')})(?![\\p{L}\\p{N}_])`,
      'gu'
    )
    return text.replace(this.wordPattern, MASK)
  }
}
