import { spelling, type OptionKey, type Vocabulary } from '../core/index.js'

/** The action's inputs that choose a mode are the library's functions. */
const FUNCTION_WORDS: Partial<Record<OptionKey, string>> = {
  terminateEnvironment: 'terminateEnvironment',
  collect: 'collectVerdicts',
  skip: 'skipDeployments'
}

/** The library's words: its options by their own names (the Git fields under `git.`). */
export const LIBRARY_VOCABULARY: Vocabulary = {
  frontEnd: 'library',
  name: option => FUNCTION_WORDS[option] ?? spelling('library', option),
  subject: option => `Option '${spelling('library', option)}'`,
  setting: (option, value) => FUNCTION_WORDS[option] ?? `${spelling('library', option)}: ${value}`
}
