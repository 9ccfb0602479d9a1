/**
 * The store's signed URLs are the AWS SDK's: for every key, endpoint, date
 * and lifetime, the URL the emulator signs is, byte for byte, the one the
 * SDK's S3 client and presigner give for a PutObject of that key, and the
 * store takes exactly what it signed.
 */
import { describe, expect, it } from '@jest/globals'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { UrlSigner } from '../../../emulator/signing.js'

const CREDENTIALS = { accessKeyId: 'EMULATOR0ACCESS0KEY', secretAccessKey: 'emulator-secret' }
const KEYS = [
  'team_1/app-release.apk',
  'team_1/builds/2026/app release (1).ipa',
  "team_1/it's *the* app!.aab",
  'team_1/ünïcödé/应用 🚀.apk',
  'team_1/a~b_c-d.e/f+g=h&i;j,k@l$m.zip',
  'team_1//double/slash.apk'
]
const ENDPOINTS = ['http://127.0.0.1:4010', 'http://localhost:9000', 'https://store.example.com']

/** The URL the AWS SDK presigns for the same PUT. */
function sdkUrl(endpoint: string, key: string, expiresIn: number, signingDate: Date) {
  // The emulator runs on the machine's Node; the SDK's notice about future Node versions is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED'
  })
  return getSignedUrl(
    client,
    new PutObjectCommand({ Bucket: 'uploads', Key: key, ContentType: 'application/octet-stream' }),
    { expiresIn, signableHeaders: new Set(['content-type']), signingDate }
  )
}

describe('the store’s signed URLs', () => {
  it('are the AWS SDK’s, byte for byte, for every key, endpoint, date and lifetime', async () => {
    let compared = 0
    for (const endpoint of ENDPOINTS)
      for (const key of KEYS)
        for (const [expiresIn, at] of [
          [900, '2026-01-01T00:00:00Z'],
          [1, '2031-07-15T23:59:59Z']
        ] as const) {
          const signingDate = new Date(at)
          const ours = await new UrlSigner(endpoint, 'uploads', CREDENTIALS).sign(
            key,
            expiresIn,
            signingDate
          )
          expect(ours).toBe(await sdkUrl(endpoint, key, expiresIn, signingDate))
          compared++
        }
    expect(compared).toBe(ENDPOINTS.length * KEYS.length * 2)
  })

  it('are taken by the store as signed, and refused changed', async () => {
    const signer = new UrlSigner('http://127.0.0.1:4010', 'uploads', CREDENTIALS)
    const now = new Date('2026-01-01T00:00:00Z')
    const url = new URL(await signer.sign(KEYS[1]!, 900, now))
    const headers = { 'content-type': 'application/octet-stream', host: url.host }
    expect(await signer.verify('PUT', url, headers, now.getTime())).toEqual({ ok: true })
    expect(
      await signer.verify('PUT', url, { ...headers, 'content-type': 'text/plain' }, now.getTime())
    ).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' })
    const elsewhere = new URL(url)
    elsewhere.pathname = elsewhere.pathname.replace('app', 'other')
    expect(await signer.verify('PUT', elsewhere, headers, now.getTime())).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch'
    })
    expect(await signer.verify('PUT', url, headers, now.getTime() + 901_000)).toMatchObject({
      ok: false,
      code: 'AccessDenied'
    })
  })
})
