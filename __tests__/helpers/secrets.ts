import { MIN_RUN } from '../../src/core/shared/redact.js'
import { base64Spellings } from '../../src/core/shared/spellings.js'

/**
 * A run of `MIN_RUN` characters of the key, or of one of its base64
 * spellings, that can still be read in the text (in any case, with white
 * space, invisible characters and escaped line breaks taken out); undefined
 * when none can. An oracle of its own, written from the rule the redaction
 * follows rather than from its code.
 */
export function readableRun(text: string, key: string): string | undefined {
  const plain = (t: string) =>
    t
      .replace(/\\[nrt]/g, '')
      .replace(/[\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
      .toLowerCase()
  // The text as a person reads it after undoing each encoding a server may print it in.
  const bytes = (pattern: RegExp, encoding: BufferEncoding, swap = false) =>
    text.replace(pattern, run => {
      const read = Buffer.from(run.replace(/\\x|%/gi, ''), 'hex')
      return (swap && read.length % 2 === 0 ? read.swap16() : read).toString(encoding)
    })
  const decoded = [
    text,
    text.normalize('NFKC'),
    text
      .replace(/&#x([\da-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/\\u\{([\da-f]+)\}/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/\\u([\da-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/%u([\da-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    text.replace(/(?:[\da-f]{2})+/gi, hex => Buffer.from(hex, 'hex').toString('latin1')),
    text.replace(/(?:%[\da-f]{2}|[\w.~*+-])+/gi, form => {
      try {
        return decodeURIComponent(form.replace(/\+/g, ' '))
      } catch {
        return form
      }
    }),
    bytes(/(?:\\x[\da-f]{2})+/gi, 'utf8'),
    bytes(/(?:[\da-f]{4})+/gi, 'utf16le'),
    bytes(/(?:[\da-f]{4})+/gi, 'utf16le', true),
    bytes(/(?:(?:\\x|%)[\da-f]{2}){2,}/gi, 'utf16le'),
    bytes(/(?:(?:\\x|%)[\da-f]{2}){2,}/gi, 'utf16le', true)
  ].map(plain)
  for (const spelling of [key, ...base64Spellings(key)]) {
    const read = plain(spelling)
    const run = Math.min(MIN_RUN, read.length)
    for (let at = 0; at + run <= read.length; at++)
      if (decoded.some(seen => seen.includes(read.slice(at, at + run))))
        return read.slice(at, at + run)
  }
  return undefined
}

const hexOf = (n: number, width: number) => n.toString(16).padStart(width, '0')
const base64 = (text: string) => Buffer.from(text).toString('base64')
const urlSafe = (text: string) => base64(text).replace(/\+/g, '-').replace(/\//g, '_')
const wrapped = (text: string, width: number) =>
  text.replace(new RegExp(`(.{${width}})`, 'g'), '$1\n').trim()

/** The spellings a careless server or its log gives a key, by name: each one a way it has leaked. */
export const ECHOED_SPELLINGS: [string, (key: string) => string][] = [
  ['as it is', key => key],
  ['in upper case', key => key.toUpperCase()],
  ['in lower case', key => key.toLowerCase()],
  ['split across lines', key => `${key.slice(0, 9)}\n${key.slice(9)}`],
  ['split across lines, indented', key => `${key.slice(0, 14)}\r\n        ${key.slice(14)}`],
  [
    'split by escaped line breaks',
    key => `${key.slice(0, 5)}\\n${key.slice(5, 20)}\\r\\n${key.slice(20)}`
  ],
  ['with zero-width characters in it', key => [...key].join('\u200b')],
  ['with a soft hyphen in it', key => `${key.slice(0, 13)}\u00ad${key.slice(13)}`],
  ['in base64', key => base64(key)],
  ['in base64 after one byte', key => base64(`x${key}`)],
  ['in base64 after two bytes', key => base64(`xy${key}`)],
  ['in URL-safe base64', key => urlSafe(`?${key}>`)],
  ['in URL-safe base64 after one byte', key => urlSafe(`a${key}~~`)],
  ['in URL-safe base64 after two bytes', key => urlSafe(`ab${key}`)],
  ['in a Basic header as the password', key => `Basic ${base64(`user:${key}`)}`],
  ['in a Basic header as the user', key => `basic ${base64(`${key}:`)}`],
  ['in base64 wrapped at 20 columns', key => wrapped(base64(`{"apiKey":"${key}"}`), 20)],
  ['cut to its first 12 characters', key => `${key.slice(0, 12)}…`],
  ['cut to its last 12 characters', key => `…${key.slice(-12)}`],
  ['cut in its middle and upper-cased', key => `…${key.slice(6, 20).toUpperCase()}…`],
  ['in hex', key => Buffer.from(key).toString('hex')],
  ['in upper-case hex', key => Buffer.from(key).toString('hex').toUpperCase()],
  ['as decimal HTML entities', key => [...key].map(c => `&#${c.codePointAt(0)};`).join('')],
  [
    'as hex HTML entities',
    key => [...key].map(c => `&#x${c.codePointAt(0)!.toString(16)};`).join('')
  ],
  [
    "as JSON's \\u escapes",
    key => [...key].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
  ],
  ['form-encoded', key => new URLSearchParams({ key }).toString().slice(4)],
  ['as %XX of every byte', key => [...Buffer.from(key)].map(b => `%${hexOf(b, 2)}`).join('')],
  ['as \\x escapes', key => [...Buffer.from(key)].map(b => `\\x${hexOf(b, 2)}`).join('')],
  ['as \\u{…} escapes', key => [...key].map(c => `\\u{${hexOf(c.codePointAt(0)!, 0)}}`).join('')],
  [
    'as decimal HTML entities without ;',
    key => [...key].map(c => `&#${c.codePointAt(0)}`).join('')
  ],
  [
    'as hex HTML entities without ;',
    key => [...key].map(c => `&#x${hexOf(c.codePointAt(0)!, 0)}`).join('')
  ],
  [
    'as \\u{…} escapes of four digits',
    key => [...key].map(c => `\\u{${hexOf(c.codePointAt(0)!, 4)}}`).join('')
  ],
  [
    'as hex HTML entities of four digits',
    key => [...key].map(c => `&#x${hexOf(c.codePointAt(0)!, 4)};`).join('')
  ],
  [
    'as decimal HTML entities of five digits',
    key => [...key].map(c => `&#${String(c.codePointAt(0)).padStart(5, '0')};`).join('')
  ],
  [
    'as %uXXXX escapes',
    key =>
      [...Buffer.from(key, 'utf16le').swap16().toString('hex').matchAll(/.{4}/g)]
        .map(([u]) => `%u${u}`)
        .join('')
  ],
  [
    'as %XX of every byte of its UTF-16LE',
    key => [...Buffer.from(key, 'utf16le')].map(b => `%${hexOf(b, 2)}`).join('')
  ],
  [
    'as \\x escapes of every byte of its UTF-16BE',
    key => [...Buffer.from(key, 'utf16le').swap16()].map(b => `\\x${hexOf(b, 2)}`).join('')
  ],
  ['in base64 of its UTF-16LE', key => Buffer.from(key, 'utf16le').toString('base64')],
  [
    'in base64 of its UTF-16LE after one byte',
    key => Buffer.from(`\u0078${key}`, 'utf16le').subarray(1).toString('base64')
  ],
  ['in base64 of its UTF-16BE', key => Buffer.from(key, 'utf16le').swap16().toString('base64')],
  ['in hex of its UTF-16LE', key => Buffer.from(key, 'utf16le').toString('hex')],
  [
    'in upper-case hex of its UTF-16BE',
    key => Buffer.from(key, 'utf16le').swap16().toString('hex').toUpperCase()
  ],
  [
    'in full-width letters',
    key =>
      [...key]
        .map(c => (c > ' ' && c < '\x7f' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
        .join('')
  ]
]
