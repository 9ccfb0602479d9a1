import { describe, expect, it } from '@jest/globals'
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.js'
import { noRunAdvice } from '../../src/core/deploy/advice.js'
import { render } from '../../src/core/options/vocabulary.js'
import { inert, inertLine, oneLine, quote } from '../../src/core/shared/text.js'

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

describe('inert', () => {
  it.each(hostile)('%j stays on one line and begins no command', value => {
    for (const text of [inert(value), quote(value), inertLine(`File: ${value}`)]) {
      expect(text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/)).toHaveLength(1)
      expect(isCommand(text)).toBe(false)
    }
  })

  it('escapes control characters visibly', () => {
    expect(inert('a\nb\rc\td\u0007e')).toBe('a\\nb\\rc\\td\\u0007e')
  })

  it('leaves ordinary text as it is', () => {
    expect(inert('build/app-?.apk: 100% (12 MiB), caf\u00e9')).toBe(
      'build/app-?.apk: 100% (12 MiB), caf\u00e9'
    )
  })

  it('is idempotent', () => {
    for (const value of hostile) expect(inert(inert(value))).toBe(inert(value))
  })

  it('disarms a line that is a command by itself', () => {
    expect(isCommand(inertLine('::warning::x'))).toBe(false)
    expect(isCommand(inertLine('  ::stop-commands::t'))).toBe(false)
    expect(inertLine('a :: b')).toBe('a :: b')
  })

  it('shows bidirectional overrides and invisible characters as escapes, so a name reads as what it is', () => {
    const name = 'app-\u202egnp.apk\u200b\u2066x\ufeff'
    expect(inert(name)).toBe('app-\\u202egnp.apk\\u200b\\u2066x\\ufeff')
    expect(quote(name)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/)
    expect(oneLine('a\u202eb\n\tc')).toBe('a b c')
  })

  it('quotes and shortens', () => {
    expect(quote('a"b')).toBe('"a\\"b"')
    expect(quote('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`)
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
