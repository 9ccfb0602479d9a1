import * as jestGlobals from '@jest/globals'

type EachFile = (register: () => void) => void

/**
 * Defines a helper's hooks (its `afterAll`, `afterEach`, ...) for every test file that uses it, so they
 * must do nothing in a file that does not. Jest's own runner (`npm run test:e2e`) loads a helper again
 * for each test file, so registering them as the helper loads is enough there; the loop (`npm test`,
 * __tests__/runner/globals.ts) loads it once per worker and defines them again as each later file
 * starts, whether that file uses the helper or not.
 */
export function eachFile(register: () => void): void {
  const loop = (jestGlobals as unknown as { eachFile?: EachFile }).eachFile
  if (loop) loop(register)
  else register()
}
