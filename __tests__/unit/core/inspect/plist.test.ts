/**
 * The property-list readers of our own, held to the packages they replace
 * on every plist of the fixtures (made by libplist's `plistutil` and wrapped
 * as Apple wraps profiles): the same values, key for key. And on what a
 * stranger's file holds instead: workflow commands after a broken end tag,
 * shared objects, lying counts, cycles, odd dates, entities; each ends in a
 * refusal or an answer, within the budget, and nothing is printed.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as bplist from 'bplist-parser'
import * as plist from 'plist'
import yauzl from 'yauzl'
import { READ_LIMITS, ReadBudget, ReadLimitError } from '../../../../src/core/inspect/budget.js'
import { MAX_VERSION_LENGTH } from '../../../../src/core/inspect/caps.js'
import { WORKER_LIMITS } from '../../../../src/core/inspect/read.js'
import { MAX_NUMBER } from '../../../../src/core/inspect/plist-xml.js'
import { MAX_DESCRIPTOR_BYTES } from '../../../../src/core/inspect/zip.js'
import { parsePlistDictionary, profilePlist } from '../../../../src/core/inspect/plist.js'
import { readBinaryPlist } from '../../../../src/core/inspect/plist-binary.js'
import { PlistFormatError, readXmlPlist } from '../../../../src/core/inspect/plist-xml.js'
import { FIXTURES, fixture } from './aapt-dump.js'

/** Every Info.plist and profile plist in the fixtures' IPAs and zips, by entry. */
async function fixturePlists(): Promise<[string, Buffer][]> {
  const found: [string, Buffer][] = []
  for (const file of readdirSync(join(FIXTURES, 'ios'))) {
    if (!/\.(ipa|zip)$/.test(file)) continue
    const zip = await yauzl.openPromise(join(FIXTURES, 'ios', file), { lazyEntries: true })
    for await (const entry of zip.eachEntry()) {
      if (!/(Info\.plist|embedded\.mobileprovision)$/.test(entry.fileName)) continue
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      const data = Buffer.concat(chunks)
      found.push([`${file}:${entry.fileName}`, profilePlist(data) ?? data])
    }
    zip.close()
  }
  found.push([
    'development.mobileprovision',
    profilePlist(fixture('ios', 'development.mobileprovision'))!
  ])
  return found
}

/** Values as JSON can compare them: data as base64, dates as ISO text. */
function comparable(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { data: value.toString('base64') }
  if (value instanceof Date) return { date: value.toISOString() }
  if (Array.isArray(value)) return value.map(comparable)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]))
  return value
}

let printed: string[]
beforeEach(() => {
  printed = []
  for (const method of ['log', 'error', 'warn', 'info', 'debug'] as const)
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '))
    })
})
afterEach(() => {
  jest.restoreAllMocks()
  // Nothing a reader does reaches the console.
  expect(printed).toEqual([])
})

describe('the readers against the packages they replace', () => {
  it('read every plist of the fixtures as plist and bplist-parser do', async () => {
    const plists = await fixturePlists()
    expect(plists.length).toBeGreaterThanOrEqual(12)
    const forms = new Set<string>()
    for (const [where, data] of plists) {
      const binary = data.subarray(0, 8).toString('latin1') === 'bplist00'
      forms.add(binary ? 'binary' : 'xml')
      const theirs = binary ? bplist.parseBuffer(data)[0] : plist.parse(data.toString('utf8'))
      expect([where, comparable(parsePlistDictionary(data))]).toEqual([where, comparable(theirs)])
    }
    expect([...forms].sort()).toEqual(['binary', 'xml'])
  })

  it('read every value kind and entity of an XML plist built by plist', () => {
    const value = {
      text: 'a < b & "c" \u2019 😀',
      empty: '',
      number: 42,
      negative: -7,
      real: 2.5,
      yes: true,
      no: false,
      when: new Date('2024-03-04T05:06:07Z'),
      bytes: Buffer.from([0, 1, 2, 250]),
      list: [1, 'two', { three: [3] }, []],
      nested: { deeper: { deepest: {} } }
    }
    const xml = plist.build(value)
    expect(comparable(readXmlPlist(xml, new ReadBudget()))).toEqual(comparable(value))
    expect(
      readXmlPlist(
        '<?xml version="1.0"?><!-- a --><plist><dict><key>k</key><string>&#x41;&#66;<![CDATA[<c>]]><!-- x --></string></dict></plist>',
        new ReadBudget()
      )
    ).toEqual({ k: 'AB<c>' })
  })
})

