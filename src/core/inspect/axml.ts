/**
 * Android's binary XML (the `AndroidManifest.xml` inside an APK, compiled
 * resources under `res/`), read into an element tree. The format is the one
 * of the platform's `ResourceTypes.h`: a chunk of type RES_XML_TYPE holding a
 * string pool (UTF-8 or UTF-16), an optional resource map (the resource id of
 * each attribute name, by string index) and the nodes in document order.
 *
 * No maintained npm package reads it on its own with bounds on hostile input
 * (adbkit-apkreader is archived, app-info-parser reads the whole archive with
 * its own unzipper, apk-parser3 runs a bundled aapt binary): this is the part
 * a manifest needs. Every offset and length is checked against the chunk it
 * lies in; text nodes are skipped. Every chunk, element and attribute, and
 * every character decoded, is spent from the build's one budget; a string is
 * decoded once however many indexes lead to its bytes.
 */
import { ReadBudget } from './budget.js'
import { XmlFormatError, type XmlAttribute, type XmlElement, type XmlValue } from './xml-tree.js'

// Chunk types (ResourceTypes.h, ResChunk_header.type).
const RES_STRING_POOL_TYPE = 0x0001
const RES_XML_TYPE = 0x0003
const RES_XML_START_NAMESPACE_TYPE = 0x0100
const RES_XML_START_ELEMENT_TYPE = 0x0102
const RES_XML_END_ELEMENT_TYPE = 0x0103
const RES_XML_RESOURCE_MAP_TYPE = 0x0180

// Res_value.dataType.
const TYPE_REFERENCE = 0x01
const TYPE_STRING = 0x03
const TYPE_DYNAMIC_REFERENCE = 0x07
const TYPE_INT_DEC = 0x10
const TYPE_INT_HEX = 0x11
const TYPE_INT_BOOLEAN = 0x12

const UTF8_FLAG = 0x100
const NO_INDEX = 0xffffffff
const CHUNK_HEADER = 8
// ResXMLTree_node: the chunk header, lineNumber, comment.
const NODE_HEADER = 16
// ResXMLTree_attribute: ns, name, rawValue, Res_value { size, res0, dataType, data }.
const ATTRIBUTE_SIZE = 20

/** Reads a binary XML document into its root element. */
export function readBinaryXml(data: Buffer, budget: ReadBudget = new ReadBudget()): XmlElement {
  const { documentHeader, documentEnd } = documentBounds(data)

  let strings: StringPool | undefined
  let resourceIds: ResourceMap = () => 0
  const stack: XmlElement[] = []
  let root: XmlElement | undefined

  for (let at = documentHeader; at + CHUNK_HEADER <= documentEnd;) {
    budget.thing()
    const type = data.readUInt16LE(at)
    const headerSize = data.readUInt16LE(at + 2)
    const size = data.readUInt32LE(at + 4)
    if (headerSize < CHUNK_HEADER || size < headerSize || at + size > documentEnd) {
      fail(`a chunk of type 0x${type.toString(16)} overruns the document`, at)
    }
    const chunk = data.subarray(at, at + size)
    switch (type) {
      case RES_STRING_POOL_TYPE:
        strings ??= readStringPool(chunk, at, budget)
        break
      case RES_XML_RESOURCE_MAP_TYPE:
        resourceIds = resourceMap(chunk, headerSize)
        break
      case RES_XML_START_NAMESPACE_TYPE:
        // Namespaces are named on each element and attribute; the node itself tells nothing more.
        if (headerSize < NODE_HEADER || headerSize + 8 > size)
          fail('a namespace node too short', at)
        break
      case RES_XML_START_ELEMENT_TYPE: {
        if (!strings) fail('an element before the string pool', at)
        budget.depth(stack.length + 1)
        const element = readElement(chunk, headerSize, strings!, resourceIds, at, budget)
        const parent = stack[stack.length - 1]
        if (parent) parent.children.push(element)
        else if (root) fail('a second root element', at)
        else root = element
        stack.push(element)
        break
      }
      case RES_XML_END_ELEMENT_TYPE:
        if (!stack.pop()) fail('an element closed that was never opened', at)
        break
      // Text (RES_XML_CDATA_TYPE) and chunks this reader does not know: skipped whole.
    }
    at += size
  }
  if (!root) fail('no element', documentHeader)
  return root!
}

