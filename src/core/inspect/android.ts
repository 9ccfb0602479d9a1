/** What an Android manifest says about the app, read once for an APK's binary XML and a bundle's protocol buffers. */
import { quote } from '../shared/text.js'
import type { BuildWarning } from './facts.js'
import { ANDROID_NAMESPACE, type XmlElement, type XmlValue } from './xml-tree.js'

// The platform attributes' resource ids (android.R.attr), the sure way to find them: an
// obfuscated manifest may blank their names but the resource map keeps them.
const ATTR = {
  debuggable: 0x0101000f,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
  versionCodeMajor: 0x01010576
} as const

/** A Java package name with at least two segments, as the platform requires of an app's package. */
function isPackageName(name: string): boolean {
  const segments = name.split('.', 256)
  return segments.length >= 2 && segments.every(segment => /^[A-Za-z]\w*$/.test(segment))
}

export interface ManifestFacts {
  appId: string
  appVersion: string | undefined
  buildNumber: string | undefined
  minSdk: string | undefined
  targetSdk: string | undefined
  debuggable: boolean
}

/** The manifest's facts; a manifest that names no valid package is an `Error` saying so. */
export function manifestFacts(root: XmlElement): ManifestFacts {
  if (root.name !== 'manifest')
    throw new Error(`its root element is <${root.name}>, not <manifest>`)
  const packageValue = root.attributes.find(a => a.namespace === '' && a.name === 'package')?.value
  if (packageValue?.kind !== 'string' || packageValue.value === '') {
    throw new Error('it names no package (<manifest package>)')
  }
  if (packageValue.value.length > 255 || !isPackageName(packageValue.value)) {
    throw new Error(
      `its package name ${JSON.stringify(packageValue.value.slice(0, 120))} is not a valid package name`
    )
  }
  const usesSdk = root.children.find(c => c.name === 'uses-sdk')
  const application = root.children.find(c => c.name === 'application')
  const debuggable = application && attribute(application, 'debuggable')
  return {
    appId: packageValue.value,
    appVersion: text(attribute(root, 'versionName')),
    buildNumber: versionCode(attribute(root, 'versionCode'), attribute(root, 'versionCodeMajor')),
    minSdk: usesSdk && sdkLevel(attribute(usesSdk, 'minSdkVersion')),
    targetSdk: usesSdk && sdkLevel(attribute(usesSdk, 'targetSdkVersion')),
    debuggable: debuggable?.kind === 'boolean' && debuggable.value
  }
}

function attribute(element: XmlElement, name: keyof typeof ATTR): XmlValue | undefined {
  const id = ATTR[name]
  return (
    element.attributes.find(a => a.resourceId === id) ??
    element.attributes.find(a => a.namespace === ANDROID_NAMESPACE && a.name === name)
  )?.value
}

function text(value: XmlValue | undefined): string | undefined {
  if (value?.kind === 'string') return value.value
  if (value?.kind === 'integer') return String(value.value)
  return undefined
}

/** The long version code: `versionCodeMajor` is its high 32 bits (PackageInfo.getLongVersionCode). */
function versionCode(code: XmlValue | undefined, major: XmlValue | undefined): string | undefined {
  const low = integer(code)
  if (low === undefined) return undefined
  const high = integer(major) ?? 0
  return BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low >>> 0)).toString()
}

/** An API level, or a preview's code name ("VanillaIceCream") as the manifest spells it. */
function sdkLevel(value: XmlValue | undefined): string | undefined {
  const level = integer(value)
  if (level !== undefined) return String(level)
  return value?.kind === 'string' && value.value !== '' ? value.value : undefined
}

function integer(value: XmlValue | undefined): number | undefined {
  if (value?.kind === 'integer') return value.value
  if (value?.kind === 'string' && /^-?\d{1,10}$/.test(value.value)) return Number(value.value) | 0
  return undefined
}

/** A release build (not debuggable) that is not signed: no device installs it. */
export function signingWarnings(
  name: string,
  debuggable: boolean | undefined,
  signatures: readonly string[]
): BuildWarning[] {
  if (debuggable || signatures.length > 0) return []
  return [
    {
      code: 'unsigned-release',
      message: `${quote(name)} is a release build (not debuggable) that is not signed: no device installs it until it is signed (apksigner, or a signingConfig in Gradle).`
    }
  ]
}
