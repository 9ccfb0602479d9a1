/**
 * Jest runs TypeScript sources as native ESM through ts-jest. `npm test` runs
 * the unit tests and the in-process runs of the action, the CLI and the
 * library against the emulator; `npm run test:e2e` (E2E=1) runs the bundle,
 * the packed package, the large file and the CI wrappers as processes.
 */
const e2e = process.env.E2E === '1'

export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: e2e ? ['**/e2e/**/*.e2e.test.ts'] : ['**/*.test.ts'],
  testPathIgnorePatterns: e2e ? ['/node_modules/'] : ['/node_modules/', '/__tests__/e2e/'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.all.json' }]
  },
  // The end-to-end suites share one packed package, packed before they start.
  ...(e2e
    ? {
        globalSetup: '<rootDir>/__tests__/e2e/pack-once.js',
        globalTeardown: '<rootDir>/__tests__/e2e/unpack-once.js'
      }
    : {}),
  // The in-process runs mostly wait on sockets and timers, not on the CPU: more workers than cores keep a minute's loop.
  maxWorkers: 4,
  testTimeout: 60000,
  verbose: false
}