/** Where the document's chunks begin and end, from its own header. */
function documentBounds(data: Buffer): { documentHeader: number; documentEnd: number } {
  if (data.length < CHUNK_HEADER) fail('too short for a binary XML header', 0)
  if (data.readUInt16LE(0) !== RES_XML_TYPE)
    fail(`not binary XML: the first chunk is of type 0x${data.readUInt16LE(0).toString(16)}`, 0)
  const documentHeader = data.readUInt16LE(2)
  const documentEnd = Math.min(data.readUInt32LE(4), data.length)
  if (documentHeader < CHUNK_HEADER || documentHeader > documentEnd)
    fail('a bad document header', 0)
  return { documentHeader, documentEnd }
}

function fail(what: string, at: number): never {
  throw new XmlFormatError(`${what} (at byte ${at})`)
}

/** The resource id of each attribute name, by string index (0 for none), read where the map lies. */
type ResourceMap = (index: number) => number

function resourceMap(chunk: Buffer, headerSize: number): ResourceMap {
  const count = Math.floor((chunk.length - headerSize) / 4)
  return index => (index < count ? chunk.readUInt32LE(headerSize + index * 4) : 0)
}

function readElement(
  chunk: Buffer,
  headerSize: number,
  strings: StringPool,
  resourceIds: ResourceMap,
  at: number,
  budget: ReadBudget
): XmlElement {
  // ResXMLTree_attrExt after the node header: ns, name, attributeStart, attributeSize, attributeCount, …
  const ext = headerSize
  if (ext < NODE_HEADER || ext + 20 > chunk.length)
    throw new XmlFormatError(`an element node too short (at byte ${at})`)
  const attributeStart = chunk.readUInt16LE(ext + 8)
  const attributeSize = chunk.readUInt16LE(ext + 10)
  const attributeCount = chunk.readUInt16LE(ext + 12)
  if (attributeCount > 0 && attributeSize < ATTRIBUTE_SIZE) {
    throw new XmlFormatError(
      `attributes of ${attributeSize} bytes, fewer than ${ATTRIBUTE_SIZE} (at byte ${at})`
    )
  }
  if (ext + attributeStart + attributeCount * attributeSize > chunk.length) {
    throw new XmlFormatError(`attributes overrun their element (at byte ${at})`)
  }
  budget.thing(1 + attributeCount)
  const attributes: XmlAttribute[] = []
  for (let i = 0; i < attributeCount; i++) {
    const a = ext + attributeStart + i * attributeSize
    const nameIndex = chunk.readUInt32LE(a + 4)
    const rawValue = chunk.readUInt32LE(a + 8)
    const dataType = chunk.readUInt8(a + 15)
    const valueData = chunk.readUInt32LE(a + 16)
    attributes.push({
      namespace: strings.optional(chunk.readUInt32LE(a)),
      name: strings.optional(nameIndex),
      resourceId: resourceIds(nameIndex),
      value: valueOf(dataType, valueData, rawValue, strings)
    })
  }
  return {
    namespace: strings.optional(chunk.readUInt32LE(ext)),
    name: strings.get(chunk.readUInt32LE(ext + 4)),
    attributes,
    children: []
  }
}

function valueOf(type: number, data: number, rawValue: number, strings: StringPool): XmlValue {
  switch (type) {
    case TYPE_STRING:
      return { kind: 'string', value: strings.get(data) }
    case TYPE_INT_DEC:
    case TYPE_INT_HEX:
      return { kind: 'integer', value: data | 0 }
    case TYPE_INT_BOOLEAN:
      return { kind: 'boolean', value: data !== 0 }
    case TYPE_REFERENCE:
    case TYPE_DYNAMIC_REFERENCE:
      return { kind: 'reference', id: data }
    default:
      // Uncompiled attributes (aapt keeps some as raw strings with no typed value).
      if (type === 0 && rawValue !== NO_INDEX)
        return { kind: 'string', value: strings.get(rawValue) }
      return { kind: 'other', type, data }
  }
}

interface StringPool {
  /** The string at `index`; an index out of the pool is a format error. */
  get(index: number): string
  /** The string at `index`, or empty for "no string" (0xffffffff). */
  optional(index: number): string
}

