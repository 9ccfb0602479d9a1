/**
 * What a refusal of the options is: a row that says when it applies, the
 * option it names, the problem and the fix; what every row sees; and the
 * one way the rows of a table are read (in order, the first that applies).
 */
import { InputError } from '../shared/errors.js'
import type { Command, OptionKey, OptionValue } from '../shared/option-table.js'
import type { FrontEnd } from '../shared/version.js'

/** What the deploy does, decided by the command and the options given. */
export type Mode =
  /** Upload the build, then notify. */
  | 'deploy'
  /** Upload the build only. */
  | 'upload'
  /** Notify with an earlier upload. */
  | 'notify'
  /** Notify without a build (web deployments). */
  | 'plain'
  /** Wait for earlier runs' verdicts. */
  | 'wait'
  /** End a preview environment. */
  | 'terminate'
  /** Complete the check runs of deployments reported later whose runs have ended. */
  | 'collect'
  /** Deploy nothing: complete, as skipped, the check runs a deploy would have written. */
  | 'skip'

/** Reads one option: given, else from its environment variable, else its default; undefined when none. */
export type Reader = <K extends OptionKey>(key: K) => OptionValue<K> | undefined

/** What a rule sees: the options, the mode decided, and the request's command, front end and raw values. */
export interface Seen {
  read: Reader
  mode: Mode
  frontEnd: FrontEnd
  command?: Command | undefined
  values: Partial<Record<OptionKey, unknown>>
}

/** One refusal: when it applies, the option it names (a key, or found), the problem and the fix. */
export interface Rule {
  applies(seen: Seen): boolean | OptionKey | undefined
  key?: OptionKey
  problem: string | ((seen: Seen) => string)
  fix: string | ((seen: Seen) => string)
}

export const given = (read: Reader, key: OptionKey): boolean => {
  const value = read(key)
  return value !== undefined && value !== false
}
export const first = (read: Reader, keys: readonly OptionKey[]): OptionKey | undefined =>
  keys.find(key => given(read, key))

/** The first rule of `rules` that applies, thrown as an InputError naming its option. */
export function enforce(rules: readonly Rule[], seen: Seen): void {
  for (const rule of rules) {
    const applies = rule.applies(seen)
    if (!applies) continue
    const key = rule.key ?? (applies as OptionKey)
    const text = (part: Rule['problem']): string => (typeof part === 'string' ? part : part(seen))
    throw new InputError(key, text(rule.problem), text(rule.fix))
  }
}
