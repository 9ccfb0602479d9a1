/**
 * The build reader's worker as the tests start it (jest maps
 * src/core/inspect/reader-thread.ts here). Most tests prove what a step
 * does with a build's facts, not the worker: for them the read is answered
 * in the test's own thread, by the very function the worker runs
 * (answer.ts), behind the same face a worker shows readBuild (a message,
 * then its exit). The tests of the worker itself (its limits, its stop, its
 * console) ask for real ones (`useWorkers`): the same entry, bundled once by
 * esbuild into a file a plain worker loads, kept in node_modules/.cache and
 * reused while the sources are unchanged. The bundles users run start
 * theirs from the file `npm run package` bundles beside them; the
 * end-to-end suites run those.
 *
 * `bundledReader()` gives the same for a script run by tsx (the fuzz):
 * readBuild bundled beside its worker, as the packages carry them.
 */
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { EventEmitter } from 'node:events'
import { PassThrough } from 'node:stream'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import type { readBuild } from '../../src/core/inspect/read.js'
import { answerRead, type ReadRequest } from '../../src/core/inspect/answer.js'
import { cachedBundle } from './bundle-cache.js'

const SRC = fileURLToPath(new URL('../../src/core/', import.meta.url))
const READER_FILE = 'reader-worker.js'

/** A folder holding readBuild (index.js) and its worker beside it, bundled once per sources. */
function bundled(): string {
  return cachedBundle(
    'reader',
    [
      { entry: join(SRC, 'inspect', 'read.ts'), file: 'index.js' },
      { entry: join(SRC, 'inspect', 'reader-worker.ts'), file: READER_FILE }
    ],
    [join(SRC, 'inspect'), join(SRC, 'shared')]
  )
}

let workers = false

/** Real workers for this test file's reads (the worker's own tests), or the answers in this thread (the default). */
export function useWorkers(real: boolean): void {
  workers = real
}

/** How the next worker fails to start: its constructor throws, its heap is too small to boot, or it ends as it boots. */
export type StartFailure = 'throw' | 'boot' | 'exit'
let failing: StartFailure | undefined
let last: Worker | undefined

/** The next worker started fails as `how` says: a real worker's real failure (its file, its heap, its boot), not a stand-in. */
export function failNextStart(how: StartFailure): void {
  failing = how
}

/** The worker started last, to wait for its end. */
export function lastStarted(): Worker | undefined {
  return last
}

export function startReader(options: WorkerOptions): Worker {
  const how = failing
  failing = undefined
  if (how === 'throw') throw new Error('The build reader could not start: no thread left')
  if (how === 'exit') return (last = new Worker('process.exit(70)', { ...options, eval: true }))
  if (how === 'boot')
    return (last = new Worker(join(bundled(), READER_FILE), {
      ...options,
      resourceLimits: { maxOldGenerationSizeMb: 1, maxYoungGenerationSizeMb: 1 }
    }))
  if (workers) return (last = new Worker(join(bundled(), READER_FILE), options))
  return inThread(options.workerData as ReadRequest | undefined) as unknown as Worker
}

/** The read answered in this thread, behind a worker's face: asked as it starts or by a message, its answer, then its exit when terminated. */
function inThread(request: ReadRequest | undefined): EventEmitter {
  const answer = (asked: ReadRequest): void =>
    void answerRead(asked).then(answered => reader.emit('message', answered))
  const reader = Object.assign(new EventEmitter(), {
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    ref: () => undefined,
    unref: () => undefined,
    postMessage: answer,
    terminate: (): Promise<number> => {
      setImmediate(() => reader.emit('exit', 1))
      return Promise.resolve(1)
    }
  })
  if (request) answer(request)
  return reader
}

/** The file of readBuild (and the rest of read.ts) as the packages carry it, its worker beside it. */
export function bundledReaderModule(): Promise<string> {
  return Promise.resolve(join(bundled(), 'index.js'))
}

/** readBuild as the packages carry it, its worker beside it. */
export async function bundledReader(): Promise<typeof readBuild> {
  const module = (await import(pathToFileURL(join(bundled(), 'index.js')).href)) as {
    readBuild: typeof readBuild
  }
  return module.readBuild
}
