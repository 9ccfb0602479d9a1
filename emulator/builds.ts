/**
 * Minimal valid builds of any size, for the tests that upload one: the real
 * compiled manifest of a fixture (or an Info.plist), deflated, and a stored entry of
 * random bytes that pads the archive to the size asked for, so that every
 * build is new bytes and the reader finds the app it names.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeZip, type ZipEntrySpec } from './zip-writer.js'

const FIXTURES = fileURLToPath(new URL('../__tests__/fixtures/builds/', import.meta.url))

/** What the written builds are, as their manifests (aapt2's dumps beside them) and Info.plist say. */
export const WRITTEN_APPS = {
  // axml/manifest.xmltree.txt
  apk: {
    platform: 'android',
    appId: 'com.example.inspect',
    appVersion: '1.0-debug',
    buildNumber: '1'
  },
  // axml/manifest.pb.xmltree.txt
  aab: {
    platform: 'android',
    appId: 'com.example.inspect',
    appVersion: '3.1.0',
    buildNumber: '310'
  },
  // INFO_PLIST below
  ipa: { platform: 'ios', appId: 'com.example.written', appVersion: '2.5.1', buildNumber: '2051' }
} as const

const INFO_PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleIdentifier</key><string>${WRITTEN_APPS.ipa.appId}</string>
  <key>CFBundleShortVersionString</key><string>${WRITTEN_APPS.ipa.appVersion}</string>
  <key>CFBundleVersion</key><string>${WRITTEN_APPS.ipa.buildNumber}</string>
  <key>MinimumOSVersion</key><string>15.0</string>
  <key>DTPlatformName</key><string>iphoneos</string>
</dict>
</plist>
`

/** The entries that make a build of the type `extension` names, and where its padding goes; undefined for other types. */
async function buildEntries(
  extension: string
): Promise<{ entries: ZipEntrySpec[]; padding: string } | undefined> {
  switch (extension.toLowerCase()) {
    case '.apk':
      return {
        entries: [
          {
            name: 'AndroidManifest.xml',
            data: await readFile(join(FIXTURES, 'axml/manifest.axml')),
            deflate: true
          }
        ],
        padding: 'assets/padding.bin'
      }
    case '.aab':
      return {
        entries: [
          {
            name: 'base/manifest/AndroidManifest.xml',
            data: await readFile(join(FIXTURES, 'axml/manifest.pb')),
            deflate: true
          }
        ],
        padding: 'base/assets/padding.bin'
      }
    case '.ipa':
      return {
        entries: [
          { name: 'Payload/Written.app/Info.plist', data: Buffer.from(INFO_PLIST), deflate: true }
        ],
        padding: 'Payload/Written.app/padding.bin'
      }
    default:
      return undefined
  }
}

/**
 * Writes a build of exactly `size` bytes at `path`, of the type its extension
 * names, and returns its SHA-256. A size too small for the smallest build, or
 * a type that is no app, gets random bytes (which the reader refuses as a
 * build, as it should).
 */
export async function writeBuild(path: string, size: number): Promise<string> {
  const layout = await buildEntries(extname(path))
  if (layout) {
    const bare = await writeZip(path, {
      entries: [...layout.entries, { name: layout.padding, data: Buffer.alloc(0) }]
    })
    if (size >= bare) {
      await writeZip(path, {
        entries: [...layout.entries, { name: layout.padding, data: randomBytes(size - bare) }]
      })
      return sha256Of(path)
    }
  }
  const bytes = randomBytes(size)
  await writeFile(path, bytes)
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * Writes the smallest build of the type `path`'s extension names with
 * `extra` entries beside its descriptor (native libraries, a README under
 * `lib/`), each stored with the bytes given, or its own name when none.
 */
export async function writeBuildWith(
  path: string,
  extra: (string | ZipEntrySpec)[]
): Promise<void> {
  const layout = await buildEntries(extname(path))
  if (!layout) throw new Error(`${path} is no build type the writer knows`)
  const entries = extra.map(e => (typeof e === 'string' ? { name: e, data: Buffer.from(e) } : e))
  await writeZip(path, { entries: [...layout.entries, ...entries] })
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
