import { sanitizeJson, sanitizeLine, messageOf, PRODUCT_VERSION } from '../core/index.js'
import { EXIT, parseCommandLine, UsageError, type ParsedArgs } from './args.js'
import { helpText } from './help.js'
import type { Io } from './options.js'

export type { Io } from './options.js'

/** Runs one command line; resolves with the exit code, never throws. */
export async function main(io: Io): Promise<number> {
  const json = io.argv.includes('--json')
  const refuse = (message: string): number => {
    io.stderr(`Error: ${sanitizeLine(message.split('\n')[0]!)}\n`)
    if (message.includes('\n')) io.stderr(message.slice(message.indexOf('\n') + 1))
    if (json) io.stdout(`${sanitizeJson({ outcome: 'aborted', reason: message.split('\n')[0] })}\n`)
    return EXIT.usage
  }
  let args: ParsedArgs
  try {
    args = parseCommandLine(io.argv)
  } catch (error) {
    if (error instanceof UsageError) return refuse(error.message)
    return refuse(`Unexpected error: ${messageOf(error)}`)
  }
  if (args.version) {
    io.stdout(`${PRODUCT_VERSION}\n`)
    return EXIT.success
  }
  if (args.help || !args.command) {
    io.stdout(helpText(args.command))
    return EXIT.success
  }
  // The deploy, the transport and the CI detection load only for a command that runs them.
  const { runCommand } = await import('./command.js')
  return runCommand(args.command, args.values, io, json)
}
