import { describe, expect, it } from '@jest/globals'
import { Secrets, redactShapes, MIN_SECRET_LENGTH } from '../../src/core/shared/redact.js'
import { describeNetworkError } from '../../src/core/transport/send.js'

describe('redactShapes, knowing no secret', () => {
  it.each([
    ['Request timeout: /b/k?X-Amz-Signature=abc&x=1', 'Request timeout: /b/k?…'],
    ['see "https://s.example.com/a?sig=1" now', 'see "https://s.example.com/a?…" now'],
    ['no query here', 'no query here'],
    ['see "http://127.0.0.1:9/a?b" now', 'see "http://127.0.0.1:9/a?…" now'],
    [
      'Input \'file\' "build/app-?.apk" matched no file',
      'Input \'file\' "build/app-?.apk" matched no file'
    ],
    ['what? where?', 'what? where?']
  ])('%s', (text, expected) => {
    expect(redactShapes(text)).toBe(expected)
    expect(describeNetworkError(new Error(text))).toBe(expected)
  })

  it.each([
    ['SignatureDoesNotMatch: provided=abcdef0123456789 expected', 'provided=***'],
    ['x-amz-signature=0a1b2c3d4e5f (lower case)', 'x-amz-signature=***'],
    ['X-Goog-Signature=deadbeefcafe1234', 'X-Goog-Signature=***'],
    ['X-Amz-Signature%3Dfeedface99', 'X-Amz-Signature%3D***'],
    ['Authorization: Bearer sk_live_abcdef.123', 'Bearer ***'],
    ['{"token": "ghs_abcdefghijk", "n": 1}', '"token": "***"'],
    ['https://user:hunter2@host.example.com/x', 'https://***@host.example.com/x']
  ])('a credential shaped like %j is cut', (text, expected) => {
    const shown = redactShapes(text)
    expect(shown).toContain(expected)
    for (const secret of [
      'abcdef0123456789',
      '0a1b2c3d4e5f',
      'deadbeefcafe1234',
      'feedface99',
      'sk_live_abcdef.123',
      'ghs_abcdefghijk',
      'hunter2'
    ])
      expect(shown).not.toContain(secret)
  })
})

describe('Secrets', () => {
  it('redacts a registered secret and its URL-encoded form, wherever it appears', () => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.add('key/with+chars=0123')
    const text = secrets.redact('echo key/with+chars=0123 and key%2Fwith%2Bchars%3D0123 end')
    expect(text).toBe('echo *** and *** end')
    expect(masked).toEqual(['key/with+chars=0123', 'key%2Fwith%2Bchars%3D0123'])
  })

  it(`never registers a value shorter than ${MIN_SECRET_LENGTH} characters`, () => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.addSignedUrl('https://store.example.com/b/app.apk?x')
    secrets.add('short')
    expect(masked).toEqual([
      'https://store.example.com/b/app.apk?x',
      'https%3A%2F%2Fstore.example.com%2Fb%2Fapp.apk%3Fx'
    ])
    expect(secrets.redact('an x in a short line')).toBe('an x in a short line')
  })

  it("registers a signed URL's query and each credential in it", () => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.addSignedUrl(
      'https://store.example.com/b/app.apk?X-Amz-Credential=AKIA%2F20261123&X-Amz-Signature=0123456789abcdef&X-Amz-Expires=900'
    )
    expect(masked).toContain('0123456789abcdef')
    expect(masked).toContain('AKIA/20261123')
    expect(secrets.redact('the store said: provided 0123456789abcdef')).toBe(
      'the store said: provided ***'
    )
  })

  it('keeps a plain query in a value (a link) but no credential', () => {
    const secrets = new Secrets()
    secrets.add('sk_live_0123456789')
    expect(secrets.redactValue('https://app.example.com/runs/1?tab=bugs')).toBe(
      'https://app.example.com/runs/1?tab=bugs'
    )
    expect(
      secrets.redactValue('https://app.example.com/runs/1?token=abc&k=sk_live_0123456789')
    ).toBe('https://app.example.com/runs/1?token=***&k=***')
  })
})
