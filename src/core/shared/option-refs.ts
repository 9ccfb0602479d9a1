/**
 * The options by their library names, and how the core's sentences refer to
 * them. A sentence never spells an option the way one front end does
 * ("Input 'file'", "--file", "Option 'file'"): it holds a reference, and the
 * front end's vocabulary renders it (options/vocabulary.ts) on the way out.
 */
import { OPTION_KEYS, type OptionKey } from './option-table.js'

export type { OptionKey }

const KNOWN: ReadonlySet<string> = new Set(OPTION_KEYS)

export function isOptionKey(value: string): value is OptionKey {
  return KNOWN.has(value)
}

/** The option as a person types it: rendered `file`, `--file` or `file`. */
export function ref(key: OptionKey): string {
  return `{{${key}}}`
}

/** The option as the subject of a sentence: rendered `Input 'file'`, `Flag --file` or `Option 'file'`. */
export function subject(key: OptionKey): string {
  return `{{${key}!}}`
}

/** How to set the option to a value: rendered `notify: false`, `--notify=false` or `notify: false`. */
export function setting(key: OptionKey, value: string): string {
  return `{{${key}=${value}}}`
}

/**
 * A clause that names the option, kept only where the front end offers it: rendered `words` and the
 * option's name (`, or the deploy's check-name`), or nothing where the front end has no such option.
 */
export function whereOffered(key: OptionKey, words: string): string {
  return `{{${key}?${words}}}`
}

/** A reference in a text: the key, and `!` (subject), `=value` (setting) or `?words` (a clause where offered). */
export const REFERENCE = /\{\{([A-Za-z]+)(?:(!)|=([^{}\n]{0,200})|\?([^{}\n]{0,200}))?\}\}/g