describe('an XML plist from a stranger', () => {
  const commands =
    '\n::set-output name=x::pwned\n::error::injected\n::stop-commands::abc123\n##[error]injected\n'

  it.each([
    [
      'after a broken end tag',
      `<plist><dict><key>CFBundleIdentifier</key><string>a.b</string></dict${commands}</plist>`
    ],
    ['as an element', `<plist><dict>${commands}<key>a</key><string>b</string></dict></plist>`],
    ['after the property list', `<plist><dict/></plist>${commands}`],
    ['in an unknown element', `<plist><dict><key>a</key><evil>${commands}</evil></dict></plist>`],
    ['in an undeclared entity', `<plist><string>&evil${commands};</string></plist>`]
  ])('is refused with where, never what, when commands stand %s', (_where, text) => {
    let error: unknown
    try {
      readXmlPlist(text, new ReadBudget())
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(PlistFormatError)
    expect((error as Error).message).toMatch(/^an XML property list with .* \(line \d+\)$/)
    expect((error as Error).message).not.toMatch(/::|##\[/)
  })

  it('keeps commands inside a string as the value they are, for the outward formatter', () => {
    expect(readXmlPlist(`<plist><string>${commands}</string></plist>`, new ReadBudget())).toBe(
      commands
    )
  })

  it('refuses an internal document type (entity declarations) and costs only its budget', () => {
    expect(() =>
      readXmlPlist(
        '<!DOCTYPE plist [<!ENTITY a "aaaa">]><plist><string>&a;</string></plist>',
        new ReadBudget()
      )
    ).toThrow(/document type/)
    const many = `<plist><array>${'<true/>'.repeat(300_000)}</array></plist>`
    expect(() => readXmlPlist(many, new ReadBudget())).toThrow(ReadLimitError)
    const long = `<plist><string>${'x'.repeat(5_000_000)}</string></plist>`
    expect(() => readXmlPlist(long, new ReadBudget())).toThrow(/characters/)
    const deep = `<plist>${'<array>'.repeat(100)}${'</array>'.repeat(100)}</plist>`
    expect(() => readXmlPlist(deep, new ReadBudget())).toThrow(/nests deeper than 64/)
  })

  it('gives a dictionary no prototype: a key named __proto__ is a key', () => {
    const dict = readXmlPlist(
      '<plist><dict><key>__proto__</key><dict><key>polluted</key><true/></dict></dict></plist>',
      new ReadBudget()
    ) as Record<string, unknown>
    expect(Object.keys(dict)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

/** A binary plist of `objects` (each its bytes), the root `top`, references and offsets of one byte. */
function bplistOf(objects: Buffer[], top = 0): Buffer {
  const header = Buffer.from('bplist00', 'latin1')
  const offsets: number[] = []
  let at = header.length
  for (const object of objects) {
    offsets.push(at)
    at += object.length
  }
  const width = at > 255 ? 2 : 1
  const table = Buffer.alloc(offsets.length * width)
  offsets.forEach((offset, i) => table.writeUIntBE(offset, i * width, width))
  const trailer = Buffer.alloc(32)
  trailer[6] = width
  trailer[7] = 1
  trailer.writeBigUInt64BE(BigInt(objects.length), 8)
  trailer.writeBigUInt64BE(BigInt(top), 16)
  trailer.writeBigUInt64BE(BigInt(at), 24)
  return Buffer.concat([header, ...objects, table, trailer])
}
const ascii = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0x50 | text.length]), Buffer.from(text)])
const dict = (keys: number[], values: number[]): Buffer =>
  Buffer.from([0xd0 | keys.length, ...keys, ...values])
const array = (refs: number[]): Buffer =>
  refs.length < 15
    ? Buffer.from([0xa0 | refs.length, ...refs])
    : Buffer.from([0xaf, 0x10, refs.length, ...refs])

describe('a binary plist from a stranger', () => {
  it('decodes a shared object once, however many references lead to it', () => {
    // Objects 1..4 each an array of 15 references to the next; object 5 a dictionary.
    const objects = [
      dict([6], [1]),
      array(Array(15).fill(2)),
      array(Array(15).fill(3)),
      array(Array(15).fill(4)),
      array(Array(15).fill(5)),
      dict([6], [7]),
      ascii('key'),
      ascii('value')
    ]
    const root = readBinaryPlist(bplistOf(objects), new ReadBudget()) as Record<string, unknown[]>
    const level1 = root.key!
    expect(level1).toHaveLength(15)
    // The same array object at every reference: decoded once, never copied.
    expect(new Set(level1).size).toBe(1)
  })

  it('refuses a collection that claims more entries than the file holds, before reading them', () => {
    const lying = Buffer.from([0xdf, 0x12, 0x00, 0xbe, 0xbc, 0x20])
    expect(() => readBinaryPlist(bplistOf([lying]), new ReadBudget())).toThrow(
      /claims 12500000 entries, more than the file holds/
    )
  })

  it('refuses a cycle, an odd date, a reference past the objects and a trailer that lies', () => {
    expect(() => readBinaryPlist(bplistOf([array([0])]), new ReadBudget())).toThrow(/holds itself/)
    const oddDates = [array(Array(14).fill(1)), Buffer.from([0x31, 1, 2])]
    expect(() => readBinaryPlist(bplistOf(oddDates), new ReadBudget())).toThrow(/0x31/)
    expect(() => readBinaryPlist(bplistOf([array([9])]), new ReadBudget())).toThrow(/object 9 of 1/)
    const whole = bplistOf([ascii('x')])
    whole.writeBigUInt64BE(10n ** 9n, whole.length - 24)
    expect(() => readBinaryPlist(whole, new ReadBudget())).toThrow(/counts do not fit/)
  })

  it('spends every reference from the budget', () => {
    const wide = Array.from({ length: 200 }, () => array(Array(200).fill(0)))
    // 200 arrays of 200 references each, every one to object 0 (the first array): a cycle at once.
    expect(() => readBinaryPlist(bplistOf(wide), new ReadBudget())).toThrow(/holds itself/)
    const fan = [array(Array(200).fill(1)), array(Array(200).fill(2)), ascii('x')]
    expect(() =>
      readBinaryPlist(bplistOf(fan), new ReadBudget({ ...READ_LIMITS, things: 300 }))
    ).toThrow(ReadLimitError)
    expect(readBinaryPlist(bplistOf(fan), new ReadBudget())).toHaveLength(200)
  })
})

describe('docs/troubleshooting.md', () => {
  it('states the limits the reader keeps, as the reader keeps them', () => {
    const page = readFileSync(
      join(FIXTURES, '..', '..', '..', 'docs', 'troubleshooting.md'),
      'utf8'
    )
    const number = (n: number): string => n.toLocaleString('en-US')
    expect(page).toContain(
      `| ${number(READ_LIMITS.things)} elements, attributes, values and references`
    )
    expect(page).toContain(`| ${number(READ_LIMITS.characters)} characters of decoded text`)
    expect(page).toContain(`| ${READ_LIMITS.depth} levels of nesting`)
    expect(page).toContain(`| ${READ_LIMITS.milliseconds / 1000} seconds of reading`)
    expect(page).toContain(`| ${MAX_DESCRIPTOR_BYTES / 1024 / 1024} MiB for one descriptor`)
    expect(page).toContain(`longer than ${MAX_VERSION_LENGTH} characters`)
    expect(page).toContain(`| ${MAX_NUMBER} characters for a number`)
    expect(page).toContain(
      `a heap of ${WORKER_LIMITS.heapMb} MiB (and ${WORKER_LIMITS.youngMb} MiB`
    )
    expect(page).toContain(`a stack of ${WORKER_LIMITS.stackMb} MiB`)
    expect(page).toContain(`ends it after ${WORKER_LIMITS.ms / 1000} seconds`)
    expect(page).toContain(`could not be read within ${WORKER_LIMITS.ms / 1000} s`)
  })
})
