import { describe, expect, it } from '@jest/globals'
import { CLI_VOCABULARY } from '../../../../src/cli/vocabulary.js'
import { OutputFilter } from '../../../../src/core/deploy/output-filter.js'
import { ECHOED_SPELLINGS, readableRun } from '../../../helpers/secrets.js'

const KEY = 'sk_live_9fQ2xLm7Tz4RwB8vNc3H'

/** An OutputFilter for the CLI, with what its log was told. */
function cliGate() {
  const lines: string[] = []
  const masked: string[] = []
  const gate = new OutputFilter(
    CLI_VOCABULARY,
    {
      info: (message: string) => lines.push(message),
      warning: (message: string) => lines.push(message),
      mask: (secret: string) => masked.push(secret)
    },
    []
  )
  return { gate, lines, masked }
}

describe('the way out of the core', () => {
  it.each(ECHOED_SPELLINGS)(
    'redacts the key %s from every line and every value, and keeps each on one line',
    (_form, spell) => {
      const { gate, lines } = cliGate()
      gate.secrets.add(KEY)
      const said = `The service answered 401: token ${spell(KEY)}\ninvalid.`
      gate.log.info(said)
      gate.log.warning(said, `Title ${spell(KEY)}`)
      for (const text of [...lines, gate.text(said), gate.value(said)]) {
        expect(readableRun(text, KEY)).toBeUndefined()
      }
      for (const line of [...lines, gate.text(said)]) expect(line).not.toMatch(/[\n\r\u200b\u00ad]/)
    }
  )

  it("shows invisible characters as escapes in every line, and renders options in the front end's words", () => {
    const { gate, lines } = cliGate()
    gate.log.info('Bug "pay\u200bpal\u{e0041}" on {{file}}')
    expect(lines).toEqual(['Bug "pay\\u200bpal\\u{e0041}" on --file'])
  })

  it('knows a key from its environment variable before any option is read', () => {
    const { gate, masked } = cliGate()
    gate.addSecretOptions(
      { file: 'app.apk', githubToken: 'ghs_0123456789abcdef' },
      {
        SERVICE_API_KEY: KEY,
        HOME: '/home/ci'
      }
    )
    expect(gate.text(`Flag --base-url "${KEY}" is not an http(s) URL.`)).toBe(
      'Flag --base-url "***" is not an http(s) URL.'
    )
    expect(gate.text('token ghs_0123456789abcdef')).toBe('token ***')
    expect(gate.text('HOME is /home/ci, the file app.apk')).toBe(
      'HOME is /home/ci, the file app.apk'
    )
    expect(masked).toEqual([KEY, 'ghs_0123456789abcdef'])
  })
})
