/**
 * `npm run package`: bundles src/index.ts with ncc into dist/ (index.js, its
 * source map, licenses.txt, package.json {"type":"module"}), the way
 * `ncc build --source-map --license licenses.txt` does, with one difference:
 *
 * @actions/http-client imports undici only for `getAgentDispatcher`, the proxy
 * dispatcher it offers to fetch-based callers. This action never calls it (its
 * requests go through Node's http agents, which honour the runner's proxy
 * settings), so undici — three quarters of the bundle — is replaced by a
 * one-line module whose ProxyAgent says so if anything ever constructs it.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import ncc from '@vercel/ncc'
import { ROOT } from '../emulator/github-runner.js'

const UNDICI_STUB =
  'data:text/javascript,export class ProxyAgent { constructor() { throw new Error("undici is not bundled with this action") } }'

const dist = join(ROOT, 'dist')
const { code, map, assets } = await ncc(join(ROOT, 'src', 'index.ts'), {
  sourceMap: true,
  license: 'licenses.txt',
  externals: { undici: UNDICI_STUB },
  quiet: true
})
await rm(dist, { recursive: true, force: true })
await mkdir(dist, { recursive: true })
await writeFile(join(dist, 'index.js'), code)
if (map) await writeFile(join(dist, 'index.js.map'), map)
for (const [name, asset] of Object.entries(assets)) await writeFile(join(dist, name), asset.source)
console.log(`dist/index.js: ${(Buffer.byteLength(code) / 1024).toFixed(0)} KiB`)
