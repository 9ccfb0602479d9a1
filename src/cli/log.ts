import { inertLine } from '../core/inert.js'
import type { Log } from '../core/log.js'

/**
 * The CLI's log: plain lines on stderr, so that stdout carries only the
 * outputs. Secrets it is told about are replaced wherever they appear, and
 * every line is made inert, as the CLI may run inside a GitHub runner too.
 */
export function stderrLog(
  write: (line: string) => void,
  options: { quiet: boolean; debug: boolean }
): Log {
  const secrets: string[] = []
  const say = (line: string): void => {
    let shown = line
    for (const secret of secrets) shown = shown.split(secret).join('***')
    write(`${inertLine(shown)}\n`)
  }
  return {
    info: message => {
      if (!options.quiet) say(message)
    },
    debug: message => {
      if (options.debug) say(`debug: ${message}`)
    },
    notice: (message, title) => say(`Notice${title ? ` (${title})` : ''}: ${message}`),
    warning: (message, title) => say(`Warning${title ? ` (${title})` : ''}: ${message}`),
    mask: secret => {
      if (secret.length >= 4) secrets.push(secret)
    },
    group: async (name, work) => {
      if (!options.quiet) say(`▶ ${name}`)
      return work()
    }
  }
}
