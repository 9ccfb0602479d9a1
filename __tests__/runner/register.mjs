/**
 * `node --import ./__tests__/runner/register.mjs`: the loop's module hooks, in jest's process and in each
 * worker it forks (a fork takes its parent's Node flags).
 */
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'
import { pruneCache } from './cache.mjs'

// A worker thread takes its parent's flags too, and with them a hooks thread of its own. The threads the
// loop starts (xmllint's, the build reader's bundle) load JavaScript, so they go without.
if (isMainThread) register('./hooks.mjs', import.meta.url)

// jest's own process (no worker's) removes the transform cache's entries no loop has used for a day.
if (isMainThread && !process.env.TINYPOOL_WORKER_ID) void pruneCache()

/**
 * jest-light-runner 0.8's forked workers ask jest's process for their settings once they have loaded the
 * runner, and jest's process answers every worker that was handed a test file by then, asked or not. A
 * worker still loading misses its answer, asks later and waits for ever: a loop of 93 files hung in one
 * run of three here. A worker (tinypool names it in TINYPOOL_WORKER_ID) keeps an answer that comes before
 * it asks, and takes it when it asks. It listens from when tinypool does, not before: Node reads a
 * fork's messages from its first listener on, and a message read with no one else listening is lost.
 */
if (process.send && process.env.TINYPOOL_WORKER_ID) {
  const ASK = 'jest-light-runner-get-worker-data'
  let early
  const keep = message => {
    if (message?.type === 'jest-light-runner-worker-data') early ??= message
  }
  process.on('newListener', function listenBeside(event) {
    if (event !== 'message') return
    process.off('newListener', listenBeside)
    process.on('message', keep)
  })
  const send = process.send.bind(process)
  process.send = (message, ...rest) => {
    if (message !== ASK || !early) return send(message, ...rest)
    const answer = early
    setImmediate(() => process.emit('message', answer))
    return true
  }
}
