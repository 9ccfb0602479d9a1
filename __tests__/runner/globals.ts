/**
 * `@jest/globals` as the loop's tests see it (hooks.mjs answers the import with this file). jest-light-runner
 * puts jest's own functions on the global object and runs every test file of a worker in one process, one
 * module graph: quick, but without two things jest's runner gives each file, which this file gives back.
 *
 * - A time limit: every test and hook ends at its timeout (shared.mjs's, or its own), failing, so that
 *   a wait that never ends fails its test instead of holding the loop.
 * - A clean start: the first time a test file defines anything, the process's environment and exit code
 *   are put back as they were when the worker started, and the hooks helpers asked for (`eachFile`)
 *   are defined again for it. A helper's module is loaded once per worker, by the first file that uses
 *   it; its hooks are then defined for that file and every later one of the worker, where they have
 *   nothing to do unless the file uses the helper.
 */
import { bind } from 'jest-each'
import type * as Globals from '@jest/globals'
import { TEST_TIMEOUT_MS } from './shared.mjs'

type Api = typeof Globals
type Fn = (...args: never[]) => unknown
type Body = (done: (error?: unknown) => void) => unknown

const JEST = globalThis as unknown as Api

/** The environment as the worker started, after the set-up files (jest.config.js's setupFiles). */
const startEnv = { ...process.env }
const forEachFile: (() => void)[] = []
let currentFile: string | undefined

/** Called first by everything here: on a new test file, its clean start. */
function enterFile(): void {
  const file = JEST.expect.getState().testPath
  if (file === currentFile) return
  currentFile = file
  startAgain(startEnv)
  for (const register of forEachFile) register()
}

/** Puts the process's environment back as `env` holds it, and its exit code back to none. */
export function startAgain(env: Readonly<NodeJS.ProcessEnv>): void {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name]
  Object.assign(process.env, env)
  process.exitCode = undefined
}

/** Defines `register`'s hooks for the test file loading now and for every one after it in this worker. */
export function eachFile(register: () => void): void {
  enterFile()
  forEachFile.push(register)
  register()
}

/** `body` as a test or hook that fails once `ms` pass; a body taking `done` is called with one. */
export function limited(body: Body, ms: number | undefined, what: string): () => Promise<unknown> {
  const limit = ms ?? TEST_TIMEOUT_MS
  return () => {
    let timer: NodeJS.Timeout | undefined
    const ended = new Promise((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Exceeded the timeout of ${limit} ms for ${what}.`)),
        limit
      )
      if (body.length === 0)
        Promise.resolve()
          .then(body as () => unknown)
          .then(resolve, reject)
      else
        Promise.resolve()
          .then(() => body(error => (error ? reject(error) : resolve(undefined))))
          .catch(reject)
    })
    return ended.finally(() => clearTimeout(timer))
  }
}

function defineTest(define: Fn, what: string): Fn {
  return ((name: string, body: Body, ms?: number) => {
    enterFile()
    return (define as (name: string, body: () => unknown, ms?: number) => unknown)(
      name,
      limited(body, ms, what),
      ms
    )
  }) as Fn
}

function defineBlock(define: Fn): Fn {
  return ((...args: never[]) => {
    enterFile()
    return define(...args)
  }) as Fn
}

function defineHook(define: Fn, what: string): Fn {
  return ((body: Body, ms?: number) => {
    enterFile()
    return (define as (body: () => unknown, ms?: number) => unknown)(limited(body, ms, what), ms)
  }) as Fn
}

/** `it`, `it.each`, `it.skip`, `it.skip.each` and `it.only` from jest's, each with its limit. */
function tests(jest: Api['it']): Api['it'] {
  const run = defineTest(jest, 'a test')
  const only = defineTest(jest.only, 'a test')
  const skip = defineBlock(jest.skip)
  return Object.assign(run, {
    each: bind(run as never),
    only: Object.assign(only, { each: bind(only as never) }),
    skip: Object.assign(skip, { each: bind(skip as never) })
  }) as unknown as Api['it']
}

function blocks(jest: Api['describe']): Api['describe'] {
  const run = defineBlock(jest)
  const skip = defineBlock(jest.skip)
  const only = defineBlock(jest.only)
  return Object.assign(run, {
    each: bind(run as never, false),
    skip: Object.assign(skip, { each: bind(skip as never, false) }),
    only: Object.assign(only, { each: bind(only as never, false) })
  }) as unknown as Api['describe']
}

export const expect = JEST.expect
export const jest = JEST.jest
export const it = tests(JEST.it)
export const test = it
export const describe = blocks(JEST.describe)
export const beforeAll = defineHook(JEST.beforeAll, 'a beforeAll hook') as Api['beforeAll']
export const afterAll = defineHook(JEST.afterAll, 'an afterAll hook') as Api['afterAll']
export const beforeEach = defineHook(JEST.beforeEach, 'a beforeEach hook') as Api['beforeEach']
export const afterEach = defineHook(JEST.afterEach, 'an afterEach hook') as Api['afterEach']
