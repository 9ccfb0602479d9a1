/**
 * Android's binary XML on its own: the reader's tree of each document equals
 * the tree aapt2 dumps of it, for a UTF-16 string pool (the manifest) and a
 * UTF-8 one (a compiled resource with multi-byte text and a two-byte length);
 * and a damaged document fails as a format error, never as anything else.
 */
import { describe, expect, it } from '@jest/globals'
import { READ_LIMITS, ReadBudget, ReadLimitError } from '../../../../src/core/inspect/budget.js'
import { readBinaryXml } from '../../../../src/core/inspect/axml.js'
import { XmlFormatError } from '../../../../src/core/inspect/xml-tree.js'
import { asDumped, fixture, readXmlTree, withOtherTypes } from './aapt-dump.js'

// Res_value types aapt2 prints in its own notation (12.000000dp): the reader keeps them typed.
const TYPE_DIMENSION = 0x05

describe('readBinaryXml', () => {
  it('reads a manifest (UTF-16 string pool) as aapt2 does', () => {
    const data = fixture('axml', 'manifest.axml')
    expect(data.readUInt32LE(8 + 8 + 8) & 0x100).toBe(0) // UTF-16
    const expected = readXmlTree(fixture('axml', 'manifest.xmltree.txt').toString('utf8'))
    expect(asDumped(readBinaryXml(data))).toEqual(expected)
  })

  it('reads a compiled resource (UTF-8 string pool) as aapt2 does', () => {
    const data = fixture('axml', 'sample.axml')
    expect(data.readUInt32LE(8 + 8 + 8) & 0x100).toBe(0x100) // UTF-8
    const expected = readXmlTree(fixture('axml', 'sample.xmltree.txt').toString('utf8'))
    const tree = readBinaryXml(data)
    expect(asDumped(tree)).toEqual(withOtherTypes(expected, { minHeight: TYPE_DIMENSION }))
    // Beyond aapt2's rendering: the namespace and the multi-byte text come through whole.
    expect(tree.attributes.find(a => a.name === 'greeting')?.value).toEqual({
      kind: 'string',
      value: expect.stringMatching(/^Grüße ✓ 😀 — .{100,}pool$/)
    })
    expect(tree.attributes.find(a => a.name === 'enabled')?.namespace).toBe(
      'http://schemas.android.com/apk/res/android'
    )
  })

  it('fails as a format error at every truncation and on damaged bytes, never otherwise', () => {
    for (const name of ['manifest.axml', 'sample.axml']) {
      const data = fixture('axml', name)
      for (let length = 0; length < data.length; length++) {
        const attempt = (): unknown => readBinaryXml(data.subarray(0, length))
        try {
          attempt()
        } catch (error) {
          expect(error).toBeInstanceOf(XmlFormatError)
        }
      }
      // Every byte set to values that break offsets, lengths and types.
      for (let at = 0; at < data.length; at++) {
        for (const value of [0x00, 0x7f, 0xff]) {
          const damaged = Buffer.from(data)
          damaged[at] = value
          try {
            readBinaryXml(damaged)
          } catch (error) {
            expect(error).toBeInstanceOf(XmlFormatError)
          }
        }
      }
    }
  })

  it('refuses what is not binary XML, saying so', () => {
    expect(() => readBinaryXml(Buffer.from('<manifest package="a.b"/>'))).toThrow(
      /not binary XML: the first chunk is of type 0x6d3c/
    )
    expect(() => readBinaryXml(Buffer.alloc(4))).toThrow(XmlFormatError)
  })

  it('refuses a document nested deeper than a manifest ever is', () => {
    // A document whose pool holds one name and whose elements open one inside another.
    const pool = stringPool(['e'])
    const start = Buffer.alloc(36)
    start.writeUInt16LE(0x0102, 0)
    start.writeUInt16LE(16, 2)
    start.writeUInt32LE(36, 4)
    start.writeUInt32LE(0xffffffff, 16) // no namespace
    start.writeUInt32LE(0, 20) // name: "e"
    start.writeUInt16LE(20, 24) // attributeStart
    start.writeUInt16LE(20, 26) // attributeSize
    const body = Buffer.concat([pool, ...Array<Buffer>(100).fill(start)])
    const header = Buffer.alloc(8)
    header.writeUInt16LE(0x0003, 0)
    header.writeUInt16LE(8, 2)
    header.writeUInt32LE(8 + body.length, 4)
    expect(() => readBinaryXml(Buffer.concat([header, body]))).toThrow(/nests deeper than 64/)
  })

  it.each([
    ['UTF-8', true],
    ['UTF-16', false]
  ])(
    'decodes a %s string once however many indexes alias it, and refuses past the budget',
    (_form, utf8) => {
      // One string of 30,000 characters, and 5,000 indexes that all lead to its bytes.
      const text = 'x'.repeat(30_000)
      const bytes = utf8
        ? Buffer.concat([
            Buffer.from([0xf5, 0x30, 0xf5, 0x30]),
            Buffer.from(text),
            Buffer.from([0])
          ])
        : Buffer.concat([Buffer.from([0x00, 0x80, 0x30, 0x75]), Buffer.from(text, 'utf16le')])
      const aliases = 5_000
      const pool = Buffer.alloc(28 + 4 * aliases)
      pool.writeUInt16LE(0x0001, 0)
      pool.writeUInt16LE(28, 2)
      pool.writeUInt32LE(pool.length + bytes.length, 4)
      pool.writeUInt32LE(aliases, 8)
      pool.writeUInt32LE(utf8 ? 0x100 : 0, 16)
      pool.writeUInt32LE(pool.length, 20)
      // An element per index: each names its tag by another alias of the one string.
      const elements = Array.from({ length: aliases }, (_, i) => {
        const start = Buffer.alloc(36)
        start.writeUInt16LE(0x0102, 0)
        start.writeUInt16LE(16, 2)
        start.writeUInt32LE(36, 4)
        start.writeUInt32LE(0xffffffff, 16)
        start.writeUInt32LE(i, 20)
        start.writeUInt16LE(20, 24)
        start.writeUInt16LE(20, 26)
        const end = Buffer.alloc(24)
        end.writeUInt16LE(0x0103, 0)
        end.writeUInt16LE(16, 2)
        end.writeUInt32LE(24, 4)
        return i === 0 ? start : Buffer.concat([start, end])
      })
      const body = Buffer.concat([pool, bytes, ...elements])
      const header = Buffer.alloc(8)
      header.writeUInt16LE(0x0003, 0)
      header.writeUInt16LE(8, 2)
      header.writeUInt32LE(8 + body.length, 4)
      const document = Buffer.concat([header, body])
      const root = readBinaryXml(document)
      expect(root.name).toHaveLength(30_000)
      expect(root.children).toHaveLength(aliases - 1)
      // The strings are one: each alias gives the same decoded string, not a copy.
      expect(root.children.every(child => child.name === root.name)).toBe(true)
      // A budget that would not hold every copy holds the one.
      expect(() =>
        readBinaryXml(document, new ReadBudget({ ...READ_LIMITS, characters: 40_000 }))
      ).not.toThrow()
      expect(() =>
        readBinaryXml(document, new ReadBudget({ ...READ_LIMITS, characters: 20_000 }))
      ).toThrow(ReadLimitError)
    }
  )

  it('refuses more elements and attributes than the budget holds, and a reading past its time', () => {
    const pool = stringPool(['e'])
    const start = Buffer.alloc(36)
    start.writeUInt16LE(0x0102, 0)
    start.writeUInt16LE(16, 2)
    start.writeUInt32LE(36, 4)
    start.writeUInt32LE(0xffffffff, 16)
    start.writeUInt32LE(0, 20)
    start.writeUInt16LE(20, 24)
    start.writeUInt16LE(20, 26)
    const end = Buffer.alloc(24)
    end.writeUInt16LE(0x0103, 0)
    end.writeUInt16LE(16, 2)
    end.writeUInt32LE(24, 4)
    const body = Buffer.concat([
      pool,
      start,
      ...Array<Buffer>(20_000).fill(Buffer.concat([start, end]))
    ])
    const header = Buffer.alloc(8)
    header.writeUInt16LE(0x0003, 0)
    header.writeUInt16LE(8, 2)
    header.writeUInt32LE(8 + body.length, 4)
    const document = Buffer.concat([header, body])
    expect(readBinaryXml(document).children).toHaveLength(20_000)
    expect(() =>
      readBinaryXml(document, new ReadBudget({ ...READ_LIMITS, things: 10_000 }))
    ).toThrow(/more than 10000 elements, attributes or values/)
    // A clock the test moves: every look at it is a second later.
    let now = 0
    const late = new ReadBudget(READ_LIMITS, () => (now += 1000))
    expect(() => readBinaryXml(document, late)).toThrow(/took longer than 3 s/)
  })
})

/** A UTF-8 string pool of short ASCII strings. */
function stringPool(strings: string[]): Buffer {
  const data = Buffer.concat(
    strings.map(s =>
      Buffer.concat([Buffer.from([s.length, s.length]), Buffer.from(s), Buffer.from([0])])
    )
  )
  const offsets = Buffer.alloc(4 * strings.length)
  let offset = 0
  strings.forEach((s, i) => {
    offsets.writeUInt32LE(offset, 4 * i)
    offset += s.length + 3
  })
  const header = Buffer.alloc(28)
  header.writeUInt16LE(0x0001, 0)
  header.writeUInt16LE(28, 2)
  header.writeUInt32LE(28 + offsets.length + data.length, 4)
  header.writeUInt32LE(strings.length, 8)
  header.writeUInt32LE(0x100, 16)
  header.writeUInt32LE(28 + offsets.length, 20)
  return Buffer.concat([header, offsets, data])
}
