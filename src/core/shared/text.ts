/**
 * The one formatter for text from outside (file and folder names, branch
 * names, the service's words, libraries' messages) on its way out of the
 * process. A GitHub runner obeys lines that begin with `::` (after white
 * space) or hold `##[` anywhere; a name with a line break could otherwise
 * start such a line (`::stop-commands::…` would then unmask every secret
 * after it). Characters that show nothing (zero-width, fillers, the soft
 * hyphen, tag characters) or reorder what follows (bidirectional controls)
 * would make a name read as another one, or hide words in it that a person
 * never sees: they are shown as escapes (`\u200b`, `\u{e0041}`).
 */

// Line breaks of any kind, every C0/C1 control and DEL.
const BREAKS_AND_CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029'

/**
 * Characters that show nothing or reorder the text around them: every
 * default-ignorable code point and every format character of Unicode (the
 * soft hyphen, the combining grapheme joiner, the Arabic letter mark, the
 * Hangul and Khmer fillers, the Mongolian vowel separator and free
 * variation selectors, zero-width spaces and joiners, bidirectional marks,
 * embeddings, overrides and isolates, the word joiner and invisible
 * operators, the byte-order mark, interlinear annotation marks, shorthand
 * and hieroglyph format controls, musical formatting, the variation
 * selectors, and the tag characters, which can spell a hidden text after a
 * visible one), and the Braille blank, which is not one but shows nothing.
 */
const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\p{Cf}\\u2800'

/**
 * An emoji's own presentation selector (the U+FE0F of `⚠️`), the one
 * variation selector a person sees as part of the character before it: kept.
 * A selector after anything else, or a run of them (how bytes are hidden in
 * selectors), is escaped.
 */
const NOT_PRESENTATION = '(?!(?<=\\p{Emoji})[\\ufe0e\\ufe0f])'
const INVISIBLES = `${NOT_PRESENTATION}[${INVISIBLE_CLASS}]`

const UNPRINTABLE = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}`, 'gu')
const INVISIBLE = new RegExp(INVISIBLES, 'gu')
const BREAK_OR_CONTROL = new RegExp(`[${BREAKS_AND_CONTROLS}]`, 'gu')
// What JSON.stringify leaves as it is but a person would not see: written as \u escapes of its UTF-16 units.
const JSON_ESCAPED = new RegExp(`${INVISIBLES}|[\\u2028\\u2029]`, 'gu')

// What a name shown to people must not hold: a line break, a control, an invisible or reordering character, half a surrogate pair.
const HIDDEN = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}|\\p{Cs}`, 'u')

/** Pure: the first character of `text` that breaks the line, shows nothing, reorders the text or is half a character, as an escape a person can read (`\u202e`); undefined when none. */
export function hiddenCharacterIn(text: string): string | undefined {
  const found = HIDDEN.exec(text)?.[0]
  return found === undefined ? undefined : escaped(found)
}

/** One invisible character, a presentation selector too: the redaction looks through them inside a secret, as a person reading the text would. */
export const INVISIBLE_CHARACTER = new RegExp(`[${INVISIBLE_CLASS}]`, 'u')

/** Pure: the text with every invisible character written as an escape a person can read (`\u200b`); line breaks and markup left to the caller. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, escaped)
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

// C0 controls, DEL and C1 controls: never valid in a name, a path or a header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value)
}

/** A character as an escape a person can read: `\n`, `\u200b`, `\u{e0041}`. */
function escaped(character: string): string {
  const known = ESCAPES[character]
  if (known) return known
  const code = character.codePointAt(0)!
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** The text on one line, with every unprintable or invisible character escaped and the runner's `##[` prefix broken. */
export function sanitize(text: string): string {
  return text.replace(UNPRINTABLE, escaped).replace(/##\[/g, '#\\u0023[')
}

/** A whole log line, sanitized; one that would begin a workflow command has its first colon escaped. */
export function sanitizeLine(line: string): string {
  return sanitize(line).replace(/^(\s*):(?=:)/, '$1\\u003a')
}

/**
 * JSON for a machine that may be watched by a person (`--json` on stdout,
 * which a runner also reads as its log): every value exact once parsed, and
 * every invisible character, line separator and `##[` written as a JSON
 * escape (`\u200b`, `\udb40\udc41`, `#\u0023[`), so that the text shows them
 * and a runner finds no command in it. JSON.stringify already escapes the
 * controls; these characters only ever stand inside strings.
 */
export function sanitizeJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null'
  return text
    .replace(JSON_ESCAPED, character =>
      character
        .split('')
        .map(unit => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join('')
    )
    .replace(/##\[/g, '#\\u0023[')
}

/** At most `max` characters, never cutting a character of two UTF-16 units in half. */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value
  const end = /[\ud800-\udbff]/.test(value.charAt(max - 1)) ? max - 1 : max
  return `${value.slice(0, end)}…`
}

/**
 * The most of one text from outside (the service's words, a bug's name, a
 * message GitHub answers, a header) that anything reads: a report shows a
 * line of at most a few hundred characters of it, and this leaves room for
 * the white space and invisible characters a line drops. A longer text is
 * cut to it where it comes in, before it is redacted, formatted or matched,
 * so that no reading of it costs more than this length's.
 */
export const OUTSIDE_TEXT_MAX = 2_000

/** Pure: a text from outside cut to what a report can show (see OUTSIDE_TEXT_MAX). */
export function bounded(value: string): string {
  return shorten(value, OUTSIDE_TEXT_MAX)
}

/**
 * Pure: `value` without the slashes it ends with. A loop, not `/\/+$/`,
 * which reads a run of slashes once from each of them when no end follows.
 */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end--
  return value.slice(0, end)
}

/** A quote mark, or a character a message shows as an escape: a quoted value holding one is JSON-escaped. */
const NEEDS_ESCAPES = new RegExp(`["${BREAKS_AND_CONTROLS}\\ud800-\\udfff]|${INVISIBLES}`, 'u')

/**
 * A value quoted for a message, sanitized and short: as written (a Windows
 * path keeps its single backslashes, `"D:\builds\app.apk"`), unless it holds a
 * quote mark or a character shown as an escape; then JSON-escaped whole, so
 * that an escape is never read as the backslash of a path.
 */
export function quote(value: string, max = 80): string {
  const short = shorten(value, max)
  return sanitize(NEEDS_ESCAPES.test(short) ? JSON.stringify(short) : `"${short}"`)
}

/**
 * The service's words as one plain line: line breaks and controls become
 * spaces, invisible characters are removed (nothing hides in the line),
 * white space is collapsed, at most `max` characters.
 */
export function oneLine(value: string, max = 300): string {
  const line = value
    .replace(INVISIBLE, '')
    .replace(BREAK_OR_CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return shorten(line, max)
}
