/**
 * The core's second entry point, and its smallest: the build reader's boot
 * alone. A front end given a build imports it before anything else, so that
 * the reader's worker starts while the rest of the core (src/core/index.ts)
 * loads; through the one entry, the whole core would load first.
 */
export { warmReader } from './inspect/read.js'
