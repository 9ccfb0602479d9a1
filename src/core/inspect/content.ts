/**
 * What a file is, from its first bytes: the checks of the types that carry
 * no manifest (.deb, .pdf, .csv, a zip's start), and the words for what a
 * build was found to be instead ("an HTML page", "a Git LFS pointer", …).
 */
import { quote } from '../shared/text.js'
import type { OtherBuild } from './facts.js'
import type { Extension } from './refusals.js'

/** How much of the start of a file is read to tell what it is. */
export const HEAD_BYTES = 4096

const ZIP_LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1')
const ZIP_EMPTY = Buffer.from('PK\x05\x06', 'latin1')

/** A zip archive starts with a local file header, or, with no entries, with its end record. */
export function startsLikeZip(head: Buffer): boolean {
  const start = head.subarray(0, 4)
  return start.equals(ZIP_LOCAL_HEADER) || start.equals(ZIP_EMPTY)
}

/** A Debian package: an ar archive whose first member is `debian-binary` (as dpkg-deb requires). */
export function isDebianPackage(head: Buffer): boolean {
  return (
    head.subarray(0, 8).toString('latin1') === '!<arch>\n' &&
    /^debian-binary\/? *$/.test(head.subarray(8, 24).toString('latin1'))
  )
}

/** A PDF: its header within the first 1024 bytes, where readers look for it (Adobe's implementation notes). */
export function isPdf(head: Buffer): boolean {
  return head.subarray(0, 1024).includes('%PDF-')
}

/** Text: no NUL byte in the first 4 KiB, and not a page or a document of another kind. */
export function isPlainText(head: Buffer): boolean {
  return !head.includes(0) && !isHtml(head) && !isPdf(head)
}

/** The file's start read as text, without a byte order mark or leading white space. */
function leadingText(head: Buffer): string {
  return head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart()
}

/** A page: its first element (after any comments) is a doctype of html, or <html>, <head> or <body>. */
function isHtml(head: Buffer): boolean {
  let text = leadingText(head)
  // Comments are skipped by a loop, not by a repeated group: a pattern that repeats one
  // can backtrack over a stranger's run of comments for long.
  while (text.startsWith('<!--')) {
    const end = text.indexOf('-->', 4)
    if (end < 0) return false
    text = text.slice(end + 3).trimStart()
  }
  return /^<(?:!doctype\s+html|html|head|body)[\s>]/i.test(text)
}

// Formats a build is commonly mistaken for, by their first bytes.
const SIGNATURES: { bytes: Buffer; offset?: number; is: string }[] = [
  { bytes: Buffer.from('PK\x03\x04', 'latin1'), is: 'a zip archive' },
  { bytes: Buffer.from([0x1f, 0x8b]), is: 'a gzip-compressed file' },
  { bytes: Buffer.from('BZh', 'latin1'), is: 'a bzip2-compressed file' },
  { bytes: Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), is: 'an xz-compressed file' },
  { bytes: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), is: 'a zstd-compressed file' },
  { bytes: Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'), is: 'a 7-Zip archive' },
  { bytes: Buffer.from('Rar!\x1a\x07', 'latin1'), is: 'a RAR archive' },
  { bytes: Buffer.from('ustar', 'latin1'), offset: 257, is: 'a tar archive' },
  { bytes: Buffer.from('!<arch>\n', 'latin1'), is: 'an ar archive' },
  { bytes: Buffer.from('%PDF-', 'latin1'), is: 'a PDF document' },
  { bytes: Buffer.from('\x7fELF', 'latin1'), is: 'an ELF executable or library' },
  { bytes: Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), is: 'a Mach-O executable' },
  { bytes: Buffer.from([0xca, 0xfe, 0xba, 0xbe]), is: 'a universal Mach-O binary or a Java class' },
  { bytes: Buffer.from('dex\n', 'latin1'), is: 'a Dalvik executable (.dex)' },
  { bytes: Buffer.from('bplist00', 'latin1'), is: 'a binary property list' },
  { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), is: 'a PNG image' },
  { bytes: Buffer.from([0xff, 0xd8, 0xff]), is: 'a JPEG image' }
]

/**
 * What the file is, in words that follow "which is": "an HTML page (titled
 * "Sign in")", "a Git LFS pointer, not the file it points to", "text
 * beginning "Not Found"", "binary data beginning 00 01 02 …".
 */
export function describeContent(head: Buffer, size: number): string {
  if (size === 0) return 'empty (0 bytes)'
  for (const { bytes, offset = 0, is } of SIGNATURES) {
    if (head.subarray(offset, offset + bytes.length).equals(bytes)) return is
  }
  const text = leadingText(head)
  if (isHtml(head)) {
    const title = /<title[^>]*>([^<]{1,200})</i.exec(head.toString('utf8'))?.[1]?.trim()
    return title ? `an HTML page (titled ${quote(title, 60)})` : 'an HTML page'
  }
  if (text.startsWith('version https://git-lfs.github.com/spec/')) {
    return 'a Git LFS pointer, not the file it points to'
  }
  if (text.startsWith('<?xml')) return 'an XML document'
  if (!head.includes(0)) {
    const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
    return firstLine ? `text beginning ${quote(firstLine, 60)}` : 'blank text'
  }
  const bytes = [...head.subarray(0, 8)].map(b => b.toString(16).padStart(2, '0')).join(' ')
  return `binary data beginning ${bytes}`
}

/**
 * What each accepted type's first bytes must be, and the format of a type
 * that carries no manifest (the rest are zips, read further).
 */
export const CONTENT_KINDS: Record<
  Extension,
  { test: (head: Buffer) => boolean; format?: Exclude<OtherBuild['format'], 'zip'> }
> = {
  '.deb': { test: isDebianPackage, format: 'deb' },
  '.pdf': { test: isPdf, format: 'pdf' },
  '.csv': { test: isPlainText, format: 'csv' },
  '.apk': { test: startsLikeZip },
  '.aab': { test: startsLikeZip },
  '.ipa': { test: startsLikeZip },
  '.zip': { test: startsLikeZip }
}
