import type { ACCEPTED_EXTENSIONS } from '../shared/name-rules.js'
import { quote } from '../shared/text.js'
import { BrokenBuildError, type BrokenReason } from './broken.js'
import { APK_MANIFEST, BUNDLE_MANIFEST, type Survey } from './survey.js'
import { ZipFormatError } from './zip.js'

export type Extension = (typeof ACCEPTED_EXTENSIONS)[number]

/** What each accepted type must be, as a refusal says it ("…, not an Android app (APK)"). */
export const EXPECTED: Record<Extension, string> = {
  '.apk': 'an Android app (APK)',
  '.aab': 'an Android App Bundle',
  '.ipa': 'an iOS app archive (IPA)',
  '.zip': 'a zip archive',
  '.deb': 'a Debian package',
  '.pdf': 'a PDF document',
  '.csv': 'CSV text'
}

/**
 * The refusal of a zip without the descriptor its type must have, saying
 * what it is instead: a build of another type, a zip holding a build, or
 * an archive of something else.
 */
export function missingDescriptor(
  survey: Survey,
  name: string,
  extension: Extension,
  descriptor: string
): BrokenBuildError {
  const refuse = (reason: BrokenReason, found: string, fix: string): BrokenBuildError =>
    new BrokenBuildError(name, reason, found, fix)
  const expected = EXPECTED[extension]
  const [topApp] = survey.topApps.keys()
  const [payloadApp] = survey.payloadApps.keys()
  if (survey.apkManifest && extension !== '.apk') {
    return refuse(
      'wrong-content',
      `an APK (${APK_MANIFEST} at its top), not ${expected}`,
      'Name it .apk, or point the path at the build you meant'
    )
  }
  if (survey.bundleManifest && extension !== '.aab') {
    return refuse(
      'wrong-content',
      `an Android App Bundle (${BUNDLE_MANIFEST}), not ${expected}`,
      'Name it .aab, or point the path at the build you meant'
    )
  }
  if (payloadApp && extension !== '.ipa') {
    return refuse(
      'wrong-content',
      `an iOS app archive (${quote(`Payload/${payloadApp}`)}), not ${expected}`,
      'Name it .ipa, or point the path at the build you meant'
    )
  }
  if (topApp) {
    return refuse(
      'wrong-content',
      `a zipped app (${quote(`${topApp}/`)} at its top, no Payload/ folder), not ${expected}`,
      'Name a zipped simulator app .zip; export a device build as an IPA (xcodebuild -exportArchive)'
    )
  }
  const nested = survey.nested[0]
  if (nested) {
    const kind = nested.slice(nested.lastIndexOf('.')).toLowerCase()
    return refuse(
      'nested-build',
      `a zip holding ${quote(nested)}, not ${expected}`,
      `Upload the ${kind} itself: unzip it first, or point the path at it`
    )
  }
  return refuse(
    'no-manifest',
    `a zip archive without ${descriptor}, not ${expected}`,
    'Point it at the build the Android Gradle plugin or Xcode wrote, not another archive'
  )
}

/** A zip the reader refused, as the build's refusal: cut short, or damaged; any other error as it is. */
export function zipRefusal(error: unknown, name: string, extension: Extension): unknown {
  const refuse = (reason: BrokenReason, found: string, fix: string): BrokenBuildError =>
    new BrokenBuildError(name, reason, found, fix)
  if (!(error instanceof ZipFormatError)) return error
  if (error.truncated) {
    return refuse(
      'truncated',
      `a zip archive cut short (it has no end of central directory record), not a whole ${EXPECTED[extension].replace(/^an? /, '')}`,
      'Build or download it again, and let the step finish writing it'
    )
  }
  return refuse(
    'damaged',
    `a damaged zip archive (${quote(error.message, 120)})`,
    'Build or download it again'
  )
}

/**
 * Two entries of one descriptor's path: Android refuses such an archive
 * (libziparchive, since the "master key" flaw, refuses a duplicate entry
 * name), as a reader that took one of them might not see what the device
 * would. The same holds for an app's Info.plist and profile.
 */
export function duplicateRefusal(
  survey: Survey,
  name: string,
  extension: Extension
): BrokenBuildError | undefined {
  if (survey.duplicate === undefined) return undefined
  return new BrokenBuildError(
    name,
    'bad-manifest',
    `${EXPECTED[extension]} with two entries named ${quote(survey.duplicate)}, which Android and iOS refuse to install`,
    'Build it again with the platform’s own tools; a build with a duplicate entry has been altered'
  )
}
