import { describe, expect, it } from '@jest/globals'
import { ACTION_VOCABULARY } from '../../../../src/action/vocabulary.js'
import { noRunAdvice } from '../../../../src/core/deploy/advice.js'
import { render } from '../../../../src/core/options/vocabulary.js'
import {
  sanitize,
  sanitizeJson,
  sanitizeLine,
  oneLine,
  quote
} from '../../../../src/core/shared/text.js'

const advice = (...args: Parameters<typeof noRunAdvice>): string =>
  render(noRunAdvice(...args), ACTION_VOCABULARY)

/** Whether a runner would take the line for a workflow command (`::` after white space, or `##[` anywhere). */
function isCommand(line: string): boolean {
  return /^\s*::/.test(line) || line.includes('##[')
}

const hostile = [
  'app\n::stop-commands::token\n.apk',
  '\n::warning title=x::y',
  'a\r::error::b',
  '%0A::error::',
  'x\u2028::debug::y',
  'x\u0085::debug::y',
  'before ##[add-mask]secret',
  '###[group]x'
]

describe('sanitize', () => {
  it.each(hostile)('%j stays on one line and begins no command', value => {
    for (const text of [sanitize(value), quote(value), sanitizeLine(`File: ${value}`)]) {
      expect(text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/)).toHaveLength(1)
      expect(isCommand(text)).toBe(false)
    }
  })

  it('escapes control characters visibly', () => {
    expect(sanitize('a\nb\rc\td\u0007e')).toBe('a\\nb\\rc\\td\\u0007e')
  })

  it('leaves ordinary text as it is', () => {
    expect(sanitize('build/app-?.apk: 100% (12 MiB), caf\u00e9')).toBe(
      'build/app-?.apk: 100% (12 MiB), caf\u00e9'
    )
  })

  it('is idempotent', () => {
    for (const value of hostile) expect(sanitize(sanitize(value))).toBe(sanitize(value))
  })

  it('disarms a line that is a command by itself', () => {
    expect(isCommand(sanitizeLine('::warning::x'))).toBe(false)
    expect(isCommand(sanitizeLine('  ::stop-commands::t'))).toBe(false)
    expect(sanitizeLine('a :: b')).toBe('a :: b')
  })

  it('shows bidirectional overrides and invisible characters as escapes, so a name reads as what it is', () => {
    const name = 'app-\u202egnp.apk\u200b\u2066x\ufeff'
    expect(sanitize(name)).toBe('app-\\u202egnp.apk\\u200b\\u2066x\\ufeff')
    expect(quote(name)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/)
    expect(oneLine('a\u202eb\n\tc')).toBe('ab c')
  })

  /** Every character that shows nothing or reorders the text, as the issue lists them, and a few of their kin. */
  const INVISIBLE: [string, string[]][] = [
    ['tag characters', ['\u{e0000}', '\u{e0041}', '\u{e0067}', '\u{e007f}']],
    ['the soft hyphen', ['\u00ad']],
    ['Hangul fillers', ['\u3164', '\u115f', '\u1160', '\uffa0']],
    [
      'bidirectional controls',
      [
        '\u202a',
        '\u202b',
        '\u202c',
        '\u202d',
        '\u202e',
        '\u2066',
        '\u2067',
        '\u2068',
        '\u2069',
        '\u200e',
        '\u200f',
        '\u061c'
      ]
    ],
    [
      'zero-width characters',
      ['\u200b', '\u200c', '\u200d', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\ufeff']
    ],
    ['their kin', ['\u180e', '\u206a', '\ufff9']],
    [
      'variation selectors after what is no emoji',
      ['\ufe00', '\ufe0e', '\ufe0f', '\u{e0100}', '\u{e01ef}', '\u180b', '\u180f']
    ],
    [
      'the rest that shows nothing',
      ['\u034f', '\u17b4', '\u17b5', '\u2800', '\u{1d173}', '\u{1bca0}', '\u{13430}', '\u0600']
    ]
  ]

  it.each(INVISIBLE)(
    "shows %s escaped in a line, and leaves them out of the service's words",
    (_kind, characters) => {
      for (const character of characters) {
        const code = character.codePointAt(0)!.toString(16)
        const escape = code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`
        const name = `pay${character}pal`
        expect(sanitize(name)).toBe(`pay${escape}pal`)
        expect(sanitizeLine(`Bug: ${name}`)).toBe(`Bug: pay${escape}pal`)
        expect(quote(name)).toBe(`"pay${escape}pal"`)
        expect(oneLine(`the ${name} page`)).toBe('the paypal page')
        // JSON for a machine: the exact value once parsed, the character as an escape in the text.
        const json = sanitizeJson({ name })
        expect(JSON.parse(json)).toEqual({ name })
        expect(json).not.toContain(character)
        expect(json).toMatch(/\\u[0-9a-f]{4}/)
      }
    }
  )

  it('hides no text in tag characters: a hidden instruction shows up in the line', () => {
    const hidden = [...'IGNORE'].map(c => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')
    expect(sanitize(`Crash${hidden}`)).toBe(
      'Crash\\u{e0049}\\u{e0047}\\u{e004e}\\u{e004f}\\u{e0052}\\u{e0045}'
    )
    expect(oneLine(`Crash${hidden}`)).toBe('Crash')
  })

  it('keeps an emoji’s own presentation selector, and escapes a run of selectors that hides bytes', () => {
    expect(sanitize('⚠️ warning, ⏹️ stop, 1️⃣ one')).toBe('⚠️ warning, ⏹️ stop, 1️⃣ one')
    // Bytes hidden after a visible character, one selector each (VS1 to VS256).
    const smuggled = `a${String.fromCodePoint(0xfe01)}${String.fromCodePoint(0xe0110)}`
    expect(sanitize(smuggled)).toBe('a\\ufe01\\u{e0110}')
    expect(sanitize('⚠\ufe0f\ufe0f')).toBe('⚠️\\ufe0f')
    expect(oneLine(`v1.0${smuggled}`)).toBe('v1.0a')
  })

  it('keeps emoji and other visible characters, whole even where a quote is shortened', () => {
    expect(sanitize('Crash 🚀 café ✓ 中文')).toBe('Crash 🚀 café ✓ 中文')
    expect(quote('a🚀', 2)).toBe('"a…"')
    expect(oneLine('a🚀b', 2)).toBe('a…')
    expect(sanitizeJson({ a: '🚀' })).toBe('{"a":"🚀"}')
  })

  it('writes JSON a runner finds no command in, with every value exact', () => {
    const value = { bugs: [{ name: '##[add-mask]x\n::error::y\u2028z' }], n: 1 }
    const json = sanitizeJson(value, 2)
    expect(JSON.parse(json)).toEqual(value)
    for (const line of json.split('\n')) expect(isCommand(line)).toBe(false)
    expect(json).not.toMatch(/[\u2028\u2029]/)
  })

  it('quotes and shortens', () => {
    expect(quote('a"b')).toBe('"a\\"b"')
    expect(quote('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`)
  })

  it('shows a Windows path as written, its backslashes single', () => {
    expect(quote('D:\\builds\\app.apk')).toBe('"D:\\builds\\app.apk"')
    expect(quote('C:\\new\\tools\\app.apk')).toBe('"C:\\new\\tools\\app.apk"')
    // With a character shown as an escape, the backslashes are escaped too: `\n` is then never a path's.
    expect(quote('C:\\new\nline.apk')).toBe('"C:\\\\new\\nline.apk"')
    expect(quote('C:\\a"b.apk')).toBe('"C:\\\\a\\"b.apk"')
  })
})

describe('noRunAdvice', () => {
  it('talks about triggers and deployment-type only for an unmatched trigger', () => {
    expect(advice('no-trigger', 'android')).toMatch(
      /mobile triggers.*deployment-type \("android"\)/
    )
    for (const cause of [
      'billing',
      'skipped-deployment',
      'trigger-skipped',
      'trigger-failed',
      'no-environment'
    ] as const) {
      expect(advice(cause, 'android')).not.toMatch(/trigger.*enabled|deployment-type/)
    }
  })

  it('talks about billing for a billing failure', () => {
    expect(advice('billing', '')).toMatch(/billing/)
  })

  it('talks about the naming convention when no environment matched', () => {
    expect(advice('no-environment', '')).toMatch(/name-prefix and environment/)
  })
})
