import { runInNewContext } from 'node:vm'
import { describe, expect, it } from '@jest/globals'
import { messageOf } from '../../../../src/core/shared/errors.js'
import { stopReason } from '../../../../src/core/shared/clock.js'

describe('messageOf', () => {
  it.each([
    ['an Error', new Error('the words'), 'the words'],
    [
      'an Error of another realm',
      runInNewContext('new Error("the words")') as unknown,
      'the words'
    ],
    ['a DOMException', new DOMException('the words', 'AbortError'), 'the words'],
    ['a string', 'the words', 'the words'],
    ['an object with no message', { code: 7 }, '{"code":7}'],
    ['undefined', undefined, 'undefined']
  ])('tells %s by its words', (_title, thrown, words) => {
    expect(messageOf(thrown)).toBe(words)
  })
})

describe('stopReason', () => {
  it('names a stop by its words, and says nothing of a bare abort()', () => {
    const named = new AbortController()
    named.abort(new Error('the job was canceled: SIGTERM'))
    expect(stopReason(named.signal)).toBe(' (the job was canceled: SIGTERM)')
    const signal = new AbortController()
    signal.abort('SIGINT')
    expect(stopReason(signal.signal)).toBe(' (SIGINT)')
    const bare = new AbortController()
    bare.abort()
    expect(stopReason(bare.signal)).toBe('')
    expect(stopReason(undefined)).toBe('')
  })
})
