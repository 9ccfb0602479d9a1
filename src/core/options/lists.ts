/**
 * The readers of values given as lists: the builds (paths or globs, one per
 * line or a list), the runs to wait for (separated by spaces, commas or
 * lines), and a value for every build or one per platform (`android:…
 * ios:…`). Each item is checked by its own reader; what is refused names the
 * option and the fix.
 */
import { InputError } from '../shared/errors.js'
import { isSafeId } from '../shared/name-rules.js'
import {
  ANDROID_ABIS,
  MAX_STEP_BUILDS,
  type OptionKey,
  type PerPlatform,
  type Platform
} from '../shared/option-table.js'
import { quote } from '../shared/text.js'
import { plainText, textOf } from './structured.js'

/**
 * Paths or globs, one per line of text (an input of the action, a flag of the
 * CLI, which may also be repeated) or a list (the library); blank lines are
 * left out, and none at all is not given. The same path twice is one build
 * given twice: refused.
 */
export function globs(key: OptionKey, raw: unknown): string[] | undefined {
  const entries = Array.isArray(raw) ? raw : [raw]
  const lines = entries.flatMap(entry => textOf(key, entry, false).split(/\r?\n/))
  const values = lines.map(line => plainText(key, line)).filter((v): v is string => v !== undefined)
  const twice = values.find((value, i) => values.indexOf(value) !== i)
  if (twice !== undefined)
    throw new InputError(key, `names ${quote(twice)} twice`, 'Name each build once')
  if (values.length > MAX_STEP_BUILDS)
    throw new InputError(
      key,
      `names ${values.length} builds, more than the ${MAX_STEP_BUILDS} one step deploys`,
      `Deploy them in steps of their own (a matrix job, a step per flavor), at most ${MAX_STEP_BUILDS} each`
    )
  return values.length > 0 ? values : undefined
}

/**
 * One run id or several: separated by spaces, commas or lines (a deploy's
 * `runIds` as it hands them over), or a list (the library, a repeated flag);
 * the same run twice is waited for once.
 */
export function runIds(key: OptionKey, raw: unknown): string[] | undefined {
  const entries = Array.isArray(raw) ? raw : [raw]
  const ids = entries.flatMap(entry => textOf(key, entry, false).split(/[\s,]+/)).filter(Boolean)
  for (const id of ids)
    if (!isSafeId(id))
      throw new InputError(
        key,
        `${quote(id)} is not a run id`,
        'Pass the runId (or runIds) of the deploy that created the runs, unchanged'
      )
  const distinct = [...new Set(ids)]
  if (distinct.length > MAX_STEP_BUILDS)
    throw new InputError(
      key,
      `names ${distinct.length} runs, more than the ${MAX_STEP_BUILDS} one step waits for`,
      'Wait for the runs of one deploy in each step'
    )
  return distinct.length > 0 ? distinct : undefined
}

/**
 * Android ABIs: separated by spaces or commas, or a list (the library); each
 * one NDK builds for, in its own spelling (`arm64-v8a`), the same one twice
 * counted once.
 */
export function abis(key: OptionKey, raw: unknown): string[] | undefined {
  const entries = Array.isArray(raw) ? raw : [raw]
  const named = entries.flatMap(entry => textOf(key, entry, false).split(/[\s,]+/)).filter(Boolean)
  for (const abi of named)
    if (!(ANDROID_ABIS as readonly string[]).includes(abi))
      throw new InputError(
        key,
        `${quote(abi, 40)} is not an Android ABI`,
        `Name ABIs as an APK's lib/ folders do: ${ANDROID_ABIS.slice(0, 4).join(', ')}`
      )
  return named.length > 0 ? [...new Set(named)] : undefined
}

/**
 * A value for every build, or one per platform: `com.example.shop`, or
 * `android:com.example.shop ios:com.example.Shop` (separated by spaces or
 * commas), each checked by `check`. One for all and one per platform
 * together would say two things.
 */
export function perPlatform(
  key: OptionKey,
  value: string | undefined,
  check: (key: OptionKey, value: string) => string | undefined,
  noun: string,
  example: string,
  /** App ids hold no spaces or commas: two of them are two values, always split. */
  split = false
): PerPlatform | undefined {
  if (value === undefined) return undefined
  // A value for every build is checked whole (a path may hold spaces and commas) unless a platform is named.
  if (!split && !/(?:^|[\s,])(?:android|ios):/i.test(value)) return { all: check(key, value) }
  const fix = `Give one value for every build, or one per platform: android:${example} ios:${example.replace(/\.apk$/, '.ipa')}`
  const values: PerPlatform = {}
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const [, named, given] = /^(?:(android|ios):)?(.*)$/i.exec(entry)!
    const slot = (named?.toLowerCase() ?? 'all') as keyof PerPlatform
    if (values[slot] !== undefined)
      throw new InputError(
        key,
        `names ${named ? `two ${PLATFORM_WORDS[slot as Platform]} ${noun}s` : `two ${noun}s`}`,
        fix
      )
    // `ios:` alone would switch the value off for that platform: refused, whatever the value's reader makes of nothing.
    const read = given ? check(key, given) : undefined
    if (read === undefined || read === '')
      throw new InputError(key, `names ${quote(entry)} with nothing after the platform`, fix)
    values[slot] = read
  }
  if (values.all !== undefined && (values.android !== undefined || values.ios !== undefined))
    throw new InputError(
      key,
      `names a value for every build and one for a platform (${quote(value, 60)})`,
      fix
    )
  return values
}

const PLATFORM_WORDS: Record<Platform, string> = { android: 'Android', ios: 'iOS' }
