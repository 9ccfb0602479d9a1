import { spelling, type Vocabulary } from '../core/index.js'

/** The library's words: its options by their own names (the Git fields under `git.`). */
export const LIBRARY_VOCABULARY: Vocabulary = {
  name: option => spelling('library', option),
  subject: option => `Option '${spelling('library', option)}'`,
  setting: (option, value) => `${spelling('library', option)}: ${value}`
}
