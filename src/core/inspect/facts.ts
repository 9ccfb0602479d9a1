/** What reading a build tells about it: the app, its version, and how it was built and signed. */

/** What the file is, told from its content (an APK, an App Bundle, an IPA, a zipped .app, …). */
export type BuildFormat = 'apk' | 'aab' | 'ipa' | 'app-zip' | 'zip' | 'deb' | 'pdf' | 'csv'

export type BuildFacts = AndroidBuild | IosBuild | OtherBuild

/** Something that does not stop the upload but is most likely a mistake. */
export interface BuildWarning {
  code: 'expired-profile' | 'unsigned-release' | 'long-value'
  /** One sentence for the person who runs the deploy; values from the build are quoted and sanitized. */
  message: string
}

interface Common {
  format: BuildFormat
  warnings: BuildWarning[]
}

/** The signature schemes a build carries: JAR signing (v1) and the APK Signing Block's (v2, v3, v3.1). */
export type AndroidSignature = 'v1' | 'v2' | 'v3' | 'v3.1'

export interface AndroidBuild extends Common {
  platform: 'android'
  format: 'apk' | 'aab'
  /** The package name (`<manifest package>`). */
  appId: string
  /** `android:versionName`; undefined when absent or a reference into the resource table. */
  appVersion: string | undefined
  /** `android:versionCode` in decimal, with `android:versionCodeMajor` as its high 32 bits; undefined when absent. */
  buildNumber: string | undefined
  /** `<uses-sdk android:minSdkVersion>`: an API level, or a preview's code name; undefined when absent (1). */
  minSdk: string | undefined
  targetSdk: string | undefined
  /** The native ABIs the build carries code for (`lib/<abi>/`; `base/lib/<abi>/` in a bundle), sorted. */
  abis: string[]
  /** `<application android:debuggable="true">`. */
  debuggable: boolean
  /** Empty for an unsigned build. */
  signatures: AndroidSignature[]
}

/** The embedded provisioning profile's kind, from the devices and entitlements it grants. */
export type ProfileKind = 'development' | 'ad-hoc' | 'enterprise' | 'app-store'

export interface ProvisioningProfile {
  kind: ProfileKind
  /** The profile's `Name`. */
  name: string | undefined
  /** The first of its `TeamIdentifier`s. */
  teamId: string | undefined
  /** `ExpirationDate`; undefined when the profile has none. */
  expires: Date | undefined
  /** Whether `expires` is before the time of the inspection. */
  expired: boolean
}

export interface IosBuild extends Common {
  platform: 'ios'
  format: 'ipa' | 'app-zip'
  /** `CFBundleIdentifier`. */
  appId: string
  /** `CFBundleShortVersionString`. */
  appVersion: string | undefined
  /** `CFBundleVersion`. */
  buildNumber: string | undefined
  /** `MinimumOSVersion` (`LSMinimumSystemVersion` for a Mac app). */
  minimumOs: string | undefined
  /** Built for devices or for the simulator (`DTPlatformName`, else `CFBundleSupportedPlatforms`). */
  target: 'device' | 'simulator'
  /** The SDK's platform name as Xcode wrote it (`iphoneos`, `iphonesimulator`, …). */
  sdk: string | undefined
  /** `embedded.mobileprovision`; a simulator build or an App Store download has none. */
  profile: ProvisioningProfile | undefined
}

/** The other accepted types: checked to be what their extension says, nothing more to tell. */
export interface OtherBuild extends Common {
  platform: undefined
  format: 'zip' | 'deb' | 'pdf' | 'csv'
}
