/**
 * What a wrapper offers, from the option table: a wrapper's unit (a GitLab
 * component, an orb command, a step's or a Pipe's mode) runs one command of
 * the CLI and offers every option the CLI takes for that command, as an input
 * in the wrapper's spelling, except what it must not or need not take: a
 * secret (read by the CLI from the CI's secret variable the table names, so
 * that no key is ever written in a pipeline's file), what no wrapper's CI has
 * a place for (WITHHELD) and what the unit gives the CLI itself (its
 * `supplies`, each with its reason). Pure: the wrappers' files are written
 * from it by wrappers/index.ts.
 */
import {
  OPTIONS,
  optionsOf,
  render,
  type Command,
  type OptionKey,
  type Vocabulary
} from '../../src/core/index.js'
import { IOS_TARGETS, PLATFORMS } from '../../src/core/shared/option-table.js'

/** What no wrapper offers, and why. */
export const WITHHELD: Partial<Record<OptionKey, string>> = {
  summaryFile: "a job summary is GitHub's page; the wrappers' CIs show the JUnit report instead"
}

/** One unit of a wrapper: the command it runs and where its own choices differ from the table's. */
export interface Unit {
  /** How the wrapper's users name it: the component, the command, the mode. */
  name: string
  command: Command
  /** Options the unit gives the CLI itself, or that have no use in it, with why; they are not inputs. */
  supplies?: Partial<Record<OptionKey, string>>
  /** Inputs the unit's own script passes (a loop over the ids an earlier job handed over), not its flags block. */
  passes?: readonly OptionKey[]
  /** Defaults that are not the option's: what an earlier job handed over, a choice of the unit's own. */
  defaults?: Partial<Record<OptionKey, string | number | boolean>>
  /** Options the unit requires an input for. */
  required?: readonly OptionKey[]
  /** The unit's own words for an option, where the table's are another front end's or another command's. */
  descriptions?: Partial<Record<OptionKey, string>>
}

/** An option as a wrapper's input. */
export interface Input {
  key: OptionKey
  /** The input's name in the wrapper's spelling. */
  name: string
  type: 'string' | 'boolean' | 'number'
  /** Its default; undefined when the input is required. */
  default: string | number | boolean | undefined
  /** The values it takes, where the table names them (the empty one first: not given). */
  choices?: readonly string[]
  description: string
}

/** Whether an option's value is a secret: never an input, read from the CI's variable. */
export function isSecret(key: OptionKey): boolean {
  return OPTIONS[key].kind === 'secret' || OPTIONS[key].kind === 'secretUrl'
}

/** The options a unit offers as inputs, in the table's order. */
export function offered(unit: Unit): OptionKey[] {
  return optionsOf('cli', unit.command).filter(
    key => !isSecret(key) && WITHHELD[key] === undefined && unit.supplies?.[key] === undefined
  )
}

/**
 * The secrets a unit's command reads, each from the variable the CLI reads
 * it from; throws for a secret the CLI would have no variable for, which no
 * wrapper could then pass without writing it in a file.
 */
export function secretsOf(unit: Unit): { key: OptionKey; variable: string }[] {
  return optionsOf('cli', unit.command)
    .filter(isSecret)
    .map(key => {
      const env = OPTIONS[key].env
      if (!env?.frontEnds.includes('cli'))
        throw new Error(
          `the secret option ${key} has no environment variable the CLI reads: give it one in the option table, so that a wrapper can pass it from the CI's secrets.`
        )
      return { key, variable: env.name }
    })
}

/**
 * A boolean or a number is typed where it has a default; without one, or
 * when the CLI reads it from a variable too, an empty text says "not given".
 */
function typeOf(key: OptionKey): Input['type'] {
  const { kind, default: fixed, env } = OPTIONS[key]
  if (env) return 'string'
  if (kind === 'boolean' && typeof fixed === 'boolean') return 'boolean'
  if ((kind === 'integer' || kind === 'number') && typeof fixed === 'number') return 'number'
  return 'string'
}

function choicesOf(key: OptionKey): readonly string[] | undefined {
  const kind = OPTIONS[key].kind
  if (kind === 'platform') return ['', ...PLATFORMS]
  if (kind === 'target') return ['', ...IOS_TARGETS]
  return undefined
}

/** A unit's inputs, named and described in a wrapper's words. */
export function inputsOf(
  unit: Unit,
  spell: (key: OptionKey) => string,
  vocabulary: Vocabulary
): Input[] {
  return offered(unit).map(key => {
    const spec = OPTIONS[key]
    const type = typeOf(key)
    const own = unit.defaults?.[key]
    const required = unit.required?.includes(key) === true
    const fallback = spec.default === undefined || spec.env ? '' : spec.default
    const choices = choicesOf(key)
    return {
      key,
      name: spell(key),
      type,
      default: required ? undefined : (own ?? (type === 'string' ? String(fallback) : fallback)),
      ...(choices ? { choices } : {}),
      description: render(unit.descriptions?.[key] ?? spec.description, vocabulary)
    }
  })
}

/** A secret by the CI variable the CLI reads it from, any other option by the wrapper's spelling of its input. */
export function inputOrVariable(spell: (key: OptionKey) => string): (key: OptionKey) => string {
  return key => (isSecret(key) ? (OPTIONS[key].env?.name ?? spell(key)) : spell(key))
}

/** The words of a wrapper whose inputs are YAML keys: `name: value` sets one. */
export function yamlVocabulary(spell: (key: OptionKey) => string): Vocabulary {
  return {
    // A wrapper runs the CLI: it offers what the CLI offers.
    frontEnd: 'cli',
    name: inputOrVariable(spell),
    subject: key => `Input ${spell(key)}`,
    setting: (key, value) => `${spell(key)}: ${value}`
  }
}
