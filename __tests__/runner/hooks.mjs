/**
 * Node's module hooks for the loop (`npm test`): the tests run as Node runs modules, one module graph per
 * worker, with the aliases jest's runner maps (shared.mjs), `@jest/globals` answered by the loop's own
 * (globals.ts), a `.js` specifier finding the `.ts` source beside it, and TypeScript stripped by swc, each
 * file's JavaScript kept in node_modules/.cache (a tool's cache, cache.mjs) under the hash of its source.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ALIASES, SWC_OPTIONS } from './shared.mjs'
import { CACHE, used } from './cache.mjs'

const ROOT = new URL('../../', import.meta.url)
const GLOBALS = new URL('__tests__/runner/globals.ts', ROOT).href
/** swc's version, a part of each entry's key, read from its package.json: its binary loads only on a miss. */
const SWC_VERSION = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@swc/core/package.json'), 'utf8')
).version

function alias(specifier, parentURL) {
  if (specifier === '@jest/globals') return GLOBALS
  for (const { specifier: name, from, file } of ALIASES)
    if (name === specifier && (!from || parentURL?.startsWith(new URL(from, ROOT).href)))
      return new URL(file, ROOT).href
  return undefined
}

export async function resolve(specifier, context, next) {
  const url = alias(specifier, context.parentURL)
  if (url) return { url, shortCircuit: true }
  // The sources import each other as the build names them (`./x.js`); the file here is `./x.ts`.
  if (/^\.{1,2}\/.*\.js$/.test(specifier) && context.parentURL?.startsWith('file:')) {
    const js = new URL(specifier, context.parentURL)
    const ts = new URL(js.href.replace(/\.js$/, '.ts'))
    if (!existsSync(js) && existsSync(ts)) return { url: ts.href, shortCircuit: true }
  }
  return next(specifier, context)
}

export async function load(url, context, next) {
  // jest-light-runner loads each test file with a query, so that a file run twice is read twice.
  const file = url.split('?')[0]
  // A package's JSON imported without `with { type: 'json' }`, as bundlers and jest's own runner read it.
  if (
    url.startsWith('file:') &&
    file.includes('/node_modules/') &&
    file.endsWith('.json') &&
    context.importAttributes?.type !== 'json'
  )
    return {
      format: 'module',
      source: `export default ${await readFile(new URL(file), 'utf8')}`,
      shortCircuit: true
    }
  if (!url.startsWith('file:') || !file.endsWith('.ts')) return next(url, context)
  const path = fileURLToPath(file)
  const source = await readFile(path, 'utf8')
  const key = createHash('sha256')
    .update(`${SWC_VERSION}\0${path}\0${source}`)
    .digest('hex')
    .slice(0, 32)
  const cached = join(CACHE, `${key}.js`)
  const kept = await used(cached)
  if (kept !== undefined) return { format: 'module', source: kept, shortCircuit: true }
  // Loaded only when a source is new: a loop with every entry kept never loads swc's binary.
  const { default: swc } = await import('@swc/core')
  const { code } = await swc.transform(source, { ...SWC_OPTIONS, filename: path })
  await keep(cached, code)
  return { format: 'module', source: code, shortCircuit: true }
}

/** Writes `code` at `path` whole (written beside it, then renamed); a cache that cannot be written is left. */
async function keep(path, code) {
  const partial = `${path}.${process.pid}`
  try {
    await mkdir(CACHE, { recursive: true })
    await writeFile(partial, code)
    await rename(partial, path)
  } catch {
    // Transformed again next time.
  }
}
