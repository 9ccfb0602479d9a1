/** The option table's own rules: references name options, and every kind reads to its declared type. */
import { describe, expect, it } from '@jest/globals'
import { OPTION_KEYS, OPTIONS } from '../../../../src/core/shared/option-table.js'
import { REFERENCE } from '../../../../src/core/shared/option-refs.js'

describe('the option table', () => {
  it('refers in its descriptions only to options it has', () => {
    const unknown = OPTION_KEYS.flatMap(key =>
      [...OPTIONS[key].description.matchAll(REFERENCE)]
        .map(match => match[1]!)
        .filter(name => !(OPTION_KEYS as string[]).includes(name))
        .map(name => `${key}: {{${name}}}`)
    )
    expect(unknown).toEqual([])
  })

  it('keeps its keys in camelCase, the library spelling the others are made from', () => {
    expect(OPTION_KEYS.filter(key => !/^[a-z][A-Za-z]*$/.test(key))).toEqual([])
  })
})