/** ResStringPool_header: chunk header, stringCount, styleCount, flags, stringsStart, stylesStart. */
function readStringPool(chunk: Buffer, at: number, budget: ReadBudget): StringPool {
  const fail = (what: string): never => {
    throw new XmlFormatError(`${what} in the string pool (at byte ${at})`)
  }
  if (chunk.length < 28) fail('a header too short')
  const headerSize = chunk.readUInt16LE(2)
  const count = chunk.readUInt32LE(8)
  const utf8 = (chunk.readUInt32LE(16) & UTF8_FLAG) !== 0
  const stringsStart = chunk.readUInt32LE(20)
  if (headerSize + count * 4 > chunk.length) fail(`${count} offsets that overrun the pool`)
  if (stringsStart > chunk.length) fail('strings that start past the pool')
  // By where a string's bytes start: indexes that share them share one decoded string.
  const cache = new Map<number, string>()

  const decode = (start: number): string => {
    if (utf8) {
      // Two lengths, each one byte or two (high bit set): UTF-16 units, then UTF-8 bytes.
      let p = start
      const length = (): number => {
        if (p >= chunk.length) fail(`a string at byte ${start} past the pool's end`)
        const first = chunk[p++]!
        if ((first & 0x80) === 0) return first
        if (p >= chunk.length) fail(`a string at byte ${start} past the pool's end`)
        return ((first & 0x7f) << 8) | chunk[p++]!
      }
      length()
      const bytes = length()
      if (p + bytes > chunk.length) fail(`a string at byte ${start} past the pool's end`)
      budget.text(bytes)
      return decodeUtf8(chunk.subarray(p, p + bytes))
    }
    // One length in UTF-16 units, one unit or two (high bit set), then the units.
    if (start + 2 > chunk.length) fail(`a string at byte ${start} past the pool's end`)
    let units = chunk.readUInt16LE(start)
    let p = start + 2
    if (units & 0x8000) {
      if (p + 2 > chunk.length) fail(`a string at byte ${start} past the pool's end`)
      units = ((units & 0x7fff) << 16) | chunk.readUInt16LE(p)
      p += 2
    }
    if (p + units * 2 > chunk.length) fail(`a string at byte ${start} past the pool's end`)
    budget.text(units)
    return chunk.toString('utf16le', p, p + units * 2)
  }

  const get = (index: number): string => {
    if (index >= count) fail(`index ${index} of ${count} strings`)
    const start = stringsStart + chunk.readUInt32LE(headerSize + index * 4)
    let value = cache.get(start)
    if (value === undefined) {
      value = decode(start)
      cache.set(start, value)
    }
    return value
  }
  return { get, optional: index => (index === NO_INDEX ? '' : get(index)) }
}

/**
 * UTF-8 as aapt2 writes it: a character beyond the Basic Multilingual Plane
 * is two UTF-16 surrogates encoded one by one (3 bytes each, as CESU-8 does),
 * which a strict UTF-8 decoder replaces with U+FFFD. Surrogates are encoded
 * with a lead byte of 0xED, so text without one is plain UTF-8.
 */
function decodeUtf8(bytes: Buffer): string {
  if (!bytes.includes(0xed)) return bytes.toString('utf8')
  // Never more units than bytes: two bytes of memory per byte, whatever the text.
  const units = new Uint16Array(bytes.length + 1)
  let n = 0
  const continuation = (i: number): number => (bytes[i] ?? 0) & 0x3f
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!
    if (b < 0x80) {
      units[n++] = b
      i += 1
    } else if ((b & 0xe0) === 0xc0) {
      units[n++] = ((b & 0x1f) << 6) | continuation(i + 1)
      i += 2
    } else if ((b & 0xf0) === 0xe0) {
      units[n++] = ((b & 0x0f) << 12) | (continuation(i + 1) << 6) | continuation(i + 2)
      i += 3
    } else if ((b & 0xf8) === 0xf0) {
      const point =
        (((b & 0x07) << 18) |
          (continuation(i + 1) << 12) |
          (continuation(i + 2) << 6) |
          continuation(i + 3)) -
        0x10000
      units[n++] = 0xd800 + (point >> 10)
      units[n++] = 0xdc00 + (point & 0x3ff)
      i += 4
    } else {
      units[n++] = 0xfffd
      i += 1
    }
  }
  let text = ''
  for (let i = 0; i < n; i += 4096)
    text += String.fromCharCode(...units.subarray(i, Math.min(i + 4096, n)))
  return text
}
