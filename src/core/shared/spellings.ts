/**
 * Pure: the spellings a secret can be printed in (redact.ts looks for each):
 * how the redaction reads a text (case, white space, invisible characters
 * and escaped line breaks folded away), and a secret's encodings a server's
 * encoder may print it in.
 */
import { INVISIBLE_CHARACTER } from './text.js'

/**
 * A text as the redaction reads it: in lower case, without white space,
 * invisible characters or escaped line breaks; `from[i]` and `to[i]` say
 * where the i-th character read stands in the text.
 */
export interface Reading {
  read: string
  from: number[]
  to: number[]
}

export function reading(text: string): Reading {
  const read: string[] = []
  const from: number[] = []
  const to: number[] = []
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i)
    // Most text is ASCII: read it without a regular expression or a normalization per character.
    if (code < 0x80) {
      const escaped = code === 0x5c && /[nrt]/.test(text.charAt(i + 1))
      if (escaped) i += 2
      else if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) i++
      else {
        read.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : text[i]!)
        from.push(i)
        to.push(++i)
      }
      continue
    }
    const character = String.fromCodePoint(text.codePointAt(i)!)
    const next = i + character.length
    if (/\s/.test(character) || INVISIBLE_CHARACTER.test(character)) {
      i = next
      continue
    }
    // Full-width and other compatibility forms read as the plain letter they stand for.
    const folded = character.normalize('NFKC')
    const plain = folded.length === 1 ? folded : character
    const lower = plain.toLowerCase()
    read.push(lower.length === plain.length ? lower : plain)
    from.push(i)
    to.push(next)
    i = next
  }
  return { read: read.join(''), from, to }
}

/**
 * The spellings of a secret a server's encoder may print it in, besides
 * base64: hex (read in any case), numeric HTML entities, and JSON's `\u`
 * escapes.
 */
export function escapedSpellings(secret: string): string[] {
  const codes = [...secret].map(c => c.codePointAt(0)!)
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')
  return [
    Buffer.from(secret, 'utf8').toString('hex'),
    codes.map(n => `&#${n};`).join(''),
    codes.map(n => `&#x${hex(n, 0)};`).join(''),
    Array.from(secret, (_, i) => `\\u${hex(secret.charCodeAt(i), 4)}`).join('')
  ]
}

/**
 * The spellings of a secret in base64 that hold only its own bits, at each
 * byte alignment it can have inside an encoded text (a `user:` before it,
 * say): the characters that mix in a neighbour's bits are left off both ends.
 */
export function base64Spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const spellings: string[] = []
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
