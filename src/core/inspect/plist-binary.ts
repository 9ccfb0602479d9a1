/**
 * Apple's binary property lists (`bplist00`), as Xcode writes an app's
 * Info.plist: objects laid end to end, an offset table after them, and a
 * 32-byte trailer that says where the table is, how wide its offsets and
 * the objects' references are, how many objects there are and which is the
 * root. Collections hold references (indexes into the offset table), so one
 * object may be referred to many times.
 *
 * The `bplist-parser` package was used before; on a stranger's file it fails
 * us measurably: it decodes a shared object again at every reference,
 * synchronously (a 299-byte file ran for an estimated 69 hours, deaf to
 * Ctrl-C), lets a collection claim more entries than the file could hold,
 * and prints a line per odd date (759,390 lines from 284 bytes). This reader
 * decodes each object once, refuses a cycle, checks every count against the
 * bytes that would hold it before reading it, spends every reference and
 * character from the build's one budget, and says nothing.
 *
 * Weighed again inside the reader's worker, where the package could no
 * longer hang the step: it ran the shared-dictionary build into the worker's
 * 5 s limit and the shared-arrays and odd-dates builds out of its 192 MiB
 * (after 1.5 s and 3.9 s), each refused only as "could not be read within
 * …", where this reader says what is wrong in under 10 ms. Its 5 KiB saves
 * nothing worth that.
 */
import type { ReadBudget } from './budget.js'
import { PlistFormatError } from './plist-xml.js'

const TRAILER = 32
const HEADER = 8
/** Seconds from the Unix epoch to Apple's (2001-01-01T00:00:00Z). */
const APPLE_EPOCH = 978_307_200

/** Reads a binary plist into its root value, in the shapes the XML reader gives. */
export function readBinaryPlist(data: Buffer, budget: ReadBudget): unknown {
  return new BinaryPlistReader(data, budget).root()
}

class BinaryPlistReader {
  private readonly offsetSize: number
  private readonly refSize: number
  private readonly count: number
  private readonly top: number
  private readonly table: number
  private readonly decoded = new Map<number, unknown>()
  private readonly open = new Set<number>()

  constructor(
    private readonly data: Buffer,
    private readonly budget: ReadBudget
  ) {
    if (data.length < HEADER + TRAILER + 1) throw fail('too short for a header and a trailer')
    const trailer = data.length - TRAILER
    this.offsetSize = data[trailer + 6]!
    this.refSize = data[trailer + 7]!
    if (!inRange(this.offsetSize) || !inRange(this.refSize))
      throw fail('a trailer with offsets or references of no valid width')
    this.count = this.uint(trailer + 8, 8)
    this.top = this.uint(trailer + 16, 8)
    this.table = this.uint(trailer + 24, 8)
    if (
      this.count < 1 ||
      this.top >= this.count ||
      this.table < HEADER ||
      this.count > (trailer - this.table) / this.offsetSize
    )
      throw fail('a trailer whose counts do not fit the file')
  }

  root(): unknown {
    return this.object(this.top, 1)
  }

  /** The object at `index`: decoded once, however many references lead to it. */
  private object(index: number, depth: number): unknown {
    this.budget.thing()
    if (index >= this.count) throw fail(`a reference to object ${index} of ${this.count}`)
    if (this.decoded.has(index)) return this.decoded.get(index)
    if (this.open.has(index)) throw fail('an object that holds itself')
    this.budget.depth(depth)
    this.open.add(index)
    const value = this.decode(
      this.uint(this.table + index * this.offsetSize, this.offsetSize),
      depth
    )
    this.open.delete(index)
    this.decoded.set(index, value)
    return value
  }

