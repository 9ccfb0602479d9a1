/**
 * The one redaction: every text that leaves the process (log lines, the final
 * error, outputs, hand-over files, the summary, the library's `reason`) goes
 * through `Secrets.redact`. It removes the secrets it was told (the key, each
 * signed URL and its signature, in every spelling they can be printed in) and,
 * without being told, anything shaped like a credential: a URL's query string
 * or user info, a signature or token parameter, a bearer token.
 */

/** A value shorter than this is never masked: a mask of "a" or "x=1" would blank half the log. */
export const MIN_SECRET_LENGTH = 8

const MASK = '***'

// A URL's query string: it may carry a signature.
const URL_QUERY = /(\b[a-z][a-z\d+.-]*:\/\/[^\s'"<>?]*)\?[^\s'"<>]+/gi
// A `?name=value` left by a library that prints a path with its query; a glob's `?` stays.
const PATH_QUERY = /\?[\w.%-]+=[^\s'"<>]*/g
// User and password in a URL.
const USER_INFO = /(\b[a-z][a-z\d+.-]*:\/\/)[^\s/@'"<>]+@/gi
// Names of parameters that carry a credential: X-Amz-Signature, X-Goog-Signature, a store's `provided=`, tokens, keys.
const NAMES =
  '(?:x-(?:amz|goog)-)?(?:signature|credential|security-token)|sig|provided|access_token|token|api[_-]?key|password'
// `name=value`, also URL-encoded (`name%3Dvalue`), in any case.
const PARAMETER = new RegExp(`\\b(${NAMES})(\\s*(?:=|%3D)\\s*)[^\\s&'"<>,;)]+`, 'gi')
// `"name": "value"` in an echoed JSON body.
const JSON_FIELD = new RegExp(`("(?:${NAMES})"\\s*:\\s*")[^"]*`, 'gi')
// `Bearer <token>`, as an Authorization header a server echoes.
const BEARER = /\b(bearer)(\s+)[\w.~+/=-]+/gi

/** Redacts what is named like a credential, knowing no secret: user info in a URL, signature and token parameters, bearer tokens. */
export function redactCredentials(text: string): string {
  return text
    .replace(USER_INFO, `$1${MASK}@`)
    .replace(PARAMETER, `$1$2${MASK}`)
    .replace(JSON_FIELD, `$1${MASK}`)
    .replace(BEARER, `$1$2${MASK}`)
}

/** Redacts what is shaped like a credential in prose: every URL's query string too, as a signed URL's. */
export function redactShapes(text: string): string {
  return redactCredentials(text.replace(URL_QUERY, '$1?…').replace(PATH_QUERY, '?…'))
}

/** The secrets of one deploy, and the redaction every outward text goes through. */
export class Secrets {
  private readonly values = new Set<string>()

  /** `onMask` is told each secret registered, so that a runner can mask it in its own log too. */
  constructor(private readonly onMask: (secret: string) => void = () => undefined) {}

  /** Registers a secret, with its URL-encoded form; one too short to be a secret is not registered. */
  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH) return
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      if (this.values.has(form)) continue
      this.values.add(form)
      this.onMask(form)
    }
  }

  /** Registers a signed URL, its query and every parameter value in it that looks like a credential. */
  addSignedUrl(signedUrl: string): void {
    this.add(signedUrl)
    let url: URL
    try {
      url = new URL(signedUrl)
    } catch {
      return
    }
    this.add(url.search.slice(1))
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

  private withoutSecrets(text: string): string {
    let shown = text
    // Longest first, so that a URL goes before the signature inside it.
    for (const secret of [...this.values].sort((a, b) => b.length - a.length))
      shown = shown.split(secret).join(MASK)
    return shown
  }
}
