/**
 * Writes zip archives for the build reader's tests and bench: small ones from
 * buffers, and large ones whose big entries are holes in a sparse file (they
 * cost no disk and no time), with Zip64 records where sizes or offsets pass
 * 4 GiB. Not a general zip writer: stored or deflated entries, no comments.
 */
import { open } from 'node:fs/promises'
import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntrySpec {
  name: string
  /** The entry's bytes. */
  data?: Buffer
  /** Instead of `data`: this many zero bytes, left as a hole in the file (stored; its CRC is not computed). */
  sparseSize?: number
  deflate?: boolean
}

export interface ZipSpec {
  entries: ZipEntrySpec[]
  /** Bytes between the last entry and the central directory (where an APK Signing Block goes). */
  beforeCentralDirectory?: Buffer
}

const FOUR_GIB = 2 ** 32
const MAX32 = 0xffffffff

/** Writes the archive to `path`; returns its size. */
export async function writeZip(path: string, spec: ZipSpec): Promise<number> {
  const file = await open(path, 'w')
  try {
    let position = 0
    const write = async (bytes: Buffer): Promise<void> => {
      await file.write(bytes, 0, bytes.length, position)
      position += bytes.length
    }
    const central: Buffer[] = []
    for (const entry of spec.entries) {
      const name = Buffer.from(entry.name, 'utf8')
      const raw = entry.data ?? Buffer.alloc(0)
      const size = entry.sparseSize ?? raw.length
      const body = entry.deflate && entry.data ? deflateRawSync(raw) : raw
      const compressedSize = entry.sparseSize ?? body.length
      const crc = entry.sparseSize === undefined ? crc32(raw) : 0
      const method = entry.deflate && entry.data ? 8 : 0
      const offset = position
      const zip64 = size >= MAX32 || offset >= MAX32
      const zip64Extra = zip64 ? extra64(size, compressedSize, offset) : Buffer.alloc(0)
      // In the local header the field holds the two sizes alone.
      const localExtra = zip64 ? extra64(size, compressedSize) : Buffer.alloc(0)

      const local = Buffer.alloc(30)
      local.writeUInt32LE(0x04034b50, 0)
      local.writeUInt16LE(zip64 ? 45 : 20, 4)
      local.writeUInt16LE(0x0800, 6) // UTF-8 names
      local.writeUInt16LE(method, 8)
      local.writeUInt16LE(0x0021, 12) // 1980-01-01
      local.writeUInt32LE(crc, 14)
      local.writeUInt32LE(zip64 ? MAX32 : compressedSize, 18)
      local.writeUInt32LE(zip64 ? MAX32 : size, 22)
      local.writeUInt16LE(name.length, 26)
      local.writeUInt16LE(localExtra.length, 28)
      await write(Buffer.concat([local, name, localExtra]))
      if (entry.sparseSize === undefined) await write(body)
      else position += entry.sparseSize

      const header = Buffer.alloc(46)
      header.writeUInt32LE(0x02014b50, 0)
      header.writeUInt16LE(zip64 ? 45 : 20, 4)
      header.writeUInt16LE(zip64 ? 45 : 20, 6)
      header.writeUInt16LE(0x0800, 8)
      header.writeUInt16LE(method, 10)
      header.writeUInt16LE(0x0021, 14)
      header.writeUInt32LE(crc, 16)
      header.writeUInt32LE(zip64 ? MAX32 : compressedSize, 20)
      header.writeUInt32LE(zip64 ? MAX32 : size, 24)
      header.writeUInt16LE(name.length, 28)
      header.writeUInt16LE(zip64Extra.length, 30)
      header.writeUInt32LE(zip64 ? MAX32 : offset, 42)
      central.push(header, name, zip64Extra)
    }
    if (spec.beforeCentralDirectory) await write(spec.beforeCentralDirectory)
    const directoryOffset = position
    const directory = Buffer.concat(central)
    await write(directory)
    const count = spec.entries.length
    if (directoryOffset >= MAX32 || position >= FOUR_GIB) {
      const record = Buffer.alloc(56)
      record.writeUInt32LE(0x06064b50, 0)
      record.writeBigUInt64LE(44n, 4)
      record.writeUInt16LE(45, 12)
      record.writeUInt16LE(45, 14)
      record.writeBigUInt64LE(BigInt(count), 24)
      record.writeBigUInt64LE(BigInt(count), 32)
      record.writeBigUInt64LE(BigInt(directory.length), 40)
      record.writeBigUInt64LE(BigInt(directoryOffset), 48)
      const recordOffset = position
      await write(record)
      const locator = Buffer.alloc(20)
      locator.writeUInt32LE(0x07064b50, 0)
      locator.writeBigUInt64LE(BigInt(recordOffset), 8)
      locator.writeUInt32LE(1, 16)
      await write(locator)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(Math.min(count, 0xffff), 8)
    end.writeUInt16LE(Math.min(count, 0xffff), 10)
    end.writeUInt32LE(Math.min(directory.length, MAX32), 12)
    end.writeUInt32LE(Math.min(directoryOffset, MAX32), 16)
    await write(end)
    return position
  } finally {
    await file.close()
  }
}

/** The Zip64 extended information extra field: the sizes and (in the central directory) the local header's offset. */
function extra64(size: number, compressedSize: number, offset?: number): Buffer {
  const values = offset === undefined ? [size, compressedSize] : [size, compressedSize, offset]
  const field = Buffer.alloc(4 + 8 * values.length)
  field.writeUInt16LE(0x0001, 0)
  field.writeUInt16LE(8 * values.length, 2)
  values.forEach((value, i) => field.writeBigUInt64LE(BigInt(value), 4 + 8 * i))
  return field
}

/** An APK Signing Block holding one pair per ID (the values are filler): what v2/v3 signing leaves before the central directory. */
export function signingBlock(ids: number[]): Buffer {
  const pairs = ids.map(id => {
    const pair = Buffer.alloc(8 + 4 + 16)
    pair.writeBigUInt64LE(BigInt(4 + 16), 0)
    pair.writeUInt32LE(id, 8)
    return pair
  })
  const body = Buffer.concat(pairs)
  const size = BigInt(body.length + 8 + 16)
  const head = Buffer.alloc(8)
  head.writeBigUInt64LE(size, 0)
  const tail = Buffer.alloc(8)
  tail.writeBigUInt64LE(size, 0)
  return Buffer.concat([head, body, tail, Buffer.from('APK Sig Block 42', 'latin1')])
}
