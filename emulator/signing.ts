import { timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
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

/** Signs and checks SigV4 URLs for one bucket, as an S3-compatible store does. */
export class UrlSigner {
  private readonly client: S3Client
  private readonly verifier: SignatureV4

  constructor(
    endpoint: string,
    readonly bucket: string,
    credentials: Credentials
  ) {
    // The emulator runs on the machine's Node; the SDK's notice about future Node versions is noise here.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
    this.client = new S3Client({
      region: REGION,
      endpoint,
      forcePathStyle: true,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED'
    })
    this.verifier = new SignatureV4({
      service: 's3',
      region: REGION,
      credentials,
      sha256: Sha256,
      uriEscapePath: false
    })
  }

  /** A PUT URL for `key` whose signature covers Content-Type: application/octet-stream. */
  sign(key: string, expiresInSeconds: number, signingDate = new Date()): Promise<string> {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: 'application/octet-stream'
      }),
      { expiresIn: expiresInSeconds, signableHeaders: SIGNED_HEADERS, signingDate }
    )
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
    const expected = await this.verifier.presign(request, {
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

function parseAmzDate(value: string | null): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : undefined
}
