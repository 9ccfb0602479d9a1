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

/** An entry's fields, as its local header and its central directory record both give them. */
interface EntryFields {
  name: Buffer
  body: Buffer
  size: number
  compressedSize: number
  crc: number
  method: number
  offset: number
  zip64: boolean
}

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
      const fields = fieldsOf(entry, position)
      await write(localHeader(fields))
      if (entry.sparseSize === undefined) await write(fields.body)
      else position += entry.sparseSize
      central.push(centralRecord(fields))
    }
    if (spec.beforeCentralDirectory) await write(spec.beforeCentralDirectory)
    const directoryOffset = position
    const directory = Buffer.concat(central)
    await write(directory)
    const count = spec.entries.length
    if (directoryOffset >= MAX32 || position >= FOUR_GIB)
      await write(zip64End(count, directory.length, directoryOffset, position))
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

function fieldsOf(entry: ZipEntrySpec, offset: number): EntryFields {
  const raw = entry.data ?? Buffer.alloc(0)
  const size = entry.sparseSize ?? raw.length
  const body = entry.deflate && entry.data ? deflateRawSync(raw) : raw
  return {
    name: Buffer.from(entry.name, 'utf8'),
    body,
    size,
    compressedSize: entry.sparseSize ?? body.length,
    crc: entry.sparseSize === undefined ? crc32(raw) : 0,
    method: entry.deflate && entry.data ? 8 : 0,
    offset,
    zip64: size >= MAX32 || offset >= MAX32
  }
}

/** The local header, its name and (Zip64) its extra field, which holds the two sizes alone. */
function localHeader(f: EntryFields): Buffer {
  const extra = f.zip64 ? extra64(f.size, f.compressedSize) : Buffer.alloc(0)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(f.zip64 ? 45 : 20, 4)
  local.writeUInt16LE(0x0800, 6) // UTF-8 names
  local.writeUInt16LE(f.method, 8)
  local.writeUInt16LE(0x0021, 12) // 1980-01-01
  local.writeUInt32LE(f.crc, 14)
  local.writeUInt32LE(f.zip64 ? MAX32 : f.compressedSize, 18)
  local.writeUInt32LE(f.zip64 ? MAX32 : f.size, 22)
  local.writeUInt16LE(f.name.length, 26)
  local.writeUInt16LE(extra.length, 28)
  return Buffer.concat([local, f.name, extra])
}

/** The central directory's record of an entry, its name and (Zip64) its extra field with the offset. */
function centralRecord(f: EntryFields): Buffer {
  const extra = f.zip64 ? extra64(f.size, f.compressedSize, f.offset) : Buffer.alloc(0)
  const header = Buffer.alloc(46)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(f.zip64 ? 45 : 20, 4)
  header.writeUInt16LE(f.zip64 ? 45 : 20, 6)
  header.writeUInt16LE(0x0800, 8)
  header.writeUInt16LE(f.method, 10)
  header.writeUInt16LE(0x0021, 14)
  header.writeUInt32LE(f.crc, 16)
  header.writeUInt32LE(f.zip64 ? MAX32 : f.compressedSize, 20)
  header.writeUInt32LE(f.zip64 ? MAX32 : f.size, 24)
  header.writeUInt16LE(f.name.length, 28)
  header.writeUInt16LE(extra.length, 30)
  header.writeUInt32LE(f.zip64 ? MAX32 : f.offset, 42)
  return Buffer.concat([header, f.name, extra])
}

/** The Zip64 end of central directory record and its locator, written at `at`. */
function zip64End(count: number, length: number, directoryOffset: number, at: number): Buffer {
  const record = Buffer.alloc(56)
  record.writeUInt32LE(0x06064b50, 0)
  record.writeBigUInt64LE(44n, 4)
  record.writeUInt16LE(45, 12)
  record.writeUInt16LE(45, 14)
  record.writeBigUInt64LE(BigInt(count), 24)
  record.writeBigUInt64LE(BigInt(count), 32)
  record.writeBigUInt64LE(BigInt(length), 40)
  record.writeBigUInt64LE(BigInt(directoryOffset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(at), 8)
  locator.writeUInt32LE(1, 16)
  return Buffer.concat([record, locator])
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
