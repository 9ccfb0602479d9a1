/**
 * The protocol-buffer XML of an Android App Bundle (`base/manifest/AndroidManifest.xml`,
 * written by `aapt2 link --proto-format`), read into the same element tree as
 * binary XML. The schema is the part of aapt2's `Resources.proto` that an
 * XML document uses, as a protobuf.js JSON descriptor:
 *
 *   Source:  tools/aapt2/Resources.proto of Android's frameworks/base, as mirrored at
 *            https://github.com/aosp-mirror/platform_frameworks_base (commit a9a19d7e)
 *   Licence: Apache License 2.0, Copyright (C) 2016 The Android Open Source Project
 *
 * Names, numbers and types are the source's own (a test checks them against a
 * copy of the file); messages and fields a manifest never holds are left out,
 * and protobuf skips them on the wire.
 */
import { ReadBudget } from './budget.js'
import { decodeMessage, type MessageDescriptor } from './proto-wire.js'
import { XmlFormatError, type XmlAttribute, type XmlElement, type XmlValue } from './xml-tree.js'

export const RESOURCES_PROTO = {
  nested: {
    aapt: {
      nested: {
        pb: {
          nested: {
            XmlNode: {
              oneofs: { node: { oneof: ['element', 'text'] } },
              fields: {
                element: { type: 'XmlElement', id: 1 },
                text: { type: 'string', id: 2 }
              }
            },
            XmlElement: {
              fields: {
                namespace_uri: { type: 'string', id: 2 },
                name: { type: 'string', id: 3 },
                attribute: { rule: 'repeated', type: 'XmlAttribute', id: 4 },
                child: { rule: 'repeated', type: 'XmlNode', id: 5 }
              }
            },
            XmlAttribute: {
              fields: {
                namespace_uri: { type: 'string', id: 1 },
                name: { type: 'string', id: 2 },
                value: { type: 'string', id: 3 },
                resource_id: { type: 'uint32', id: 5 },
                compiled_item: { type: 'Item', id: 6 }
              }
            },
            Item: {
              oneofs: { value: { oneof: ['ref', 'str', 'raw_str', 'prim'] } },
              fields: {
                ref: { type: 'Reference', id: 1 },
                str: { type: 'String', id: 2 },
                raw_str: { type: 'RawString', id: 3 },
                prim: { type: 'Primitive', id: 7 }
              }
            },
            Reference: {
              fields: {
                id: { type: 'uint32', id: 2 },
                name: { type: 'string', id: 3 }
              }
            },
            String: { fields: { value: { type: 'string', id: 1 } } },
            RawString: { fields: { value: { type: 'string', id: 1 } } },
            Primitive: {
              oneofs: {
                oneof_value: {
                  oneof: [
                    'float_value',
                    'int_decimal_value',
                    'int_hexadecimal_value',
                    'boolean_value',
                    'color_argb8_value',
                    'color_rgb8_value',
                    'color_argb4_value',
                    'color_rgb4_value',
                    'dimension_value',
                    'fraction_value'
                  ]
                }
              },
              fields: {
                float_value: { type: 'float', id: 3 },
                int_decimal_value: { type: 'int32', id: 6 },
                int_hexadecimal_value: { type: 'uint32', id: 7 },
                boolean_value: { type: 'bool', id: 8 },
                color_argb8_value: { type: 'uint32', id: 9 },
                color_rgb8_value: { type: 'uint32', id: 10 },
                color_argb4_value: { type: 'uint32', id: 11 },
                color_rgb4_value: { type: 'uint32', id: 12 },
                dimension_value: { type: 'uint32', id: 13 },
                fraction_value: { type: 'uint32', id: 14 }
              }
            }
          }
        }
      }
    }
  }
} satisfies { nested: { aapt: { nested: { pb: { nested: Record<string, MessageDescriptor> } } } } }

// Res_value.dataType of the primitives that are neither integers nor booleans.
const OTHER_TYPES: Record<string, number> = {
  float_value: 0x04,
  dimension_value: 0x05,
  fraction_value: 0x06,
  color_argb8_value: 0x1c,
  color_rgb8_value: 0x1d,
  color_argb4_value: 0x1e,
  color_rgb4_value: 0x1f
}

// The decoded messages, as protobuf.js's toObject gives them (snake_case names, oneofs named).
interface PbNode {
  element?: PbElement
}
interface PbElement {
  namespace_uri?: string
  name?: string
  attribute?: PbAttribute[]
  child?: PbNode[]
}
interface PbAttribute {
  namespace_uri?: string
  name?: string
  value?: string
  resource_id?: number
  compiled_item?: {
    value?: string
    ref?: { id?: number }
    str?: { value?: string }
    raw_str?: { value?: string }
    prim?: Record<string, number | boolean | string | undefined> & { oneof_value?: string }
  }
}

/** Reads a protocol-buffer XmlNode into its root element, spending from `budget`. */
export function readProtoXml(data: Buffer, budget: ReadBudget = new ReadBudget()): XmlElement {
  const node = decodeMessage(
    RESOURCES_PROTO.nested.aapt.nested.pb.nested,
    'XmlNode',
    data,
    budget
  ) as PbNode
  if (!node.element) throw new XmlFormatError('no element: the root node is not an element')
  const convert = (element: PbElement, depth: number): XmlElement => {
    budget.depth(depth)
    return {
      namespace: element.namespace_uri ?? '',
      name: element.name ?? '',
      attributes: (element.attribute ?? []).map(attributeOf),
      children: (element.child ?? [])
        .filter((c): c is { element: PbElement } => c.element !== undefined)
        .map(c => convert(c.element, depth + 1))
    }
  }
  return convert(node.element, 1)
}

function attributeOf(attribute: PbAttribute): XmlAttribute {
  return {
    namespace: attribute.namespace_uri ?? '',
    name: attribute.name ?? '',
    resourceId: attribute.resource_id ?? 0,
    value: valueOf(attribute)
  }
}

function valueOf(attribute: PbAttribute): XmlValue {
  const item = attribute.compiled_item
  const raw: XmlValue = { kind: 'string', value: attribute.value ?? '' }
  switch (item?.value) {
    case 'ref':
      return { kind: 'reference', id: item.ref?.id ?? 0 }
    case 'str':
      return { kind: 'string', value: item.str?.value ?? '' }
    case 'raw_str':
      return { kind: 'string', value: item.raw_str?.value ?? '' }
    case 'prim': {
      const which = item.prim?.oneof_value
      const value = which === undefined ? undefined : item.prim?.[which]
      if (which === 'int_decimal_value' || which === 'int_hexadecimal_value') {
        return { kind: 'integer', value: Number(value) | 0 }
      }
      if (which === 'boolean_value') return { kind: 'boolean', value: value === true }
      if (which && OTHER_TYPES[which] !== undefined) {
        // Res_value's data: a float is carried as its 32 bits.
        const data = which === 'float_value' ? floatBits(Number(value)) : Number(value)
        return { kind: 'other', type: OTHER_TYPES[which], data }
      }
      return raw
    }
    default:
      // No compiled value: the attribute's text is all there is.
      return raw
  }
}

function floatBits(value: number): number {
  const view = new DataView(new ArrayBuffer(4))
  view.setFloat32(0, value)
  return view.getUint32(0)
}
