/**
 * The generated blocks of a wrapper's files: each between two marker lines
 * (`# mobile-build-deploy: <name> (begin)` and `(end)`), written at the
 * indentation of the first, so that a wrapper's file is written by hand but
 * for what the option table decides. Pure.
 */
import { spelling, type OptionKey } from '../../src/core/index.js'
import { offered, type Input, type Unit } from './offer.js'

const begin = (name: string) => `# mobile-build-deploy: ${name} (begin)`
const end = (name: string) => `# mobile-build-deploy: ${name} (end)`

/** `text` with the block `name` replaced by `body`'s lines (indented as its marker); throws when a marker is missing. */
export function withBlock(text: string, name: string, body: string): string {
  const lines = text.split('\n')
  const from = lines.findIndex(line => line.trim() === begin(name))
  const to = lines.findIndex((line, at) => at > from && line.trim() === end(name))
  if (from === -1 || to === -1) throw new Error(`the marker lines of the ${name} block are missing`)
  const indent = /^\s*/.exec(lines[from]!)![0]
  const own = [begin(name), ...(body === '' ? [] : body.split('\n')), end(name)].map(line =>
    line === '' ? '' : `${indent}${line}`
  )
  return [...lines.slice(0, from), ...own, ...lines.slice(to + 1)].join('\n')
}

/** The CLI's flag of an option, without its dashes. */
export function flagOf(key: OptionKey): string {
  return spelling('cli', key)
}

/** `name-prefix` as `NAME_PREFIX`. */
export function upperSnake(key: OptionKey): string {
  return flagOf(key).replace(/-/g, '_').toUpperCase()
}

/** `name-prefix` as `name_prefix`. */
export function lowerSnake(key: OptionKey): string {
  return flagOf(key).replace(/-/g, '_')
}

/**
 * The shell lines that give the CLI a unit's inputs: each one that is not
 * empty, as one argument joined to its flag (`--flag=value`), so that a value
 * is never split, globbed or run, and one starting with `-` stays a value.
 * They set the positional parameters (POSIX sh has no arrays); `value` says
 * how the wrapper's variable reads as the CLI's value.
 */
export function flagLines(
  unit: Unit,
  variable: (key: OptionKey) => string,
  value: (key: OptionKey, variable: string) => string = (_key, name) => `$${name}`,
  reset = true
): string {
  const lines = offered(unit)
    .filter(key => !unit.passes?.includes(key))
    .map(key => {
      const name = variable(key)
      return `[ -z "\${${name}:-}" ] || set -- "$@" "--${flagOf(key)}=${value(key, name)}"`
    })
  return [
    '# Generated from the option table (npm run docs): each input that is not empty, as --flag=value.',
    ...(reset ? ['set --'] : []),
    ...lines
  ].join('\n')
}

/** Values told apart by the units that have each: one alone, else each with its units. */
function byUnits(values: Map<string, string[]>, none = ''): string {
  const all = [...values]
  return all.length === 1
    ? all[0]![0]
    : all.map(([value, of]) => `${value || none} (${of.join(', ')})`).join('; ')
}

/**
 * One row per input name over a wrapper's units: where it is, its default,
 * what it is (a unit's own words told apart: a skip's app ids name statuses).
 */
export function inputsTable(
  units: { unit: Unit; inputs: Input[] }[],
  code: (value: string) => string = value => `\`${value}\``,
  heading = 'input'
): string {
  interface Row {
    units: string[]
    defaults: Map<string, string[]>
    texts: Map<string, string[]>
  }
  const rows = new Map<string, Row>()
  const add = (values: Map<string, string[]>, value: string, unit: string) =>
    values.set(value, [...(values.get(value) ?? []), unit])
  for (const { unit, inputs } of units)
    for (const input of inputs) {
      const row: Row = rows.get(input.name) ?? { units: [], defaults: new Map(), texts: new Map() }
      row.units.push(unit.name)
      const shown =
        input.default === undefined
          ? 'required'
          : input.default === ''
            ? ''
            : code(String(input.default))
      add(row.defaults, shown, unit.name)
      add(row.texts, input.description, unit.name)
      rows.set(input.name, row)
    }
  const lines = [...rows].map(([name, row]) => {
    const where = row.units.length === units.length ? 'all' : row.units.join(', ')
    return `| \`${name}\` | ${where} | ${byUnits(row.defaults, 'none')} | ${cell(byUnits(row.texts))} |`
  })
  return [`| ${heading} | where | default | what it is |`, '|---|---|---|---|', ...lines].join('\n')
}

/** Text as one cell of a Markdown table. */
export function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
}
