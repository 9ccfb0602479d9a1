/**
 * Sigstore on this machine: a Fulcio that issues signing certificates from
 * an ephemeral CA (with a certificate-transparency log's SCTs in them) and a
 * Rekor that logs entries with verifiable signed timestamps, both
 * @sigstore/mock's own handlers served over a loopback port; a signer, as
 * `actions/attest` signs (@sigstore/sign: a DSSE envelope of an in-toto
 * statement, a Fulcio certificate for a workflow's OIDC identity, a Rekor
 * entry); and a verifier, as `gh attestation verify` verifies
 * (@sigstore/verify: the certificate's chain and SCT, the log entry, the
 * signature, the identity), trusting only this CA and these logs.
 */
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  fulcioHandler,
  initializeCA,
  initializeCTLog,
  initializeTLog,
  rekorHandler
} from '@sigstore/mock'
import { bundleFromJSON, bundleToJSON } from '@sigstore/bundle'
import { TrustedRoot } from '@sigstore/protobuf-specs'
import { DSSEBundleBuilder, FulcioSigner, RekorWitness } from '@sigstore/sign'
import { toSignedEntity, toTrustMaterial, Verifier } from '@sigstore/verify'

/** A GitHub workflow's OIDC identity, as Fulcio puts it in the certificate. */
export const WORKFLOW_ISSUER = 'https://token.actions.githubusercontent.com'

export interface Sigstore {
  /** Signs `statement` (an in-toto statement's JSON) for `subject`'s identity: a Sigstore bundle, as JSON. */
  sign(statement: string, subject: string): Promise<unknown>
  /** Verifies a bundle for `subject`'s identity; its DSSE payload, or throws what failed. */
  verify(bundle: unknown, subject: string): { payloadType: string; payload: string }
  close(): Promise<void>
}

export async function startSigstore(): Promise<Sigstore> {
  const pair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const [caKey, ctKey, tlogKey] = [pair(), pair(), pair()]
  const ca = await initializeCA(caKey, await initializeCTLog(ctKey))
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const handlers = [fulcioHandler(ca), rekorHandler(await initializeTLog(base, tlogKey))]
  server.on('request', (request, response) => {
    let body = ''
    request.setEncoding('utf8').on('data', chunk => (body += chunk))
    request.on('end', () => {
      const handler = handlers.find(h => h.path === request.url && request.method === 'POST')
      if (!handler) return void response.writeHead(404).end()
      void handler.fn(body).then(answer =>
        response
          .writeHead(answer.statusCode, {
            'content-type': answer.contentType ?? 'application/json'
          })
          .end(answer.response)
      )
    })
  })
  const der = (key: { publicKey: KeyObject }) =>
    key.publicKey.export({ format: 'der', type: 'spki' })
  const log = (key: { publicKey: KeyObject }) => ({
    baseUrl: base,
    hashAlgorithm: 'SHA2_256',
    publicKey: {
      rawBytes: der(key).toString('base64'),
      keyDetails: 'PKIX_ECDSA_P256_SHA_256',
      validFor: { start: '2000-01-01T00:00:00Z' }
    },
    logId: { keyId: createHash('sha256').update(der(key)).digest('base64') }
  })
  const root = TrustedRoot.fromJSON({
    mediaType: 'application/vnd.dev.sigstore.trustedroot+json;version=0.1',
    tlogs: [log(tlogKey)],
    ctlogs: [log(ctKey)],
    certificateAuthorities: [
      {
        subject: { organization: 'local', commonName: 'local' },
        uri: base,
        certChain: {
          certificates: [
            {
              rawBytes: Buffer.from(
                ca.rootCertificate.buffer,
                ca.rootCertificate.byteOffset,
                ca.rootCertificate.byteLength
              ).toString('base64')
            }
          ]
        },
        validFor: { start: '2000-01-01T00:00:00Z' }
      }
    ],
    timestampAuthorities: []
  })
  const verifier = new Verifier(toTrustMaterial(root), { ctlogThreshold: 1, tlogThreshold: 1 })
  const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return {
    async sign(statement, subject) {
      const now = Math.floor(Date.now() / 1000)
      const token = `${segment({ alg: 'none' })}.${segment({ iss: WORKFLOW_ISSUER, sub: subject, aud: 'sigstore', iat: now, exp: now + 600 })}.c2ln`
      const signer = new FulcioSigner({
        fulcioBaseURL: base,
        identityProvider: { getToken: () => Promise.resolve(token) }
      })
      // The mock's Rekor records what it is sent: an intoto entry is one its verifier reads back whole.
      const witness = new RekorWitness({ rekorBaseURL: base, entryType: 'intoto' })
      const bundle = await new DSSEBundleBuilder({ signer, witnesses: [witness] }).create({
        data: Buffer.from(statement),
        type: 'application/vnd.in-toto+json'
      })
      return bundleToJSON(bundle)
    },
    verify(bundle, subject) {
      const parsed = bundleFromJSON(bundle)
      verifier.verify(toSignedEntity(parsed), {
        subjectAlternativeName: subject,
        extensions: { issuer: WORKFLOW_ISSUER }
      })
      const envelope = (bundle as { dsseEnvelope: { payload: string; payloadType: string } })
        .dsseEnvelope
      return {
        payloadType: envelope.payloadType,
        payload: Buffer.from(envelope.payload, 'base64').toString('utf8')
      }
    },
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
