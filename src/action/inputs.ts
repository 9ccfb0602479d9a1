import { optionsOf, spelling, type OptionKey } from '../core/index.js'

/** Reads one input's raw value; `core.getInput` in the runner, a map in tests. */
export type InputSource = (name: string) => string

/**
 * Every input the action offers, by option key, as the runner gives it:
 * text, empty when not set. The core reads and checks each by the option
 * table, so an input is refused with the same words as the CLI's flag.
 */
export function readInputs(get: InputSource): Partial<Record<OptionKey, string>> {
  const values: Partial<Record<OptionKey, string>> = {}
  for (const key of optionsOf('action')) {
    const value = get(spelling('action', key))
    if (value !== '') values[key] = value
  }
  return values
}
