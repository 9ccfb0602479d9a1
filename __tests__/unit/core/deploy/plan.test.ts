import { describe, expect, it } from '@jest/globals'
import { readInputs } from '../../../../src/action/inputs.js'
import { planLines } from '../../../../src/core/deploy/plan.js'
import { resolveOptions } from '../../../../src/core/options/resolve.js'

/** The step's plan lines for the action's inputs, with no Git context found. */
function linesOf(inputs: Record<string, string>): string[] {
  const values: Record<string, string> = {
    'api-key': 'key-12345678',
    'base-url': 'https://service.example.com',
    ...inputs
  }
  return planLines(
    resolveOptions({
      frontEnd: 'action',
      values: readInputs(name => values[name] ?? ''),
      derived: {},
      workingDirectory: '/work'
    })
  )
}

describe('planLines', () => {
  it.each([
    ['a deploy', { file: 'app.apk' }, true],
    ['a notification alone', { mode: 'notify', 'file-location': 'uploads/app.apk' }, true],
    ['a wait for a run', { mode: 'wait', 'run-id': 'run_1' }, false],
    ['an upload alone', { notify: 'false', file: 'app.apk' }, false]
  ])('names the branch and commit only where a notification sends them: %s', (_t, inputs, sent) => {
    const lines = linesOf(inputs)
    expect(lines[0]).toMatch(/^Mode: /)
    expect(lines.some(line => line.startsWith('Branch: '))).toBe(sent)
    expect(lines.join('\n')).toContain(sent ? 'Branch: (none), commit: (none)' : 'Service: ')
  })
})
