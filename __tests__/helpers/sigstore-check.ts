/**
 * `node check.js <identity>` (this file, bundled) with a statement on stdin: signs it for
 * that identity on this machine's Sigstore (sigstore.ts), verifies it, and
 * tries the two verifications that must fail (another identity, the
 * statement changed after signing); prints what came of each as JSON.
 */
import type { SignedAndVerified } from './sigstore-process.js'
import { startSigstore } from './sigstore.js'

const identity = process.argv[2]!
let statement = ''
for await (const chunk of process.stdin) statement += String(chunk)
const sigstore = await startSigstore()
try {
  const bundle = await sigstore.sign(statement, identity)
  const verified = sigstore.verify(bundle, identity)
  const failure = (attempt: () => unknown): string => {
    try {
      attempt()
      return ''
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }
  const forged = structuredClone(bundle) as { dsseEnvelope: { payload: string } }
  const passed = JSON.parse(statement) as { predicate: Record<string, unknown> }
  passed.predicate.result = 'PASSED'
  passed.predicate.failedTests = []
  forged.dsseEnvelope.payload = Buffer.from(JSON.stringify(passed)).toString('base64')
  const answer: SignedAndVerified = {
    ...verified,
    otherIdentity: failure(() => sigstore.verify(bundle, `${identity}-elsewhere`)),
    forged: failure(() => sigstore.verify(forged, identity))
  }
  process.stdout.write(JSON.stringify(answer))
} finally {
  await sigstore.close()
}
