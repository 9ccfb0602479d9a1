/**
 * Pure: the spellings a secret can be printed in (redact.ts looks for each):
 * how the redaction reads a text (case, white space, invisible characters
 * and escaped line breaks folded away), a secret's encodings a server's
 * encoder may print it in, and how the runs of those spellings are found in
 * a text as read.
 */
import { IntSet } from './int-set.js'
import { INVISIBLE_CHARACTER } from './text.js'

/**
 * A text as the redaction reads it: in lower case, without white space,
 * invisible characters or escaped line breaks; `from[i]` and `to[i]` say
 * where the i-th code unit read stands in the text (the character it was
 * read from), for `i` below `read.length`.
 */
export interface Reading {
  read: string
  from: Int32Array
  to: Int32Array
}

/**
 * Reads `text` as above, in one pass into typed arrays: the redaction reads
 * every text that leaves the process, a 60 KB comment among them, and an
 * array grown a character at a time costs tens of times more.
 */
export function reading(text: string): Reading {
  // A character is read as at most as many code units as it has: the read is never longer than the text.
  const units = new Uint16Array(text.length)
  const from = new Int32Array(text.length)
  const to = new Int32Array(text.length)
  let n = 0
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i)
    // Most text is ASCII: read it without a regular expression or a normalization per character.
    if (code < 0x80) {
      const next = code === 0x5c ? text.charCodeAt(i + 1) : 0
      if (next === 0x6e || next === 0x72 || next === 0x74) i += 2
      else if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) i++
      else {
        units[n] = code >= 0x41 && code <= 0x5a ? code + 0x20 : code
        from[n] = i
        to[n++] = ++i
      }
      continue
    }
    const character = String.fromCodePoint(text.codePointAt(i)!)
    const next = i + character.length
    if (!/\s/.test(character) && !INVISIBLE_CHARACTER.test(character)) {
      // Full-width and other compatibility forms read as the plain letter they stand for.
      const folded = character.normalize('NFKC')
      const plain = folded.length === 1 ? folded : character
      const lower = plain.toLowerCase()
      const shown = lower.length === plain.length ? lower : plain
      for (let unit = 0; unit < shown.length; unit++) {
        units[n] = shown.charCodeAt(unit)
        from[n] = i
        to[n++] = next
      }
    }
    i = next
  }
  return { read: stringOf(units, n), from, to }
}

// Printable ASCII with no escaped line break: read as it is, in lower case (every encoded spelling of a key is).
const PLAIN = /^(?:[\x21-\x5b\x5d-\x7e]|\\(?![nrt]))*$/

/** Pure: `text` as read (`reading(text).read`), at once when it is plain ASCII: a key's hundred spellings are read when it is registered. */
export function readOf(text: string): string {
  return PLAIN.test(text) ? text.toLowerCase() : reading(text).read
}

/** Whether this machine keeps a code unit's low byte first, as UTF-16LE does (every platform Node ships for but s390x). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/**
 * The first `length` code units as a string: decoded as UTF-16LE at once (a
 * lone surrogate kept as it is), which costs a hundredth of spreading them
 * into String.fromCharCode; a chunk at a time where the machine's order is
 * not UTF-16LE's (an argument list has a limit).
 */
function stringOf(units: Uint16Array, length: number): string {
  if (LITTLE_ENDIAN)
    return Buffer.from(units.buffer, units.byteOffset, length * 2).toString('utf16le')
  let text = ''
  for (let at = 0; at < length; at += 8192)
    text += String.fromCharCode.apply(
      null,
      Array.from(units.subarray(at, Math.min(length, at + 8192)))
    )
  return text
}

/** A secret's bytes in UTF-16, low byte first or high byte first (what a Windows tool or a Java string dumps). */
function utf16(secret: string, littleEndian: boolean): Buffer {
  const bytes = Buffer.from(secret, 'utf16le')
  return littleEndian ? bytes : Buffer.from(bytes).swap16()
}

