/**
 * `inspectBuild`: what a build is, read before anything is sent, in time and
 * memory that do not grow with the file's size. A build that is not what its
 * extension says, cut short, empty, or without the manifest its type must
 * have is refused with a `BrokenBuildError` naming what it is instead.
 */
import { open, type FileHandle } from 'node:fs/promises'
import nodePath from 'node:path'
import { messageOf } from '../shared/errors.js'
import { ACCEPTED_EXTENSIONS, acceptedExtension } from '../shared/name-rules.js'
import { sanitize, oneLine, quote } from '../shared/text.js'
import { abortError } from '../shared/clock.js'
import { manifestFacts, signingWarnings, type ManifestFacts } from './android.js'
import { readBinaryXml } from './axml.js'
import { BrokenBuildError, type BrokenReason } from './broken.js'
import { ReadBudget } from './budget.js'
import { cappedFacts } from './caps.js'
import { CONTENT_KINDS, describeContent, HEAD_BYTES } from './content.js'
import type { AndroidBuild, BuildFacts, IosBuild, OtherBuild } from './facts.js'
import { infoFacts, profileFacts, profileWarnings } from './ios.js'
import { parsePlistDictionary, profilePlist } from './plist.js'
import { readProtoXml } from './proto-xml.js'
import { signingBlockSchemes } from './signing-block.js'
import type { XmlElement } from './xml-tree.js'
import {
  APK_MANIFEST,
  BUNDLE_MANIFEST,
  surveyEntries,
  type AppEntries,
  type Survey
} from './survey.js'
import { duplicateRefusal, EXPECTED, missingDescriptor, zipRefusal } from './refusals.js'
import { openZip, type OpenZip, type ZipEntry } from './zip.js'

export interface InspectOptions {
  /** Stops the inspection; it then rejects with the reason as an `AbortedError`. */
  signal?: AbortSignal
  /** The name the build goes by (its extension says what it must be); the path's own name by default. */
  name?: string
  /** The time a provisioning profile's expiry is measured against; now by default. */
  now?: Date
}

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
    return cappedFacts(await new Inspection(handle, name, extension, options).run(), name)
  } catch (error) {
    if (signal?.aborted) throw abortError(signal)
    throw error
  } finally {
    await handle.close()
  }
}

class Inspection {
  /** What reading the descriptors may cost in all: shared by every reader of this build. */
  private readonly budget = new ReadBudget()
  private readonly now: Date
  private readonly signal: AbortSignal | undefined

  constructor(
    private readonly handle: FileHandle,
    private readonly name: string,
    private readonly extension: keyof typeof EXPECTED,
    options: InspectOptions
  ) {
    this.now = options.now ?? new Date()
    this.signal = options.signal
  }

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
    const kind = CONTENT_KINDS[this.extension]
    this.expect(kind.test(head), head, size)
    if (kind.format) return { platform: undefined, format: kind.format, warnings: [] }
    const zip = await this.openZip(size)
    try {
      const survey = await this.surveyOf(zip)
      this.signal?.throwIfAborted()
      const duplicate = duplicateRefusal(survey, this.name, this.extension)
      if (duplicate) throw duplicate
      switch (this.extension) {
        case '.apk':
          return await this.apk(zip, survey)
        case '.aab':
          return await this.bundle(zip, survey)
        case '.ipa':
          return await this.ipa(zip, survey)
        default:
          return await this.zip(zip, survey, { platform: undefined, format: 'zip', warnings: [] })
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
    return zipRefusal(error, this.name, this.extension)
  }

  private async surveyOf(zip: OpenZip): Promise<Survey> {
    try {
      return await surveyEntries(zip, this.signal)
    } catch (error) {
      throw this.zipRefusal(error)
    }
  }

  private async descriptor(zip: OpenZip, entry: ZipEntry): Promise<Buffer> {
    try {
      return await zip.read(entry)
    } catch (error) {
      throw this.zipRefusal(error)
    }
  }

  private badManifest(what: string, error: unknown): BrokenBuildError {
    // A parser's words may quote the file: one sanitized line.
    const why = sanitize(oneLine(messageOf(error), 200))
    return this.refuse(
      'bad-manifest',
      `${EXPECTED[this.extension]} whose ${what} cannot be used: ${why}`,
      'Build it again with the platform’s own tools'
    )
  }

  private async apk(zip: OpenZip, survey: Survey): Promise<AndroidBuild> {
    if (!survey.apkManifest)
      throw missingDescriptor(survey, this.name, this.extension, APK_MANIFEST)
    const manifest = await this.manifest(
      APK_MANIFEST,
      await this.descriptor(zip, survey.apkManifest),
      readBinaryXml
    )
    const signatures = [
      ...(survey.signatureFile && survey.signatureBlock ? (['v1'] as const) : []),
      ...(await signingBlockSchemes(this.handle, zip.centralDirectoryOffset))
    ]
    const warnings = signingWarnings(this.name, manifest.debuggable, signatures)
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
    if (!survey.bundleManifest)
      throw missingDescriptor(survey, this.name, this.extension, BUNDLE_MANIFEST)
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
    read: (data: Buffer, budget: ReadBudget) => XmlElement
  ): Promise<ManifestFacts> {
    try {
      return manifestFacts(read(data, this.budget))
    } catch (error) {
      throw this.badManifest(path, error)
    }
  }

  private async ipa(zip: OpenZip, survey: Survey): Promise<IosBuild> {
    const apps = [...survey.payloadApps]
    if (apps.length === 0)
      throw missingDescriptor(survey, this.name, this.extension, 'Payload/<name>.app/Info.plist')
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
    if (!entries.info)
      throw missingDescriptor(survey, this.name, this.extension, `${folder}/Info.plist`)
    let info: ReturnType<typeof infoFacts>
    try {
      info = infoFacts(parsePlistDictionary(await this.descriptor(zip, entries.info), this.budget))
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
        profile = profileFacts(parsePlistDictionary(plist, this.budget), this.now)
      } catch (error) {
        throw this.badManifest(`${folder}/embedded.mobileprovision`, error)
      }
    }
    return {
      platform: 'ios',
      format,
      ...info,
      profile,
      warnings: profileWarnings(this.name, profile)
    }
  }
}
