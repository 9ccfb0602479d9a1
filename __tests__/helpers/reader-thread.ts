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
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { EventEmitter } from 'node:events'
import { PassThrough } from 'node:stream'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { buildSync } from 'esbuild'
import type { readBuild } from '../../src/core/inspect/read.js'
import { answerRead, type ReadRequest } from '../../src/core/inspect/answer.js'

const SRC = fileURLToPath(new URL('../../src/core/', import.meta.url))
const READER_FILE = 'reader-worker.js'
/** Where the tests' bundles are kept, as a tool keeps its cache. */
const CACHE = fileURLToPath(
  new URL('../../node_modules/.cache/mobile-build-deploy/', import.meta.url)
)

/** The sources the reader may load, by path, size and time: a change of any makes a new bundle. */
function sourcesKey(): string {
  const hash = createHash('sha256')
  for (const folder of ['inspect', 'shared'])
    for (const name of readdirSync(join(SRC, folder)).sort()) {
      const { size, mtimeMs } = statSync(join(SRC, folder, name))
      hash.update(`${folder}/${name}:${size}:${mtimeMs}\n`)
    }
  return hash.digest('hex').slice(0, 16)
}

/** A folder holding readBuild (index.js) and its worker beside it, bundled once per sources. */
function bundled(): string {
  const dir = join(CACHE, `reader-${sourcesKey()}`)
  if (existsSync(join(dir, 'index.js'))) return dir
  const partial = `${dir}.${process.pid}`
  mkdirSync(partial, { recursive: true })
  writeFileSync(join(partial, 'package.json'), '{"type":"module"}\n')
  for (const [entry, file] of [
    ['read.ts', 'index.js'],
    ['reader-worker.ts', READER_FILE]
  ])
    buildSync({
      entryPoints: [join(SRC, 'inspect', entry)],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: join(partial, file),
      logLevel: 'silent',
      // yauzl is CommonJS: its require()s need one in the module it is bundled into.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
      }
    })
  // Written whole, then renamed: a test file of another process never loads half a bundle.
  try {
    renameSync(partial, dir)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(join(dir, 'index.js'))) throw error
  }
  return dir
}

let workers = false

/** Real workers for this test file's reads (the worker's own tests), or the answers in this thread (the default). */
export function useWorkers(real: boolean): void {
  workers = real
}

export function startReader(options: WorkerOptions): Worker {
  if (workers) return new Worker(join(bundled(), READER_FILE), options)
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

/** readBuild as the packages carry it, its worker beside it. */
export async function bundledReader(): Promise<typeof readBuild> {
  const module = (await import(pathToFileURL(join(bundled(), 'index.js')).href)) as {
    readBuild: typeof readBuild
  }
  return module.readBuild
}