/**
 * The spellings of a secret a server's encoder may print it in, besides
 * base64: hex of its UTF-8 and of its UTF-16 (read in any case), `%XX` of
 * every byte and form encoding (`+` for a space), numeric HTML entities with
 * and without their `;` (hex padded to four digits too, decimal to five),
 * JSON's `\u` escapes, JavaScript's old `%uXXXX`, and the `\xNN` and `\u{…}`
 * escapes of JavaScript, Python and Rust.
 */
export function escapedSpellings(secret: string): string[] {
  // Each written from the hex and the numbers once: a deploy registers a key's spellings at its start.
  const decimal = [...secret].map(c => String(c.codePointAt(0)))
  const hex = [...secret].map(c => c.codePointAt(0)!.toString(16))
  // Encoders that pad: four hex digits (`&#x0065;`, `\u{0065}`), five decimal ones (`&#00101;`).
  const hex4 = hex.map(h => h.padStart(4, '0'))
  const decimal5 = decimal.map(d => d.padStart(5, '0'))
  const utf8 = Buffer.from(secret, 'utf8').toString('hex')
  const big = utf16(secret, false).toString('hex')
  const little = utf16(secret, true).toString('hex')
  return [
    // The bytes of its UTF-16, escaped one by one as a dump or a URL shows bytes.
    little.replace(/../g, '%$&'),
    big.replace(/../g, '%$&'),
    little.replace(/../g, '\\x$&'),
    big.replace(/../g, '\\x$&'),
    `\\u{${hex4.join('}\\u{')}}`,
    `&#x${hex4.join(';&#x')};`,
    `&#x${hex4.join('&#x')}`,
    `&#${decimal5.join(';&#')};`,
    big.replace(/.{4}/g, '%u$&'),
    utf8,
    little,
    big,
    utf8.replace(/../g, '%$&'),
    new URLSearchParams([['', secret]]).toString().slice(1),
    utf8.replace(/../g, '\\x$&'),
    `\\u{${hex.join('}\\u{')}}`,
    `&#${decimal.join(';&#')};`,
    `&#${decimal.join('&#')}`,
    `&#x${hex.join(';&#x')};`,
    `&#x${hex.join('&#x')}`,
    big.replace(/.{4}/g, '\\u$&')
  ]
}

/**
 * The spellings of a secret in base64 (of its UTF-8, and of its UTF-16 in
 * either byte order) that hold only its own bits, at each byte alignment it
 * can have inside an encoded text (a `user:` before it, say): the characters
 * that mix in a neighbour's bits are left off both ends.
 */
