/**
 * Hostile input through the CLI's flags and the library's options that the
 * action does not take (the action's inputs: hostile-input.test.ts): each
 * option's case comes from its kind in the option table alone, so an option
 * of the CLI or the library alone gets one. Every case is refused before
 * any request, naming the option as that front end spells it and the fix,
 * and nothing from the value reaches the start of a line.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { OPTIONS, optionsOf, spelling, type OptionKey } from '../../src/core/index.js'
import type { Command } from '../../src/core/shared/option-spec.js'
import { cliEnv, LIBRARY_FUNCTIONS, runCli } from '../helpers/front-ends.js'
import { DEMO_API_KEY, freshWorkspace } from '../helpers/harness.js'
import { BY_KIND } from '../helpers/hostile-values.js'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const LIBRARY: Record<Command, (options: never) => Promise<unknown>> = LIBRARY_FUNCTIONS

/** The options a front end offers that the action does not, each with a command that takes it and its hostile value. */
function casesOf(front: 'cli' | 'library'): [string, OptionKey, Command, string, string][] {
  const action = new Set(optionsOf('action'))
  return optionsOf(front)
    .filter(key => !action.has(key) && BY_KIND[OPTIONS[key].kind])
    .map(key => {
      const command = OPTIONS[key].commands.find(c => optionsOf(front, c).includes(key))!
      const { value, fix } = BY_KIND[OPTIONS[key].kind]!
      return [
        `${spelling(front, key)} (${OPTIONS[key].kind}, ${command})`,
        key,
        command,
        value,
        fix
      ]
    })
}

/** Whether a text has a line that starts as a workflow command or another program's line would. */
const injected = (text: string): boolean => /^::/m.test(text)

describe('hostile values of the options the action does not take', () => {
  it('the CLI and the library each have such options, every one with a case', () => {
    expect(casesOf('cli').map(([, key]) => key)).toEqual(
      expect.arrayContaining(['bitbucketToken', 'bitbucketApiUrl', 'gitlabToken', 'summaryFile'])
    )
    expect(casesOf('library').length).toBeGreaterThan(0)
  })

  it.each(casesOf('cli'))('the CLI: --%s', async (_title, key, command, value, fix) => {
    const flag = `--${spelling('cli', key)}`
    const result = await runCli([command, `${flag}=${value}`], {
      env: cliEnv(emulator),
      cwd: workspace
    })
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain(flag)
    expect(result.stderr).toContain(fix)
    expect(injected(result.stdout + result.stderr)).toBe(false)
    expect(emulator.requests).toHaveLength(0)
  })

  it.each(casesOf('library'))('the library: %s', async (_title, key, command, value, fix) => {
    // A Git fact is a field of the library's `git` object (`git.mergeRequestNumber`).
    const [first, field] = spelling('library', key).split('.') as [string, string | undefined]
    const result = (await LIBRARY[command]({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      [first]: field ? { [field]: value } : value
    } as never)) as { cause?: string; reason?: string }
    expect(result.cause).toBe('usage')
    expect(result.reason).toContain(`'${spelling('library', key)}'`)
    expect(result.reason).toContain(fix)
    expect(injected(result.reason ?? '')).toBe(false)
    expect(emulator.requests).toHaveLength(0)
  })
})
