import { OPTIONS, spelling, type OptionKey, type Vocabulary } from '../core/index.js'

/** The action's inputs that choose a mode are the CLI's commands. */
const COMMAND_WORDS: Partial<Record<OptionKey, string>> = {
  terminateEnvironment: 'the terminate command',
  collect: 'the collect command',
  skip: 'the skip command'
}

/** The CLI's words: its flags, with the variable that stands in for a flag where there is one. */
export const CLI_VOCABULARY: Vocabulary = {
  frontEnd: 'cli',
  name: option => {
    const command = COMMAND_WORDS[option]
    if (command) return command
    const env = OPTIONS[option].env
    return env?.frontEnds.includes('cli') ? `${flag(option)} (or ${env.name})` : flag(option)
  },
  subject: option => `Flag ${CLI_VOCABULARY.name(option)}`,
  setting: (option, value) => COMMAND_WORDS[option] ?? `${flag(option)}=${value}`
}

function flag(option: OptionKey): string {
  return `--${spelling('cli', option)}`
}
