import { OPTIONS, spelling, type OptionKey, type Vocabulary } from '../core/index.js'

/** The CLI's words: its flags, with the variable that stands in for a flag where there is one. */
export const CLI_VOCABULARY: Vocabulary = {
  name: option => {
    if (option === 'terminateEnvironment') return 'the terminate command'
    const env = OPTIONS[option].env
    return env?.frontEnds.includes('cli') ? `${flag(option)} (or ${env.name})` : flag(option)
  },
  subject: option => `Flag ${CLI_VOCABULARY.name(option)}`,
  setting: (option, value) =>
    option === 'terminateEnvironment' ? 'the terminate command' : `${flag(option)}=${value}`
}

function flag(option: OptionKey): string {
  return `--${spelling('cli', option)}`
}
