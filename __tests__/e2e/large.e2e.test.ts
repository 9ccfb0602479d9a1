/**
 * A build over 4 GiB through the bundle: nothing in the path may assume a
 * 32-bit length or position. The file is sparse (it costs no disk) with marks
 * at its start, across the 4 GiB boundary and at its end, so bytes sent to the
 * wrong place change the digest.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, statfsSync } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { step } from '../helpers/harness.js'

const FOUR_GIB = 2 ** 32
// Not a whole number of chunks, so the last read is a short one past the 4 GiB mark.
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

async function writeSparse(path: string): Promise<void> {
  const file = await open(path, 'w')
  await file.write(Buffer.from('start'), 0, 5, 0)
  await file.write(Buffer.from('across-4-GiB'), 0, 12, FOUR_GIB - 6)
  await file.write(Buffer.from('end'), 0, 3, SIZE - 3)
  await file.close()
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
    await writeSparse(path)
    const expected = await sha256Of(path)

    const result = await step(
      emulator,
      { file: 'app-universal.apk', notify: 'false' },
      { workspace, timeoutMs: 240_000 }
    )

    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      artifactSize: String(SIZE),
      artifactSha256: expected,
      outcome: 'skipped'
    })
    const put = emulator.requests.find(r => r.route === 'upload')!
    expect(put.headers['content-length']).toBe(String(SIZE))
    const stored = emulator.objects.get('team_demo/app-universal.apk')!
    expect(stored.size).toBe(SIZE)
    expect(stored.sha256).toBe(expected)
  },
  300_000
)
