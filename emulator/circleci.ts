/**
 * CircleCI, as far as the orb needs it, on this machine: its compile and
 * its run (circleci-orb.ts says how, circleci-compile.ts and
 * circleci-run.ts do it). What the tests and the release rehearsal use.
 */
export * from './circleci-orb.js'
export * from './circleci-compile.js'
export * from './circleci-run.js'
