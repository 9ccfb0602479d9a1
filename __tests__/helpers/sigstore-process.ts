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
 * CommonJS require of an ES module), so it runs under tsx, as a CI's script
 * would run it; this process hands the statement over and reads the answer.
 */
export async function signAndVerify(
  statement: string,
  identity: string
): Promise<SignedAndVerified> {
  const { execFile } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  const script = fileURLToPath(new URL('./sigstore-check.ts', import.meta.url))
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [tsx, script, identity],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`))
        resolve(JSON.parse(stdout) as SignedAndVerified)
      }
    )
    child.stdin!.end(statement)
  })
}
