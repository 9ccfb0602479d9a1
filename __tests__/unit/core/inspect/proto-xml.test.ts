/**
 * The App Bundle's protocol-buffer manifest on its own: the schema the reader
 * carries agrees with aapt2's Resources.proto (names, numbers, types, oneofs),
 * the manifest reads as aapt2 dumps it, and what is not an XmlNode fails as a
 * format error.
 */
import { describe, expect, it } from '@jest/globals'
import protobuf from 'protobufjs'
import { ReadBudget, ReadLimitError } from '../../../../src/core/inspect/budget.js'
import { decodeMessage } from '../../../../src/core/inspect/proto-wire.js'
import { readProtoXml, RESOURCES_PROTO } from '../../../../src/core/inspect/proto-xml.js'
import { XmlFormatError } from '../../../../src/core/inspect/xml-tree.js'
import { asDumped, fixture, readXmlTree } from './aapt-dump.js'

describe('the Resources.proto descriptor', () => {
  const upstream = protobuf.parse(fixture('proto', 'Resources.proto').toString('utf8'), {
    keepCase: true
  }).root
  const ours = protobuf.Root.fromJSON(RESOURCES_PROTO as protobuf.INamespace)

  it.each(Object.keys(RESOURCES_PROTO.nested.aapt.nested.pb.nested))(
    '%s: every field and oneof as aapt2 declares it',
    name => {
      const theirs = upstream.lookupType(`aapt.pb.${name}`)
      const mine = ours.lookupType(`aapt.pb.${name}`)
      expect(mine.fieldsArray.length).toBeGreaterThan(0)
      for (const field of mine.fieldsArray) {
        const their = theirs.fields[field.name]
        expect({
          name: field.name,
          id: their?.id,
          type: their?.type,
          repeated: their?.repeated
        }).toEqual({
          name: field.name,
          id: field.id,
          type: field.type,
          repeated: field.repeated
        })
      }
      for (const oneof of mine.oneofsArray) {
        expect(theirs.oneofs?.[oneof.name]?.oneof).toEqual(expect.arrayContaining(oneof.oneof))
      }
    }
  )
})

describe('readProtoXml', () => {
  it('reads an App Bundle manifest as aapt2 does', () => {
    const expected = readXmlTree(fixture('axml', 'manifest.pb.xmltree.txt').toString('utf8'))
    expect(asDumped(readProtoXml(fixture('axml', 'manifest.pb')))).toEqual(expected)
  })

  it('fails as a format error on what is not an XmlNode', () => {
    expect(() => readProtoXml(Buffer.from('<manifest/>'))).toThrow(XmlFormatError)
    // A valid message whose root is text, not an element.
    expect(() => readProtoXml(Buffer.from([0x12, 0x01, 0x61]))).toThrow(/not an element/)
    const data = fixture('axml', 'manifest.pb')
    let refused = 0
    for (let length = 1; length < data.length; length++) {
      try {
        readProtoXml(data.subarray(0, length))
      } catch (error) {
        expect(error).toBeInstanceOf(XmlFormatError)
        refused++
      }
    }
    expect(refused).toBeGreaterThan(data.length / 2)
  })

  it('decodes what protobuf.js decodes, field for field, oneofs named', () => {
    const type = protobuf.Root.fromJSON(RESOURCES_PROTO as protobuf.INamespace).lookupType(
      'aapt.pb.XmlNode'
    )
    const types = RESOURCES_PROTO.nested.aapt.nested.pb.nested
    const node = {
      element: {
        name: 'manifest',
        namespace_uri: 'ns',
        attribute: [
          { name: 'package', value: 'com.example.x', resource_id: 0 },
          { name: 'versionCode', compiled_item: { prim: { int_decimal_value: -7 } } },
          { name: 'big', compiled_item: { prim: { int_hexadecimal_value: 0xfffffff0 } } },
          { name: 'flag', compiled_item: { prim: { boolean_value: true } } },
          { name: 'f', compiled_item: { prim: { float_value: 1.5 } } },
          { name: 'ref', resource_id: 0x0101021b, compiled_item: { ref: { id: 0x7f0e0012 } } },
          { name: 's', compiled_item: { str: { value: 'héllo ✓ 😀' } } }
        ],
        child: [{ element: { name: 'uses-sdk' } }, { text: 'between' }]
      }
    }
    const bytes = Buffer.from(type.encode(type.fromObject(node)).finish())
    const theirs = type.toObject(type.decode(bytes), { oneofs: true, defaults: false })
    expect(decodeMessage(types, 'XmlNode', bytes, new ReadBudget())).toEqual(
      JSON.parse(JSON.stringify(theirs))
    )
  })

  it('refuses millions of empty children or attributes within the budget, not after decoding them', () => {
    // manifest element with package, then 2 million empty children (field 5, length 0) of the element.
    const header = Buffer.from([0x1a, 0x08, ...Buffer.from('manifest')])
    for (const field of [0x2a, 0x22]) {
      const empties = Buffer.alloc(2_000_000 * 2)
      for (let i = 0; i < empties.length; i += 2) empties[i] = field
      const element = Buffer.concat([header, empties])
      const node = Buffer.concat([Buffer.from([0x0a]), varint(element.length), element])
      expect(() => readProtoXml(node)).toThrow(ReadLimitError)
    }
  })
})

function varint(value: number): Buffer {
  const bytes: number[] = []
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80)
    value = Math.floor(value / 128)
  }
  bytes.push(value)
  return Buffer.from(bytes)
}
