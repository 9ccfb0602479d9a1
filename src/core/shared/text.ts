/**
 * The one formatter for text from outside (file and folder names, branch
 * names, the service's words, libraries' messages) on its way out of the
 * process. A GitHub runner obeys lines that begin with `::` (after white
 * space) or hold `##[` anywhere; a name with a line break could otherwise
 * start such a line (`::stop-commands::…` would then unmask every secret
 * after it). Bidirectional overrides and invisible characters would make a
 * name read as another one, so they are shown as escapes too.
 */

// Line breaks of any kind, every C0/C1 control and DEL, bidirectional controls and invisible formatting.
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

// C0 controls, DEL and C1 controls: never valid in a name, a path or a header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value)
}

/** The text on one line, with every unprintable character escaped and the runner's `##[` prefix broken. */
export function inert(text: string): string {
  return text
    .replace(UNPRINTABLE, c => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, '#\\u0023[')
}

/** A whole log line made inert; one that would begin a workflow command has its first colon escaped. */
export function inertLine(line: string): string {
  return inert(line).replace(/^(\s*):(?=:)/, '$1\\u003a')
}

/** A value quoted for a message: JSON-escaped, inert, and short. */
export function quote(value: string, max = 80): string {
  const shown = value.length > max ? `${value.slice(0, max)}…` : value
  return inert(JSON.stringify(shown))
}

/** The service's words as one plain line: no control or invisible characters, white space collapsed, at most `max` characters. */
export function oneLine(value: string, max = 300): string {
  const line = value.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}
