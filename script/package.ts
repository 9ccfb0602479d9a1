/**
 * `npm run package`: bundles the action (src/action/index.ts) with ncc into
 * dist/ (index.js, its chunks, licenses.txt, package.json {"type":"module"}),
 * the way `ncc build --license licenses.txt` does. No source map is written:
 * the bundle is committed, and check-dist proves it is the source's by
 * building it again.
 * `npm run package -- --npm` bundles the CLI and the library into build/ for the
 * npm package instead, with the library's type declarations.
 *
 * One difference from plain ncc: @actions/http-client imports undici only for
 * `getAgentDispatcher`, the proxy dispatcher it offers to fetch-based callers,
 * and @actions/github only for the fetch it would send with. Nothing here
 * calls either (every request, GitHub's included, goes through
 * @actions/http-client and Node's http agents, which honour the proxy
 * settings), so undici — most of a bundle — is replaced by a small module
 * beside the bundle (undici.cjs) whose fetch says so if anything calls it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { HELP_FILE, helpTexts } from '../src/cli/help.js'
import { join } from 'node:path'
import ncc from '@vercel/ncc'
import { ROOT } from '../emulator/github-runner.js'
import { READER_FILE } from '../src/core/inspect/reader-thread.js'

/** What stands in for undici beside each bundle (and for the tests, which run the sources): script/undici.cjs. */
const UNDICI_STUB = readFileSync(join(ROOT, 'script', 'undici.cjs'))
const UNDICI_FILE = 'undici.cjs'

const LICENSES = 'licenses.txt'

/**
 * Bundles `entry` into `out/<file>` with its assets, the undici stand-in
 * beside it; answers the bundle's license texts (ncc's licenses.txt: one
 * block per package, blocks apart by a blank line and more).
 */
async function bundle(
  entry: string,
  out: string,
  options: { bin?: boolean; file?: string } = {}
): Promise<string> {
  const { code, assets } = await ncc(join(ROOT, entry), {
    sourceMap: false,
    license: LICENSES,
    externals: { undici: `./${UNDICI_FILE}` },
    quiet: true
  })
  await mkdir(out, { recursive: true })
  const file = join(out, options.file ?? 'index.js')
  const body = options.bin && !code.startsWith('#!') ? `#!/usr/bin/env node\n${code}` : code
  await writeFile(file, body)
  if (options.bin) await chmod(file, 0o755)
  let licenses = ''
  for (const [name, asset] of Object.entries(assets)) {
    if (name === LICENSES) licenses = String(asset.source)
    // Two bundles share a folder: a chunk of one must never overwrite another's with other bytes.
    else if (
      existsSync(join(out, name)) &&
      !readFileSync(join(out, name)).equals(Buffer.from(asset.source))
    )
      throw new Error(`${out}/${name}: written by two bundles`)
    else await writeFile(join(out, name), asset.source)
  }
  await writeFile(join(out, UNDICI_FILE), UNDICI_STUB)
  // --quiet: a command that builds on the way (the demo, a benchmark) says nothing of it, on any shell.
  if (!process.argv.includes('--quiet'))
    console.log(
      `${file.slice(ROOT.length + 1).replace(/\.\d+\.new\//, '/')}: ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`
    )
  return licenses
}

/** Whether two folders hold the same files with the same bytes. */
async function sameFiles(a: string, b: string): Promise<boolean> {
  if (!existsSync(b)) return false
  const [mine, theirs] = [await readdir(a), await readdir(b)].map(names => names.sort())
  if (mine!.join('\n') !== theirs!.join('\n')) return false
  for (const name of mine!)
    if (!readFileSync(join(a, name)).equals(readFileSync(join(b, name)))) return false
  return true
}

/** The license blocks of several bundles, each package once, in name order. */
function mergeLicenses(texts: string[]): string {
  const blocks = new Map<string, string>()
  for (const block of texts.flatMap(text => text.split(/\n{3,}(?=\S)/)))
    if (block.trim()) blocks.set(block.slice(0, block.indexOf('\n')), block.trimEnd())
  return `${[...blocks.keys()]
    .sort()
    .map(name => blocks.get(name))
    .join('\n\n\n')}\n`
}

/** The bundle at `out` and the build reader's worker beside it (src/core/inspect/reader-thread.ts). */
async function bundleWithReader(entry: string, out: string, options: { bin?: boolean } = {}) {
  const licenses = [
    await bundle(entry, out, options),
    await bundle('src/core/inspect/reader-worker.ts', out, { file: READER_FILE })
  ]
  await writeFile(join(out, LICENSES), mergeLicenses(licenses))
}

if (process.argv.includes('--npm')) {
  const build = join(ROOT, 'build')
  await rm(build, { recursive: true, force: true })
  await bundleWithReader('src/cli/index.ts', join(build, 'cli'), { bin: true })
  // The help texts, written out: `--help` answers from them without loading the commands (src/cli/index.ts).
  await writeFile(join(build, 'cli', HELP_FILE), `${JSON.stringify(helpTexts())}\n`)
  await bundleWithReader('src/index.ts', join(build, 'lib'))
  // The library's types, from the same source: its public API and the core types it names.
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.lib.json')],
    { stdio: 'inherit' }
  )
} else {
  // Built beside dist/ and put in its place whole, and only when it differs: a bundle that a runner
  // (or a test beside this build) is loading never meets a folder half written or gone.
  const dist = join(ROOT, 'dist')
  const fresh = `${dist}.${process.pid}.new`
  await rm(fresh, { recursive: true, force: true })
  await bundleWithReader('src/action/index.ts', fresh)
  if (await sameFiles(fresh, dist)) await rm(fresh, { recursive: true, force: true })
  else {
    const old = `${dist}.${process.pid}.old`
    if (existsSync(dist)) await rename(dist, old)
    await rename(fresh, dist)
    await rm(old, { recursive: true, force: true })
  }
}
