import * as core from '@actions/core'
import { inert } from '../core/inert.js'
import { failureText } from '../core/run.js'
import { run } from './main.js'

// A failure nothing else caught still ends as one error line, never a stack trace.
const fatal = (error: unknown): void => {
  core.setFailed(inert(failureText(error)))
  process.exit(1)
}
process.on('unhandledRejection', fatal)
process.on('uncaughtException', fatal)

await run()
