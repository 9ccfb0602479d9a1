/**
 * The deploy notification's body, made from the option table: every option
 * that names a field of the notification reaches the body under that field,
 * from its value or (a Git fact) from the Git context, with nothing listed
 * again here; what has no value is left out.
 */
import { describe, expect, it } from '@jest/globals'
import { buildDeployBody } from '../../../../../src/core/service/v0/body.js'
import {
  OPTION_KEYS,
  OPTIONS,
  type Kind,
  type OptionKey
} from '../../../../../src/core/shared/option-table.js'

/** A value of each kind an option may have, as settings hold it once read. */
const SAMPLES: Partial<Record<Kind, unknown>> = {
  text: 'a value',
  sha: 'a'.repeat(40),
  url: 'https://example.com/x',
  integer: 42,
  boolean: true,
  variables: { LOCALE: 'en-GB' },
  repository: { owner: 'octo', name: 'app' }
}

const notified = OPTION_KEYS.filter(key => OPTIONS[key].wire)

describe('the deploy notification body', () => {
  it('names each field once, in snake_case as the service reads it', () => {
    const wires = notified.map(key => OPTIONS[key].wire!)
    expect(wires.length).toBeGreaterThan(10)
    expect(new Set(wires).size).toBe(wires.length)
    for (const wire of wires) expect(wire).toMatch(/^[a-z]+(_[a-z]+)*$/)
  })

  it.each(notified)('sends %s under its field, from where the option lives', key => {
    const spec = OPTIONS[key]
    const value = SAMPLES[spec.kind]
    expect([key, value]).not.toEqual([key, undefined])
    const body = spec.git
      ? buildDeployBody({ values: {}, git: { [key]: value } })
      : buildDeployBody({ values: { [key]: value }, git: {} })
    expect(body).toEqual({ [spec.wire!]: value })
  })

  it('leaves out what has no value, a false boolean and empty variables; sets the build in its run variable', () => {
    const values: Partial<Record<OptionKey, unknown>> = {
      deploymentType: '',
      ephemeralEnvironment: false,
      variables: {},
      deduplicationKey: undefined
    }
    expect(buildDeployBody({ values, git: {} })).toEqual({})
    expect(
      buildDeployBody({
        values: { variables: { A: '1' } },
        git: { branch: 'main' },
        build: { variable: 'APP_PATH', path: 'myapp-staging.apk' }
      })
    ).toEqual({ branch: 'main', variables: { A: '1', APP_PATH: 'myapp-staging.apk' } })
  })
})
