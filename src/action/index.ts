import * as core from '@actions/core'
import { sanitize, messageOf } from '../core/index.js'
import { run, stopOnSignals } from './main.js'

// A failure nothing else caught still ends as one error line, never a stack trace.
const fatal = (error: unknown): void => {
  core.setFailed(sanitize(`Unexpected error: ${messageOf(error)}. Please report it with this log.`))
  process.exit(1)
}
process.on('unhandledRejection', fatal)
process.on('uncaughtException', fatal)

// The runner's environment is read here, once, and handed to the step.
await run(stopOnSignals(), process.env)
