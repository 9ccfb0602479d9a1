/**
 * Structure-aware inputs with long tokens: an IPA or an AAB whose descriptor
 * is well formed around one token of up to 1 MiB, put where a reader meets
 * it (a `<real>`, an `<integer>`, a key, a string, a date, base64 data, an
 * element's or an attribute's name, an attribute's value, a comment, CDATA,
 * an entity; in Info.plist or in the profile's plist; the bundle's package
 * name and version). The token's shape is one a pattern could stumble on:
 * digits that end in `e`, a hexadecimal run, spaces before a letter, `&#`
 * over and over, dashes in a comment, brackets in CDATA.
 */
import {
  ATTRIBUTE_FIELD,
  HOSTILE_APP_ID,
  fakeProfile,
  field,
  xmlInfoPlist
} from '../helpers/hostile-builds.js'

export type Random = () => number
const below = (random: Random, n: number): number => Math.floor(random() * n)

/** Shapes of a token `n` characters long (about). */
const SHAPES: ((n: number) => string)[] = [
  n => `${'1'.repeat(n)}e`,
  n => '9'.repeat(n),
  n => `1.${'0'.repeat(n)}e+`,
  n => `-.${'5'.repeat(n)}E-`,
  n => `0x${'f'.repeat(n)}`,
  n => 'a'.repeat(n),
  n => `${' '.repeat(n)}x`,
  n => '&#'.repeat(n >> 1),
  n => '&amp;'.repeat(Math.ceil(n / 5)),
  n => `&#x${'1'.repeat(n)};`,
  n => '-'.repeat(n),
  n => ']'.repeat(n),
  n => `${'='.repeat(n)}`,
  n => `${'ab.'.repeat(Math.ceil(n / 3))}`,
  n => `${'A'.repeat(n)}==`
]

/** Where a token goes in a property list: an entry (key, raw XML value) put in its dictionary. */
const PLACES: ((token: string) => [string, string])[] = [
  t => ['Real', `<real>${t}</real>`],
  t => ['Integer', `<integer>${t}</integer>`],
  t => [t, '<string>x</string>'],
  t => ['String', `<string>${t}</string>`],
  t => ['Date', `<date>${t}</date>`],
  t => ['Data', `<data>${t}</data>`],
  t => ['Element', `<${t}/>`],
  t => ['Attribute', `<string ${t}="x">y</string>`],
  t => ['Value', `<string a="${t}">y</string>`],
  t => ['Comment', `<!--${t}--><string>y</string>`],
  t => ['Data', `<string><![CDATA[${t}]]></string>`],
  t => ['Attributes', `<string${' a="b"'.repeat(Math.ceil(t.length / 6))}>y</string>`],
  t => ['CFBundleIdentifier', `<string>${t}</string>`],
  t => ['CFBundleVersion', `<string>${t}</string>`]
]

export interface LongTokenBuild {
  /** What it is, for the report: where, what shape, how long. */
  label: string
  /** The build's extension. */
  extension: '.ipa' | '.aab'
  entries: { name: string; data: Buffer }[]
}

/** One build with one long token, from the seeded generator. */
export function longTokenBuild(random: Random): LongTokenBuild {
  const length = 2 ** (4 + below(random, 17)) // 16 characters to 1 MiB
  const shape = below(random, SHAPES.length)
  const token = SHAPES[shape]!(length)
  const where = below(random, PLACES.length + 2)
  const label = `shape ${shape}, ${token.length} characters`
  if (where >= PLACES.length) {
    // The bundle's manifest (protocol buffers): the package name, or a version's value.
    const attribute = where === PLACES.length ? 'package' : 'versionName'
    const value = attribute === 'package' ? token : HOSTILE_APP_ID
    const attributes = [
      field(ATTRIBUTE_FIELD, Buffer.concat([field(2, 'package'), field(3, value)]))
    ]
    if (attribute === 'versionName')
      attributes.push(
        field(ATTRIBUTE_FIELD, Buffer.concat([field(2, 'versionName'), field(3, token)]))
      )
    const manifest = field(1, Buffer.concat([field(3, 'manifest'), ...attributes]))
    return {
      label: `AndroidManifest.xml ${attribute}, ${label}`,
      extension: '.aab',
      entries: [{ name: 'base/manifest/AndroidManifest.xml', data: manifest }]
    }
  }
  const entry = PLACES[where]!(token)
  const inProfile = below(random, 3) === 0
  const app = 'Payload/Fuzz.app'
  return {
    label: `${inProfile ? 'the profile' : 'Info.plist'} place ${where}, ${label}`,
    extension: '.ipa',
    entries: [
      { name: `${app}/Info.plist`, data: xmlInfoPlist(undefined, inProfile ? [] : [entry]) },
      ...(inProfile
        ? [{ name: `${app}/embedded.mobileprovision`, data: fakeProfile(undefined, [entry]) }]
        : [])
    ]
  }
}
