/**
 * The App Bundle's protocol-buffer manifest on its own: the schema the reader
 * carries agrees with aapt2's Resources.proto (names, numbers, types, oneofs),
 * the manifest reads as aapt2 dumps it, and what is not an XmlNode fails as a
 * format error.
 */
import { describe, expect, it } from '@jest/globals'
import protobuf from 'protobufjs'
import { readProtoXml, RESOURCES_PROTO } from '../../../../src/core/inspect/proto-xml.js'
import { XmlFormatError } from '../../../../src/core/inspect/xml-tree.js'
import { asDumped, fixture, readXmlTree } from './aapt-dump.js'

describe('the Resources.proto descriptor', () => {
  const upstream = protobuf.parse(fixture('proto', 'Resources.proto').toString('utf8'), {
    keepCase: true
  }).root
  const ours = protobuf.Root.fromJSON(RESOURCES_PROTO)

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
  it('reads an App Bundle manifest as aapt2 does', async () => {
    const expected = readXmlTree(fixture('axml', 'manifest.pb.xmltree.txt').toString('utf8'))
    expect(asDumped(await readProtoXml(fixture('axml', 'manifest.pb')))).toEqual(expected)
  })

  it('fails as a format error on what is not an XmlNode', async () => {
    await expect(readProtoXml(Buffer.from('<manifest/>'))).rejects.toThrow(XmlFormatError)
    // A valid message whose root is text, not an element.
    await expect(readProtoXml(Buffer.from([0x12, 0x01, 0x61]))).rejects.toThrow(/not an element/)
    const data = fixture('axml', 'manifest.pb')
    for (let length = 1; length < data.length; length++) {
      const error: unknown = await readProtoXml(data.subarray(0, length)).then(
        () => undefined,
        (e: unknown) => e
      )
      if (error !== undefined) expect(error).toBeInstanceOf(XmlFormatError)
    }
  })
})
