/**
 * inspectBuild on real builds made by the platforms' own tools (see
 * __tests__/fixtures/builds/README.md): every fact of every fixture, the
 * Android ones against what aapt2 and apksigner read from the same file; every
 * refusal on a broken variant made here; the warnings; a build past 4 GiB.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import yauzl from 'yauzl'
import { ACTION_VOCABULARY } from '../../../../src/action/vocabulary.js'
import { BrokenBuildError, type BrokenReason } from '../../../../src/core/inspect/broken.js'
import type { AndroidBuild, IosBuild } from '../../../../src/core/inspect/facts.js'
import { inspectBuild } from '../../../../src/core/inspect/inspect.js'
import { MAX_DESCRIPTOR_BYTES } from '../../../../src/core/inspect/zip.js'
import { render } from '../../../../src/core/options/vocabulary.js'
import { AbortedError, InputError } from '../../../../src/core/shared/errors.js'
import { signingBlock, writeZip, type ZipEntrySpec } from '../../../../emulator/zip-writer.js'
import { FIXTURES, fixture, readBadging, readVerifiedSchemes, readXmlTree } from './aapt-dump.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspect-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const text = (path: string): string => fixture(path).toString('utf8')

/** A file in the test's folder with these bytes. */
async function file(name: string, bytes: Buffer | string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, bytes)
  return path
}

async function zipFile(name: string, entries: ZipEntrySpec[]): Promise<string> {
  const path = join(dir, name)
  await writeZip(path, { entries })
  return path
}

/** The refusal `inspectBuild` rejects with. */
async function refusal(path: string, name?: string): Promise<BrokenBuildError> {
  const error: unknown = await inspectBuild(path, name ? { name } : {}).then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(BrokenBuildError)
  return error as BrokenBuildError
}

function expectRefused(
  error: BrokenBuildError,
  reason: BrokenReason,
  ...said: (string | RegExp)[]
): void {
  expect(error.reason).toBe(reason)
  for (const words of said) expect(error.message).toMatch(words)
}

describe('APKs, as aapt2 and apksigner read them', () => {
  it.each(['release-v2v3', 'release-v1', 'release-unsigned', 'debug'])('%s', async name => {
    const facts = (await inspectBuild(join(FIXTURES, 'android', `${name}.apk`))) as AndroidBuild
    const badging = readBadging(text(`android/${name}.badging.txt`))
    // The long version code: versionCodeMajor is its high 32 bits (aapt2 10's badging shows only the low ones).
    const manifest = readXmlTree(text(`android/${name}.xmltree.txt`))
    const major = manifest.attributes.find(a => a.name === 'versionCodeMajor')?.value ?? '0'
    const code = (BigInt(major) << 32n) | BigInt(badging.versionCode)
    expect(facts).toEqual({
      platform: 'android',
      format: 'apk',
      appId: badging.appId,
      appVersion: badging.versionName,
      buildNumber: String(code),
      minSdk: badging.minSdk,
      targetSdk: badging.targetSdk,
      abis: badging.abis,
      debuggable: badging.debuggable,
      signatures: readVerifiedSchemes(text(`android/${name}.apksigner.txt`)),
      warnings: facts.debuggable || facts.signatures.length > 0 ? [] : [expect.anything()]
    })
  })

  it('covers what the fixtures are made to cover', async () => {
    const read = async (name: string): Promise<AndroidBuild> =>
      (await inspectBuild(join(FIXTURES, 'android', `${name}.apk`))) as AndroidBuild
    expect((await read('release-v2v3')).signatures).toEqual(['v2', 'v3'])
    expect((await read('release-v2v3')).abis).toEqual(['arm64-v8a', 'x86_64'])
    expect((await read('release-v1')).signatures).toEqual(['v1'])
    expect((await read('release-v1')).buildNumber).toBe(String(3 * 2 ** 32 + 7))
    expect((await read('debug')).debuggable).toBe(true)
    expect((await read('release-unsigned')).signatures).toEqual([])
  })

  it('warns of a release build nobody signed, and of nothing else', async () => {
    const unsigned = await inspectBuild(join(FIXTURES, 'android', 'release-unsigned.apk'))
    expect(unsigned.warnings).toEqual([
      {
        code: 'unsigned-release',
        message: expect.stringMatching(
          /^"release-unsigned\.apk" is a release build \(not debuggable\) that is not signed/
        )
      }
    ])
  })
})

