/**
 * The words for what a file is instead of a build, from its first bytes, and
 * the first-byte checks of the types that carry no manifest.
 */
import { describe, expect, it } from '@jest/globals'
import {
  describeContent,
  isDebianPackage,
  isPdf,
  isPlainText,
  startsLikeZip
} from '../../../../src/core/inspect/content.js'
import { fixture } from './aapt-dump.js'

const bytes = (...values: number[]): Buffer => Buffer.from(values)
const tar = Buffer.alloc(512)
tar.write('ustar', 257, 'latin1')

describe('describeContent', () => {
  it.each([
    ['an empty file', Buffer.alloc(0), 'empty (0 bytes)'],
    ['a zip', fixture('android', 'debug.apk'), 'a zip archive'],
    ['gzip', bytes(0x1f, 0x8b, 8, 0), 'a gzip-compressed file'],
    ['bzip2', Buffer.from('BZh91AY'), 'a bzip2-compressed file'],
    ['xz', bytes(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00), 'an xz-compressed file'],
    ['zstd', bytes(0x28, 0xb5, 0x2f, 0xfd), 'a zstd-compressed file'],
    ['7-Zip', Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'), 'a 7-Zip archive'],
    ['RAR', Buffer.from('Rar!\x1a\x07\x00', 'latin1'), 'a RAR archive'],
    ['tar', tar, 'a tar archive'],
    ['a Debian package', fixture('other', 'inspect.deb'), 'an ar archive'],
    ['ELF', Buffer.from('\x7fELF\x02\x01', 'latin1'), 'an ELF executable or library'],
    ['Mach-O', bytes(0xcf, 0xfa, 0xed, 0xfe), 'a Mach-O executable'],
    ['a fat binary', bytes(0xca, 0xfe, 0xba, 0xbe), 'a universal Mach-O binary or a Java class'],
    ['dex', Buffer.from('dex\n035\0'), 'a Dalvik executable (.dex)'],
    ['a binary plist', Buffer.from('bplist00\xd1', 'latin1'), 'a binary property list'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a), 'a PNG image'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'a JPEG image'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'a PDF document'],
    ['an XML plist', Buffer.from('<?xml version="1.0"?>\n<plist/>'), 'an XML document'],
    ['HTML after a comment', Buffer.from('\ufeff<!-- x -->\n<HTML>'), 'an HTML page'],
    ['blank text', Buffer.from('\n\n  \n'), 'blank text'],
    ['binary', bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 'binary data beginning 00 01 02 03 04 05 06 07']
  ])('%s', (_, head, words) => {
    expect(describeContent(head, head.length)).toBe(words)
  })

  it('quotes text and titles inertly and briefly', () => {
    const said = describeContent(Buffer.from('::error::x\r\n'), 12)
    expect(said).toBe('text beginning "::error::x"')
    const title = describeContent(Buffer.from(`<html><title>${'a'.repeat(100)}\u202e</title>`), 200)
    expect(title).toMatch(/^an HTML page \(titled "a{60}…"\)$/)
    expect(describeContent(Buffer.from('<html><title>Sign\u202ein</title>'), 40)).toBe(
      'an HTML page (titled "Sign\\u202ein")'
    )
  })
})

describe('first-byte checks', () => {
  it('tells a zip, a Debian package, a PDF and text by their first bytes', () => {
    expect(startsLikeZip(fixture('ios', 'simulator.zip'))).toBe(true)
    expect(startsLikeZip(Buffer.from('PK\x05\x06', 'latin1'))).toBe(true)
    expect(startsLikeZip(Buffer.from('PK\x07\x08', 'latin1'))).toBe(false)
    expect(isDebianPackage(fixture('other', 'inspect.deb'))).toBe(true)
    expect(isDebianPackage(Buffer.from('!<arch>\ncontrol.tar.gz/ '))).toBe(false)
    // Readers find the header within the first 1024 bytes.
    expect(isPdf(Buffer.from(`${' '.repeat(1000)}%PDF-1.4`))).toBe(true)
    expect(isPdf(Buffer.from(`${' '.repeat(1024)}%PDF-1.4`))).toBe(false)
    expect(isPlainText(Buffer.from('a;b\n"c";1\n'))).toBe(true)
    expect(isPlainText(Buffer.from('a\0b'))).toBe(false)
  })
})
