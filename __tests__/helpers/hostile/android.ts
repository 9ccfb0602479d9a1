/**
 * Android manifests for the hostile builds: binary XML whose string pool
 * leads every index to one long string, and protocol-buffer XML of millions
 * of empty messages.
 */
import { HOSTILE_APP_ID } from './app.js'

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
export const CHILD_FIELD = 5
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