describe('an App Bundle, as aapt2 reads its base module', () => {
  it('has the facts of its protocol-buffer manifest, its ABIs and its JAR signature', async () => {
    const badging = readBadging(text('android/bundle.badging.txt'))
    expect(await inspectBuild(join(FIXTURES, 'android', 'bundle.aab'))).toEqual({
      platform: 'android',
      format: 'aab',
      appId: badging.appId,
      appVersion: badging.versionName,
      buildNumber: badging.versionCode,
      minSdk: badging.minSdk,
      targetSdk: badging.targetSdk,
      debuggable: badging.debuggable,
      // base/lib/<abi>/ as the fixture script lays them out; jarsigner signed it.
      abis: ['arm64-v8a', 'armeabi-v7a'],
      signatures: ['v1'],
      warnings: []
    })
  })
})

describe('iOS builds', () => {
  const NOW = new Date('2030-06-01T00:00:00Z')
  const app = {
    platform: 'ios',
    appId: 'com.example.inspect',
    minimumOs: '15.0',
    warnings: []
  }
  const profile = (kind: string, name: string, expires = '2099-01-01T00:00:00Z') => ({
    kind,
    name,
    teamId: 'A1B2C3D4E5',
    expires: new Date(expires),
    expired: new Date(expires) <= NOW
  })
  const device = { format: 'ipa', target: 'device', sdk: 'iphoneos' }
  const cases: [string, 'xml' | 'binary', object][] = [
    [
      'development.ipa',
      'xml',
      {
        ...app,
        ...device,
        appVersion: '2.3.0',
        buildNumber: '230',
        profile: profile('development', 'Inspect Development')
      }
    ],
    [
      'adhoc.ipa',
      'binary',
      {
        ...app,
        ...device,
        appVersion: '2.3.1',
        buildNumber: '231',
        profile: profile('ad-hoc', 'Inspect Ad Hoc')
      }
    ],
    [
      'enterprise.ipa',
      'binary',
      {
        ...app,
        ...device,
        appVersion: '2.3.2',
        buildNumber: '232',
        profile: profile('enterprise', 'Inspect In House')
      }
    ],
    [
      'appstore.ipa',
      'xml',
      {
        ...app,
        ...device,
        appVersion: '2.4.0',
        buildNumber: '240',
        profile: profile('app-store', 'Inspect App Store')
      }
    ],
    [
      'expired.ipa',
      'xml',
      {
        ...app,
        ...device,
        appVersion: '2.2.0',
        buildNumber: '220',
        profile: profile('development', 'Inspect Development (old)', '2024-03-04T05:06:07Z'),
        warnings: [
          {
            code: 'expired-profile',
            message:
              'The provisioning profile of "expired.ipa" ("Inspect Development (old)") expired on 2024-03-04: no device installs the app until it is signed with a current profile.'
          }
        ]
      }
    ],
    [
      'unprovisioned.ipa',
      'binary',
      { ...app, ...device, appVersion: '2.3.3', buildNumber: '233', profile: undefined }
    ],
    [
      'simulator.zip',
      'binary',
      {
        ...app,
        format: 'app-zip',
        target: 'simulator',
        sdk: 'iphonesimulator',
        appVersion: '2.5.0',
        buildNumber: '250',
        profile: undefined
      }
    ]
  ]

  it.each(cases)('%s (Info.plist in %s form)', async (name, form, expected) => {
    const path = join(FIXTURES, 'ios', name)
    expect(await infoPlistForm(path)).toBe(form)
    expect(await inspectBuild(path, { now: NOW })).toEqual(expected)
  })

  it('measures expiry against the time given, the present by default', async () => {
    const development = join(FIXTURES, 'ios', 'development.ipa')
    const later = (await inspectBuild(development, {
      now: new Date('2099-01-01T00:00:00Z')
    })) as IosBuild
    expect(later.profile?.expired).toBe(true)
    expect(later.warnings.map(w => w.code)).toEqual(['expired-profile'])
    const expired = (await inspectBuild(join(FIXTURES, 'ios', 'expired.ipa'))) as IosBuild
    expect(expired.profile?.expired).toBe(true)
    const before = (await inspectBuild(join(FIXTURES, 'ios', 'expired.ipa'), {
      now: new Date('2024-03-04T05:06:06Z')
    })) as IosBuild
    expect(before.profile?.expired).toBe(false)
    expect(before.warnings).toEqual([])
  })

  it('reads an IPA named .zip as the IPA it is', async () => {
    const path = await file('exported.zip', fixture('ios', 'adhoc.ipa'))
    expect(await inspectBuild(path)).toMatchObject({
      platform: 'ios',
      format: 'ipa',
      appVersion: '2.3.1'
    })
  })
})

