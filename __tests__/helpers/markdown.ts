import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

/**
 * GitHub-flavoured markdown as a renderer reads it (micromark with its GFM
 * extensions, raw HTML let through as GitHub lets some through), and what a
 * reader of the page would meet in it: the elements, the links, the text
 * outside code where GitHub links mentions, issue references and URLs.
 */
export interface Rendered {
  html: string
  /** Every element's name, in order. */
  tags: string[]
  /** Every link's address, entities decoded. */
  hrefs: string[]
  /** The text of every code element, entities decoded. */
  codes: string[]
  /** The visible text outside code elements, entities decoded. */
  prose: string
}

/** The elements our markdown may make: headings, tables, code, our links, bold, a line break in a cell, the footer's <sub>. */
export const OUR_ELEMENTS = new Set([
  'h3',
  'h4',
  'br',
  'p',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'a',
  'strong',
  'sub'
])

/**
 * What GitHub would turn into a link or a notification in prose: a mention,
 * an issue or pull request reference in each of its forms, a bare URL.
 */
export const AUTOLINKED: [string, RegExp][] = [
  ['@mention', /(^|[^\w`])@[A-Za-z0-9]/],
  ['#N reference', /(^|[^\w&])#\d/],
  ['GH-N reference', /\bGH-\d/i],
  ['owner/repo#N reference', /[\w.-]+\/[\w.-]+#\d/],
  ['bare URL', /\b(?:https?:\/\/|www\.)/i]
]

export function render(markdown: string): Rendered {
  return analyse(
    micromark(markdown, {
      allowDangerousHtml: true,
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()]
    })
  )
}

/** The elements, links, code and prose of rendered HTML (or of a part of it). */
export function analyse(html: string): Rendered {
  const tags = [...html.matchAll(/<\/?([A-Za-z][\w-]*)/g)].map(m => m[1]!.toLowerCase())
  const hrefs = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map(m => decode(m[1]!))
  const codes = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map(m => decode(m[1]!))
  const prose = decode(html.replace(/<code>[\s\S]*?<\/code>/g, ' ').replace(/<[^>]*>/g, ' '))
  return { html, tags, hrefs, codes, prose }
}

/** What a reader would be offered to click or be notified by: every problem found, none when the markdown is safe. */
export function markupProblems(
  rendered: Rendered,
  ours: Iterable<string> | ((href: string) => boolean)
): string[] {
  const listed = typeof ours === 'function' ? undefined : new Set(ours)
  const allowed = typeof ours === 'function' ? ours : (href: string) => listed!.has(href)
  const problems: string[] = []
  for (const tag of new Set(rendered.tags))
    if (!OUR_ELEMENTS.has(tag)) problems.push(`element <${tag}>`)
  for (const href of rendered.hrefs) if (!allowed(href)) problems.push(`link to ${href}`)
  for (const [what, pattern] of AUTOLINKED) {
    const found = pattern.exec(rendered.prose)
    if (found)
      problems.push(
        `${what} in prose: …${rendered.prose.slice(Math.max(0, found.index - 20), found.index + 30)}…`
      )
  }
  return problems
}

/** The characters that make one text read as another or hide: none may reach GitHub. */
export const INVISIBLE =
  /[\u00ad\u115f\u1160\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
}
