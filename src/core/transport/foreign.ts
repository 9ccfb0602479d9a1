import { quote } from '../shared/text.js'

/** How much of an answer is looked at to say what it is. */
const LOOKED_AT = 4096

/**
 * Pure: an answer that is not the JSON an API answers, told as what it is
 * (a page's title, the start of a text, its content type when given): most
 * often a proxy's or a sign-in page between the runner and the API. Only
 * its first few KiB are read, and every pattern is bounded.
 */
export function foreignWhat(body: string, contentType = ''): string {
  const head = body.slice(0, LOOKED_AT)
  const title = /<title[^>]{0,200}>([^<]{1,200})</i.exec(head)?.[1]?.trim()
  if (title) return `an HTML page titled ${quote(title, 80)}`
  if (/^\s*</.test(head)) return 'an HTML or XML page'
  const text = head.trim()
  if (!text) return 'an empty answer'
  return `${contentType ? `${quote(contentType, 40)} ` : ''}text beginning ${quote(text, 60)}`
}
