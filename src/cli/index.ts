import { DeployError } from '../core/index.js'
import { main } from './main.js'

// Ctrl-C (or a CI cancelling the job) stops the deploy, which ends as `aborted`; a second one ends the process.
const stop = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop.abort(new DeployError(`Stopped by ${signal} before the deploy finished.`))
    process.once(signal, () => process.exit(130))
  })
}

process.exitCode = await main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: text => process.stdout.write(text),
  stderr: text => process.stderr.write(text),
  signal: stop.signal
})
