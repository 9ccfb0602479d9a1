/**
 * The APK Signing Block (APK Signature Scheme v2 and later): a block that ends
 * with the magic "APK Sig Block 42" just before the zip's central directory,
 * holding ID-value pairs, one per scheme. Only the pairs' headers are read.
 *
 *   size of block (uint64) | pairs: length (uint64), ID (uint32), value | size of block (uint64) | magic (16 bytes)
 */
import type { FileHandle } from 'node:fs/promises'
import type { AndroidSignature } from './facts.js'

const MAGIC = Buffer.from('APK Sig Block 42', 'latin1')
const FOOTER = 8 + MAGIC.length
/** Pairs visited at most: a real block has a handful (schemes, padding, a source stamp). */
const MAX_PAIRS = 64

// The schemes' block IDs, as apksigner and the platform's ApkSignatureSchemeV*Verifier define them.
const SCHEMES = new Map<number, AndroidSignature>([
  [0x7109871a, 'v2'],
  [0xf05368c0, 'v3'],
  [0x1b93ad61, 'v3.1']
])

/** The signature schemes in the APK Signing Block before `centralDirectoryOffset`; empty when there is none. */
export async function signingBlockSchemes(
  handle: FileHandle,
  centralDirectoryOffset: number
): Promise<AndroidSignature[]> {
  if (centralDirectoryOffset < FOOTER + 8) return []
  const footer = await readAt(handle, centralDirectoryOffset - FOOTER, FOOTER)
  if (!footer?.subarray(8).equals(MAGIC)) return []
  const blockSize = Number(footer.readBigUInt64LE(0))
  // The size counts everything after the leading size field.
  const blockStart = centralDirectoryOffset - blockSize - 8
  if (!Number.isSafeInteger(blockSize) || blockStart < 0) return []
  // Both size fields must agree, as the platform's verifier requires.
  const leading = await readAt(handle, blockStart, 8)
  if (!leading || Number(leading.readBigUInt64LE(0)) !== blockSize) return []
  const found = new Set<AndroidSignature>()
  const pairsEnd = centralDirectoryOffset - FOOTER
  let at = blockStart + 8
  for (let i = 0; i < MAX_PAIRS && at + 12 <= pairsEnd; i++) {
    const header = await readAt(handle, at, 12)
    if (!header) break
    const length = Number(header.readBigUInt64LE(0))
    if (length < 4 || !Number.isSafeInteger(length) || at + 8 + length > pairsEnd) break
    const scheme = SCHEMES.get(header.readUInt32LE(8))
    if (scheme) found.add(scheme)
    at += 8 + length
  }
  return [...found]
}

async function readAt(
  handle: FileHandle,
  position: number,
  length: number
): Promise<Buffer | undefined> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return bytesRead === length ? buffer : undefined
}
