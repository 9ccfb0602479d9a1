/**
 * Test code bundled once by esbuild into a file a plain Node loads, kept
 * where a tool keeps its cache (node_modules/.cache) and reused while its
 * sources are unchanged: starting a bundle costs a fraction of loading the
 * sources through a TypeScript loader, again and again.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { cacheEntry, placeEntry } from '../../emulator/tool-cache.js'

/** One bundle of a folder's: its entry, and the file name it is written to. */
export interface Entry {
  entry: string
  file: string
}

/** The files at `sources` (a folder's files, or a file) by path, size and time: a change of any makes a new bundle. */
function sourcesKey(sources: readonly string[]): string {
  const hash = createHash('sha256')
  for (const source of sources) {
    const files = statSync(source).isDirectory()
      ? readdirSync(source)
          .sort()
          .map(name => join(source, name))
      : [source]
    for (const file of files) {
      const { size, mtimeMs } = statSync(file)
      hash.update(`${file}:${size}:${mtimeMs}\n`)
    }
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * A folder named `name` holding each entry bundled (ES modules, for the Node
 * this runs on), made once per version of the files at `sources` (folders, files).
 */
export function cachedBundle(
  name: string,
  entries: readonly Entry[],
  sources: readonly string[]
): string {
  const key = sourcesKey(sources)
  const dir = cacheEntry(name, key)
  if (entries.every(({ file }) => existsSync(join(dir, file)))) return dir
  try {
    // Made whole, then renamed: a test file of another process never loads half a bundle.
    placeEntry(name, key, '', partial => {
      mkdirSync(partial, { recursive: true })
      writeFileSync(join(partial, 'package.json'), '{"type":"module"}\n')
      for (const { entry, file } of entries)
        buildSync({
          entryPoints: [entry],
          bundle: true,
          format: 'esm',
          platform: 'node',
          target: 'node20',
          outfile: join(partial, file),
          logLevel: 'silent',
          // CommonJS packages' require()s need one in the module they are bundled into.
          banner: {
            js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
          }
        })
    })
  } catch (error) {
    // Another process placed the same bundle first: it is the one used.
    if (!entries.every(({ file }) => existsSync(join(dir, file)))) throw error
  }
  return dir
}
