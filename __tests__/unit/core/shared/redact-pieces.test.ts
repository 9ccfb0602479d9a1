import { describe, expect, it } from '@jest/globals'
import { Secrets } from '../../../../src/core/shared/redact.js'
import { MIN_EDGE } from '../../../../src/core/shared/spellings.js'
import { readableRun } from '../../../helpers/secrets.js'

const KEY = 'sk_live_9fQ2xLm7Tz4RwB8vNc3H'

/** The key cut at `cuts`: its pieces in order. */
const piecesOf = (key: string, cuts: number[]) =>
  [0, ...cuts].map((from, i) => key.slice(from, cuts[i] ?? key.length))

describe('a key cut into pieces that are redacted one by one', () => {
  it.each([
    ['in two, early', [MIN_EDGE]],
    ['in two, in its middle', [14]],
    ['in four', [7, 13, 20]],
    ['in pieces of the shortest length masked', [6, 12, 18]]
  ])('%s: no piece shows, as a line or inside one', (_how, cuts) => {
    const secrets = new Secrets()
    secrets.add(KEY)
    const pieces = piecesOf(KEY, cuts)
    const lines = pieces.map((piece, i) =>
      i === 0 ? `sending key ${piece}` : i === pieces.length - 1 ? `${piece} refused` : piece
    )
    const shown = lines.map(line => secrets.redact(line))
    for (const [i, piece] of pieces.entries()) expect(shown[i]).not.toContain(piece)
    expect(shown[0]).toBe('sending key ***')
    expect(shown.at(-1)).toBe('*** refused')
  })

  it.each([5, 4, 3])(
    'in pieces of %d: once the pieces reach a key’s start of six, none after shows',
    size => {
      const secrets = new Secrets()
      secrets.add(KEY)
      const pieces = piecesOf(
        KEY,
        Array.from({ length: Math.ceil(KEY.length / size) - 1 }, (_, i) => (i + 1) * size)
      )
      const shown = pieces.map((piece, i) => secrets.redact(i === 0 ? `key ${piece}` : piece))
      // The pieces before the sixth character can show: a text ending with a few letters of a key is no key.
      const hidden = pieces.filter((_, i) => (i + 1) * size > MIN_EDGE)
      for (const piece of hidden) expect(shown.join('|')).not.toContain(`|${piece}`)
      expect(shown.slice(pieces.length - hidden.length)).toEqual(hidden.map(() => '***'))
    }
  )

  it('a piece cut from its encodings does not show either', () => {
    const secrets = new Secrets()
    secrets.add(KEY)
    const hex = Buffer.from(KEY, 'utf16le').toString('hex')
    expect(secrets.redact(`dump: ${hex.slice(0, 10)}`)).toBe('dump: ***')
    expect(secrets.redact(`${hex.slice(10, 20)} …`)).toBe('*** …')
  })

  it("a word inside a key, at a text's edge, stays: only a key's start and end are masked there", () => {
    const secrets = new Secrets()
    secrets.add('key-warning-workspace-0007')
    for (const text of ['Service warning', 'warning: deprecated', 'commit a1b2c3d4e5f6070007'])
      expect(secrets.redact(text)).toBe(text)
  })

  it('a text that only shares a few characters with the key at its edge stays', () => {
    const secrets = new Secrets()
    secrets.add(KEY)
    const text = `Uploading to ${KEY.slice(0, MIN_EDGE - 1)}`
    expect(secrets.redact(text)).toBe(text)
  })
})

describe('a key with characters an encoder changes', () => {
  const SPECIAL = "k3y/with special!chars~('more')*"

  it.each([
    ['form-encoded', new URLSearchParams({ SPECIAL }).toString().slice('SPECIAL='.length)],
    ['as %XX of every byte', [...Buffer.from(SPECIAL)].map(b => `%${b.toString(16)}`).join('')],
    ['URL-encoded', encodeURIComponent(SPECIAL)]
  ])('is masked %s', (_how, spelled) => {
    const text = `the store said: ${spelled} was refused`
    expect(readableRun(text, SPECIAL)).toBeDefined()
    const secrets = new Secrets()
    secrets.add(SPECIAL)
    const shown = secrets.redact(text)
    expect(readableRun(shown, SPECIAL)).toBeUndefined()
    expect(shown).toBe('the store said: *** was refused')
  })
})
