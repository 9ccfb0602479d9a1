/** What one walk of a zip's central directory tells: the descriptors a build type has, and what else it holds. */
import type { OpenZip, ZipEntry } from './zip.js'

export const APK_MANIFEST = 'AndroidManifest.xml'
export const BUNDLE_MANIFEST = 'base/manifest/AndroidManifest.xml'
/** A native library of an APK, by its ABI. */
const APK_LIBRARY = /^lib\/([^/]+)\/[^/]+\.so$/
/** A native library of a bundle's module (base or a feature; the bundle's metadata and signature are no module). */
const BUNDLE_LIBRARY = /^(?!BUNDLE-METADATA\/|META-INF\/)[^/]+\/lib\/([^/]+)\/[^/]+\.so$/
/** Apps, ABIs and nested builds remembered while the central directory is walked: a real build has a few. */
const MAX_REMEMBERED = 32

/** What one pass over the central directory remembers. */
export interface Survey {
  apkManifest?: ZipEntry
  bundleManifest?: ZipEntry
  /**
   * The ABIs with native code: `<abi>` of a `.so` directly in `lib/<abi>/`
   * (an APK) or in a module's `<module>/lib/<abi>/` (a bundle), as Android's
   * package manager takes them; a README, a `.gitkeep` or a library in a
   * folder below installs nothing.
   */
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
  /** A descriptor's path that two entries name: which of them a reader takes is the reader's guess. */
  duplicate?: string
}

export interface AppEntries {
  info?: ZipEntry
  profile?: ZipEntry
}

/** Walks the central directory once, remembering what tells the build's type and what it holds instead. */
export async function surveyEntries(
  zip: OpenZip,
  signal: AbortSignal | undefined
): Promise<Survey> {
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
  const twice = (held: ZipEntry | undefined, entry: ZipEntry): ZipEntry => {
    if (held) survey.duplicate ??= entry.fileName
    return entry
  }
  await zip.forEachEntry(entry => {
    const path = entry.fileName
    if (path === APK_MANIFEST) survey.apkManifest = twice(survey.apkManifest, entry)
    else if (path === BUNDLE_MANIFEST) survey.bundleManifest = twice(survey.bundleManifest, entry)
    remember(survey.apkAbis, APK_LIBRARY.exec(path)?.[1])
    remember(survey.bundleAbis, BUNDLE_LIBRARY.exec(path)?.[1])
    const signing = /^META-INF\/[^/]+\.(SF|RSA|DSA|EC)$/i.exec(path)?.[1]?.toUpperCase()
    if (signing === 'SF') survey.signatureFile = true
    else if (signing) survey.signatureBlock = true
    const bundled = /^(Payload\/)?([^/]+\.app)\/(Info\.plist|embedded\.mobileprovision)$/.exec(path)
    if (bundled) {
      const entries = app(bundled[1] ? survey.payloadApps : survey.topApps, bundled[2]!)
      if (entries && bundled[3] === 'Info.plist') entries.info = twice(entries.info, entry)
      else if (entries) entries.profile = twice(entries.profile, entry)
    }
    if (/\.(apk|aab|ipa)$/i.test(path) && survey.nested.length < MAX_REMEMBERED) {
      survey.nested.push(path)
    }
  }, signal)
  return survey
}
