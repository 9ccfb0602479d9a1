/**
 * Hostile builds for the build reader (`src/core/inspect/`): small files
 * (a few hundred bytes to a few hundred KiB) whose descriptors are crafted
 * to cost a naive reader far more than their size, or to make it print an
 * attacker's text where a CI runner reads workflow commands. Each one names
 * the problem it is built to trigger (`why`); the reader must refuse it, or
 * read it, in bounded time and memory, and print nothing.
 *
 * The shapes, by the readers they were aimed at:
 *   - XML plists (the `plist` package, whose xmldom printed parse problems raw
 *     to stderr): a workflow-command payload right after an unfinished
 *     `</dict` in Info.plist, and in a provisioning profile's plist.
 *   - Binary plists (`bplist-parser`, which decodes a shared object again at
 *     every reference and trusts a collection's declared count): shared
 *     dictionaries with a lying innermost count (time), shared arrays of a
 *     long string (memory), shared arrays of dates of a wrong size (one line
 *     on stderr per visit).
 *   - Binary XML (a string pool decoded per index): tens of thousands of
 *     indexes whose offsets all lead to one long string.
 *   - Protocol-buffer XML (protobuf.js, which decodes every message before
 *     anything can be counted): millions of empty children or attributes.
 *
 * Only Node's built-ins and the project's zip writer are used.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeZip, type ZipEntrySpec } from '../../emulator/zip-writer.js'
import { runsAsScript } from '../../script/entry.js'

export interface HostileBuild {
  /** The file's name in `dir` (its extension says the build type). */
  name: string
  /** Its full path. */
  file: string
  /** What it is built to make a naive reader do. */
  why: string
}

/** The app every hostile build claims to be, where it claims anything. */
export const HOSTILE_APP_ID = 'com.example.hostile'

/**
 * GitHub Actions workflow commands (and Azure Pipelines' logging command), each
 * on a line of its own: printed raw to a runner's output, they set an output,
 * raise an annotation, or stop command processing for the rest of the job.
 */
export const WORKFLOW_COMMANDS =
  '\n::set-output name=x::pwned\n::error::injected\n::stop-commands::abc123\n##[error]injected\n'

/** Writes every hostile build into `dir` (which must exist) and says what each one is. */
export async function writeHostileBuilds(dir: string): Promise<HostileBuild[]> {
  const builds: HostileBuild[] = []
  const write = async (
    name: string,
    why: string,
    entries: { name: string; data: Buffer }[]
  ): Promise<void> => {
    const file = join(dir, name)
    const specs: ZipEntrySpec[] = entries.map(e => ({ ...e, deflate: true }))
    await writeZip(file, { entries: specs })
    builds.push({ name, file, why })
  }
  const app = 'Payload/Hostile.app'

  await write(
    'plist-commands.ipa',
    'Info.plist (XML) has an end tag `</dict` followed by a line break and lines of workflow commands: xmldom prints that text raw to stderr as a parse problem',
    [{ name: `${app}/Info.plist`, data: xmlInfoPlist(WORKFLOW_COMMANDS) }]
  )
  await write(
    'profile-commands.ipa',
    'a valid Info.plist; embedded.mobileprovision wraps an XML plist with the same `</dict` + workflow-command lines: xmldom prints them raw to stderr',
    [
      { name: `${app}/Info.plist`, data: xmlInfoPlist() },
      { name: `${app}/embedded.mobileprovision`, data: fakeProfile(WORKFLOW_COMMANDS) }
    ]
  )
  await write(
    'bplist-shared-dict.ipa',
    'binary Info.plist: 4 levels of dictionaries, each with 15 values referring to one shared dictionary of the next level, the innermost claiming 12,500,000 entries: a parser that decodes a shared object at every reference loops 15^4 × 25,000,000 times (a hang)',
    [{ name: `${app}/Info.plist`, data: sharedDictionaryPlist() }]
  )
  await write(
    'bplist-shared-arrays.ipa',
    'binary Info.plist (a valid app) holding 6 levels of arrays, each of 15 references to one shared array, the innermost of 15 references to a 300-character string: decoded per reference, 15^6 = 11,390,625 copies of the string (about 3.5 GB)',
    [{ name: `${app}/Info.plist`, data: sharedArraysPlist() }]
  )
  await write(
    'bplist-odd-dates.ipa',
    'binary Info.plist (a valid app) holding 5 levels of arrays of 15 references to one shared array, the innermost of 15 references to a date whose marker is 0x31 (not 0x33): bplist-parser prints one line to stderr per date decoded, 15^5 = 759,375 lines',
    [{ name: `${app}/Info.plist`, data: oddDatesPlist() }]
  )
  await write(
    'axml-aliased-utf16.apk',
    "AndroidManifest.xml whose UTF-16 string pool has one 200,000-unit string and 60,000 more indexes whose offsets all lead to it, each used once by <manifest>'s 30,000 extra attributes: decoded per index, 60,000 copies of 400 KB (24 GB)",
    [{ name: 'AndroidManifest.xml', data: aliasedBinaryXml({ utf8: false, attributes: 30_000 }) }]
  )
  await write(
    'axml-aliased-utf8.apk',
    "AndroidManifest.xml whose UTF-8 string pool has one 32,767-byte string (the longest a UTF-8 pool can say) and 130,000 more indexes whose offsets all lead to it, each used once by <manifest>'s 65,000 extra attributes: decoded per index, 130,000 copies of 32 KB (4.3 GB)",
    [{ name: 'AndroidManifest.xml', data: aliasedBinaryXml({ utf8: true, attributes: 65_000 }) }]
  )
  await write(
    'proto-empty-children.aab',
    'base/manifest/AndroidManifest.xml (protocol buffers, 8,000,000 bytes, deflated to a few KiB): <manifest package> with 4,000,000 empty child XmlNode messages: a decoder that builds every message first makes millions of objects',
    [{ name: 'base/manifest/AndroidManifest.xml', data: emptyMessagesManifest(CHILD_FIELD) }]
  )
  await write(
    'proto-empty-attributes.aab',
    'base/manifest/AndroidManifest.xml (protocol buffers, 8,000,000 bytes, deflated to a few KiB): <manifest package> with 4,000,000 empty XmlAttribute messages: a decoder that builds every message first makes millions of objects',
    [{ name: 'base/manifest/AndroidManifest.xml', data: emptyMessagesManifest(ATTRIBUTE_FIELD) }]
  )
  // A number a backtracking pattern tested for hours (60,000 digits took 96 s).
  const digits: [string, string] = ['Scale', `<real>${'1'.repeat(1_000_000)}e</real>`]
  await write(
    'plist-million-digits.ipa',
    'Info.plist (XML) holds a <real> of 1,000,000 digits ending in `e`: a number pattern with two quantifiers that trade digits (`\\d+\\.?\\d*`) backtracks over it for hours, synchronously',
    [{ name: `${app}/Info.plist`, data: xmlInfoPlist(undefined, [digits]) }]
  )
  await write(
    'profile-million-digits.ipa',
    'a valid Info.plist; the plist in embedded.mobileprovision holds the same million-digit <real>',
    [
      { name: `${app}/Info.plist`, data: xmlInfoPlist() },
      { name: `${app}/embedded.mobileprovision`, data: fakeProfile(undefined, [digits]) }
    ]
  )
  return builds
}

