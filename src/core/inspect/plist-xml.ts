/**
 * Apple's XML property lists (an Info.plist, the plist in a provisioning
 * profile), read by a reader of our own that knows the plist DTD's elements
 * and nothing else: `plist`, `dict`, `key`, `array`, `string`, `integer`,
 * `real`, `date`, `data`, `true`, `false`; comments, processing instructions,
 * CDATA and the XML's five entities and character references.
 *
 * The `plist` package was used before; on a stranger's file it fails us
 * twice, measurably: its XML parser (xmldom) prints parse problems to the
 * console, where a GitHub runner reads workflow commands (an `</dict`
 * followed by a line of `::stop-commands::…` printed that line raw), and it
 * builds a whole DOM before anything can be counted (a 12 KiB plist cost
 * 1.15 GiB). This reader spends every key, value and character from the
 * build's one budget as it goes, says nothing, and keeps no text of the
 * file in its messages, only where (a line number).
 *
 * Weighed again inside the reader's worker (its console dropped, its
 * memory capped): the package adds 162 KiB to the worker's bundle (this
 * reader: 8 KiB with the binary one), still prints a build's lines, and
 * takes a million-digit `<real>` as Infinity, which this reader refuses.
 */
import type { ReadBudget } from './budget.js'

/** An XML property list that cannot be read; the message says where. */
export class PlistFormatError extends Error {
  override name = 'PlistFormatError'
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y
const SPACE = /[ \t\r\n]*/y
/** An attribute's `= "value"` or `= 'value'`, after its name. */
const ATTRIBUTE_VALUE = /[ \t\r\n]*=[ \t\r\n]*(?:"[^"<]*"|'[^'<]*')/y
/**
 * The numbers a property list may hold. Each pattern is linear (no two
 * quantifiers that can trade characters) and sees at most MAX_NUMBER
 * characters: a number longer than any double's text is refused unread.
 */
const INTEGER = /^[+-]?(?:\d+|0x[\da-f]+)$/i
const REAL = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|nan|inf(?:inity)?)$/i
export const MAX_NUMBER = 64

interface Tag {
  name: string
  closing: boolean
  empty: boolean
}

/** Reads the text of an XML plist into its root value: objects for `dict` (no prototype), arrays, strings, numbers, booleans, Dates, Buffers. */
export function readXmlPlist(text: string, budget: ReadBudget): unknown {
  return new XmlPlistReader(text, budget).document()
}

class XmlPlistReader {
  private at = 0

  constructor(
    private readonly text: string,
    private readonly budget: ReadBudget
  ) {}

  document(): unknown {
    this.misc()
    const first = this.tag()
    let root: unknown
    if (first.name === 'plist' && !first.closing) {
      if (first.empty) throw this.fail('an empty <plist/>')
      this.misc()
      root = this.value(this.tag(), 1)
      this.misc()
      this.close(this.tag(), 'plist')
    } else {
      root = this.value(first, 1)
    }
    this.misc()
    if (this.at < this.text.length) throw this.fail('something after the property list')
    return root
  }

  /** One value, its start tag read. */
  private value(tag: Tag, depth: number): unknown {
    this.budget.depth(depth)
    this.budget.thing()
    if (tag.closing) throw this.fail(`an end tag </${tag.name}> where a value belongs`)
    switch (tag.name) {
      case 'dict':
        return tag.empty ? Object.create(null) : this.dict(depth)
      case 'array':
        return tag.empty ? [] : this.array(depth)
      case 'true':
      case 'false':
        if (!tag.empty) this.close(this.tag(), tag.name)
        return tag.name === 'true'
      case 'string':
        return this.content(tag)
      case 'integer':
        return this.number(this.content(tag), INTEGER, 'integer')
      case 'real':
        return this.number(this.content(tag), REAL, 'real')
      case 'date': {
        const date = new Date(this.content(tag).trim())
        if (Number.isNaN(date.getTime())) throw this.fail('a <date> that is no date')
        return date
      }
      case 'data': {
        const base64 = this.content(tag).replace(/[ \t\r\n]/g, '')
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw this.fail('<data> that is not base64')
        return Buffer.from(base64, 'base64')
      }
      default:
        throw this.fail(`an element <${tag.name.slice(0, 20)}> that no property list has`)
    }
  }

  private dict(depth: number): Record<string, unknown> {
    const dict: Record<string, unknown> = Object.create(null)
    for (;;) {
      this.misc()
      const tag = this.tag()
      if (tag.closing) {
        this.close(tag, 'dict')
        return dict
      }
      if (tag.name !== 'key') throw this.fail(`<${tag.name.slice(0, 20)}> where a <key> belongs`)
      this.budget.thing()
      const key = this.content(tag)
      this.misc()
      dict[key] = this.value(this.tag(), depth + 1)
    }
  }

  private array(depth: number): unknown[] {
    const array: unknown[] = []
    for (;;) {
      this.misc()
      const tag = this.tag()
      if (tag.closing) {
        this.close(tag, 'array')
        return array
      }
      array.push(this.value(tag, depth + 1))
    }
  }

