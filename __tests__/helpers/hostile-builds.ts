/**
 * Hostile builds for the build reader (`src/core/inspect/`): small files
 * (a few hundred bytes to a few hundred KiB) whose descriptors are crafted
 * to cost a naive reader far more than their size, or to make it print an
 * attacker's text where a CI runner reads workflow commands. Each one names
 * the problem it is built to trigger (`why`); the reader must refuse it, or
 * read it, in bounded time and memory, and print nothing.
 *
 * The shapes, by the readers they were aimed at:
 *   - XML plists (the `plist` package, whose xmldom printed parse problems raw
 *     to stderr): a workflow-command payload right after an unfinished
 *     `</dict` in Info.plist, and in a provisioning profile's plist.
 *   - Binary plists (`bplist-parser`, which decodes a shared object again at
 *     every reference and trusts a collection's declared count): shared
 *     dictionaries with a lying innermost count (time), shared arrays of a
 *     long string (memory), shared arrays of dates of a wrong size (one line
 *     on stderr per visit).
 *   - Binary XML (a string pool decoded per index): tens of thousands of
 *     indexes whose offsets all lead to one long string.
 *   - Protocol-buffer XML (protobuf.js, which decodes every message before
 *     anything can be counted): millions of empty children or attributes.
 *
 * Only Node's built-ins and the project's zip writer are used.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeZip, type ZipEntrySpec } from '../../emulator/zip-writer.js'
import { runsAsScript } from '../../script/entry.js'
import { WORKFLOW_COMMANDS } from './hostile/app.js'
import { fakeProfile, xmlInfoPlist } from './hostile/xml-plists.js'
import { oddDatesPlist, sharedArraysPlist, sharedDictionaryPlist } from './hostile/binary-plists.js'
import {
  aliasedBinaryXml,
  emptyMessagesManifest,
  ATTRIBUTE_FIELD,
  CHILD_FIELD
} from './hostile/android.js'

export { HOSTILE_APP_ID, WORKFLOW_COMMANDS } from './hostile/app.js'
export { fakeProfile, xmlInfoPlist } from './hostile/xml-plists.js'
export { oddDatesPlist, sharedArraysPlist, sharedDictionaryPlist } from './hostile/binary-plists.js'
export {
  aliasedBinaryXml,
  emptyMessagesManifest,
  field,
  ATTRIBUTE_FIELD
} from './hostile/android.js'

export interface HostileBuild {
  /** The file's name in `dir` (its extension says the build type). */
  name: string
  /** Its full path. */
  file: string
  /** What it is built to make a naive reader do. */
  why: string
}

