/**
 * Sigstore's signing and verifying, run where Jest's module system cannot
 * run it (see signAndVerify): this file loads none of Sigstore's packages.
 */
/** What signing and verifying a statement came to, as the child process that did it tells. */
export interface SignedAndVerified {
  payloadType: string
  payload: string
  /** Verifying for another repository's identity failed, and why. */
  otherIdentity: string
  /** Verifying the envelope with its statement changed to a pass failed, and why. */
  forged: string
}

/**
 * Signs `statement` for `identity` and verifies it, in a process of its own:
 * Sigstore's client loads packages that Jest's module system cannot (a
 * CommonJS require of an ES module), so it runs in a plain Node, bundled once
 * (bundle-cache.ts); this process hands the statement over and reads the
 * answer.
 */
export async function signAndVerify(
  statement: string,
  identity: string
): Promise<SignedAndVerified> {
  const { execFile } = await import('node:child_process')
  const { join } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  const { cachedBundle } = await import('./bundle-cache.js')
  const helpers = fileURLToPath(new URL('.', import.meta.url))
  const lock = fileURLToPath(new URL('../../package-lock.json', import.meta.url))
  const script = join(
    cachedBundle(
      'sigstore',
      [{ entry: join(helpers, 'sigstore-check.ts'), file: 'check.js' }],
      [join(helpers, 'sigstore-check.ts'), join(helpers, 'sigstore.ts'), lock]
    ),
    'check.js'
  )
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [script, identity],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`))
        resolve(JSON.parse(stdout) as SignedAndVerified)
      }
    )
    child.stdin!.end(statement)
  })
}
