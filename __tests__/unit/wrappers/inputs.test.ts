/**
 * The wrappers offer what the option table offers them: every unit (a GitLab
 * component, an orb command, a Bitrise mode, a Pipe mode) declares an input
 * for each option its command takes in the CLI (script/wrappers/offer.ts),
 * in the wrapper's spelling, typed and defaulted as the table says, and
 * nothing named after an option it does not offer; every secret reaches it
 * from the CI's variable the CLI reads. Counted here against the files as
 * they stand, so that a file edited by hand, or a table changed without
 * `npm run docs`, fails.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { OPTIONS, optionsOf, type OptionKey } from '../../../src/core/index.js'
import { OPTION_KEYS } from '../../../src/core/shared/option-table.js'
import { BITRISE_UNITS, bitriseInput } from '../../../script/wrappers/bitrise.js'
import { flagOf, lowerSnake } from '../../../script/wrappers/blocks.js'
import { GITLAB_UNITS, gitlabInputs } from '../../../script/wrappers/gitlab.js'
import { isSecret, offered, secretsOf, WITHHELD } from '../../../script/wrappers/offer.js'
import { ORB_UNITS, orbInputs } from '../../../script/wrappers/orb.js'
import { PIPE_UNITS, pipeInputs, pipeVariable } from '../../../script/wrappers/bitbucket-pipe.js'
import { parseComponent } from '../../helpers/gitlab.js'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const read = (relative: string) => readFileSync(join(ROOT, relative), 'utf8')

/**
 * The names of a file's inputs that are an option's in that wrapper's
 * spelling; the orb's and the step's `api_key` are their own (the name of the
 * key's variable; a sensitive input Bitrise fills from a Secret).
 */
function optionNames(names: string[], spell: (key: OptionKey) => string): string[] {
  const all = new Set(OPTION_KEYS.filter(key => key !== 'apiKey').map(spell))
  return names.filter(name => all.has(name)).sort()
}

describe('every wrapper offers what the option table offers it', () => {
  it.each(Object.entries(GITLAB_UNITS))('the GitLab component %s', (file, unit) => {
    const { inputs } = parseComponent(read(file), file)
    const names = optionNames(Object.keys(inputs), flagOf)
    expect(names).toEqual(offered(unit).map(flagOf).sort())
    for (const input of gitlabInputs(unit)) {
      const declared = inputs[input.name]!
      expect([input.name, declared.type ?? 'string', declared.default]).toEqual([
        input.name,
        input.type,
        input.default
      ])
    }
  })

  it.each(Object.entries(ORB_UNITS))('the orb command %s', (file, unit) => {
    const { parameters } = parse(read(file)) as { parameters: Record<string, { type: string }> }
    expect(optionNames(Object.keys(parameters), lowerSnake)).toEqual(
      offered(unit).map(lowerSnake).sort()
    )
    for (const input of orbInputs(unit))
      expect([input.name, parameters[input.name]!.type]).toEqual([
        input.name,
        input.type === 'number' ? 'integer' : input.type
      ])
  })

  it("the Bitrise step, over its modes, and step.sh's flags for each", () => {
    const step = parse(read('bitrise/step.yml')) as { inputs: Record<string, unknown>[] }
    const names = step.inputs.map(entry => Object.keys(entry).find(key => key !== 'opts')!)
    const wanted = [...new Set(BITRISE_UNITS.flatMap(offered))].map(bitriseInput).sort()
    expect(optionNames(names, bitriseInput)).toEqual(wanted)
    const script = read('bitrise/step.sh')
    for (const unit of BITRISE_UNITS)
      for (const key of offered(unit).filter(key => !unit.passes?.includes(key)))
        expect(script).toContain(`"--${flagOf(key)}=$${bitriseInput(key)}"`)
  })

  it("the Pipe: each mode's flags in pipe.sh", () => {
    const script = read('pipe/pipe.sh')
    for (const unit of PIPE_UNITS)
      for (const key of offered(unit).filter(key => !unit.passes?.includes(key)))
        expect(script).toContain(`"--${flagOf(key)}=$${pipeVariable(key)}"`)
  })

  it('skip, Slack, the attestation and the result webhook reach every wrapper', () => {
    const units = [
      ...Object.values(GITLAB_UNITS),
      ...Object.values(ORB_UNITS),
      ...BITRISE_UNITS,
      ...PIPE_UNITS
    ]
    const wrappers = [GITLAB_UNITS, ORB_UNITS, BITRISE_UNITS, PIPE_UNITS].map(set =>
      Object.values(set)
    )
    for (const set of wrappers) expect(set.map(unit => unit.command)).toContain('skip')
    const attested = units.filter(unit => offered(unit).includes('testAttestation'))
    expect(attested.map(unit => unit.command)).toEqual(expect.arrayContaining(['deploy', 'wait']))
    for (const unit of units) {
      const secrets = secretsOf(unit).map(secret => secret.variable)
      expect(secrets).toEqual(expect.arrayContaining(['RESULT_WEBHOOK_URL']))
      if (optionsOf('cli', unit.command).includes('slackWebhook'))
        expect(secrets).toContain('SLACK_WEBHOOK_URL')
    }
  })

  it('no description names a secret as an input: each is named by the variable the CLI reads', () => {
    const secrets = OPTION_KEYS.filter(isSecret)
    const described: [string, (key: OptionKey) => string, string[]][] = [
      [
        'GitLab',
        flagOf,
        Object.values(GITLAB_UNITS).flatMap(u => gitlabInputs(u).map(i => i.description))
      ],
      [
        'orb',
        lowerSnake,
        Object.values(ORB_UNITS).flatMap(u => orbInputs(u).map(i => i.description))
      ],
      ['Pipe', pipeVariable, PIPE_UNITS.flatMap(u => pipeInputs(u).map(i => i.description))]
    ]
    for (const [wrapper, spell, descriptions] of described)
      for (const key of secrets.filter(key => spell(key) !== OPTIONS[key].env?.name))
        for (const text of descriptions)
          expect([wrapper, key, text.includes(spell(key))]).toEqual([wrapper, key, false])
    expect(described[2]![2].join(' ')).toContain('BITBUCKET_ACCESS_TOKEN')
  })

  it('no wrapper takes a secret as an input, and what none offers says why', () => {
    const secrets = OPTION_KEYS.filter(isSecret)
    expect(secrets).toEqual(expect.arrayContaining(['apiKey', 'slackWebhook', 'resultWebhook']))
    const units = [...Object.values(GITLAB_UNITS), ...Object.values(ORB_UNITS), ...BITRISE_UNITS]
    for (const unit of units) for (const key of secrets) expect(offered(unit)).not.toContain(key)
    for (const reason of Object.values(WITHHELD)) expect(reason).toMatch(/\w{3,}/)
  })
})
