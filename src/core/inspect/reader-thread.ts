/**
 * Where the reader's worker is started from: `reader-worker.js` beside the
 * running bundle (dist/, build/cli/, build/lib/), which `npm run package`
 * bundles from reader-worker.ts next to each. The file name is held in a
 * value, not written into `new URL('./…', import.meta.url)`, so that the
 * bundler leaves it alone (it would copy the source as an asset). Kept apart
 * so that the test runner, which runs the sources, can start the same worker
 * from them (__tests__/helpers/reader-thread.ts).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads'

/** The worker's file beside the bundle. */
export const READER_FILE = 'reader-worker.js'

export function startReader(options: WorkerOptions): Worker {
  return new Worker(new URL(READER_FILE, import.meta.url), options)
}
