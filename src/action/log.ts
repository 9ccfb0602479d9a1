import * as core from '@actions/core'
import { inert, inertLine } from '../core/inert.js'

/**
 * The step's log. Every line goes through the inert formatter on its way out,
 * so no value from outside in it can begin a workflow command; annotations are
 * escaped by @actions/core as well.
 */
export const runnerLog = {
  info(message: string): void {
    core.info(inertLine(message))
  },
  debug(message: string): void {
    core.debug(inert(message))
  },
  notice(message: string, title?: string): void {
    core.notice(inert(message), title ? { title } : {})
  },
  warning(message: string, title?: string): void {
    core.warning(inert(message), title ? { title } : {})
  },
  error(message: string, title: string): void {
    core.error(inert(message), { title })
  },
  /** Hides a secret from every later line. */
  mask(secret: string): void {
    core.setSecret(secret)
  },
  group<T>(name: string, work: () => Promise<T>): Promise<T> {
    return core.group(inert(name), work)
  }
}
