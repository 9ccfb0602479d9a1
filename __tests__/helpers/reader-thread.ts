/**
 * The build reader's worker, started from the sources as the test runner
 * runs them (jest maps src/core/inspect/reader-thread.ts here): the same
 * entry, bundled once by esbuild into a file a plain worker loads, reused by
 * every test file while the sources are unchanged. The bundles users run
 * start theirs from the file `npm run package` bundles beside them.
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
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { buildSync } from 'esbuild'
import type { readBuild } from '../../src/core/inspect/read.js'

const SRC = fileURLToPath(new URL('../../src/core/', import.meta.url))
const READER_FILE = 'reader-worker.js'

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
  const dir = join(tmpdir(), `mobile-build-deploy-reader-${sourcesKey()}`)
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

export function startReader(options: WorkerOptions): Worker {
  return new Worker(join(bundled(), READER_FILE), options)
}

/** readBuild as the packages carry it, its worker beside it. */
export async function bundledReader(): Promise<typeof readBuild> {
  const module = (await import(pathToFileURL(join(bundled(), 'index.js')).href)) as {
    readBuild: typeof readBuild
  }
  return module.readBuild
}
