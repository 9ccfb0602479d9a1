/**
 * Jest runs TypeScript sources as native ESM, their types stripped by swc. `npm test` runs
 * the unit tests and the in-process runs of the action, the CLI and the
 * library against the emulator; `npm run test:e2e` (E2E=1) runs the bundle,
 * the packed package, the large file and the CI wrappers as processes.
 */
const e2e = process.env.E2E === '1'

export default {
  extensionsToTreatAsEsm: ['.ts'],
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  // The workflow running the suite is no test's: its event is not one a test gives.
  setupFiles: ['<rootDir>/__tests__/helpers/no-event.ts'],
  testMatch: e2e ? ['**/e2e/**/*.e2e.test.ts'] : ['**/*.test.ts'],
  testPathIgnorePatterns: e2e ? ['/node_modules/'] : ['/node_modules/', '/__tests__/e2e/'],
  moduleNameMapper: {
    // The build reader's worker starts from the sources here (__tests__/helpers/reader-thread.ts).
    '^\\./reader-thread\\.js$': '<rootDir>/__tests__/helpers/reader-thread.ts',
    // undici as the bundles carry it: a stand-in saying it is not used (script/package.ts); the real one
    // takes a fifth of a second to load in every test file that sends a request.
    '^undici$': '<rootDir>/script/undici.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  // swc strips the types and nothing else, as quick as a transform gets; `npm run typecheck` checks them.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline'
      }
    ]
  },
  // The end-to-end suites share one packed package, packed before they start.
  ...(e2e
    ? {
        globalSetup: '<rootDir>/__tests__/e2e/pack-once.js',
        globalTeardown: '<rootDir>/__tests__/e2e/unpack-once.js'
      }
    : {}),
  // One worker more than the two cores: the in-process runs still wait on sockets now and then.
  maxWorkers: 3,
  testTimeout: 60000,
  verbose: false
}
