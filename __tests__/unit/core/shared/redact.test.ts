import { describe, expect, it } from '@jest/globals'
import {
  MIN_RUN,
  MIN_SECRET_LENGTH,
  redactShapes,
  secretPathSegment,
  Secrets
} from '../../../../src/core/shared/redact.js'
import { describeNetworkError } from '../../../../src/core/transport/send.js'
import { ECHOED_SPELLINGS, readableRun } from '../../../helpers/secrets.js'

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

  it(`never registers a URL or a query shorter than ${MIN_SECRET_LENGTH} characters`, () => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.addSignedUrl('https://store.example.com/b/app.apk?x')
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

  it('masks a secret URL whole and the parts of it that can be secret; never its host or a text that only shares it', () => {
    const secrets = new Secrets()
    secrets.addUrl('https://hooks.example.com/services/T0123/B0456/sEcReTtOkEnXyZ?k=1')
    expect(
      secrets.redact('posted to https://hooks.example.com/services/T0123/B0456/sEcReTtOkEnXyZ?k=1.')
    ).toBe('posted to https://hooks.example.com*** .'.replace(' .', '.'))
    // Its token, echoed alone or cut to twelve of its characters, shows none of it.
    expect(secrets.redact('token sEcReTtOkEnXyZ, cut …cReTtOkEnXyZ…')).not.toMatch(
      /sEcReT|TtOkEnXyZ/
    )
    // Another link to the same host, and prose that shares its first characters, stay.
    expect(secrets.redact('see https://hooks.example.com/docs and https://hooks.example')).toBe(
      'see https://hooks.example.com/docs and https://hooks.example'
    )
  })

  it.each([
    ["a host's root", 'https://hooks.example.com/'],
    ['the repository in its path', 'https://ci.example.com/octo-org/octo-app/hook'],
    ["the app's id", 'https://ci.example.com/hooks/com.example.shop'],
    ["the product's name", 'https://ci.example.com/mobile-build-deploy/results'],
    ['/api/webhooks/', 'https://service.example.com/api/webhooks/results']
  ])('a webhook at %s masks itself, and breaks no link, marker or facts line', (_what, url) => {
    const secrets = new Secrets()
    secrets.addUrl(url)
    const untouched = [
      'https://hooks.example.com/runs/run_1',
      'https://ci.example.com/octo-org/octo-app/hook/runs/1',
      '<!-- mobile-build-deploy check=Mobile%20tests -->',
      'Mobile tests (Android: com.example.shop, staging)',
      'POST https://service.example.com/api/webhooks/deploy_success answered 500',
      'octo-org/octo-app',
      '<!-- mobile-build-deploy facts=eyJkZXBsb3ltZW50Ijp7Im5hbWUiOiJjb20uZXhhbXBsZS5zaG9wIn19 seal=abcdefghijk.x -->'
    ]
    for (const text of untouched) expect(secrets.redact(text)).toBe(text)
    // The URL itself, where it stands whole, is masked (its host is no secret).
    expect(secrets.redact(`posted to ${url} now`)).toBe(`posted to ${new URL(url).origin}*** now`)
  })

  it('takes a path segment for a token only when it reads as one', () => {
    expect(
      ['sEcReTtOkEnXyZ', '123e4567-e89b-12d3-a456-426614174000', 'XXXXXXXXXXXXXXXX1234'].map(
        secretPathSegment
      )
    ).toEqual([true, true, true])
    expect(
      ['mobile-build-deploy', 'com.example.shop', 'webhooks', '123456789012345678', 'T0123'].map(
        secretPathSegment
      )
    ).toEqual([false, false, false, false, false])
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

const KEY = 'sk_live_9fQ2xLm7Tz4RwB8vNc3H'
const base64 = (text: string) => Buffer.from(text).toString('base64')

describe('a key, in every spelling an echo gives it', () => {
  const FORMS: [string, string][] = [
    ...ECHOED_SPELLINGS.map(([name, spell]): [string, string] => [
      name,
      `key ${spell(KEY)} refused`
    ]),
    ['made one line by the service', `key ${KEY.slice(0, 10)} ${KEY.slice(10)} refused`],
    [
      "in a long user's Basic header",
      `Authorization: Basic ${base64(`deploy-bot@example.com:${KEY}`)}`
    ],
    [
      'in base64 wrapped at 76 columns',
      `body:\n${base64(`{"apiKey":"${KEY}","n":1}`.repeat(3)).replace(/(.{76})/g, '$1\n')}`
    ],
    ['twice in a row', `${KEY}${KEY}`]
  ]

  it.each(FORMS)('is masked %s', (_form, text) => {
    expect(readableRun(text, KEY)).toBeDefined()
    const secrets = new Secrets()
    secrets.add(KEY)
    for (const shown of [secrets.redact(text), secrets.redactValue(text)]) {
      expect(readableRun(shown, KEY)).toBeUndefined()
      expect(shown).toContain('***')
    }
  })

  it('is masked URL-encoded, and cut so', () => {
    const special = 'k3y/with+special=chars&more'
    const secrets = new Secrets()
    secrets.add(special)
    const encoded = encodeURIComponent(special)
    expect(secrets.redact(`the store said: ${encoded} and ${encoded.slice(3, 17)}`)).toBe(
      'the store said: *** and ***'
    )
  })

  it('masks a whole stretch, breaks inside it included, and nothing around it', () => {
    const secrets = new Secrets()
    secrets.add(KEY)
    expect(secrets.redact(`key ${KEY.slice(0, 9)}\n${KEY.slice(9)} refused`)).toBe(
      'key *** refused'
    )
    expect(secrets.redact(`key ${KEY.toUpperCase()}.`)).toBe('key ***.')
    expect(secrets.redact(`cut …${KEY.slice(4, 20)}… here`)).toBe('cut …***… here')
  })

  it('masks the key and nothing beside it after characters of two code units (an emoji, a rare letter)', () => {
    const secrets = new Secrets()
    secrets.add(KEY)
    // Spelt otherwise than registered (its case changed, cut by a line break): found by reading the text.
    const changed = `${KEY.slice(0, 10).toUpperCase()}\n${KEY.slice(10)}`
    const before = '🚀 deploy 𝒜𝓅𝓅 🇫🇷'
    expect(secrets.redact(`${before} ${changed}; 🎉 done`)).toBe(`${before} ***; 🎉 done`)
    expect(secrets.redact(`${'😀'.repeat(40)}${changed}${'😀'.repeat(3)}`)).toBe(
      `${'😀'.repeat(40)}***${'😀'.repeat(3)}`
    )
  })

  it('reads a key of letters beyond ASCII as it reads the text: in any case, a lone surrogate kept', () => {
    const secrets = new Secrets()
    const key = 'ключ-Žluťoučký-κλειδί-\ud800-🔑'
    secrets.add(key)
    expect(secrets.redact(`key ${key.toUpperCase()} refused`)).toBe('key *** refused')
    expect(secrets.redact(`key ${key.slice(0, 12)}\n${key.slice(12)}.`)).toBe('key ***.')
    expect(secrets.redact('key ключ-Žluť and \ud800 alone')).toBe('key ключ-Žluť and \ud800 alone')
  })

  it('takes a key or a URL that has no encoding without throwing: a lone surrogate, a user of `%zz`', () => {
    const secrets = new Secrets()
    expect(() => secrets.add('short\ud800')).not.toThrow()
    expect(() => secrets.addExact('exactly-\udc00-spelled')).not.toThrow()
    expect(() =>
      secrets.addUrl('https://user%zz-9fQ2xLm7:p%E0%A4@hooks.example.com/x')
    ).not.toThrow()
    expect(secrets.redact('a short\ud800 word; exactly-\udc00-spelled')).toBe('a *** word; ***')
    expect(secrets.redact('user user%zz-9fQ2xLm7 sent')).toBe('user *** sent')
  })

  it('reads a long text whole: a key at its end, and one across its middle', () => {
    const secrets = new Secrets()
    secrets.add(KEY)
    const filler = 'Deploying app-release.apk, the run is waiting for devices. '.repeat(1200)
    const text = `${filler}${KEY.slice(0, 14)}\n${KEY.slice(14)} ${filler}${KEY}`
    expect(secrets.redact(text)).toBe(`${filler}*** ${filler}***`)
  })

  const KEPT = [
    'Run run_1 created on environment "staging".',
    'Upload "app-release.apk" (12.0 MiB) took 1.2 s',
    'SHA-256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'The basic plan has no runs left',
    `a run of 11 characters of the key: ${KEY.slice(0, MIN_RUN - 1)} inside a text`,
    'https://app.example.com/runs/run_1?tab=bugs'
  ]

  it.each(KEPT)('leaves %j as it is', text => {
    const secrets = new Secrets()
    secrets.add(KEY)
    secrets.add(`ghs_${'A1b2C3d4'.repeat(4)}`)
    expect(secrets.redactValue(text)).toBe(text)
  })

  it('hands the runner the key and its URL-encoded form, which it masks itself in every encoding', () => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.add(`${KEY}/+`)
    secrets.add(`${KEY}/+`)
    expect(masked).toEqual([`${KEY}/+`, encodeURIComponent(`${KEY}/+`)])
  })

  it('masks a Basic authorization without knowing the key, but not the word "basic"', () => {
    expect(redactShapes(`Authorization: Basic ${base64('user:hunter2')}`)).toBe(
      'Authorization: Basic ***'
    )
    expect(redactShapes('Basic plan, basic features')).toBe('Basic plan, basic features')
  })
})

describe(`a key shorter than ${MIN_SECRET_LENGTH} characters`, () => {
  it.each([
    ['Flag --file "abc" matched no file', 'Flag --file "***" matched no file'],
    ['GET /x answered 401 (invalid key abc)', 'GET /x answered 401 (invalid key ***)'],
    ['key=abc&x=1', 'key=***&x=1'],
    ['abc', '***'],
    ['abcdef, xabc, abc_1, abc1 and ABC stay', 'abcdef, xabc, abc_1, abc1 and ABC stay'],
    ['Run run_1: the cabcab stays', 'Run run_1: the cabcab stays']
  ])('%j becomes %j: masked as a whole word, exactly', (text, shown) => {
    const masked: string[] = []
    const secrets = new Secrets(secret => masked.push(secret))
    secrets.add('abc')
    expect(secrets.redact(text)).toBe(shown)
    expect(secrets.redactValue(text)).toBe(shown)
    // Handed to the runner, it would mask those letters inside every word of the job's log.
    expect(masked).toEqual([])
  })

  it('is masked whatever its characters', () => {
    const secrets = new Secrets()
    secrets.add('a+b/c')
    secrets.add('7')
    expect(secrets.redact('key "a+b/c" (a%2Bb%2Fc), id 7, 17, 7b')).toBe(
      'key "***" (***), id ***, 17, 7b'
    )
  })
})
