import { describe, expect, it } from '@jest/globals'
import { IntSet } from '../../../../src/core/shared/int-set.js'

describe('IntSet, the redaction’s set of hashes', () => {
  it('holds what a Set holds, through its growth, the ends of its range and repeats included', () => {
    const set = new IntSet()
    const expected = new Set<number>()
    let seed = 7
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff)
    // Neighbours alike in their low bits, as a rolling hash gives, and random ones, past several growths.
    const values = [0, 0x7fffffff, 1, ...Array.from({ length: 40_000 }, (_, i) => i << 16)]
    for (let i = 0; i < 60_000; i++) values.push(next())
    for (const value of [...values, ...values.slice(0, 5_000)]) {
      set.add(value)
      expected.add(value)
    }
    expect(set.size).toBe(expected.size)
    expect([...expected].filter(value => !set.has(value))).toEqual([])
    const absent: number[] = []
    while (absent.length < 20_000) {
      const value = next()
      if (!expected.has(value)) absent.push(value)
    }
    expect(absent.filter(value => set.has(value))).toEqual([])
  })

  it('an empty set holds nothing', () => {
    const set = new IntSet()
    expect(set.size).toBe(0)
    expect([0, 1, 0x7fffffff].map(value => set.has(value))).toEqual([false, false, false])
  })
})
