/**
 * The wrappers' inputs are the option table's: every GitLab component input,
 * orb parameter and Bitrise step input named after an option (in the
 * wrapper's own spelling) has the option's type, default and choices, so a
 * change of the table fails here until each wrapper follows. Inputs of the
 * wrapper's own (a job's name, an image, the CLI's tarball) are not options.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { OPTIONS, type OptionKey } from '../../../src/core/index.js'
import { kebab } from '../../../src/core/options/vocabulary.js'
import { IOS_TARGETS, OPTION_KEYS, PLATFORMS } from '../../../src/core/shared/option-table.js'
import { inputDefault, inputKey, stepYml } from '../../../emulator/bitrise-step.js'
import { parseComponent } from '../../helpers/gitlab.js'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** The option a wrapper's input name stands for, in kebab-case or snake_case. */
function optionNamed(name: string): OptionKey | undefined {
  return OPTION_KEYS.find(key => kebab(key) === name.replace(/_/g, '-'))
}

/** What an option looks like as a wrapper's input: its type and default, as text or as its own value. */
function expected(key: OptionKey) {
  const spec = OPTIONS[key]
  const kind =
    spec.kind === 'boolean'
      ? 'boolean'
      : spec.kind === 'integer' || spec.kind === 'number'
        ? 'number'
        : 'string'
  return {
    kind,
    default: spec.default,
    choices:
      spec.kind === 'platform'
        ? ['', ...PLATFORMS]
        : spec.kind === 'target'
          ? ['', ...IOS_TARGETS]
          : undefined
  }
}

/**
 * A wrapper's default that is not the option's: a value the pipeline hands
 * on (`$runId`), an input it requires (no default), or a choice of the
 * wrapper's own, each with its reason.
 */
const OWN_DEFAULTS: Record<string, Record<string, string>> = {
  'preview.yml': {
    wait: 'a preview job gates its merge request on the verdict'
  }
}

function ownDefault(file: string, name: string, value: unknown): boolean {
  return (
    value === undefined ||
    (typeof value === 'string' && value.startsWith('$')) ||
    OWN_DEFAULTS[file]?.[name] !== undefined
  )
}

// The key is never a wrapper's value: the wrappers read it from a secret variable they name.
const WRAPPED = (key: OptionKey | undefined): key is OptionKey =>
  key !== undefined && OPTIONS[key].kind !== 'secret'

describe("the GitLab components' inputs", () => {
  const files = readdirSync(join(ROOT, 'templates')).filter(f => f.endsWith('.yml'))
  const rows = files.flatMap(file => {
    const { inputs } = parseComponent(readFileSync(join(ROOT, 'templates', file), 'utf8'), file)
    return Object.entries(inputs).map(([name, spec]) => [file, name, spec ?? {}] as const)
  })

  it.each(rows.filter(([, name]) => WRAPPED(optionNamed(name))))('%s: %s', (file, name, spec) => {
    const want = expected(optionNamed(name)!)
    expect(spec.type ?? 'string').toBe(want.kind)
    if (!ownDefault(file, name, spec.default)) expect(spec.default).toEqual(want.default ?? '')
    if (want.choices) expect(spec.options).toEqual(want.choices)
  })
})

describe("the orb's parameters", () => {
  const dir = join(ROOT, 'orb', 'src', 'commands')
  const rows = readdirSync(dir).flatMap(file => {
    const command = parse(readFileSync(join(dir, file), 'utf8')) as {
      parameters?: Record<string, { type: string; default?: unknown; enum?: string[] }>
    }
    return Object.entries(command.parameters ?? {}).map(
      ([name, spec]) => [file, name, spec] as const
    )
  })

  it.each(rows.filter(([, name]) => WRAPPED(optionNamed(name))))('%s: %s', (file, name, spec) => {
    const want = expected(optionNamed(name)!)
    expect(spec.type === 'integer' ? 'number' : spec.type).toBe(want.kind)
    if (!ownDefault(file, name, spec.default)) expect(spec.default).toEqual(want.default ?? '')
  })
})

describe("the Bitrise step's inputs", () => {
  it('are of the options they are named after, in their defaults and choices', async () => {
    const step = await stepYml()
    const problems: string[] = []
    for (const item of step.inputs ?? []) {
      const name = inputKey(item)
      const key = optionNamed(name)
      // An input whose default reads a Bitrise variable ($BITRISE_GIT_BRANCH) is the CI's value, not the option's default.
      if (!WRAPPED(key) || inputDefault(item).startsWith('$')) continue
      const want = expected(key)
      if (inputDefault(item) !== String(want.default ?? ''))
        problems.push(`${name}: default ${inputDefault(item)}, not ${String(want.default ?? '')}`)
      const choices = (item.opts as { value_options?: string[] } | undefined)?.value_options
      if (want.kind === 'boolean' && JSON.stringify(choices) !== JSON.stringify(['true', 'false']))
        problems.push(`${name}: value_options ${JSON.stringify(choices)}, not true and false`)
    }
    expect(problems).toEqual([])
  })
})