describe('the other accepted types, by their first bytes', () => {
  it('accepts a Debian package made by dpkg-deb, a PDF, CSV text and zips', async () => {
    expect(await inspectBuild(join(FIXTURES, 'other', 'inspect.deb'))).toEqual({
      platform: undefined,
      format: 'deb',
      warnings: []
    })
    expect(
      await inspectBuild(await file('report.pdf', '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n'))
    ).toMatchObject({
      format: 'pdf'
    })
    expect(await inspectBuild(await file('cases.csv', 'name,steps\nlogin,3\n'))).toMatchObject({
      format: 'csv'
    })
    const archive = await zipFile('assets.zip', [
      { name: 'README.txt', data: Buffer.from('hello') }
    ])
    expect(await inspectBuild(archive)).toEqual({
      platform: undefined,
      format: 'zip',
      warnings: []
    })
    const empty = Buffer.alloc(22)
    empty.writeUInt32LE(0x06054b50, 0)
    expect(await inspectBuild(await file('empty-archive.zip', empty))).toMatchObject({
      format: 'zip'
    })
    // A zip holding an app is a zip the service accepts as it is.
    const holding = await zipFile('bundle-of-builds.zip', [
      { name: 'app-release.apk', data: fixture('android', 'release-v2v3.apk') }
    ])
    expect(await inspectBuild(holding)).toMatchObject({ platform: undefined, format: 'zip' })
  })

  it.each([
    ['notes.deb', 'Package: x\n', /text beginning "Package: x", not a Debian package/],
    ['plain.deb', '!<arch>\ncontrol.tar.gz   ', /an ar archive, not a Debian package/],
    [
      'report.pdf',
      '<!DOCTYPE html><html><title>Report</title>',
      /an HTML page \(titled "Report"\), not a PDF document/
    ],
    ['cases.csv', '<html><body>Error</body></html>', /an HTML page, not CSV text/],
    ['cases.csv', '%PDF-1.4\n', /a PDF document, not CSV text/],
    [
      'cases.csv',
      Buffer.from([0x61, 0x2c, 0x00, 0x62]),
      /binary data beginning 61 2c 00 62, not CSV text/
    ],
    ['assets.zip', 'not a zip', /text beginning "not a zip", not a zip archive/]
  ])('refuses %s holding %j', async (name, content, said) => {
    expectRefused(await refusal(await file(name, content)), 'wrong-content', said)
  })
})

