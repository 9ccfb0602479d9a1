/**
 * `inspectBuild`: what a build is, read before anything is sent, in time and
 * memory that do not grow with the file's size. A build that is not what its
 * extension says, cut short, empty, or without the manifest its type must
 * have is refused with a `BrokenBuildError` that names it and what it is
 * instead; what is only likely a mistake becomes a warning.
 */
import { open, type FileHandle } from 'node:fs/promises'
import nodePath from 'node:path'
import { messageOf } from '../shared/errors.js'
import { ACCEPTED_EXTENSIONS, acceptedExtension } from '../shared/names.js'
import { inert, oneLine, quote } from '../shared/text.js'
import { abortError } from '../shared/clock.js'
import { manifestFacts, type ManifestFacts } from './android.js'
import { readBinaryXml } from './axml.js'
import { BrokenBuildError, type BrokenReason } from './broken.js'
import {
  describeContent,
  HEAD_BYTES,
  isDebianPackage,
  isPdf,
  isPlainText,
  startsLikeZip
} from './content.js'
import type { AndroidBuild, BuildFacts, BuildWarning, IosBuild, OtherBuild } from './facts.js'
import { infoFacts, profileFacts } from './ios.js'
import { parsePlistDictionary, profilePlist } from './plist.js'
import { readProtoXml } from './proto-xml.js'
import { signingBlockSchemes } from './signing-block.js'
import type { XmlElement } from './xml-tree.js'
import { openZip, ZipFormatError, type OpenZip, type ZipEntry } from './zip.js'

export interface InspectOptions {
  /** Stops the inspection; it then rejects with the reason as an `AbortedError`. */
  signal?: AbortSignal
  /** The name the build goes by (its extension says what it must be); the path's own name by default. */
  name?: string
  /** The time a provisioning profile's expiry is measured against; now by default. */
  now?: Date
}

/** What each accepted type must be, as a refusal says it ("…, not an Android app (APK)"). */
const EXPECTED: Record<(typeof ACCEPTED_EXTENSIONS)[number], string> = {
  '.apk': 'an Android app (APK)',
  '.aab': 'an Android App Bundle',
  '.ipa': 'an iOS app archive (IPA)',
  '.zip': 'a zip archive',
  '.deb': 'a Debian package',
  '.pdf': 'a PDF document',
  '.csv': 'CSV text'
}

const APK_MANIFEST = 'AndroidManifest.xml'
const BUNDLE_MANIFEST = 'base/manifest/AndroidManifest.xml'
/** Apps, ABIs and nested builds remembered while the central directory is walked: a real build has a few. */
const MAX_REMEMBERED = 32

/** Reads the build at `path`; see the module's comment. */
export async function inspectBuild(
  path: string,
  options: InspectOptions = {}
): Promise<BuildFacts> {
  const { signal } = options
  const name = options.name ?? nodePath.basename(path)
  const extension = acceptedExtension(name) as keyof typeof EXPECTED | undefined
  if (!extension) {
    throw new BrokenBuildError(
      name,
      'wrong-content',
      `of no accepted type (${ACCEPTED_EXTENSIONS.join(' ')})`,
      'Point it at the build itself'
    )
  }
  if (signal?.aborted) throw abortError(signal)
  const handle = await open(path, 'r')
  try {
    return await new Inspection(handle, name, extension, options.now ?? new Date(), signal).run()
  } catch (error) {
    if (signal?.aborted) throw abortError(signal)
    throw error
  } finally {
    await handle.close()
  }
}

/** What one pass over the central directory remembers. */
interface Survey {
  apkManifest?: ZipEntry
  bundleManifest?: ZipEntry
  /** `lib/<abi>/` and `base/lib/<abi>/`. */
  apkAbis: Set<string>
  bundleAbis: Set<string>
  /** JAR signing: a signature file (`META-INF/*.SF`) and a signature block (`.RSA`, `.DSA`, `.EC`). */
  signatureFile: boolean
  signatureBlock: boolean
  /** `Payload/<name>.app` of an IPA and `<name>.app` at the top of a zipped app, with their descriptors. */
  payloadApps: Map<string, AppEntries>
  topApps: Map<string, AppEntries>
  /** Builds inside the zip: a zip holding a build rather than being one. */
  nested: string[]
}

