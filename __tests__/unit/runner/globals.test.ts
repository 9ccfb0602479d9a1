/**
 * What the loop's `@jest/globals` gives back of jest's own runner (__tests__/runner/globals.ts): a test
 * or hook that never ends fails at its time limit, whichever way it is written, and each test file
 * starts with the environment the worker started with.
 */
import { describe, expect, it } from '@jest/globals'
import { limited, startAgain } from '../../runner/globals.js'

describe('the time limit', () => {
  it('fails a body whose promise never settles, naming the limit and what it held', async () => {
    const started = Date.now()
    const held = limited(() => new Promise(() => undefined), 50, 'a test')()
    await expect(held).rejects.toThrow('Exceeded the timeout of 50 ms for a test.')
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('fails a body taking `done` that never calls it', async () => {
    await expect(limited(_done => undefined, 50, 'a hook')()).rejects.toThrow(
      'Exceeded the timeout of 50 ms for a hook.'
    )
  })

  it("passes on a body's result, its error and the error given to `done`", async () => {
    await expect(limited(async () => 'ran', 1_000, 'a test')()).resolves.toBe('ran')
    await expect(
      limited(
        () => {
          throw new Error('broke')
        },
        1_000,
        'a test'
      )()
    ).rejects.toThrow('broke')
    await expect(limited(done => done(new Error('told')), 1_000, 'a test')()).rejects.toThrow(
      'told'
    )
    await expect(limited(done => done(), 1_000, 'a test')()).resolves.toBeUndefined()
  })
})

describe('a clean start', () => {
  it('takes away what a file added to the environment, puts back what it changed or removed, and clears the exit code', () => {
    const env = { ...process.env }
    const home = process.env.HOME
    try {
      process.env.MBD_ADDED_BY_A_FILE = 'left behind'
      process.env.HOME = '/changed'
      delete process.env.PATH
      process.exitCode = 3
      startAgain(env)
      expect(process.env.MBD_ADDED_BY_A_FILE).toBeUndefined()
      expect(process.env.HOME).toBe(home)
      expect(process.env.PATH).toBe(env.PATH)
      expect(process.exitCode).toBeUndefined()
    } finally {
      startAgain(env)
    }
  })
})
