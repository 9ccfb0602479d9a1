/**
 * A build over 4 GiB through the bundle: nothing in the path may assume a
 * 32-bit length or position. The file is a real APK in Zip64 form whose big
 * entry is a hole (it costs no disk): its local header at the start, a mark
 * across the 4 GiB boundary inside the hole, the manifest past 4 GiB and the
 * central directory at the end, so bytes sent to the wrong place change the
 * digest, and the reader must find the manifest by the Zip64 records.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, statfsSync } from 'node:fs'
import { mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { inspectBuild } from '../../src/core/inspect/inspect.js'
import { step } from '../helpers/harness.js'
import { writeZip } from '../../emulator/zip-writer.js'

// The debug APK's compiled manifest (fixtures/builds/axml/manifest.xmltree.txt is aapt2's reading of it).
const MANIFEST = fileURLToPath(new URL('../fixtures/builds/axml/manifest.axml', import.meta.url))

const FOUR_GIB = 2 ** 32
// The big entry's size: not a whole number of chunks, so the last read is a short one past the 4 GiB mark.
const SIZE = FOUR_GIB + 1_234_567

// The stored copy lives in memory where it can, so the test does not write gigabytes to disk.
const STORE = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
// The store keeps a whole copy: the test runs only where it fits, and says so when it does not.
const free = statfsSync(STORE)
const room = free.bavail * free.bsize
const fits = room > SIZE + 256 * 1024 * 1024
const skipped = fits
  ? ''
  : ` (skipped: the store's folder ${STORE} has ${(room / 2 ** 30).toFixed(1)} GiB free, the test needs 4.3 GiB)`

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  if (!fits) return
  emulator = await startEmulator({ storeDirectory: STORE })
  workspace = await mkdtemp(join(tmpdir(), 'large-'))
})
afterAll(async () => {
  if (!fits) return
  await emulator.close()
  await rm(workspace, { recursive: true, force: true })
})

/** Writes the sparse APK; returns its size. */
async function writeSparse(path: string): Promise<number> {
  const size = await writeZip(path, {
    entries: [
      { name: 'assets/big.bin', sparseSize: SIZE },
      { name: 'AndroidManifest.xml', data: await readFile(MANIFEST), deflate: true }
    ]
  })
  const file = await open(path, 'r+')
  await file.write(Buffer.from('across-4-GiB'), 0, 12, FOUR_GIB - 6)
  await file.close()
  return size
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer)
  return hash.digest('hex')
}

;(fits ? it : it.skip)(
  `uploads a build over 4 GiB whole: Content-Length, stored bytes and digest${skipped}`,
  async () => {
    const path = join(workspace, 'app-universal.apk')
    const size = await writeSparse(path)
    expect(size).toBeGreaterThan(FOUR_GIB)
    const expected = await sha256Of(path)

    // Read in constant time: the central directory and the manifest, never the 4 GiB before them.
    const started = performance.now()
    const facts = await inspectBuild(path)
    const took = performance.now() - started
    expect(facts).toMatchObject({ platform: 'android', appId: 'com.example.inspect' })
    expect(took).toBeLessThan(1000)

    const result = await step(
      emulator,
      { file: 'app-universal.apk', notify: 'false' },
      { workspace, timeoutMs: 240_000 }
    )

    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      artifactSize: String(size),
      artifactSha256: expected,
      outcome: 'skipped',
      platform: 'android',
      appId: 'com.example.inspect'
    })
    const put = emulator.requests.find(r => r.route === 'upload')!
    expect(put.headers['content-length']).toBe(String(size))
    const stored = emulator.objects.get('team_demo/app-universal.apk')!
    expect(stored.size).toBe(size)
    expect(stored.sha256).toBe(expected)
  },
  300_000
)
