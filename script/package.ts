/**
 * `npm run package`: bundles the action (src/action/index.ts) with ncc into
 * dist/ (index.js, its source map, licenses.txt, package.json {"type":"module"}),
 * the way `ncc build --source-map --license licenses.txt` does.
 * `npm run package -- --npm` bundles the CLI and the library into build/ for the
 * npm package instead, with the library's type declarations.
 *
 * One difference from plain ncc: @actions/http-client imports undici only for
 * `getAgentDispatcher`, the proxy dispatcher it offers to fetch-based callers.
 * Nothing here calls it (requests go through Node's http agents, which honour
 * the proxy settings), so undici — three quarters of the bundle — is replaced
 * by a one-line module whose ProxyAgent says so if anything ever constructs it.
 */
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import ncc from '@vercel/ncc'
import { ROOT } from '../emulator/github-runner.js'

const UNDICI_STUB =
  'data:text/javascript,export class ProxyAgent { constructor() { throw new Error("undici is not bundled") } }'

async function bundle(entry: string, out: string, options: { sourceMap: boolean; bin?: boolean }) {
  const { code, map, assets } = await ncc(join(ROOT, entry), {
    sourceMap: options.sourceMap,
    license: 'licenses.txt',
    externals: { undici: UNDICI_STUB },
    quiet: true
  })
  await mkdir(out, { recursive: true })
  const file = join(out, 'index.js')
  const body = options.bin && !code.startsWith('#!') ? `#!/usr/bin/env node\n${code}` : code
  await writeFile(file, body)
  if (options.bin) await chmod(file, 0o755)
  if (map) await writeFile(join(out, 'index.js.map'), map)
  for (const [name, asset] of Object.entries(assets)) await writeFile(join(out, name), asset.source)
  console.log(`${file.slice(ROOT.length + 1)}: ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`)
}

if (process.argv.includes('--npm')) {
  const build = join(ROOT, 'build')
  await rm(build, { recursive: true, force: true })
  await bundle('src/cli/index.ts', join(build, 'cli'), { sourceMap: false, bin: true })
  await bundle('src/index.ts', join(build, 'lib'), { sourceMap: false })
  // The library's types, from the same source: its public API and the core types it names.
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.lib.json')],
    { stdio: 'inherit' }
  )
} else {
  const dist = join(ROOT, 'dist')
  await rm(dist, { recursive: true, force: true })
  await bundle('src/action/index.ts', dist, { sourceMap: true })
}
