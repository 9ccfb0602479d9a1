/**
 * `npm run bench`: upload throughput and memory of the bundled action against
 * `curl -T` on the same emulated store, side by side, alternating.
 *
 *   npm run bench                       # 64 MiB and 1 GiB, 3 runs each
 *   npm run bench -- --sizes 64,1024,4096 --runs 5
 *   npm run bench -- --shaped-sizes 256 --rates 1gbit,200mbit --bundle other/index.js
 *
 * Beside raw loopback, rows over a link shaped to each rate (`--rates`, default
 * 1gbit,200mbit; root only): the bench runs again inside a network namespace
 * whose loopback is limited with tc, there the step's whole wall time is set
 * against curl's bare PUT. `--bundle` measures another build of the action.
 *
 * Throughput is measured where the clients meet the same server: the time the
 * store spends on the PUT, from its first byte to the stored object. The step's
 * whole wall time (Node start, signed URL, notification) is shown beside it.
 *
 * A third client does the action's work with native tools: `curl -T` while
 * `openssl dgst -sha256` hashes the same file beside it, as the action must for
 * its `artifactSha256` output. Its ratio to plain curl is what hashing costs on
 * this machine, whoever does it.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT, runStep } from '../emulator/github-runner.js'
import { onShapedLink, shapedLinkProblem } from './link.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'
import { writeZip } from '../emulator/zip-writer.js'

const MANIFEST = join(ROOT, '__tests__/fixtures/builds/axml/manifest.axml')

const MiB = 1024 * 1024
const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const sizes = option('sizes', '64,1024').split(',').map(Number)
const runs = Number(option('runs', '3'))
const bundle = option('bundle', join(ROOT, 'dist', 'index.js'))
const inside = args.includes('--inside')

interface Sample {
  putMs: number
  stepMs: number
  rssKiB?: number
}

// Artifacts and stored objects live in memory (tmpfs) when they can: neither disk writeback nor a
// page cache evicted between runs then sets the pace of one client and not the other.
const scratch = existsSync('/dev/shm') ? '/dev/shm' : undefined
const hasOpenssl = commandExists('openssl')
const emulator = await startEmulator({ storeDirectory: scratch })
const dir = await mkdtemp(join(scratch ?? tmpdir(), 'bench-'))
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)))
try {
  const measured = await measure(sizes)
  if (inside) {
    // Inside the shaped namespace: the rows go back to the bench outside as JSON.
    console.log(JSON.stringify(measured))
  } else {
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}; artifacts and store in ${scratch ?? tmpdir()}; median of ${runs} alternating runs each.\n`
    )
    console.log('Raw loopback:\n')
    printTable(measured)
    const size = (await stat(bundle)).size
    const firstRequest = await timeToFirstRequest(emulator, dir)
    console.log(
      `\nBundle: ${bundle.replace(`${ROOT}/`, '')} is ${(size / 1024).toFixed(0)} KiB. Process start to first request (small file): ${firstRequest} ms (median of 5).`
    )
    await shapedRows()
  }
} finally {
  await cleanUp()
}

/** Each client alternating on each size; medians. */
async function measure(sizeList: number[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const sizeMiB of sizeList) {
    const path = join(dir, `app-${sizeMiB}.apk`)
    await writeArtifact(path, sizeMiB * MiB)
    const action: Sample[] = []
    const curl: Sample[] = []
    const curlHashing: Sample[] = []
    for (let i = 0; i < runs; i++) {
      curl.push(await viaCurl(emulator, path, false))
      if (hasOpenssl) curlHashing.push(await viaCurl(emulator, path, true))
      action.push(await viaAction(emulator, dir, path))
      emulator.reset()
    }
    rows.push({
      sizeMiB,
      actionPutMs: median(action.map(s => s.putMs)),
      actionStepMs: median(action.map(s => s.stepMs)),
      curlPutMs: median(curl.map(s => s.putMs)),
      curlHashingPutMs: hasOpenssl ? median(curlHashing.map(s => s.putMs)) : NaN,
      rssMiB: Math.round(Math.max(...action.map(s => s.rssKiB ?? 0)) / 1024)
    })
    await rm(path)
  }
  return rows
}

interface Row {
  sizeMiB: number
  actionPutMs: number
  actionStepMs: number
  curlPutMs: number
  curlHashingPutMs: number
  rssMiB: number
}

function printTable(rows: Row[]): void {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  const timed = (ms: number, mib: number): string =>
    Number.isNaN(ms) ? 'n/a' : `${seconds(ms)}, ${((mib * 1000) / ms).toFixed(0)} MiB/s`
  const ratio = (a: number, b: number): string => (Number.isNaN(a / b) ? 'n/a' : (a / b).toFixed(2))
  console.log(
    '| size | action PUT (median) | curl PUT | throughput action / curl | curl + openssl sha256 PUT | (curl + sha256) / curl | action / (curl + sha256) | action step wall time | curl PUT / action step | action peak RSS |'
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(
      `| ${[
        `${r.sizeMiB} MiB`,
        timed(r.actionPutMs, r.sizeMiB),
        timed(r.curlPutMs, r.sizeMiB),
        ratio(r.curlPutMs, r.actionPutMs),
        timed(r.curlHashingPutMs, r.sizeMiB),
        ratio(r.curlPutMs, r.curlHashingPutMs),
        ratio(r.curlHashingPutMs, r.actionPutMs),
        seconds(r.actionStepMs),
        ratio(r.curlPutMs, r.actionStepMs),
        `${r.rssMiB} MiB`
      ].join(' | ')} |`
    )
  }
}