interface AppEntries {
  info?: ZipEntry
  profile?: ZipEntry
}

class Inspection {
  constructor(
    private readonly handle: FileHandle,
    private readonly name: string,
    private readonly extension: keyof typeof EXPECTED,
    private readonly now: Date,
    private readonly signal: AbortSignal | undefined
  ) {}

  private refuse(reason: BrokenReason, found: string, fix: string): BrokenBuildError {
    return new BrokenBuildError(this.name, reason, found, fix)
  }

  async run(): Promise<BuildFacts> {
    const { size } = await this.handle.stat()
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size))
    if (head.length > 0) await this.handle.read(head, 0, head.length, 0)
    if (size === 0) {
      throw this.refuse(
        'empty',
        'empty (0 bytes)',
        'Check the step that built or downloaded it: it wrote nothing'
      )
    }
    const other = (format: OtherBuild['format']): OtherBuild => ({
      platform: undefined,
      format,
      warnings: []
    })
    switch (this.extension) {
      case '.deb':
        this.expect(isDebianPackage(head), head, size)
        return other('deb')
      case '.pdf':
        this.expect(isPdf(head), head, size)
        return other('pdf')
      case '.csv':
        this.expect(isPlainText(head), head, size)
        return other('csv')
    }
    this.expect(startsLikeZip(head), head, size)
    const zip = await this.openZip(size)
    try {
      const survey = await this.survey(zip)
      this.signal?.throwIfAborted()
      switch (this.extension) {
        case '.apk':
          return await this.apk(zip, survey)
        case '.aab':
          return await this.bundle(zip, survey)
        case '.ipa':
          return await this.ipa(zip, survey)
        default:
          return await this.zip(zip, survey, other('zip'))
      }
    } finally {
      zip.close()
    }
  }

  /** The first bytes must be the type's; else a refusal saying what they are. */
  private expect(ok: boolean, head: Buffer, size: number): void {
    if (ok) return
    throw this.refuse(
      'wrong-content',
      `${describeContent(head, size)}, not ${EXPECTED[this.extension]}`,
      'Point it at the build itself, and check the step that built or downloaded it'
    )
  }

  private async openZip(size: number): Promise<OpenZip> {
    try {
      return await openZip(this.handle, size)
    } catch (error) {
      throw this.zipRefusal(error)
    }
  }

  private zipRefusal(error: unknown): unknown {
    if (!(error instanceof ZipFormatError)) return error
    if (error.truncated) {
      return this.refuse(
        'truncated',
        `a zip archive cut short (it has no end of central directory record), not a whole ${EXPECTED[this.extension].replace(/^an? /, '')}`,
        'Build or download it again, and let the step finish writing it'
      )
    }
    return this.refuse(
      'damaged',
      `a damaged zip archive (${quote(error.message, 120)})`,
      'Build or download it again'
    )
  }

  private async survey(zip: OpenZip): Promise<Survey> {
    const survey: Survey = {
      apkAbis: new Set(),
      bundleAbis: new Set(),
      signatureFile: false,
      signatureBlock: false,
      payloadApps: new Map(),
      topApps: new Map(),
      nested: []
    }
    const app = (apps: Map<string, AppEntries>, folder: string): AppEntries | undefined => {
      let entries = apps.get(folder)
      if (!entries && apps.size < MAX_REMEMBERED) apps.set(folder, (entries = {}))
      return entries
    }
    const remember = (set: Set<string>, value: string | undefined): void => {
      if (value && set.size < MAX_REMEMBERED) set.add(value)
    }
    try {
      await zip.forEachEntry(entry => {
        const path = entry.fileName
        if (path === APK_MANIFEST) survey.apkManifest = entry
        else if (path === BUNDLE_MANIFEST) survey.bundleManifest = entry
        remember(survey.apkAbis, /^lib\/([^/]+)\/[^/]/.exec(path)?.[1])
        remember(survey.bundleAbis, /^base\/lib\/([^/]+)\/[^/]/.exec(path)?.[1])
        const signing = /^META-INF\/[^/]+\.(SF|RSA|DSA|EC)$/i.exec(path)?.[1]?.toUpperCase()
        if (signing === 'SF') survey.signatureFile = true
        else if (signing) survey.signatureBlock = true
        const bundled = /^(Payload\/)?([^/]+\.app)\/(Info\.plist|embedded\.mobileprovision)$/.exec(
          path
        )
        if (bundled) {
          const entries = app(bundled[1] ? survey.payloadApps : survey.topApps, bundled[2]!)
          if (entries && bundled[3] === 'Info.plist') entries.info = entry
          else if (entries) entries.profile = entry
        }
        if (/\.(apk|aab|ipa)$/i.test(path) && survey.nested.length < MAX_REMEMBERED) {
          survey.nested.push(path)
        }
      }, this.signal)
    } catch (error) {
      throw this.zipRefusal(error)
    }
    return survey
  }

  /**
   * The refusal of a zip without the descriptor its type must have, saying
   * what it is instead: a build of another type, a zip holding a build, or
   * an archive of something else.
   */
  private missing(survey: Survey, descriptor: string): BrokenBuildError {
    const expected = EXPECTED[this.extension]
    const [topApp] = survey.topApps.keys()
    const [payloadApp] = survey.payloadApps.keys()
    if (survey.apkManifest && this.extension !== '.apk') {
      return this.refuse(
        'wrong-content',
        `an APK (${APK_MANIFEST} at its top), not ${expected}`,
        'Name it .apk, or point the path at the build you meant'
      )
    }
    if (survey.bundleManifest && this.extension !== '.aab') {
      return this.refuse(
        'wrong-content',
        `an Android App Bundle (${BUNDLE_MANIFEST}), not ${expected}`,
        'Name it .aab, or point the path at the build you meant'
      )
    }
    if (payloadApp && this.extension !== '.ipa') {
      return this.refuse(
        'wrong-content',
        `an iOS app archive (${quote(`Payload/${payloadApp}`)}), not ${expected}`,
        'Name it .ipa, or point the path at the build you meant'
      )
    }
    if (topApp) {
      return this.refuse(
        'wrong-content',
        `a zipped app (${quote(`${topApp}/`)} at its top, no Payload/ folder), not ${expected}`,
        'Name a zipped simulator app .zip; export a device build as an IPA (xcodebuild -exportArchive)'
      )
    }
    const nested = survey.nested[0]
    if (nested) {
      const kind = nested.slice(nested.lastIndexOf('.')).toLowerCase()
      return this.refuse(
        'nested-build',
        `a zip holding ${quote(nested)}, not ${expected}`,
        `Upload the ${kind} itself: unzip it first, or point the path at it`
      )
    }
    return this.refuse(
      'no-manifest',
      `a zip archive without ${descriptor}, not ${expected}`,
      'Point it at the build the Android Gradle plugin or Xcode wrote, not another archive'
    )
  }

  private async descriptor(zip: OpenZip, entry: ZipEntry): Promise<Buffer> {
    try {
      return await zip.read(entry)
    } catch (error) {
      throw this.zipRefusal(error)
    }
  }

  private badManifest(what: string, error: unknown): BrokenBuildError {
    // A parser's words may quote the file: one inert line.
    const why = inert(oneLine(messageOf(error), 200))
    return this.refuse(
      'bad-manifest',
      `${EXPECTED[this.extension]} whose ${what} cannot be used: ${why}`,
      'Build it again with the platform’s own tools'
    )
  }

  private async apk(zip: OpenZip, survey: Survey): Promise<AndroidBuild> {
    if (!survey.apkManifest) throw this.missing(survey, APK_MANIFEST)
    const manifest = await this.manifest(
      APK_MANIFEST,
      await this.descriptor(zip, survey.apkManifest),
      readBinaryXml
    )
    const signatures = [
      ...(survey.signatureFile && survey.signatureBlock ? (['v1'] as const) : []),
      ...(await signingBlockSchemes(this.handle, zip.centralDirectoryOffset))
    ]
    const warnings: BuildWarning[] = []
    if (!manifest.debuggable && signatures.length === 0) {
      warnings.push({
        code: 'unsigned-release',
        message: `${quote(this.name)} is a release build (not debuggable) that is not signed: no device installs it until it is signed (apksigner, or a signingConfig in Gradle).`
      })
    }
    return {
      platform: 'android',
      format: 'apk',
      ...manifest,
      abis: [...survey.apkAbis].sort(),
      signatures,
      warnings
    }
  }

  private async bundle(zip: OpenZip, survey: Survey): Promise<AndroidBuild> {
    if (!survey.bundleManifest) throw this.missing(survey, BUNDLE_MANIFEST)
    const manifest = await this.manifest(
      BUNDLE_MANIFEST,
      await this.descriptor(zip, survey.bundleManifest),
      readProtoXml
    )
    return {
      platform: 'android',
      format: 'aab',
      ...manifest,
      abis: [...survey.bundleAbis].sort(),
      // A bundle is signed with JAR signing alone (jarsigner); the APKs made from it are signed anew.
      signatures: survey.signatureFile && survey.signatureBlock ? ['v1'] : [],
      warnings: []
    }
  }

  private async manifest(
    path: string,
    data: Buffer,
    read: (data: Buffer) => XmlElement | Promise<XmlElement>
  ): Promise<ManifestFacts> {
    try {
      return manifestFacts(await read(data))
    } catch (error) {
      throw this.badManifest(path, error)
    }
  }

  private async ipa(zip: OpenZip, survey: Survey): Promise<IosBuild> {
    const apps = [...survey.payloadApps]
    if (apps.length === 0) throw this.missing(survey, 'Payload/<name>.app/Info.plist')
    if (apps.length > 1) {
      throw this.refuse(
        'bad-manifest',
        `an IPA with ${apps.length} apps in Payload/ (${apps.map(([folder]) => quote(folder)).join(', ')})`,
        'Export one app per IPA'
      )
    }
    const [folder, entries] = apps[0]!
    return this.app(zip, 'ipa', `Payload/${folder}`, entries, survey)
  }

  private async zip(zip: OpenZip, survey: Survey, plain: OtherBuild): Promise<BuildFacts> {
    // A zipped .app (a simulator build, as xcodebuild leaves it), or an IPA named .zip: read as apps.
    const apps = survey.topApps.size === 1 ? survey.topApps : survey.payloadApps
    const [only] = apps.size === 1 ? [...apps] : []
    if (!only?.[1].info) return plain
    const [folder, entries] = only
    return apps === survey.topApps
      ? this.app(zip, 'app-zip', folder, entries, survey)
      : this.app(zip, 'ipa', `Payload/${folder}`, entries, survey)
  }

  private async app(
    zip: OpenZip,
    format: IosBuild['format'],
    folder: string,
    entries: AppEntries,
    survey: Survey
  ): Promise<IosBuild> {
    if (!entries.info) throw this.missing(survey, `${folder}/Info.plist`)
    let info: ReturnType<typeof infoFacts>
    try {
      info = infoFacts(await parsePlistDictionary(await this.descriptor(zip, entries.info)))
    } catch (error) {
      if (error instanceof BrokenBuildError) throw error
      throw this.badManifest(`${folder}/Info.plist`, error)
    }
    let profile: IosBuild['profile']
    if (entries.profile) {
      const envelope = await this.descriptor(zip, entries.profile)
      try {
        const plist = profilePlist(envelope)
        if (!plist) throw new Error('it holds no property list')
        profile = profileFacts(await parsePlistDictionary(plist), this.now)
      } catch (error) {
        throw this.badManifest(`${folder}/embedded.mobileprovision`, error)
      }
    }
    const warnings: BuildWarning[] = []
    if (profile?.expired) {
      warnings.push({
        code: 'expired-profile',
        message: `The provisioning profile of ${quote(this.name)}${profile.name ? ` (${quote(profile.name)})` : ''} expired on ${profile.expires!.toISOString().slice(0, 10)}: no device installs the app until it is signed with a current profile.`
      })
    }
    return { platform: 'ios', format, ...info, profile, warnings }
  }
}