describe('broken builds, refused with what they are', () => {
  it.each(['app.apk', 'app.aab', 'app.ipa', 'app.zip', 'app.deb', 'app.pdf', 'app.csv'])(
    'an empty %s',
    async name => {
      const error = await refusal(await file(name, ''))
      expectRefused(error, 'empty', `names "${name}", which is empty (0 bytes)`, /it wrote nothing/)
    }
  )

  it.each([
    [
      'app-release.apk',
      '<!doctype html>\n<html><head><title>Sign in</title></head>',
      /an HTML page \(titled "Sign in"\), not an Android app \(APK\)/
    ],
    [
      'app-release.apk',
      '  <html lang="en"><body>502 Bad Gateway</body></html>',
      /an HTML page, not an Android app \(APK\)/
    ],
    ['App.ipa', 'Not Found\n', /text beginning "Not Found", not an iOS app archive \(IPA\)/],
    [
      'app.aab',
      'version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12\n',
      /a Git LFS pointer, not the file it points to, not an Android App Bundle/
    ],
    [
      'app.apk',
      '{"message":"Not Found"}',
      /text beginning "{\\"message\\":\\"Not Found\\"}", not an Android app/
    ],
    [
      'app.ipa',
      Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
      /a gzip-compressed file, not an iOS app archive/
    ]
  ])('%s holding %j', async (name, content, said) => {
    const error = await refusal(await file(name, content))
    expectRefused(
      error,
      'wrong-content',
      `names "${name}"`,
      said,
      /check the step that built or downloaded it/
    )
  })

  it.each([
    ['android/release-v2v3.apk', 'cut.apk'],
    ['android/bundle.aab', 'cut.aab'],
    ['ios/development.ipa', 'cut.ipa'],
    ['ios/simulator.zip', 'cut.zip']
  ])('%s cut short', async (source, name) => {
    const whole = fixture(source)
    for (const keep of [0.5, 0.99]) {
      const error = await refusal(
        await file(name, whole.subarray(0, Math.floor(whole.length * keep)))
      )
      expectRefused(
        error,
        'truncated',
        /a zip archive cut short \(it has no end of central directory record\)/
      )
    }
  })

  it('a zip that holds an APK, an IPA or a bundle rather than being one', async () => {
    const apk = await zipFile('app.apk', [
      { name: 'outputs/apk/release/app-release.apk', data: fixture('android', 'release-v2v3.apk') },
      { name: 'outputs/mapping.txt', data: Buffer.from('x -> y') }
    ])
    expectRefused(
      await refusal(apk),
      'nested-build',
      'names "app.apk", which is a zip holding "outputs/apk/release/app-release.apk", not an Android app (APK). Upload the .apk itself'
    )
    const ipa = await zipFile('App.ipa', [{ name: 'App.ipa', data: fixture('ios', 'adhoc.ipa') }])
    expectRefused(
      await refusal(ipa),
      'nested-build',
      /a zip holding "App\.ipa".*Upload the \.ipa itself/
    )
    const aab = await zipFile('app.aab', [
      { name: 'app-release.aab', data: fixture('android', 'bundle.aab') }
    ])
    expectRefused(await refusal(aab), 'nested-build', /Upload the \.aab itself/)
  })

  it('a build of another type under this one’s extension', async () => {
    const as = async (source: string, name: string): Promise<BrokenBuildError> =>
      refusal(await file(name, fixture(source)))
    expectRefused(
      await as('android/bundle.aab', 'app.apk'),
      'wrong-content',
      /an Android App Bundle \(base\/manifest\/AndroidManifest\.xml\), not an Android app \(APK\)\. Name it \.aab/
    )
    expectRefused(
      await as('android/debug.apk', 'app.aab'),
      'wrong-content',
      /an APK \(AndroidManifest\.xml at its top\), not an Android App Bundle\. Name it \.apk/
    )
    expectRefused(
      await as('ios/adhoc.ipa', 'app.apk'),
      'wrong-content',
      /an iOS app archive \("Payload\/Inspect\.app"\), not an Android app/
    )
    expectRefused(
      await as('ios/simulator.zip', 'App.ipa'),
      'wrong-content',
      /a zipped app \("Inspect\.app\/" at its top, no Payload\/ folder\), not an iOS app archive/
    )
    expectRefused(
      await as('android/debug.apk', 'App.ipa'),
      'wrong-content',
      /an APK .*, not an iOS app archive/
    )
  })

  it('a zip without the manifest or Info.plist its type must have', async () => {
    const archive = [{ name: 'classes.dex', data: Buffer.from('dex\n035\0') }]
    expectRefused(
      await refusal(await zipFile('app.apk', archive)),
      'no-manifest',
      /a zip archive without AndroidManifest\.xml, not an Android app \(APK\)/
    )
    expectRefused(
      await refusal(await zipFile('app.aab', archive)),
      'no-manifest',
      /without base\/manifest\/AndroidManifest\.xml/
    )
    expectRefused(
      await refusal(await zipFile('App.ipa', archive)),
      'no-manifest',
      /without Payload\/<name>\.app\/Info\.plist/
    )
    const profileOnly = await zipFile('Only.ipa', [
      {
        name: 'Payload/Inspect.app/embedded.mobileprovision',
        data: fixture('ios', 'development.mobileprovision')
      }
    ])
    expectRefused(
      await refusal(profileOnly),
      'no-manifest',
      /without Payload\/Inspect\.app\/Info\.plist/
    )
    // A framework's Info.plist deeper in the bundle is not the app's.
    const deep = await zipFile('Deep.ipa', [
      { name: 'Payload/Inspect.app/Frameworks/Kit.framework/Info.plist', data: infoPlist({}) }
    ])
    expectRefused(await refusal(deep), 'no-manifest')
  })

  it('a manifest or Info.plist that is there but cannot be used', async () => {
    const apk = await zipFile('app.apk', [
      { name: 'AndroidManifest.xml', data: Buffer.from('<manifest package="a.b"/>') }
    ])
    expectRefused(
      await refusal(apk),
      'bad-manifest',
      /an Android app \(APK\) whose AndroidManifest\.xml cannot be used: not binary XML/
    )
    const aab = await zipFile('app.aab', [
      { name: 'base/manifest/AndroidManifest.xml', data: Buffer.from([0x12, 0x01, 0x61]) }
    ])
    expectRefused(await refusal(aab), 'bad-manifest', /the root node is not an element/)
    const noId = await zipFile('App.ipa', [
      { name: 'Payload/Inspect.app/Info.plist', data: infoPlist({ CFBundleIdentifier: undefined }) }
    ])
    expectRefused(
      await refusal(noId),
      'bad-manifest',
      /Payload\/Inspect\.app\/Info\.plist cannot be used: it has no CFBundleIdentifier/
    )
    const badId = await zipFile('App.ipa', [
      {
        name: 'Payload/Inspect.app/Info.plist',
        data: infoPlist({ CFBundleIdentifier: 'com.example\n::error::x' })
      }
    ])
    const badIdError = await refusal(badId)
    expectRefused(
      badIdError,
      'bad-manifest',
      /"com\.example\\n::error::x" is not a valid bundle id/
    )
    expect(badIdError.message.split('\n')).toHaveLength(1)
    const garbled = await zipFile('App.ipa', [
      { name: 'Payload/Inspect.app/Info.plist', data: Buffer.from('bplist00garbage') }
    ])
    expectRefused(await refusal(garbled), 'bad-manifest', /Info\.plist cannot be used/)
    const noProfile = await zipFile('App.ipa', [
      { name: 'Payload/Inspect.app/Info.plist', data: infoPlist({}) },
      {
        name: 'Payload/Inspect.app/embedded.mobileprovision',
        data: Buffer.from([0x30, 0x82, 0x01, 0x00])
      }
    ])
    expectRefused(
      await refusal(noProfile),
      'bad-manifest',
      /embedded\.mobileprovision cannot be used: it holds no property list/
    )
    const twoApps = await zipFile('App.ipa', [
      { name: 'Payload/One.app/Info.plist', data: infoPlist({}) },
      { name: 'Payload/Two.app/Info.plist', data: infoPlist({}) }
    ])
    expectRefused(
      await refusal(twoApps),
      'bad-manifest',
      /an IPA with 2 apps in Payload\/ \("One\.app", "Two\.app"\)/
    )
  })

  it('two entries of one descriptor, as Android refuses them', async () => {
    const manifest = fixture('axml', 'manifest.axml')
    const twice = await zipFile('twice.apk', [
      { name: 'AndroidManifest.xml', data: manifest },
      { name: 'assets/x', data: Buffer.from('x') },
      { name: 'AndroidManifest.xml', data: manifest }
    ])
    expectRefused(
      await refusal(twice),
      'bad-manifest',
      /with two entries named "AndroidManifest\.xml", which Android and iOS refuse to install/
    )
    const plists = await zipFile('twice.ipa', [
      { name: 'Payload/Inspect.app/Info.plist', data: infoPlist({}) },
      { name: 'Payload/Inspect.app/Info.plist', data: infoPlist({ CFBundleIdentifier: 'x.y' }) }
    ])
    expectRefused(
      await refusal(plists),
      'bad-manifest',
      /two entries named "Payload\/Inspect\.app\/Info\.plist"/
    )
  })

  it('a zip whose structure or entries cannot be read', async () => {
    // The central directory's first signature broken.
    const apk = Buffer.from(fixture('android', 'release-unsigned.apk'))
    apk.writeUInt32LE(0x02014b51, apk.indexOf(Buffer.from('PK\x01\x02', 'latin1')))
    expectRefused(
      await refusal(await file('app.apk', apk)),
      'damaged',
      /a damaged zip archive \(".*central directory.*"\)/
    )
    // A deflated manifest whose compressed bytes are damaged.
    const deflated = join(dir, 'deflated.apk')
    await writeZip(deflated, {
      entries: [
        { name: 'AndroidManifest.xml', data: fixture('axml', 'manifest.axml'), deflate: true }
      ]
    })
    const bytes = readFileSync(deflated)
    bytes.fill(0xff, 60, 90)
    expectRefused(await refusal(await file('app.apk', bytes)), 'damaged')
    // A manifest that declares more than any manifest holds is not read at all.
    const huge = await zipFile('huge.apk', [
      { name: 'AndroidManifest.xml', sparseSize: MAX_DESCRIPTOR_BYTES + 1 }
    ])
    expectRefused(await refusal(huge), 'damaged', `declares ${MAX_DESCRIPTOR_BYTES + 1} bytes`)
  })

  it('is bad usage of the file option, its words sanitized whatever the names hold', async () => {
    const name = 'app\n::error::injected\u202e.apk'
    const error = await refusal(await file('hostile.apk', '<html>'), name)
    expect(error).toBeInstanceOf(InputError)
    expect(error.option).toBe('file')
    expect(error.file).toBe(name)
    const shown = render(error.message, ACTION_VOCABULARY)
    expect(shown).toMatch(
      /^Input 'file' names "app\\n::error::injected\\u202e\.apk", which is an HTML page/
    )
    expect(shown.split('\n')).toHaveLength(1)
    const nested = await zipFile('nested.apk', [
      { name: 'x\r\n::warning::y.apk', data: Buffer.from('PK') }
    ])
    expect((await refusal(nested)).message).toContain('"x\\r\\n::warning::y.apk"')
  })

  it('refuses a name of no accepted type', async () => {
    expectRefused(
      await refusal(await file('app.exe', 'MZ')),
      'wrong-content',
      /of no accepted type \(\.apk \.aab/
    )
  })
})

describe('cost and control', () => {
  it('reads a build past 4 GiB (Zip64, a signing block past 4 GiB) from its ends alone', async () => {
    const path = join(dir, 'large.apk')
    await writeZip(path, {
      entries: [
        { name: 'AndroidManifest.xml', data: fixture('axml', 'manifest.axml'), deflate: true },
        { name: 'lib/arm64-v8a/libbig.so', sparseSize: 2 ** 32 + 1_234_567 },
        { name: 'lib/x86/libsmall.so', data: Buffer.from('\x7fELF') }
      ],
      // v2 and v3.1 (0x1b93ad61), and a pair of another kind (verity padding) that is no scheme.
      beforeCentralDirectory: signingBlock([0x7109871a, 0x42726577, 0x1b93ad61])
    })
    expect(await inspectBuild(path)).toMatchObject({
      appId: 'com.example.inspect',
      appVersion: '1.0-debug',
      abis: ['arm64-v8a', 'x86'],
      signatures: ['v2', 'v3.1']
    })
  })

  it('cuts a value from the build to a length a person reads, with a warning naming it', async () => {
    const novel = `1.${'0'.repeat(2_000_000)}`
    const path = await zipFile('long.ipa', [
      {
        name: 'Payload/Inspect.app/Info.plist',
        data: infoPlist({ CFBundleShortVersionString: novel, CFBundleVersion: '7' }),
        deflate: true
      }
    ])
    const facts = await inspectBuild(path)
    expect(facts.platform).toBe('ios')
    if (facts.platform !== 'ios') return
    expect(facts.appVersion).toBe(`${novel.slice(0, 100)}…`)
    expect(facts.buildNumber).toBe('7')
    expect(facts.warnings).toEqual([
      {
        code: 'long-value',
        message:
          'The version of "long.ipa" is 2000002 characters long; only its first 100 are shown and handed on.'
      }
    ])
  })

  it('stops when its signal aborts, with the reason', async () => {
    const path = join(FIXTURES, 'android', 'release-v2v3.apk')
    const stopped = AbortSignal.abort(new Error('Ctrl-C'))
    await expect(inspectBuild(path, { signal: stopped })).rejects.toThrow(AbortedError)
    await expect(inspectBuild(path, { signal: stopped })).rejects.toThrow(/\(Ctrl-C\)/)
    // Aborted once under way: it stops at the next step, with the reason given.
    const controller = new AbortController()
    const reading = inspectBuild(path, { signal: controller.signal })
    controller.abort(new AbortedError('The time limit was reached.'))
    await expect(reading).rejects.toThrow('The time limit was reached.')
  })
})

/** Whether the app's Info.plist inside `path` is binary or XML, read with yauzl directly. */
async function infoPlistForm(path: string): Promise<'xml' | 'binary'> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false })
  try {
    for await (const entry of zip.eachEntry()) {
      if (!/^(Payload\/)?[^/]+\.app\/Info\.plist$/.test(entry.fileName)) continue
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).subarray(0, 8).toString('latin1') === 'bplist00'
        ? 'binary'
        : 'xml'
    }
  } finally {
    zip.close()
  }
  throw new Error(`no app Info.plist in ${path}`)
}

/** An XML Info.plist with the fixtures' keys, overridden (undefined leaves a key out). */
function infoPlist(overrides: Record<string, string | undefined>): Buffer {
  const keys: Record<string, string | undefined> = {
    CFBundleIdentifier: 'com.example.inspect',
    CFBundleShortVersionString: '1.0',
    CFBundleVersion: '1',
    ...overrides
  }
  const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const body = Object.entries(keys)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `<key>${k}</key><string>${escape(v)}</string>`)
    .join('')
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>${body}</dict></plist>\n`
  )
}