/** The same measurement over a shaped link, per rate; one clear line instead where it cannot run. */
async function shapedRows(): Promise<void> {
  const problem = shapedLinkProblem()
  if (problem) {
    console.log(`\nShaped-link rows skipped: ${problem}.`)
    return
  }
  const shapedSizes = option('shaped-sizes', '256')
  for (const rate of option('rates', '1gbit,200mbit').split(',')) {
    const out = await onShapedLink(rate, [
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'bench', 'bench.ts'),
      '--inside',
      '--sizes',
      shapedSizes,
      '--runs',
      String(runs),
      '--bundle',
      bundle
    ])
    console.log(`\nLoopback shaped to ${rate} (tc tbf, burst 1mb, latency 200ms):\n`)
    printTable(JSON.parse(out.trim().split('\n').pop()!) as Row[])
  }
}

async function cleanUp(): Promise<void> {
  await emulator.close()
  await rm(dir, { recursive: true, force: true })
}

function commandExists(command: string): boolean {
  try {
    execFileSync(command, ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * A real APK (the step reads every build before it uploads it) whose one big
 * stored entry is `size` bytes written in 1 MiB blocks of varied content (not
 * sparse, not all zeros), followed by the debug fixture's compiled manifest.
 */
async function writeArtifact(path: string, size: number): Promise<void> {
  const blocks = 'assets/blocks.bin'
  await writeZip(path, {
    entries: [
      { name: blocks, sparseSize: size },
      { name: 'AndroidManifest.xml', data: await readFile(MANIFEST), deflate: true }
    ]
  })
  // The entry's bytes follow its local header: 30 bytes, the name, and a Zip64 field past 4 GiB.
  const start = 30 + Buffer.byteLength(blocks) + (size >= 0xffffffff ? 20 : 0)
  const file = await open(path, 'r+')
  const block = Buffer.alloc(MiB)
  for (let written = 0; written < size; written += MiB) {
    block.writeUInt32LE(written / MiB, 0)
    for (let j = 4; j < 64; j++) block[j] = (written / MiB + j) & 0xff
    await file.write(block, 0, Math.min(MiB, size - written), start + written)
  }
  await file.close()
}

async function viaAction(emulator: Emulator, dir: string, path: string): Promise<Sample> {
  const before = emulator.requests.length
  const timeFile = join(dir, 'time.txt')
  const started = Date.now()
  const result = await runStep({
    workspace: dir,
    node: '/usr/bin/time',
    nodeArgs: ['-f', '%M', '-o', timeFile, process.execPath],
    main: bundle,
    inputs: { 'api-key': DEMO_API_KEY, 'base-url': emulator.baseUrl, file: path, notify: 'false' }
  })
  const stepMs = Date.now() - started
  if (result.exitCode !== 0)
    throw new Error(`the action failed:\n${result.stdout}\n${result.stderr}`)
  const put = emulator.requests.slice(before).find(r => r.route === 'upload' && r.status === 200)
  const rssKiB = Number((await readFile(timeFile, 'utf8')).trim().split('\n').pop())
  return { putMs: put!.durationMs, stepMs, rssKiB }
}

/** `curl -T` to a freshly signed URL; with `hashing`, `openssl dgst -sha256` reads and hashes the same file meanwhile. */
async function viaCurl(emulator: Emulator, path: string, hashing: boolean): Promise<Sample> {
  const signed = await fetch(
    `${emulator.baseUrl}/api/v0/run-inputs-executables-signed-urls?file=curl.apk`,
    {
      headers: { authorization: `Bearer ${DEMO_API_KEY}` }
    }
  )
  const { signedUrl } = (await signed.json()) as { signedUrl: string }
  const before = emulator.requests.length
  const started = Date.now()
  const hashed = hashing ? promisify(execFile)('openssl', ['dgst', '-sha256', path]) : undefined
  await promisify(execFile)('curl', [
    '-sS',
    '-f',
    '-o',
    '/dev/null',
    '-T',
    path,
    '-H',
    'Content-Type: application/octet-stream',
    signedUrl
  ])
  await hashed
  const stepMs = Date.now() - started
  const put = emulator.requests.slice(before).find(r => r.route === 'upload' && r.status === 200)
  if (!put) throw new Error('curl upload was not stored')
  return { putMs: put.durationMs, stepMs }
}

/** Milliseconds from spawning the step to the service receiving its first request. */
async function timeToFirstRequest(emulator: Emulator, dir: string): Promise<number> {
  const path = join(dir, 'small.apk')
  await writeArtifact(path, 64 * 1024)
  const samples: number[] = []
  for (let i = 0; i < 5; i++) {
    emulator.reset()
    const started = Date.now()
    await runStep({
      workspace: dir,
      main: bundle,
      inputs: { 'api-key': DEMO_API_KEY, 'base-url': emulator.baseUrl, file: path }
    })
    samples.push(emulator.requests[0]!.startedAt - started)
  }
  return median(samples)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
