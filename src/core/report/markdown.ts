/**
 * The one markdown renderer of the reports (the job summary, a summary file,
 * the check run, the pull-request comment), with its one escaper. The
 * product's own words are the only markdown; every value from outside (a
 * file, branch or check name, the service's words, a message) is a code
 * span, where GitHub links no mention (`@team`), no issue or pull request
 * (`#12`, `GH-12`, `owner/repo#12`), no commit, no URL, and renders no
 * markup or HTML. Invisible characters are shown as escapes, and no value can
 * open an HTML comment, so none can carry a comment's marker. Links are ours:
 * built from a parsed http(s) URL with every character outside a small safe
 * set percent-encoded.
 */
import { sanitize } from '../shared/text.js'

/**
 * A value as code: shown literally, whatever it holds. The fence is longer
 * than any run of backticks in it, and one space inside each end keeps a
 * backtick at either end apart from the fence. In a table a pipe is escaped
 * (GFM reads `\|` in a cell, code included, as the pipe). Two places are
 * split into two spans: between `<` and `!`, so that no value can open an
 * HTML comment, and in a table between a backslash and a pipe, where
 * renderers disagree on which of the two the backslash escapes.
 */
export function code(value: string, { table = true } = {}): string {
  const split = table ? /(?<=<)(?=!)|(?<=\\)(?=\|)/ : /(?<=<)(?=!)/
  return sanitize(value)
    .split(split)
    .map(part => {
      const longest = Math.max(0, ...[...part.matchAll(/`+/g)].map(m => m[0].length))
      const fence = '`'.repeat(longest + 1)
      const text = table ? part.replace(/\|/g, '\\|') : part
      // Spaces alone are kept as they are; otherwise one space each side is the renderer's to strip.
      return /^ *$/.test(text) ? `${fence}${text || ' '}${fence}` : `${fence} ${text} ${fence}`
    })
    .join(' ')
}

// What a link's address keeps as it is: letters, digits, the unreserved `-._~` and the URL delimiters that
// mean nothing in a link's destination (an underscore there is never emphasis).
const HREF_KEEPS = /^[A-Za-z0-9\-./:?#=&%+,;@!$~_]$/

/**
 * A link's address, from a parsed http(s) URL without user info, every other
 * character percent-encoded as UTF-8 (parentheses, quotes, brackets, angle
 * brackets, backticks, pipes, asterisks, backslashes, spaces)
 * and `&` written as the entity markdown decodes; undefined for anything
 * else. Unreserved characters stay as they are (RFC 3986, 2.3), so an
 * address reads as the service gave it; an encoded delimiter (`*`, `(`) is
 * one a server may tell apart, and the service's own links use none.
 */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined
  if (parsed.username || parsed.password) return undefined
  return [...parsed.href]
    .map(c =>
      HREF_KEEPS.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')]
            .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('')
    )
    .join('')
    .replace(/&/g, '&amp;')
}

/** A link with our own text (words, or a code span) to a safe address; the text alone when there is none. */
export function link(text: string, url: string | undefined): string {
  const href = safeHref(url)
  return href ? `[${text}](${href})` : text
}

/** A markdown table: a header row, its rule, and a row per entry; each cell is markdown already. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(row => `| ${row.join(' | ')} |`)
  ]
}

/**
 * The lines joined, or as many whole lines as fit with `rest` after them: a
 * line is never cut inside, where a code span could be left open and a value
 * in it read as markdown.
 */
export function cut(lines: string[], fits: (text: string) => boolean, rest: string): string {
  const whole = lines.join('\n')
  if (fits(whole)) return whole
  const kept = [...lines]
  while (kept.length > 0 && !fits(`${kept.join('\n')}\n\n${rest}`)) kept.pop()
  return `${kept.join('\n')}\n\n${rest}`
}