/** Writes every hostile build into `dir` (which must exist) and says what each one is. */
export async function writeHostileBuilds(dir: string): Promise<HostileBuild[]> {
  const builds: HostileBuild[] = []
  const write = async (
    name: string,
    why: string,
    entries: { name: string; data: Buffer }[]
  ): Promise<void> => {
    const file = join(dir, name)
    const specs: ZipEntrySpec[] = entries.map(e => ({ ...e, deflate: true }))
    await writeZip(file, { entries: specs })
    builds.push({ name, file, why })
  }
  const app = 'Payload/Hostile.app'

  await write(
    'plist-commands.ipa',
    'Info.plist (XML) has an end tag `</dict` followed by a line break and lines of workflow commands: xmldom prints that text raw to stderr as a parse problem',
    [{ name: `${app}/Info.plist`, data: xmlInfoPlist(WORKFLOW_COMMANDS) }]
  )
  await write(
    'profile-commands.ipa',
    'a valid Info.plist; embedded.mobileprovision wraps an XML plist with the same `</dict` + workflow-command lines: xmldom prints them raw to stderr',
    [
      { name: `${app}/Info.plist`, data: xmlInfoPlist() },
      { name: `${app}/embedded.mobileprovision`, data: fakeProfile(WORKFLOW_COMMANDS) }
    ]
  )
  await write(
    'bplist-shared-dict.ipa',
    'binary Info.plist: 4 levels of dictionaries, each with 15 values referring to one shared dictionary of the next level, the innermost claiming 12,500,000 entries: a parser that decodes a shared object at every reference loops 15^4 × 25,000,000 times (a hang)',
    [{ name: `${app}/Info.plist`, data: sharedDictionaryPlist() }]
  )
  await write(
    'bplist-shared-arrays.ipa',
    'binary Info.plist (a valid app) holding 6 levels of arrays, each of 15 references to one shared array, the innermost of 15 references to a 300-character string: decoded per reference, 15^6 = 11,390,625 copies of the string (about 3.5 GB)',
    [{ name: `${app}/Info.plist`, data: sharedArraysPlist() }]
  )
  await write(
    'bplist-odd-dates.ipa',
    'binary Info.plist (a valid app) holding 5 levels of arrays of 15 references to one shared array, the innermost of 15 references to a date whose marker is 0x31 (not 0x33): bplist-parser prints one line to stderr per date decoded, 15^5 = 759,375 lines',
    [{ name: `${app}/Info.plist`, data: oddDatesPlist() }]
  )
  await write(
    'axml-aliased-utf16.apk',
    "AndroidManifest.xml whose UTF-16 string pool has one 200,000-unit string and 60,000 more indexes whose offsets all lead to it, each used once by <manifest>'s 30,000 extra attributes: decoded per index, 60,000 copies of 400 KB (24 GB)",
    [{ name: 'AndroidManifest.xml', data: aliasedBinaryXml({ utf8: false, attributes: 30_000 }) }]
  )
  await write(
    'axml-aliased-utf8.apk',
    "AndroidManifest.xml whose UTF-8 string pool has one 32,767-byte string (the longest a UTF-8 pool can say) and 130,000 more indexes whose offsets all lead to it, each used once by <manifest>'s 65,000 extra attributes: decoded per index, 130,000 copies of 32 KB (4.3 GB)",
    [{ name: 'AndroidManifest.xml', data: aliasedBinaryXml({ utf8: true, attributes: 65_000 }) }]
  )
  await write(
    'proto-empty-children.aab',
    'base/manifest/AndroidManifest.xml (protocol buffers, 8,000,000 bytes, deflated to a few KiB): <manifest package> with 4,000,000 empty child XmlNode messages: a decoder that builds every message first makes millions of objects',
    [{ name: 'base/manifest/AndroidManifest.xml', data: emptyMessagesManifest(CHILD_FIELD) }]
  )
  await write(
    'proto-empty-attributes.aab',
    'base/manifest/AndroidManifest.xml (protocol buffers, 8,000,000 bytes, deflated to a few KiB): <manifest package> with 4,000,000 empty XmlAttribute messages: a decoder that builds every message first makes millions of objects',
    [{ name: 'base/manifest/AndroidManifest.xml', data: emptyMessagesManifest(ATTRIBUTE_FIELD) }]
  )
  // A number a backtracking pattern tested for hours (60,000 digits took 96 s).
  const digits: [string, string] = ['Scale', `<real>${'1'.repeat(1_000_000)}e</real>`]
  await write(
    'plist-million-digits.ipa',
    'Info.plist (XML) holds a <real> of 1,000,000 digits ending in `e`: a number pattern with two quantifiers that trade digits (`\\d+\\.?\\d*`) backtracks over it for hours, synchronously',
    [{ name: `${app}/Info.plist`, data: xmlInfoPlist(undefined, [digits]) }]
  )
  await write(
    'profile-million-digits.ipa',
    'a valid Info.plist; the plist in embedded.mobileprovision holds the same million-digit <real>',
    [
      { name: `${app}/Info.plist`, data: xmlInfoPlist() },
      { name: `${app}/embedded.mobileprovision`, data: fakeProfile(undefined, [digits]) }
    ]
  )
  return builds
}

// Run directly (`npx tsx hostile-builds.ts <dir>`): writes the builds and lists them.
if (runsAsScript('hostile-builds')) {
  const dir = process.argv[2] ?? '.'
  const builds = await writeHostileBuilds(dir)
  for (const build of builds) {
    console.log(`${build.name}\t${(await stat(build.file)).size} bytes\t${build.why}`)
  }
}