  private decode(at: number, depth: number): unknown {
    if (at < HEADER || at >= this.table) throw fail('an object outside the object area')
    const marker = this.data[at]!
    const info = marker & 0x0f
    switch (marker >> 4) {
      case 0x0:
        if (info === 0x8 || info === 0x9) return info === 0x9
        if (info === 0x0) return null
        break
      case 0x1:
        if (info <= 4) return this.int(at + 1, 1 << info)
        break
      case 0x2:
        if (info === 2) return this.bytes(at + 1, 4).readFloatBE(0)
        if (info === 3) return this.bytes(at + 1, 8).readDoubleBE(0)
        break
      case 0x3:
        if (info === 3)
          return new Date((APPLE_EPOCH + this.bytes(at + 1, 8).readDoubleBE(0)) * 1000)
        break
      case 0x4: {
        const [start, length] = this.length(at, info)
        return Buffer.from(this.bytes(start, length))
      }
      case 0x5:
      case 0x7: {
        const [start, length] = this.length(at, info)
        this.budget.text(length)
        return this.bytes(start, length).toString(marker >> 4 === 0x5 ? 'latin1' : 'utf8')
      }
      case 0x6: {
        const [start, length] = this.length(at, info)
        this.budget.text(length)
        return Buffer.from(this.bytes(start, length * 2))
          .swap16()
          .toString('utf16le')
      }
      case 0x8:
        return { UID: this.uint(at + 1, info + 1) }
      case 0xa:
      case 0xb:
      case 0xc: {
        const refs = this.refs(at, info, 1)
        return refs.map(ref => this.object(ref, depth + 1))
      }
      case 0xd: {
        const refs = this.refs(at, info, 2)
        const half = refs.length / 2
        const dict: Record<string, unknown> = Object.create(null)
        for (let i = 0; i < half; i++) {
          const key = this.object(refs[i]!, depth + 1)
          if (typeof key !== 'string') throw fail('a dictionary key that is not a string')
          dict[key] = this.object(refs[half + i]!, depth + 1)
        }
        return dict
      }
    }
    throw fail(`an object of a kind no property list has (0x${marker.toString(16)})`)
  }

  /** A collection's references, `per` of them for each of its entries, checked to fit before they are read. */
  private refs(at: number, info: number, per: number): number[] {
    const [start, entries] = this.length(at, info)
    if (entries * per > (this.table - start) / this.refSize)
      throw fail(`a collection that claims ${entries} entries, more than the file holds`)
    this.budget.thing(entries * per)
    const refs: number[] = []
    for (let i = 0; i < entries * per; i++)
      refs.push(this.uint(start + i * this.refSize, this.refSize))
    return refs
  }

  /** A length: the marker's low four bits, or an integer object after it when they are all set. */
  private length(at: number, info: number): [start: number, length: number] {
    if (info !== 0x0f) return [at + 1, info]
    const marker = this.bytes(at + 1, 1)[0]!
    if (marker >> 4 !== 0x1 || (marker & 0x0f) > 3) throw fail('a length that is not an integer')
    const size = 1 << (marker & 0x0f)
    return [at + 2 + size, this.uint(at + 2, size)]
  }

  private int(at: number, size: number): number {
    const bytes = this.bytes(at, size)
    // Eight bytes and more are signed; a 16-byte integer's value is in its low eight.
    if (size >= 8) return Number(bytes.readBigInt64BE(size - 8))
    return this.uint(at, size)
  }

  private uint(at: number, size: number): number {
    const bytes = this.bytes(at, size)
    if (size <= 6) return bytes.readUIntBE(0, size)
    let value = 0n
    for (const byte of bytes) value = (value << 8n) | BigInt(byte)
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw fail('a number too large for an offset')
    return Number(value)
  }

  private bytes(at: number, length: number): Buffer {
    if (at < 0 || length < 0 || at + length > this.data.length)
      throw fail('an object that runs past the end of the file')
    return this.data.subarray(at, at + length)
  }
}

function inRange(width: number): boolean {
  return width >= 1 && width <= 8
}

function fail(what: string): PlistFormatError {
  return new PlistFormatError(`a binary property list with ${what}`)
}