// ---------------------------------------------------------------------------
// XML property lists

/**
 * An Info.plist for HOSTILE_APP_ID; `afterDict`, when given, goes right after
 * `</dict` (whose `>` it replaces); `extra` entries (key, raw XML value) go
 * inside the dictionary, last.
 */
export function xmlInfoPlist(afterDict?: string, extra: [key: string, xml: string][] = []): Buffer {
  return xmlPlist(
    [
      ['CFBundleIdentifier', HOSTILE_APP_ID],
      ['CFBundleShortVersionString', '6.6.6'],
      ['CFBundleVersion', '666'],
      ['MinimumOSVersion', '15.0'],
      ['DTPlatformName', 'iphoneos'],
      ...extra
    ],
    afterDict
  )
}

function xmlPlist(entries: [key: string, xml: string][], afterDict?: string): Buffer {
  const body = entries
    .map(
      ([key, value]) =>
        `  <key>${key}</key>${value.startsWith('<') ? value : `<string>${value}</string>`}`
    )
    .join('\n')
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict${afterDict ?? '>\n'}</plist>
`,
    'utf8'
  )
}

/**
 * A provisioning profile as a reader that does not verify it sees one: the
 * XML plist inside a CMS SignedData envelope, stored whole. The envelope is
 * shaped like the real one (BER with indefinite lengths, as `openssl cms`
 * writes it: ContentInfo, SignedData, the encapsulated data as an OCTET
 * STRING), but holds a stand-in for the certificates and signs nothing; the
 * reader takes the text from `<?xml` to the last `</plist>` in any case.
 */
export function fakeProfile(afterDict?: string, extra: [key: string, xml: string][] = []): Buffer {
  const plist = xmlPlist(
    [
      ['AppIDName', 'Hostile'],
      ['ExpirationDate', '<date>2099-01-01T00:00:00Z</date>'],
      ['Name', 'Hostile Development'],
      ['TeamIdentifier', '<array><string>ABCDE12345</string></array>'],
      ['TeamName', 'Hostile'],
      ['UUID', '00000000-0000-4000-8000-000000000000'],
      [
        'Entitlements',
        `<dict><key>application-identifier</key><string>ABCDE12345.${HOSTILE_APP_ID}</string><key>get-task-allow</key><true/></dict>`
      ],
      ...extra
    ],
    afterDict
  )
  const ber = (hex: string): Buffer => Buffer.from(hex.replace(/ /g, ''), 'hex')
  // The OCTET STRING's length in BER's long form: 0x80 + the count of length bytes, then the length.
  const length = Buffer.from(plist.length.toString(16).padStart(8, '0'), 'hex').subarray(
    plist.length > 0xffffff ? 0 : plist.length > 0xffff ? 1 : 2
  )
  const octetString = Buffer.concat([Buffer.from([0x04, 0x80 + length.length]), length])
  const certificates = Buffer.from('stand-in for the certificates', 'latin1')
  const endOfContents = (count: number): Buffer => Buffer.alloc(2 * count)
  return Buffer.concat([
    ber('30 80'), // ContentInfo: a SEQUENCE of indefinite length
    ber('06 09 2a 86 48 86 f7 0d 01 07 02'), // contentType: signedData (1.2.840.113549.1.7.2)
    ber('a0 80 30 80 02 01 01'), // [0] content: SignedData, version 1
    ber('31 00'), // digestAlgorithms: none
    ber('30 80 06 09 2a 86 48 86 f7 0d 01 07 01'), // encapContentInfo: data (1.2.840.113549.1.7.1)
    ber('a0 80 24 80'), // [0] eContent: a constructed OCTET STRING…
    octetString, // …of one OCTET STRING: the plist
    plist,
    endOfContents(3), // the OCTET STRING, [0] eContent, encapContentInfo
    Buffer.from([0xa0, certificates.length + 2, 0x04, certificates.length]), // [0] certificates: filler
    certificates,
    endOfContents(3) // SignedData, [0] content, ContentInfo
  ])
}

// ---------------------------------------------------------------------------
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

const RES_XML_TYPE = 0x0003
const RES_STRING_POOL_TYPE = 0x0001
const RES_XML_START_ELEMENT_TYPE = 0x0102
const RES_XML_END_ELEMENT_TYPE = 0x0103
const UTF8_FLAG = 0x100
const TYPE_STRING = 0x03
const NO_INDEX = 0xffffffff

/** A chunk: ResChunk_header (type, headerSize, size) then the rest of its header and its body, padded to 4 bytes. */
function chunk(type: number, header: Buffer, body: Buffer): Buffer {
  const padding = (4 - ((8 + header.length + body.length) % 4)) % 4
  const head = Buffer.alloc(8)
  head.writeUInt16LE(type, 0)
  head.writeUInt16LE(8 + header.length, 2)
  head.writeUInt32LE(8 + header.length + body.length + padding, 4)
  return Buffer.concat([head, header, body, Buffer.alloc(padding)])
}

function uint32LE(values: number[]): Buffer {
  const bytes = Buffer.alloc(4 * values.length)
  values.forEach((value, i) => bytes.writeUInt32LE(value >>> 0, 4 * i))
  return bytes
}

/** A string in a UTF-16 pool: its length in units (one unit, or two with the high bit set), the units, a 0 unit. */
function utf16PoolString(text: string): Buffer {
  const n = text.length
  const length = n > 0x7fff ? Buffer.alloc(4) : Buffer.alloc(2)
  if (n > 0x7fff) {
    length.writeUInt16LE(0x8000 | (n >>> 16), 0)
    length.writeUInt16LE(n & 0xffff, 2)
  } else length.writeUInt16LE(n, 0)
  return Buffer.concat([length, Buffer.from(text, 'utf16le'), Buffer.alloc(2)])
}

/** A string in a UTF-8 pool (ASCII here): its length in UTF-16 units, then in bytes (each one byte, or two with the high bit set), the bytes, a 0. */
function utf8PoolString(text: string): Buffer {
  if (text.length > 0x7fff) throw new Error('a UTF-8 pool cannot say a length past 0x7fff')
  const length = (n: number): number[] => (n > 0x7f ? [0x80 | (n >> 8), n & 0xff] : [n])
  return Buffer.concat([
    Buffer.from([...length(text.length), ...length(text.length)]),
    Buffer.from(text, 'latin1'),
    Buffer.alloc(1)
  ])
}

/**
 * A binary XML manifest `<manifest package="com.example.hostile" …>` whose
 * string pool holds "manifest", "package", the app id and one long string,
 * then `2 × attributes` more indexes whose offsets all lead to that long
 * string. The root element has, after `package`, `attributes` more
 * attributes, each naming one aliased index as its name and another as its
 * string value, so that every aliased index is looked up once.
 */
export function aliasedBinaryXml({
  utf8,
  attributes
}: {
  utf8: boolean
  attributes: number
}): Buffer {
  if (attributes + 1 > 0xffff) throw new Error('an element has at most 65,535 attributes')
  const big = 'A'.repeat(utf8 ? 0x7fff : 200_000)
  const encode = utf8 ? utf8PoolString : utf16PoolString
  const strings = ['manifest', 'package', HOSTILE_APP_ID, big].map(encode)
  const offsets: number[] = []
  let at = 0
  for (const s of strings) {
    offsets.push(at)
    at += s.length
  }
  const bigOffset = offsets[3]!
  const firstAlias = offsets.length
  for (let i = 0; i < 2 * attributes; i++) offsets.push(bigOffset)

  // ResStringPool_header after the chunk header: stringCount, styleCount, flags, stringsStart, stylesStart.
  const poolHeaderSize = 28
  const stringsStart = poolHeaderSize + 4 * offsets.length
  const pool = chunk(
    RES_STRING_POOL_TYPE,
    uint32LE([offsets.length, 0, utf8 ? UTF8_FLAG : 0, stringsStart, 0]),
    Buffer.concat([uint32LE(offsets), ...strings])
  )

  // ResXMLTree_attribute: ns, name, rawValue, Res_value { size 8, res0 0, dataType, data }.
  const attribute = (name: number, value: number): Buffer => {
    const bytes = Buffer.alloc(20)
    bytes.writeUInt32LE(NO_INDEX, 0)
    bytes.writeUInt32LE(name, 4)
    bytes.writeUInt32LE(value, 8)
    bytes.writeUInt16LE(8, 12)
    bytes.writeUInt8(TYPE_STRING, 15)
    bytes.writeUInt32LE(value, 16)
    return bytes
  }
  const attributeRecords = [attribute(1, 2)]
  for (let i = 0; i < attributes; i++) {
    attributeRecords.push(attribute(firstAlias + 2 * i, firstAlias + 2 * i + 1))
  }
  // ResXMLTree_node (lineNumber, comment) then ResXMLTree_attrExt: ns, name,
  // attributeStart 20, attributeSize 20, attributeCount, idIndex, classIndex, styleIndex.
  const attrExt = Buffer.alloc(20)
  attrExt.writeUInt32LE(NO_INDEX, 0)
  attrExt.writeUInt32LE(0, 4)
  attrExt.writeUInt16LE(20, 8)
  attrExt.writeUInt16LE(20, 10)
  attrExt.writeUInt16LE(attributeRecords.length, 12)
  const start = chunk(
    RES_XML_START_ELEMENT_TYPE,
    uint32LE([1, NO_INDEX]),
    Buffer.concat([attrExt, ...attributeRecords])
  )
  const end = chunk(RES_XML_END_ELEMENT_TYPE, uint32LE([1, NO_INDEX]), uint32LE([NO_INDEX, 0]))
  return chunk(RES_XML_TYPE, Buffer.alloc(0), Buffer.concat([pool, start, end]))
}

// ---------------------------------------------------------------------------
// Protocol-buffer XML (aapt2's Resources.proto: XmlNode, XmlElement, XmlAttribute)

/** XmlElement.attribute (repeated XmlAttribute). */
export const ATTRIBUTE_FIELD = 4
/** XmlElement.child (repeated XmlNode). */
const CHILD_FIELD = 5
/** How many empty messages: 2 bytes each, under the reader's 8 MiB cap on a descriptor. */
const EMPTY_MESSAGES = 4_000_000

function varint(value: number): Buffer {
  const bytes: number[] = []
  while (value >= 0x80) {
    bytes.push((value % 0x80) | 0x80)
    value = Math.floor(value / 0x80)
  }
  bytes.push(value)
  return Buffer.from(bytes)
}

/** A length-delimited field (wire type 2). */
export function field(id: number, value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value
  return Buffer.concat([varint((id << 3) | 2), varint(bytes.length), bytes])
}

/**
 * XmlNode { element: XmlElement { name "manifest", attribute { name
 * "package", value HOSTILE_APP_ID }, then `count` empty messages in field
 * `repeated` } }. Each empty message is two bytes (its tag, length 0), so the
 * whole deflates to a few KiB.
 */
export function emptyMessagesManifest(repeated: number, count = EMPTY_MESSAGES): Buffer {
  const empty = Buffer.from([(repeated << 3) | 2, 0])
  const element = Buffer.concat([
    field(3, 'manifest'),
    field(ATTRIBUTE_FIELD, Buffer.concat([field(2, 'package'), field(3, HOSTILE_APP_ID)])),
    Buffer.alloc(empty.length * count, empty)
  ])
  return field(1, element)
}

// Run directly (`npx tsx hostile-builds.ts <dir>`): writes the builds and lists them.
if (runsAsScript('hostile-builds')) {
  const dir = process.argv[2] ?? '.'
  const builds = await writeHostileBuilds(dir)
  for (const build of builds) {
    console.log(`${build.name}\t${(await stat(build.file)).size} bytes\t${build.why}`)
  }
}