  private number(text: string, shape: RegExp, what: string): number {
    const trimmed = text.trim()
    if (trimmed.length > MAX_NUMBER)
      throw this.fail(`an <${what}> longer than ${MAX_NUMBER} characters`)
    if (!shape.test(trimmed)) throw this.fail(`an <${what}> that is no number`)
    return /^[+-]?0x/i.test(trimmed)
      ? Number.parseInt(trimmed.replace(/0x/i, ''), 16) * (trimmed.startsWith('-') ? -1 : 1)
      : Number(/^[+-]?inf/i.test(trimmed) ? trimmed.replace(/inf(inity)?/i, 'Infinity') : trimmed)
  }

  /** The text of an element of text (empty for `<x/>`), up to its end tag. */
  private content(tag: Tag): string {
    if (tag.empty) return ''
    let value = ''
    for (;;) {
      const next = this.text.indexOf('<', this.at)
      if (next < 0) throw this.fail(`<${tag.name}> never closed`)
      value += this.characters(this.text.slice(this.at, next))
      this.at = next
      if (this.text.startsWith('<![CDATA[', next)) {
        const end = this.text.indexOf(']]>', next + 9)
        if (end < 0) throw this.fail('a CDATA section never closed')
        this.budget.text(end - next - 9)
        value += this.text.slice(next + 9, end)
        this.at = end + 3
      } else if (this.text.startsWith('<!--', next) || this.text.startsWith('<?', next)) {
        this.misc()
      } else {
        this.close(this.tag(), tag.name)
        return value
      }
    }
  }

  /** Character data with its entities and references replaced. */
  private characters(raw: string): string {
    this.budget.text(raw.length)
    if (!raw.includes('&')) return raw
    return raw.replace(/&([^;]{0,10});?/g, (whole, name: string) => {
      if (!whole.endsWith(';')) throw this.fail('an & that starts no entity')
      const known = ENTITIES[name]
      if (known !== undefined) return known
      const code = /^#x[0-9a-f]{1,6}$/i.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : /^#\d{1,7}$/.test(name)
          ? Number(name.slice(1))
          : -1
      if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        throw this.fail('an entity that is not one of XML’s own')
      return String.fromCodePoint(code)
    })
  }

  /** Skips white space, comments, processing instructions and the document type. */
  private misc(): void {
    for (;;) {
      SPACE.lastIndex = this.at
      SPACE.exec(this.text)
      this.at = SPACE.lastIndex
      const skip = (start: string, end: string): boolean => {
        if (!this.text.startsWith(start, this.at)) return false
        const close = this.text.indexOf(end, this.at + start.length)
        if (close < 0) throw this.fail(`${start} never closed`)
        this.at = close + end.length
        return true
      }
      if (this.text.startsWith('<!DOCTYPE', this.at)) {
        const close = this.text.indexOf('>', this.at)
        // An internal subset could declare entities: a property list has none.
        if (close < 0 || this.text.slice(this.at, close).includes('['))
          throw this.fail('a document type this reader does not take')
        this.at = close + 1
      } else if (!skip('<!--', '-->') && !skip('<?', '?>')) {
        return
      }
    }
  }

  /** A tag: `<name attributes>`, `<name/>` or `</name>`; attributes are read past, never used. */
  private tag(): Tag {
    if (this.text[this.at] !== '<') throw this.fail('text where an element belongs')
    const closing = this.text[this.at + 1] === '/'
    NAME.lastIndex = this.at + (closing ? 2 : 1)
    const match = NAME.exec(this.text)
    if (!match) throw this.fail('a malformed tag')
    this.at = NAME.lastIndex
    // Attributes are read one by one in a loop: one pattern repeating them could backtrack.
    for (;;) {
      SPACE.lastIndex = this.at
      SPACE.exec(this.text)
      this.at = SPACE.lastIndex
      if (this.text.startsWith('>', this.at) || this.text.startsWith('/>', this.at)) break
      NAME.lastIndex = this.at
      ATTRIBUTE_VALUE.lastIndex = NAME.exec(this.text) ? NAME.lastIndex : -1
      if (closing || ATTRIBUTE_VALUE.lastIndex < 0 || !ATTRIBUTE_VALUE.exec(this.text))
        throw this.fail('a malformed tag')
      this.budget.thing()
      this.budget.text(ATTRIBUTE_VALUE.lastIndex - this.at)
      this.at = ATTRIBUTE_VALUE.lastIndex
    }
    const empty = this.text[this.at] === '/'
    if (closing && empty) throw this.fail('a malformed tag')
    this.at += empty ? 2 : 1
    return { name: match[0], closing, empty }
  }

  private close(tag: Tag, name: string): void {
    if (!tag.closing || tag.name !== name) throw this.fail(`<${name}> not closed by </${name}>`)
  }

  private fail(what: string): PlistFormatError {
    let line = 1
    for (let i = this.text.indexOf('\n'); i >= 0 && i < this.at; i = this.text.indexOf('\n', i + 1))
      line++
    return new PlistFormatError(`an XML property list with ${what} (line ${line})`)
  }
}
