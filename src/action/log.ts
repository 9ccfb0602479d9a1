import * as core from '@actions/core'
import { sanitize, sanitizeLine, MIN_SECRET_LENGTH, type Log } from '../core/index.js'

/**
 * The step's log. Every line goes through the one formatter (sanitize) on its way out
 * (the core's lines already have; the action's own are made so here), so no
 * value from outside in it can begin a workflow command; annotations are
 * escaped by @actions/core as well.
 */
export const runnerLog: Log & { error(message: string, title: string): void } = {
  info(message) {
    core.info(sanitizeLine(message))
  },
  debug(message) {
    core.debug(sanitize(message))
  },
  notice(message, title) {
    core.notice(sanitize(message), title ? { title } : {})
  },
  warning(message, title) {
    core.warning(sanitize(message), title ? { title } : {})
  },
  error(message, title) {
    core.error(sanitize(message), { title })
  },
  /** Hides a secret from every later line of the runner's log; a value too short to be one is not masked. */
  mask(secret) {
    if (secret.length >= MIN_SECRET_LENGTH) core.setSecret(secret)
  },
  group(name, work) {
    return core.group(sanitize(name), work)
  }
}
