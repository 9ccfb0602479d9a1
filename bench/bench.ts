/**
 * `npm run bench`: upload throughput and memory of the bundled action against
 * `curl -T` on the same emulated store, side by side, alternating.
 *
 *   npm run bench                       # 64 MiB and 1 GiB, 3 runs each
 *   npm run bench -- --sizes 64,1024,4096 --runs 5
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
import { startEmulator, type Emulator } from '../emulator/server.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'

const MiB = 1024 * 1024
const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const sizes = option('sizes', '64,1024').split(',').map(Number)
const runs = Number(option('runs', '3'))

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
  const rows: string[] = []
  for (const sizeMiB of sizes) {
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
    const putAction = median(action.map(s => s.putMs))
    const putCurl = median(curl.map(s => s.putMs))
    const putCurlHashing = hasOpenssl ? median(curlHashing.map(s => s.putMs)) : NaN
    const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
    const timed = (ms: number): string =>
      `${seconds(ms)}, ${((sizeMiB * 1000) / ms).toFixed(0)} MiB/s`
    rows.push(
      [
        `${sizeMiB} MiB`,
        timed(putAction),
        timed(putCurl),
        (putCurl / putAction).toFixed(2),
        hasOpenssl ? timed(putCurlHashing) : 'n/a',
        hasOpenssl ? (putCurl / putCurlHashing).toFixed(2) : 'n/a',
        hasOpenssl ? (putCurlHashing / putAction).toFixed(2) : 'n/a',
        seconds(median(action.map(s => s.stepMs))),
        `${Math.round(Math.max(...action.map(s => s.rssKiB ?? 0)) / 1024)} MiB`
      ].join(' | ')
    )
    await rm(path)
  }
  const bundle = (await stat(join(ROOT, 'dist', 'index.js'))).size
  const firstRequest = await timeToFirstRequest(emulator, dir)
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}; artifacts and store in ${scratch ?? tmpdir()}; median of ${runs} alternating runs each.\n`
  )
  console.log(
    '| size | action PUT (median) | curl PUT | throughput action / curl | curl + openssl sha256 PUT | (curl + sha256) / curl | action / (curl + sha256) | action step wall time | action peak RSS |'
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(`| ${row} |`)
  console.log(
    `\nBundle: dist/index.js is ${(bundle / 1024).toFixed(0)} KiB. Process start to first request (small file): ${firstRequest} ms (median of 5).`
  )
} finally {
  await cleanUp()
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

/** A file of `size` bytes written in 1 MiB blocks of varied content (not sparse, not all zeros). */
async function writeArtifact(path: string, size: number): Promise<void> {
  const file = await open(path, 'w')
  const block = Buffer.alloc(MiB)
  for (let written = 0; written < size; written += MiB) {
    block.writeUInt32LE(written / MiB, 0)
    for (let j = 4; j < 64; j++) block[j] = (written / MiB + j) & 0xff
    await file.write(block, 0, Math.min(MiB, size - written))
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
