/**
 * Where the reader's worker is started from: `reader-worker.js` beside the
 * running bundle (dist/, build/cli/, build/lib/), which `npm run package`
 * bundles from reader-worker.ts next to each. The file name is held in a
 * value, not written into `new URL('./…', import.meta.url)`, so that the
 * bundler leaves it alone (it would copy the source as an asset). Kept apart
 * so that the test runner, which runs the sources, can start the same worker
 * its own way (__tests__/helpers/reader-thread.ts); a script that reads
 * builds runs a bundle (`npm run package` first).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { DeployError } from '../shared/errors.js'

/** The worker's file beside the bundle. */
export const READER_FILE = 'reader-worker.js'

export function startReader(options: WorkerOptions): Worker {
  const file = new URL(READER_FILE, import.meta.url)
  if (!existsSync(file))
    throw new DeployError(
      `The build reader (${fileURLToPath(file)}) is missing beside the code that starts it: run the bundle (dist/index.js, or the package's build/), whole, as npm run package makes it.`
    )
  return new Worker(file, options)
}
