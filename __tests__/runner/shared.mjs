/**
 * What both runners share, jest's own (`npm run test:e2e`: moduleNameMapper, @swc/jest, testTimeout) and
 * the loop's (`npm test`: hooks.mjs, globals.ts): what the tests load in place of a module, how TypeScript
 * becomes JavaScript for them, and a test's time limit.
 */

/** A test's or a hook's time limit, unless it gives its own. */
export const TEST_TIMEOUT_MS = 60000

/** A specifier, or a relative specifier as written in the folder `from`, and the file loaded instead (from the root). */
export const ALIASES = [
  // The build reader's worker starts from the sources here (__tests__/helpers/reader-thread.ts).
  {
    specifier: './reader-thread.js',
    from: 'src/core/inspect/',
    file: '__tests__/helpers/reader-thread.ts'
  },
  // undici as the bundles carry it: a stand-in saying it is not used (script/package.ts); the real one
  // takes a fifth of a second to load in every test file that sends a request.
  { specifier: 'undici', file: 'script/undici.cjs' }
]

/** swc strips the types and nothing else, as quick as a transform gets; `npm run typecheck` checks them. */
export const SWC_OPTIONS = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'es6' },
  sourceMaps: 'inline'
}
