/** What an app bundle's Info.plist and its embedded provisioning profile say. */
import { quote } from '../shared/text.js'
import type { BuildWarning, IosBuild, ProfileKind, ProvisioningProfile } from './facts.js'
import type { PlistDictionary } from './plist.js'

// Apple's rule for a bundle id is letters, digits, hyphens and periods; underscores are let
// through, as some toolchains write them into simulator builds.
const BUNDLE_ID = /^[A-Za-z0-9._-]{1,255}$/

export interface InfoFacts {
  appId: string
  appVersion: string | undefined
  buildNumber: string | undefined
  minimumOs: string | undefined
  target: 'device' | 'simulator'
  sdk: string | undefined
}

/** The Info.plist's facts; one without a usable `CFBundleIdentifier` is an `Error` saying so. */
export function infoFacts(info: PlistDictionary): InfoFacts {
  const appId = string(info.CFBundleIdentifier)
  if (appId === undefined) throw new Error('it has no CFBundleIdentifier')
  if (!BUNDLE_ID.test(appId)) {
    throw new Error(
      `its CFBundleIdentifier ${JSON.stringify(appId.slice(0, 120))} is not a valid bundle id`
    )
  }
  const sdk = string(info.DTPlatformName)
  const supported = Array.isArray(info.CFBundleSupportedPlatforms)
    ? info.CFBundleSupportedPlatforms.filter((p): p is string => typeof p === 'string')
    : []
  // The SDK it was built with says it; the supported platforms say it for builds without DTPlatformName.
  const simulator = sdk
    ? /simulator$/i.test(sdk)
    : supported.length > 0 && supported.every(p => /simulator$/i.test(p))
  return {
    appId,
    appVersion: string(info.CFBundleShortVersionString),
    buildNumber: string(info.CFBundleVersion),
    minimumOs: string(info.MinimumOSVersion) ?? string(info.LSMinimumSystemVersion),
    target: simulator ? 'simulator' : 'device',
    sdk
  }
}

/**
 * The profile's kind, by the rule Xcode and the developer portal follow: a
 * profile for all devices is an enterprise (in-house) one; one with listed
 * devices is a development profile when it lets a debugger attach
 * (`get-task-allow`), ad hoc when not; one with neither is for the App Store.
 */
export function profileFacts(profile: PlistDictionary, now: Date): ProvisioningProfile {
  const entitlements = isDictionary(profile.Entitlements) ? profile.Entitlements : {}
  const devices = Array.isArray(profile.ProvisionedDevices) && profile.ProvisionedDevices.length > 0
  let kind: ProfileKind
  if (profile.ProvisionsAllDevices === true) kind = 'enterprise'
  else if (devices) kind = entitlements['get-task-allow'] === true ? 'development' : 'ad-hoc'
  else kind = 'app-store'
  const expires = profile.ExpirationDate instanceof Date ? profile.ExpirationDate : undefined
  const teams = Array.isArray(profile.TeamIdentifier) ? profile.TeamIdentifier : []
  return {
    kind,
    name: string(profile.Name),
    teamId: string(teams[0]),
    expires,
    expired: expires !== undefined && expires.getTime() <= now.getTime()
  }
}

function string(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function isDictionary(value: unknown): value is PlistDictionary {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  )
}

/** A provisioning profile past its expiry: no device installs the app. */
export function profileWarnings(name: string, profile: IosBuild['profile']): BuildWarning[] {
  if (!profile?.expired) return []
  return [
    {
      code: 'expired-profile',
      message: `The provisioning profile of ${quote(name)}${profile.name ? ` (${quote(profile.name)})` : ''} expired on ${profile.expires!.toISOString().slice(0, 10)}: no device installs the app until it is signed with a current profile.`
    }
  ]
}
