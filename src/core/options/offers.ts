/** What the option table says per front end and command. */
import type { FrontEnd } from '../shared/version.js'
import { OPTION_KEYS, OPTIONS, type Command, type OptionKey } from '../shared/option-table.js'

/** Whether a front end offers an option. */
export function offers(frontEnd: FrontEnd, key: OptionKey): boolean {
  const spec = OPTIONS[key]
  return spec.frontEnds === undefined || spec.frontEnds.includes(frontEnd)
}

/** The options a command takes in a front end, in table order. The action takes every one it offers. */
export function optionsOf(frontEnd: FrontEnd, command?: Command): OptionKey[] {
  return OPTION_KEYS.filter(
    key =>
      offers(frontEnd, key) && (command === undefined || OPTIONS[key].commands.includes(command))
  )
}

/** The default as a person reads it: the value, the derivation, or nothing. */
export function defaultOf(key: OptionKey): string | undefined {
  const spec = OPTIONS[key]
  if (spec.default !== undefined) return String(spec.default)
  return spec.defaultText
}
