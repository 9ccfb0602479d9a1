import { interruptedExit } from './args.js'
import { main } from './main.js'

/**
 * The CLI as a process: main() with the process's own streams, environment
 * and folder, and its signals. Ctrl-C (or a CI cancelling the job) stops the
 * deploy at once: it ends as `aborted`, the outputs are handed over, and the
 * exit code is 130 (SIGINT) or 143 (SIGTERM). A second signal ends the
 * process there and then.
 */
export async function runCli(argv: string[]): Promise<number> {
  const stop = new AbortController()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // The signal's name is the reason: the deploy says it was stopped by it, and main() turns it into the exit code.
      stop.abort(signal)
      process.once(signal, () => process.exit(interruptedExit(signal)))
    })
  }
  return main({
    argv,
    env: process.env,
    cwd: process.cwd(),
    stdout: text => process.stdout.write(text),
    stderr: text => process.stderr.write(text),
    signal: stop.signal
  })
}
