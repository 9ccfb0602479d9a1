import { timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { Sha256 } from '@aws-crypto/sha256-js'
import { HttpRequest } from '@smithy/protocol-http'
import { SignatureV4 } from '@smithy/signature-v4'

const REGION = 'us-east-1'
const SIGNED_HEADERS = new Set(['content-type'])
/** The presign parameters SignatureV4 adds itself; the rest of the query is signed as it is. */
const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Content-Sha256'
]

export interface Credentials {
  accessKeyId: string
  secretAccessKey: string
}

/**
 * Signs and checks SigV4 URLs for one bucket, as an S3-compatible store
 * does, with AWS's own signer (@smithy/signature-v4, the one the AWS SDK
 * presigns with). A URL is the one the SDK's S3 client and presigner give
 * for a PutObject of the key (a test holds them equal, byte for byte): the
 * client itself, a fifth of a second to load, stays out of every process
 * that only needs its URLs.
 */
export class UrlSigner {
  private readonly signer: SignatureV4
  private readonly endpoint: URL

  constructor(
    endpoint: string,
    readonly bucket: string,
    credentials: Credentials
  ) {
    this.endpoint = new URL(endpoint)
    this.signer = new SignatureV4({
      service: 's3',
      region: REGION,
      credentials,
      sha256: Sha256,
      uriEscapePath: false
    })
  }

  /** A PUT URL for `key` whose signature covers Content-Type: application/octet-stream. */
  async sign(key: string, expiresInSeconds: number, signingDate = new Date()): Promise<string> {
    const { protocol, hostname, port, host } = this.endpoint
    // The path as the S3 client writes a key: each segment escaped, `!'()*` too.
    const path = `/${this.bucket}/${key.split('/').map(escapeUri).join('/')}`
    const signed = await this.signer.presign(
      new HttpRequest({
        method: 'PUT',
        protocol,
        hostname,
        port: port ? Number(port) : undefined,
        path,
        query: { 'x-id': 'PutObject' },
        headers: {
          host,
          'content-type': 'application/octet-stream',
          // The presigner's: hoisted into the query as it is spelt.
          'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD'
        }
      }),
      { expiresIn: expiresInSeconds, signableHeaders: SIGNED_HEADERS, signingDate }
    )
    const signedQuery = signed.query ?? {}
    const query = Object.keys(signedQuery)
      .sort()
      .map(name => `${escapeUri(name)}=${escapeUri(String(signedQuery[name]))}`)
      .join('&')
    return `${protocol}//${host}${path}?${query}`
  }

  /** Checks a request against its URL's signature; the error names the store's error code. */
  async verify(
    method: string,
    url: URL,
    headers: IncomingHttpHeaders,
    now = Date.now()
  ): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
    const q = url.searchParams
    const signature = q.get('X-Amz-Signature')
    const date = parseAmzDate(q.get('X-Amz-Date'))
    const expires = Number(q.get('X-Amz-Expires'))
    if (!signature || date === undefined || !Number.isFinite(expires)) {
      return {
        ok: false,
        code: 'AccessDenied',
        message: 'Query-string authentication requires the X-Amz parameters'
      }
    }
    if (now > date.getTime() + expires * 1000) {
      return { ok: false, code: 'AccessDenied', message: 'Request has expired' }
    }
    const query: Record<string, string> = {}
    for (const [name, value] of q) if (!PRESIGN_PARAMS.includes(name)) query[name] = value
    const signedNames = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean)
    const requestHeaders: Record<string, string> = {}
    for (const name of signedNames) {
      const value = headers[name]
      if (typeof value === 'string') requestHeaders[name] = value
    }
    requestHeaders['X-Amz-Content-Sha256'] = q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD'
    const request = new HttpRequest({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      // S3 signs the path as it travels, already escaped (uriEscapePath: false).
      path: url.pathname,
      query,
      headers: requestHeaders
    })
    const expected = await this.signer.presign(request, {
      signingDate: date,
      expiresIn: expires,
      signableHeaders: new Set(signedNames.filter(n => n !== 'host'))
    })
    const want = Buffer.from(String(expected.query?.['X-Amz-Signature']))
    const got = Buffer.from(signature)
    if (want.length !== got.length || !timingSafeEqual(want, got)) {
      return {
        ok: false,
        code: 'SignatureDoesNotMatch',
        message:
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.'
      }
    }
    return { ok: true }
  }
}

/** A URI component as AWS escapes one: encodeURIComponent, and `!'()*` as well. */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
}

function parseAmzDate(value: string | null): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : undefined
}
