/**
 * What the library refuses before the orchestrator sees a call: an options
 * value that is no object, an option the function does not take (another
 * function's, or a misspelling of its own), a `git` field that is none;
 * each as the same result a refused option gives, never a rejection.
 */
import {
  nearest,
  optionsOf,
  sanitize,
  spelling,
  type Command,
  type DeployResult
} from '../core/index.js'
import { CALLBACK_OPTIONS } from './types.js'

/** Each command's function, by the name a caller knows it by. */
export const FUNCTIONS: Record<Command, string> = {
  deploy: 'deployBuild',
  upload: 'uploadBuild',
  notify: 'notifyDeployment',
  wait: 'waitForVerdict',
  terminate: 'terminateEnvironment',
  collect: 'collectVerdicts',
  skip: 'skipDeployments'
}

/** Bad usage found before the orchestrator: the same result a refused option gives. */
export function refused(reason: string): DeployResult {
  // A sentence that ends in a question keeps its own mark.
  const sentence = /[.?]$/.test(reason) ? reason : `${reason}.`
  return { outcome: 'aborted', conclusion: 'failure', cause: 'usage', reason: sanitize(sentence) }
}

/** An option the function does not take: another function's, or a misspelling of one of its own. */
export function strayKey(command: Command, options: Record<string, unknown>): string | undefined {
  const own = new Set([
    ...optionsOf('library', command)
      .map(key => spelling('library', key))
      .filter(name => !name.startsWith('git.')),
    ...CALLBACK_OPTIONS[command]
  ])
  const name = FUNCTIONS[command]
  for (const key of Object.keys(options)) {
    if (own.has(key) || options[key] === undefined) continue
    const elsewhere = (Object.keys(FUNCTIONS) as Command[]).find(other =>
      optionsOf('library', other).some(option => spelling('library', option) === key)
    )
    if (elsewhere)
      return `Option '${key}' is not an option of ${name} (it is one of ${FUNCTIONS[elsewhere]}). Leave it out`
    const near = nearest(key, [...own])
    return `Option ${JSON.stringify(key).slice(0, 60)} is not an option of ${name}.${near ? ` Did you mean '${near}'?` : ' Check its spelling in the typed options'}`
  }
  const git = options.git
  if (isObject(git) && own.has('git')) {
    const fields = optionsOf('library', command)
      .map(key => spelling('library', key))
      .filter(spelt => spelt.startsWith('git.'))
      .map(spelt => spelt.slice(4))
    const stray = Object.keys(git).find(key => !fields.includes(key) && git[key] !== undefined)
    if (stray) {
      const near = nearest(stray, fields)
      return `Option 'git.${stray.slice(0, 60)}' is not a field of git.${near ? ` Did you mean 'git.${near}'?` : ` It takes ${fields.join(', ')}`}`
    }
  }
  return undefined
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`
}
