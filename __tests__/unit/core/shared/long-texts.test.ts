import { describe, expect, it } from '@jest/globals'
import { describeErrorBody, parseDeployAnswer } from '../../../../src/core/service/v0/answers.js'
import { parseGreenlightAnswer } from '../../../../src/core/service/v0/greenlight.js'
import { redactShapes, Secrets } from '../../../../src/core/shared/redact.js'
import {
  OUTSIDE_TEXT_MAX,
  oneLine,
  sanitize,
  sanitizeJson,
  sanitizeLine,
  withoutTrailingSlashes
} from '../../../../src/core/shared/text.js'

/**
 * Texts of a quarter of a megabyte built to make a backtracking pattern read
 * the rest of the text at every position (a run of scheme characters before
 * no `://`, a path with no query, `<title` with no `>`): each is read whole
 * and right. A pattern that is not linear takes minutes here, past the
 * test's limit (80 KB of `a.` took 9 s before); `npm run bench:redact`
 * times a whole megabyte.
 */
const LONG = 1 << 18
const long = (unit: string) => unit.repeat(Math.ceil(LONG / unit.length))

const KEY = 'sk_live_9fQ2xLm7Tz4RwB8vNc3H'

describe('a quarter of a megabyte of near misses, redacted', () => {
  it.each([
    // A scheme's characters and no `://`; then a URL whose user info and query must still go.
    ['a.', 'https://deploy:hunter2@h.example/x?sig=1', 'https://***@h.example/x?…'],
    ['a-1+', 'ftp://u@h/?q', 'ftp://***@h/?…'],
    // `://` after `://` with no query and no `@`.
    ['a://', 'http://h.example/p?token=abc', 'http://h.example/p?…'],
    ['h://a:', ' http://x:y@h/', ' http://***@h/'],
    // Names of credentials with no value, Basic and Bearer with nothing after.
    ['token ', 'token=abc', 'token=***'],
    ['basic x-', ' Basic dXNlcjpodW50ZXIy', ' Basic ***'],
    ['bearer, ', 'Bearer abc.def', 'Bearer ***'],
    ['?a', ' ?sig=abc', ' ?…'],
    ['"token" ', '"token": "abc"', '"token": "***"']
  ])('a run of %j, then %j', (unit, tail, shownTail) => {
    const secrets = new Secrets()
    secrets.add(KEY)
    const run = long(unit)
    const shown = secrets.redact(`${run}${tail}`)
    expect(shown.endsWith(shownTail)).toBe(true)
    expect(shown.length).toBe(run.length + shownTail.length)
    expect(redactShapes(`${run}${tail}`).endsWith(shownTail)).toBe(true)
  })
})

describe('a quarter of a megabyte of near misses, formatted', () => {
  it.each(['a.', ' \t', '\u200b', '##', '::', '\\'])('a run of %j', unit => {
    const run = long(unit)
    expect(oneLine(run).length).toBeLessThanOrEqual(301)
    expect(sanitize(run)).not.toContain('##[')
    expect(sanitizeLine(run).startsWith('::')).toBe(false)
    expect(JSON.parse(sanitizeJson(run))).toBe(run)
  })
})

describe('a quarter of a megabyte of slashes', () => {
  it('loses only the slashes it ends with', () => {
    expect(withoutTrailingSlashes(`${long('/')}x`)).toBe(`${long('/')}x`)
    expect(withoutTrailingSlashes(`https://h${long('/')}`)).toBe('https://h')
  })
})

describe("the service's words, cut where they come in", () => {
  const words = (unit: string) => `${long(unit)}https://u:p@h/x?sig=1`

  it.each(['a.', '<title', '<Code>', 'a://', ' '])(
    'an error body of a quarter of a megabyte of %j is described in one line, cut',
    unit => {
      for (const body of [
        words(unit),
        JSON.stringify({ failureCode: 'E', failureMessage: words(unit) }),
        `<Error><Code>E</Code><Message>${words(unit)}</Message></Error>`,
        `<html><title>${words(unit)}</title></html>`
      ]) {
        const shown = describeErrorBody(body)
        expect(shown.length).toBeLessThanOrEqual(301)
        expect(shown).not.toContain('p@h')
      }
    }
  )

  it('a bug name and a trigger failure of a quarter of a megabyte are cut, and a link that long is none', () => {
    const status = parseGreenlightAnswer(
      JSON.stringify({
        runStage: 'completed',
        reproducedBugs: [{ name: words('a.'), applicationUrl: `https://h/${long('a')}` }]
      })
    )
    expect(status.bugs[0]!.name.length).toBeLessThanOrEqual(301)
    expect(status.bugs[0]!.url).toBeUndefined()
    const answer = parseDeployAnswer(
      JSON.stringify({
        results: [{ outcome: 'failed', failure_code: 'E', failure_message: words('a.') }]
      })
    )
    expect(answer.reason?.length).toBeLessThan(OUTSIDE_TEXT_MAX)
  })
})
