/**
 * The protocol buffers' wire format, decoded by a JSON descriptor of the
 * messages (the shape of protobuf.js's, as `RESOURCES_PROTO` is written) into
 * plain objects: each field under its own name, repeated fields as arrays,
 * and each oneof naming the field that was set, as protobuf.js's
 * `toObject(…, { oneofs: true, defaults: false })` gives them.
 *
 * protobuf.js was used before; on a stranger's file it fails us measurably:
 * it decodes the whole message into objects before anything can be counted
 * (an 8 KiB App Bundle of four million empty attributes cost 976 MiB). This
 * decoder spends every message and character from the build's one budget as
 * it goes, and knows only what a descriptor of ours needs: strings,
 * messages, `bool`, `int32`, `uint32` and `float`; an unknown field is
 * skipped, as protocol buffers require.
 *
 * Weighed again inside the reader's worker: protobuf.js would be bounded
 * there, but to refuse by the worker's limit what this decoder refuses by
 * count, and at 43 KiB (its minimal reader) or 120 KiB (to load a
 * descriptor) against this decoder's 6 KiB.
 */
import type { ReadBudget } from './budget.js'
import { XmlFormatError } from './xml-tree.js'

export interface FieldDescriptor {
  type: string
  id: number
  rule?: 'repeated'
}

export interface MessageDescriptor {
  fields: Record<string, FieldDescriptor>
  oneofs?: Record<string, { oneof: readonly string[] }>
}

export type Decoded = Record<string, unknown>

const SCALAR_WIRE: Record<string, number> = { bool: 0, int32: 0, uint32: 0, float: 5, string: 2 }
/** Messages nest this many levels per element at most (node, element, attribute, item, primitive). */
const LEVELS_PER_ELEMENT = 3

/** Decodes `data` as the message `type` of `types`; a malformed message is an `XmlFormatError`. */
export function decodeMessage(
  types: Record<string, MessageDescriptor>,
  type: string,
  data: Buffer,
  budget: ReadBudget
): Decoded {
  return new WireReader(types, data, budget).message(type, 0, data.length, 1)
}

/** A message's fields by number, and the oneof each member belongs to. */
interface Layout {
  byId: Map<number, FieldDescriptor & { name: string }>
  oneofOf: Map<string, string>
}

function layoutOf(descriptor: MessageDescriptor): Layout {
  const byId = new Map(
    Object.entries(descriptor.fields).map(([name, field]) => [field.id, { name, ...field }])
  )
  const oneofOf = new Map<string, string>()
  for (const [oneof, { oneof: members }] of Object.entries(descriptor.oneofs ?? {}))
    for (const member of members) oneofOf.set(member, oneof)
  return { byId, oneofOf }
}

class WireReader {
  private at = 0
  private readonly layouts = new Map<string, Layout>()

  constructor(
    private readonly types: Record<string, MessageDescriptor>,
    private readonly data: Buffer,
    private readonly budget: ReadBudget
  ) {}

  message(type: string, start: number, end: number, depth: number): Decoded {
    this.budget.thing()
    this.budget.depth(Math.ceil(depth / LEVELS_PER_ELEMENT))
    let layout = this.layouts.get(type)
    if (!layout) this.layouts.set(type, (layout = layoutOf(this.types[type]!)))
    const { byId, oneofOf } = layout
    const result: Decoded = {}
    this.at = start
    while (this.at < end) {
      const key = this.varint(end).value
      const id = Math.floor(key / 8)
      const wire = key % 8
      const field = byId.get(id)
      if (!field) {
        this.skip(wire, end)
        continue
      }
      const expected = SCALAR_WIRE[field.type] ?? 2
      if (wire !== expected)
        throw fail(`field ${field.name} with wire type ${wire}, not ${expected}`)
      const value = this.value(field.type, end, depth)
      if (field.rule === 'repeated') ((result[field.name] ??= []) as unknown[]).push(value)
      else result[field.name] = value
      const oneof = oneofOf.get(field.name)
      if (oneof) {
        // The last member set is the oneof's value; the others are cleared, as protocol buffers do.
        const previous = result[oneof]
        if (typeof previous === 'string' && previous !== field.name) delete result[previous]
        result[oneof] = field.name
      }
    }
    if (this.at !== end) throw fail('a field that runs past its message')
    return result
  }

  private value(type: string, end: number, depth: number): unknown {
    switch (type) {
      case 'bool':
        return this.varint(end).value !== 0
      case 'int32':
        return this.varint(end).low | 0
      case 'uint32':
        return this.varint(end).low >>> 0
      case 'float':
        return this.bytes(4, end).readFloatLE(0)
      case 'string': {
        const length = this.length(end)
        this.budget.text(length)
        return this.bytes(length, end).toString('utf8')
      }
      default: {
        const length = this.length(end)
        const start = this.at
        this.bytes(length, end)
        const message = this.message(type, start, start + length, depth + 1)
        this.at = start + length
        return message
      }
    }
  }

  /** A varint: its value (exact to 2^53) and its low 32 bits (exact always, for int32 and uint32). */
  private varint(end: number): { value: number; low: number } {
    let value = 0
    let low = 0
    for (let i = 0; i < 10; i++) {
      if (this.at >= end) throw fail('a number cut short')
      const byte = this.data[this.at++]!
      value += (byte & 0x7f) * 2 ** (7 * i)
      if (i < 5) low = (low | ((byte & 0x7f) << (7 * i))) >>> 0
      if ((byte & 0x80) === 0) return { value, low }
    }
    throw fail('a number longer than ten bytes')
  }

  private length(end: number): number {
    const { value } = this.varint(end)
    if (value > end - this.at) throw fail('a length that runs past its message')
    return value
  }

  private bytes(length: number, end: number): Buffer {
    if (length > end - this.at) throw fail('a value that runs past its message')
    const bytes = this.data.subarray(this.at, this.at + length)
    this.at += length
    return bytes
  }

  private skip(wire: number, end: number): void {
    switch (wire) {
      case 0:
        this.varint(end)
        return
      case 1:
        this.bytes(8, end)
        return
      case 2:
        this.bytes(this.length(end), end)
        return
      case 5:
        this.bytes(4, end)
        return
      default:
        throw fail(`a field of wire type ${wire}, which no message of ours has`)
    }
  }
}

function fail(what: string): XmlFormatError {
  return new XmlFormatError(`not an aapt.pb.XmlNode: ${what}`)
}
