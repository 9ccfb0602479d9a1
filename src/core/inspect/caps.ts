/**
 * What a build says, cut to lengths a person reads before it leaves the
 * reader: a version is not a novel, and every value here reaches outputs,
 * the job summary, the check run, the comment and JUnit, each with limits
 * of its own (GitHub's 1 MiB summary, 1 MiB of outputs per job). A value cut
 * ends in `…` and the build gets a warning naming it; the app id is checked
 * where it is read (a valid one is at most 255 characters).
 */
import { quote, shorten } from '../shared/text.js'
import type { BuildFacts, BuildWarning } from './facts.js'

/** The longest version or build number kept whole. */
export const MAX_VERSION_LENGTH = 100
/** The longest short value (an SDK level, a team id, a profile's name) kept whole. */
const MAX_SHORT_LENGTH = 64

/** The facts with each value from the build at most its length, and a warning per value cut. */
export function cappedFacts(facts: BuildFacts, name: string): BuildFacts {
  if (!facts.platform) return facts
  const warnings: BuildWarning[] = []
  const cap = (what: string, value: string | undefined, max: number): string | undefined => {
    if (value === undefined || value.length <= max) return value
    warnings.push({
      code: 'long-value',
      message: `The ${what} of ${quote(name)} is ${value.length} characters long; only its first ${max} are shown and handed on.`
    })
    return shorten(value, max)
  }
  const common = {
    appVersion: cap('version', facts.appVersion, MAX_VERSION_LENGTH),
    buildNumber: cap('build number', facts.buildNumber, MAX_VERSION_LENGTH)
  }
  if (facts.platform === 'android')
    return {
      ...facts,
      ...common,
      minSdk: cap('minimum SDK', facts.minSdk, MAX_SHORT_LENGTH),
      targetSdk: cap('target SDK', facts.targetSdk, MAX_SHORT_LENGTH),
      warnings: [...facts.warnings, ...warnings]
    }
  const profile = facts.profile && {
    ...facts.profile,
    name: cap('provisioning profile’s name', facts.profile.name, MAX_SHORT_LENGTH),
    teamId: cap('team id', facts.profile.teamId, MAX_SHORT_LENGTH)
  }
  return {
    ...facts,
    ...common,
    minimumOs: cap('minimum OS', facts.minimumOs, MAX_SHORT_LENGTH),
    sdk: cap('SDK', facts.sdk, MAX_SHORT_LENGTH),
    profile,
    warnings: [...facts.warnings, ...warnings]
  }
}
