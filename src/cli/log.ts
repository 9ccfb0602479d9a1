import { sanitizeLine, type Log } from '../core/index.js'

/**
 * The CLI's log: plain lines on stderr, so that stdout carries only the
 * outputs. The core's lines arrive redacted and sanitized; the CLI's own are
 * sanitized here too, as the CLI may run inside a GitHub runner.
 */
export function stderrLog(
  write: (line: string) => void,
  options: { quiet: boolean; debug: boolean }
): Log {
  const say = (line: string): void => write(`${sanitizeLine(line)}\n`)
  return {
    info: message => {
      if (!options.quiet) say(message)
    },
    debug: message => {
      if (options.debug) say(`debug: ${message}`)
    },
    notice: (message, title) => say(`Notice${title ? ` (${title})` : ''}: ${message}`),
    warning: (message, title) => say(`Warning${title ? ` (${title})` : ''}: ${message}`),
    mask: () => undefined,
    group: async (name, work) => {
      if (!options.quiet) say(`▶ ${name}`)
      return work()
    }
  }
}
