/**
 * The build read before anything is sent: what it is (for the report, the
 * outputs and every summary), whether it is what the pipeline said to expect,
 * and what about it is likely a mistake. A broken build, or one of another
 * app or platform, is bad usage: the deploy ends before its first request.
 */
import { InputError } from '../shared/errors.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import type { BuildFacts, BuildWarning } from '../inspect/facts.js'
import { readBuild } from '../inspect/read.js'
import { PLATFORM_NAMES } from '../report/words.js'
import type { Settings } from '../options/resolve.js'
import type { Artifact } from '../upload/artifact.js'

/** Each warning's title, where a front end shows one (an annotation's). */
const WARNING_TITLES: Record<BuildWarning['code'], string> = {
  'expired-profile': 'Expired provisioning profile',
  'unsigned-release': 'Unsigned release build',
  'long-value': 'Build value cut short'
}

/** Reads the build and checks it against `expectedAppId` and `platform`; throws what refuses it. */
export async function checkBuild(
  artifact: Pick<Artifact, 'path' | 'name'>,
  settings: Pick<Settings, 'values'>,
  signal?: AbortSignal
): Promise<BuildFacts> {
  const facts = await readBuild(artifact.path, { name: artifact.name, signal })
  const { expectedAppId, platform } = settings.values
  const file = quote(artifact.name)
  if (platform && facts.platform !== platform) {
    const found = facts.platform
      ? `a build for ${PLATFORM_NAMES[facts.platform]} (${quote(facts.appId)})`
      : `a ${facts.format} file, which is no app`
    throw new InputError(
      'platform',
      `is ${platform}, but ${file} is ${found}`,
      `Point ${ref('file')} at the ${PLATFORM_NAMES[platform]} build, or correct ${ref('platform')}`
    )
  }
  // The id for the build's platform wins over the one for every build.
  const expected = (facts.platform && expectedAppId?.[facts.platform]) || expectedAppId?.all
  const anyExpected = expectedAppId?.all ?? expectedAppId?.android ?? expectedAppId?.ios
  if (!facts.platform && anyExpected) {
    throw new InputError(
      'expectedAppId',
      `is ${quote(anyExpected)}, but ${file} is a ${facts.format} file, which names no app`,
      `Point ${ref('file')} at the build of ${quote(anyExpected)}, or correct ${ref('expectedAppId')}`
    )
  }
  if (facts.platform && expected && facts.appId !== expected) {
    const forPlatform = expectedAppId?.[facts.platform]
      ? ` for ${PLATFORM_NAMES[facts.platform]}`
      : ''
    throw new InputError(
      'expectedAppId',
      `is ${quote(expected)}${forPlatform}, but ${file} is the build of ${quote(facts.appId)}`,
      `Point ${ref('file')} at the build of ${quote(expected)}, or correct ${ref('expectedAppId')}`
    )
  }
  refuseUninstallable(facts, settings, file)
  return facts
}

/**
 * A build the service's devices cannot install, refused before the upload:
 * an Android build whose native code lacks a required ABI (one without
 * native code runs on any), an iOS build for the other kind of target.
 */
function refuseUninstallable(facts: BuildFacts, settings: Pick<Settings, 'values'>, file: string) {
  const { requiredAbis, requiredTarget } = settings.values
  if (facts.platform === 'android' && requiredAbis && facts.abis.length > 0) {
    const missing = requiredAbis.filter(abi => !facts.abis.includes(abi))
    if (missing.length > 0) {
      const has = facts.abis.map(abi => quote(abi, 20)).join(', ')
      const lacks = missing.join(', ')
      const fix =
        facts.format === 'aab'
          ? `add ${lacks} to ndk { abiFilters } in the app's build.gradle`
          : `add ${lacks} to ndk { abiFilters } in the app's build.gradle, or deploy the universal APK (splits { abi { universalApk true } }) rather than one ABI's split`
      throw new InputError(
        'requiredAbis',
        `is ${requiredAbis.join(', ')}, but ${file} has native code for ${has} only: the service's devices cannot install it`,
        `Build it with native code for ${lacks}: ${fix}; or correct ${ref('requiredAbis')}`
      )
    }
  }
  if (facts.platform === 'ios' && requiredTarget && facts.target !== requiredTarget) {
    const built = facts.target === 'simulator' ? 'built for the simulator' : 'built for devices'
    const fix =
      requiredTarget === 'simulator'
        ? 'Build for the simulator (xcodebuild -sdk iphonesimulator) and zip its .app'
        : 'Build for devices (xcodebuild archive, then -exportArchive to an .ipa)'
    throw new InputError(
      'requiredTarget',
      `is ${requiredTarget}, but ${file} is ${built}: the service's ${requiredTarget === 'device' ? 'devices' : 'simulators'} cannot install it`,
      `${fix}, or correct ${ref('requiredTarget')}`
    )
  }
}

/** A warning's title for an annotation. */
export function buildWarningTitle(warning: BuildWarning): string {
  return WARNING_TITLES[warning.code]
}

/** One line for the log: which app and version, and how it was built; values from the build quoted. */
export function describeBuild(facts: BuildFacts): string {
  if (!facts.platform) return `Build: a ${facts.format} file (no app to read).`
  const version = [
    facts.appVersion === undefined ? undefined : `version ${quote(facts.appVersion, 60)}`,
    facts.buildNumber === undefined ? undefined : `build ${quote(facts.buildNumber, 60)}`
  ].filter(Boolean)
  const details =
    facts.platform === 'android'
      ? [
          facts.format === 'aab' ? 'App Bundle' : 'APK',
          facts.minSdk === undefined ? undefined : `min SDK ${quote(facts.minSdk, 20)}`,
          facts.targetSdk === undefined ? undefined : `target SDK ${quote(facts.targetSdk, 20)}`,
          facts.abis.length ? `ABIs ${facts.abis.map(abi => quote(abi, 20)).join(' ')}` : undefined,
          facts.debuggable ? 'debuggable' : undefined,
          facts.format === 'apk'
            ? facts.signatures.length
              ? `signed ${facts.signatures.join(', ')}`
              : 'unsigned'
            : undefined
        ]
      : [
          facts.format === 'ipa' ? 'IPA' : 'zipped .app',
          `for ${facts.target === 'simulator' ? 'the simulator' : 'devices'}`,
          facts.minimumOs === undefined ? undefined : `minimum OS ${quote(facts.minimumOs, 20)}`,
          facts.profile ? `${facts.profile.kind} profile` : undefined
        ]
  const shown = [...version, ...details].filter(Boolean).join(', ')
  return `App: ${quote(facts.appId, 120)} (${PLATFORM_NAMES[facts.platform]}), ${shown}.`
}
