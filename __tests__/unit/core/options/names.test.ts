/**
 * A name people read (check-name) refuses every character name-prefix
 * refuses for what it hides: one that shows nothing, reorders the text,
 * breaks the line or is half a character. Both say it in one form: the
 * value quoted with the character as an escape, "is not a valid …", and
 * the fix. Letters of any script, spaces and punctuation stay a check
 * name's own.
 */
import { describe, expect, it } from '@jest/globals'
import { readOption } from '../../../../src/core/options/values.js'
import { InputError } from '../../../../src/core/shared/errors.js'
import type { OptionKey } from '../../../../src/core/shared/option-refs.js'

// [what, the character, as the refusal writes it]
const HIDDEN: [string, string, string][] = [
  ['a right-to-left override', '\u202e', '\\u202e'],
  ['a left-to-right embedding', '\u202a', '\\u202a'],
  ['a right-to-left isolate', '\u2067', '\\u2067'],
  ['a right-to-left mark', '\u200f', '\\u200f'],
  ['an Arabic letter mark', '\u061c', '\\u061c'],
  ['a zero-width space', '\u200b', '\\u200b'],
  ['a zero-width joiner', '\u200d', '\\u200d'],
  ['a word joiner', '\u2060', '\\u2060'],
  ['a byte-order mark', '\ufeff', '\\ufeff'],
  ['a soft hyphen', '\u00ad', '\\u00ad'],
  ['a Hangul filler', '\u3164', '\\u3164'],
  ['a tag character', '\u{e0041}', '\\u{e0041}'],
  ['a line separator', '\u2028', '\\u2028'],
  ['a paragraph separator', '\u2029', '\\u2029'],
  ['half a surrogate pair', '\ud83d', '\\ud83d']
]
const OPTIONS: [OptionKey, string][] = [
  ['namePrefix', 'is not a valid name part'],
  ['checkName', 'is not a valid name']
]

function refusal(key: OptionKey, value: string): InputError {
  try {
    readOption(key, value)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`${key} took ${JSON.stringify(value)}`)
}

describe('names refuse what they hide', () => {
  it.each(HIDDEN)('%s: refused by name-prefix and check-name alike', (_t, hidden, shown) => {
    for (const [key, words] of OPTIONS) {
      const error = refusal(key, `myapp${hidden}tset`)
      expect(error.option).toBe(key)
      expect(error.message).toContain(`"myapp${shown}tset" ${words}`)
      expect(error.message).not.toContain(hidden)
    }
  })

  it.each(['Mobile tests', 'モバイルテスト (Android)', 'Tests — iOS ⚠️', 'اختبارات'])(
    'a check name of any script is taken: %s',
    name => expect(readOption('checkName', name)).toBe(name)
  )
})
