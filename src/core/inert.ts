/**
 * The one formatter for text from outside (file and folder names, branch
 * names, the service's words, libraries' messages) on its way to a log. A
 * runner reads every line a step prints and obeys the ones that begin with
 * `::` (after white space) or hold `##[` anywhere; a name with a line break
 * could otherwise start such a line (`::stop-commands::…` would then unmask
 * every secret after it).
 */

// Line breaks of any kind, every C0/C1 control and DEL: shown as escapes, never printed raw.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** The text on one line, with every control character escaped and the runner's `##[` prefix broken. */
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
