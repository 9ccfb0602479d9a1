import { isOptionKey, REFERENCE, type OptionKey } from '../shared/option-refs.js'
import type { FrontEnd } from '../shared/version.js'
import { OPTIONS } from '../shared/option-table.js'
import { offers } from './offers.js'

/**
 * How a front end names its options. Each front end supplies its own; the
 * core's sentences hold references (`{{file}}`, `{{file!}}`,
 * `{{notify=false}}`), and `render` puts the front end's words in their place.
 */
export interface Vocabulary {
  /** The front end whose words these are: a clause about an option it does not offer is left out. */
  frontEnd: FrontEnd
  /** The option as a person types it: `api-key`, `--api-key`, `apiKey`. */
  name(option: OptionKey): string
  /** The option as the subject of a problem: `Input 'file'`, `Flag --file`, `Option 'file'`. */
  subject(option: OptionKey): string
  /** How to set the option to a value: `fail-on-no-run: false`, `--fail-on-no-run=false`, `failOnNoRun: false`. */
  setting(option: OptionKey, value: string): string
}

/** `deploymentType` as `deployment-type`. */
export function kebab(option: string): string {
  return option.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)
}

/** An option's own spelling in a front end, from the table: kebab-case for the action and the CLI, camelCase for the library. */
export function spelling(frontEnd: FrontEnd, option: OptionKey): string {
  return OPTIONS[option].names?.[frontEnd] ?? (frontEnd === 'library' ? option : kebab(option))
}

/** Replaces every reference to an option in `text` with the vocabulary's words; anything else is left as it is. */
export function render(text: string, vocabulary: Vocabulary): string {
  return text.replace(
    REFERENCE,
    (whole, key: string, asSubject?: string, value?: string, clause?: string) => {
      if (!isOptionKey(key)) return whole
      if (clause !== undefined)
        return offers(vocabulary.frontEnd, key) ? `${clause}${vocabulary.name(key)}` : ''
      if (asSubject) return vocabulary.subject(key)
      if (value !== undefined) return vocabulary.setting(key, value)
      return vocabulary.name(key)
    }
  )
}
