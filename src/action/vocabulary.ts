import { spelling, type Vocabulary } from '../core/index.js'

/** The action's words: its inputs by their names in action.yml. */
export const ACTION_VOCABULARY: Vocabulary = {
  frontEnd: 'action',
  name: option => spelling('action', option),
  subject: option => `Input '${spelling('action', option)}'`,
  setting: (option, value) => `${spelling('action', option)}: ${value}`
}
