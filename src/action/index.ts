/**
 * The bundle's entry (dist/index.js): the step runs as the bundle loads, as
 * a runner starts it (`node dist/index.js`). A tool that loads the bundle
 * and calls an exported `run()` (GitHub's `@github/local-action`) gets the
 * same step, already under way, rather than an error.
 */
import './warm.js'
import * as core from '@actions/core'
import { sanitize, messageOf } from '../core/index.js'
import { run as runStep, stopOnSignals } from './main.js'

let ended = false

// A failure nothing else caught still ends as one error line, never a stack trace. After the step
// ended, what is raised is the loading tool's, not the product's: told as such, with no report asked.
const fatal = (error: unknown): void => {
  core.setFailed(
    sanitize(
      ended
        ? `An error was raised after the step ended, outside it, by whatever loaded the bundle: ${messageOf(error)}. The bundle runs the step by itself when it is loaded (node dist/index.js, as the runner starts it); a tool that loads it can await its exported run().`
        : `Unexpected error: ${messageOf(error)}. Please report it with this log.`
    )
  )
  process.exit(1)
}
process.on('unhandledRejection', fatal)
process.on('uncaughtException', fatal)

// The runner's environment is read here, once, and handed to the step.
const step = runStep(stopOnSignals(), process.env).finally(() => {
  ended = true
})
await step

/** The step this bundle ran as it loaded: for a tool that loads the bundle and calls run(). */
export function run(): Promise<void> {
  return step
}
