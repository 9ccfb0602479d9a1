/**
 * The Bitbucket Pipe (pipe/): its script's flags for each mode, and the
 * table of its variables in docs/bitbucket.md, from the option table. A
 * Pipe's variables are named in upper snake case (`NAME_PREFIX`); the build
 * is `BUILD`, one per line, and the key `API_KEY`, the Pipe's own.
 */
import type { OptionKey } from '../../src/core/index.js'
import { flagLines, upperSnake, withBlock } from './blocks.js'
import { inputOrVariable, inputsOf, offered, type Input, type Unit } from './offer.js'
import { BITBUCKET_WORDS, SKIP_WORDS } from './words.js'

const NOT_HERE = {
  githubRepository: "GitHub's, where a Bitbucket pipeline never reports"
}

/** The Pipe's modes, in the order MODE lists them. */
export const PIPE_UNITS: readonly Unit[] = [
  {
    name: 'deploy',
    command: 'deploy',
    supplies: NOT_HERE,
    passes: ['file'],
    descriptions: BITBUCKET_WORDS
  },
  { name: 'wait', command: 'wait', supplies: NOT_HERE },
  { name: 'collect', command: 'collect', supplies: NOT_HERE },
  { name: 'skip', command: 'skip', supplies: NOT_HERE, descriptions: SKIP_WORDS }
]

/** A Pipe variable's name: the build is BUILD. */
export function pipeVariable(key: OptionKey): string {
  return key === 'file' ? 'BUILD' : upperSnake(key)
}

/** The Pipe's variables, one row each in docs/bitbucket.md. */
export function pipeInputs(unit: Unit): Input[] {
  return inputsOf(unit, pipeVariable, {
    // The Pipe runs the CLI: it offers what the CLI offers.
    frontEnd: 'cli',
    name: inputOrVariable(pipeVariable),
    subject: key => `Variable ${pipeVariable(key)}`,
    setting: (key, value) => `${pipeVariable(key)}: '${value}'`
  })
}

/** pipe.sh with its switches' check and each mode's flags written. */
export function pipeScript(text: string): string {
  const switches = [
    ...new Set(
      PIPE_UNITS.flatMap(unit => pipeInputs(unit))
        .filter(input => input.type === 'boolean')
        .map(input => pipeVariable(input.key))
    )
  ]
  const check = `for name in ${switches.join(' ')}; do switch "$name"; done`
  const modes = PIPE_UNITS.map(unit =>
    [
      `  ${unit.name})`,
      ...flagLines(unit, pipeVariable, undefined, false)
        .split('\n')
        .map(line => `    ${line}`),
      '    ;;'
    ].join('\n')
  )
  const flags = ['case "$mode" in', ...modes, 'esac'].join('\n')
  return withBlock(withBlock(text, 'switches', check), 'flags', flags)
}

/** Every variable of the Pipe over its modes. */
export function pipeOffers(): OptionKey[] {
  return [...new Set(PIPE_UNITS.flatMap(offered))]
}