export function base64Spellings(secret: string): string[] {
  const spellings: string[] = []
  for (const bytes of [Buffer.from(secret, 'utf8'), utf16(secret, true), utf16(secret, false)])
    for (const shift of [0, 1, 2]) {
      const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
      const own = encoded.slice(
        Math.ceil((shift * 8) / 6),
        Math.floor(((shift + bytes.length) * 8) / 6)
      )
      spellings.push(own, own.replace(/\+/g, '-').replace(/\//g, '_'))
    }
  return spellings
}

/**
 * The runs of one length: the spellings (as read) that hold them, each
 * between line breaks (which no text as read holds, so that a stretch is
 * looked for in all of them at once, and a spelling's start or end too), and a sieve of the runs' hashes: a bit per hash's
 * low 16 bits and one per its high 16 bits. A window with either bit 0 is no
 * run, told by two loads; one in a few hundred of the others is looked for in
 * the spellings for nothing.
 */
export interface Runs {
  joined: string
  sieve: Uint8Array
  /**
   * Every run's whole hash, behind the sieve: a step that registers many
   * secrets (a signed URL a build, 64 builds) sets most of the sieve's
   * bits, and a window the sieve lets through is then looked for in all the
   * spellings only when its whole hash is a run's.
   */
  hashes: IntSet
  /** The spellings' first and last `MIN_EDGE` code units: a text's end and start are looked up in them first. */
  starts: Set<string>
  ends: Set<string>
}

/**
 * A text that begins or ends with this many code units of a key's spelling
 * has them masked there (a run inside a text must be longer): a caller that
 * redacts a key's pieces one by one (a stream cut mid-key, a key pasted
 * across messages) shows none of them but pieces shorter than this.
 */
export const MIN_EDGE = 6

/** The base of the rolling hash below. */
const BASE = 31
/**
 * Read once: the loops below run for every window of every spelling, and a
 * global looked up there costs many times the arithmetic where the code runs
 * in a sandboxed context (a vm context's global object answers each lookup
 * through a callback: the test runner runs the sources so).
 */
const imul = Math.imul
// Twice 65,536 bits in 16 KiB: a key's couple of thousand runs (its many spellings) set a thirtieth of each
// half, so one window in about a thousand is looked for in vain; a set of the hashes cost more to fill.
const SIEVE_BITS = 0xffff
/** A hash as the set keeps it: its low 30 bits, never negative (IntSet holds no negative value). */
const SMALL = 0x3fffffff
/** Where the bits of the hashes' high 16 bits begin in the sieve. */
const HIGH = (SIEVE_BITS + 1) >> 3

/** Runs of none yet. */
export function noRuns(): Runs {
  return {
    joined: '\n',
    starts: new Set(),
    ends: new Set(),
    sieve: new Uint8Array((SIEVE_BITS + 1) >> 2),
    hashes: new IntSet()
  }
}

/** The hash of the first `length` code units of `read` (32 bits, wrapping), and BASE to the power `length - 1`. */
function firstHash(read: string, length: number): { hash: number; power: number } {
  let power = 1
  let hash = 0
  for (let k = 0; k < length; k++) {
    if (k > 0) power = imul(power, BASE)
    hash = (imul(hash, BASE) + read.charCodeAt(k)) | 0
  }
  return { hash, power }
}

/** The hash of the window one code unit on: `out` leaves it, `next` enters it. */
function rolled(hash: number, out: number, next: number, power: number): number {
  return (imul((hash - imul(out, power)) | 0, BASE) + next) | 0
}

/** Pure: adds `spelling` (as read) and the hash of each of its windows of `length` code units to `runs`. */
export function addRuns(runs: Runs, spelling: string, length: number): void {
  runs.joined += `${spelling}\n`
  if (spelling.length >= MIN_EDGE) {
    runs.starts.add(spelling.slice(0, MIN_EDGE))
    runs.ends.add(spelling.slice(-MIN_EDGE))
  }
  if (spelling.length < length) return
  const { sieve, hashes } = runs
  const first = firstHash(spelling, length)
  const power = first.power
  let hash = first.hash
  for (let at = 0; ; at++) {
    sieve[(hash & SIEVE_BITS) >> 3]! |= 1 << (hash & 7)
    sieve[HIGH + (hash >>> 19)]! |= 1 << ((hash >>> 16) & 7)
    hashes.add(hash & SMALL)
    if (at + length >= spelling.length) return
    hash = rolled(hash, spelling.charCodeAt(at), spelling.charCodeAt(at + length), power)
  }
}

/**
 * Pure: marks in `masked` every stretch of `read` that is one of the runs
 * (all `length` long), the hash rolled along so that a window costs the same
 * whatever its length. Only a window whose hash the sieve holds is looked
 * for in the spellings: every text that leaves the process is read, and a slice at
 * every position of a 60 KB comment costs more than the rest of the redaction.
 */
export function markRuns(
  read: string,
  length: number,
  { joined, sieve, hashes }: Runs,
  masked: Uint8Array
): void {
  if (read.length < length) return
  const first = firstHash(read, length)
  const power = first.power
  let hash = first.hash
  for (let at = 0; ; at++) {
    if (
      (sieve[(hash & SIEVE_BITS) >> 3]! & (1 << (hash & 7))) !== 0 &&
      (sieve[HIGH + (hash >>> 19)]! & (1 << ((hash >>> 16) & 7))) !== 0 &&
      hashes.has(hash & SMALL)
    ) {
      const window = read.slice(at, at + length)
      if (joined.includes(window)) masked.fill(1, at, at + length)
    }
    if (at + length >= read.length) return
    hash = rolled(hash, read.charCodeAt(at), read.charCodeAt(at + length), power)
  }
}
