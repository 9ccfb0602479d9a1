/**
 * The dry run through the bundle as the runner runs it (`node dist/index.js`), the same table the loop
 * runs in its own process (run/build-check.test.ts).
 */
import { dryRunSuite } from '../helpers/dry-run-suite.js'

dryRunSuite({ frontEnds: ['the bundle'], runners: ['bundle'], inProcess: false })
