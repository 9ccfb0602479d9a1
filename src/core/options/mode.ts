/**
 * Which mode the options ask for, and the options that only make sense
 * together or apart: the mode is decided by a few lines, and every refusal
 * is one row of a table (options/mode-rules.ts, options/combination-rules.ts),
 * read in order; the first row that applies names its option, the problem
 * and the fix.
 */
import type { Command, OptionKey } from '../shared/option-table.js'
import type { FrontEnd } from '../shared/version.js'
import { COMBINATION_RULES } from './combination-rules.js'
import { MODE_RULES } from './mode-rules.js'
import { enforce, type Mode, type Reader } from './rule.js'

export type { Mode, Reader } from './rule.js'

/** What the request asks for, before any rule: the command, else the options that choose a mode. */
function decide(read: Reader, command: Command | undefined): Mode {
  if (command === 'skip' || read('skip') === true) return 'skip'
  if (command === 'terminate' || read('terminateEnvironment') === true) return 'terminate'
  if (command === 'collect' || read('collect') === true) return 'collect'
  if (command === 'wait' || read('runId')) return 'wait'
  const notify = command === 'upload' ? false : (read('notify') ?? true)
  if (read('file')) return notify ? 'deploy' : 'upload'
  return read('runInputPath') ? 'notify' : 'plain'
}

/** What the deploy does, from the command and which options are given; refused when they cannot go together. */
export function modeOf(
  read: Reader,
  request: {
    frontEnd: FrontEnd
    command?: Command | undefined
    values: Partial<Record<OptionKey, unknown>>
  }
): Mode {
  const mode = decide(read, request.command)
  enforce(MODE_RULES, { read, mode, ...request })
  return mode
}

/** The options that only make sense together, or apart, in the mode decided. */
export function checkCombinations(
  read: Reader,
  mode: Mode,
  request: { frontEnd: FrontEnd; values: Partial<Record<OptionKey, unknown>> }
): void {
  enforce(COMBINATION_RULES, { read, mode, ...request })
}
