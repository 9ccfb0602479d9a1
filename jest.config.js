/**
 * Jest runs TypeScript sources as native ESM, their types stripped by swc. `npm test` (the loop) runs
 * the unit tests and the in-process runs of the action, the CLI and the library against the emulator;
 * `npm run test:e2e` (E2E=1) runs the bundle, the packed package, the large file and the CI wrappers as
 * processes.
 *
 * The loop runs under jest-light-runner: each worker is one Node process that loads the product's
 * modules once for all its test files, where jest's own runner loads them again in a fresh sandbox for
 * every file, a quarter of the loop's time. Node's module hooks (__tests__/runner/) strip the types and
 * map the aliases (shared.mjs) there; __tests__/runner/globals.ts gives back a test's time limit and each file's
 * clean start. The end-to-end suites keep jest's own runner: they run processes, and its sandbox costs
 * them nothing that matters.
 */
import { ALIASES, SWC_OPTIONS, TEST_TIMEOUT_MS } from './__tests__/runner/shared.mjs'

const e2e = process.env.E2E === '1'

const escaped = text => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  // The workflow running the suite is no test's: its event is not one a test gives.
  setupFiles: ['<rootDir>/__tests__/helpers/no-event.ts'],
  testMatch: e2e ? ['**/e2e/**/*.e2e.test.ts'] : ['**/*.test.ts'],
  testPathIgnorePatterns: e2e ? ['/node_modules/'] : ['/node_modules/', '/__tests__/e2e/'],
  testTimeout: TEST_TIMEOUT_MS,
  verbose: false,
  ...(e2e
    ? {
        extensionsToTreatAsEsm: ['.ts'],
        moduleNameMapper: {
          ...Object.fromEntries(
            ALIASES.map(({ specifier, file }) => [`^${escaped(specifier)}$`, `<rootDir>/${file}`])
          ),
          '^(\\.{1,2}/.*)\\.js$': '$1'
        },
        transform: { '^.+\\.ts$': ['@swc/jest', SWC_OPTIONS] },
        // The end-to-end suites share one packed package, packed before they start.
        globalSetup: '<rootDir>/__tests__/e2e/pack-once.js',
        globalTeardown: '<rootDir>/__tests__/e2e/unpack-once.js',
        // One worker more than the two cores: the runs wait on processes and sockets.
        maxWorkers: 3
      }
    : {
        // A forked process per worker: a test may change its directory, its signals or its exit code.
        runner: 'jest-light-runner/child-process',
        // One worker more than the two cores: the in-process runs still wait on sockets now and then.
        maxWorkers: 3
      })
}
