/**
 * readBuild: the build read in a worker bounded from outside. The same
 * facts and refusals as the readers give in this thread; a number no real
 * property list holds (a million digits, in Info.plist and in the profile)
 * refused unread; a read that meets the worker's time or memory refused
 * naming the limit; an abort that ends the read at once, the worker gone.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { BrokenBuildError } from '../../../../src/core/inspect/broken.js'
import { inspectBuild } from '../../../../src/core/inspect/inspect.js'
import {
  coolReader,
  readBuild,
  warmReader,
  WORKER_LIMITS
} from '../../../../src/core/inspect/read.js'
import { AbortedError } from '../../../../src/core/shared/errors.js'
import { fakeProfile, xmlInfoPlist } from '../../../helpers/hostile-builds.js'
import { writeZip } from '../../../../emulator/zip-writer.js'
import { FIXTURES } from './aapt-dump.js'
import {
  bundledReaderModule,
  failNextStart,
  lastStarted,
  useWorkers,
  type StartFailure
} from '../../../helpers/reader-thread.js'
import { execFile } from 'node:child_process'
import { pathToFileURL } from 'node:url'

// The worker itself is what these tests prove: its limits, its stop, its answers.
beforeAll(() => useWorkers(true))
afterAll(() => useWorkers(false))

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const NOW = new Date('2026-01-01T00:00:00Z')
const APP = 'Payload/Hostile.app'
/** A `<real>` of a million digits ending in `e`: one backtracking pattern took hours over it. */
const MILLION_DIGITS: [string, string] = ['Scale', `<real>${'1'.repeat(1_000_000)}e</real>`]

async function ipa(name: string, entries: { name: string; data: Buffer }[]): Promise<string> {
  const path = join(dir, name)
  await writeZip(path, { entries: entries.map(entry => ({ ...entry, deflate: true })) })
  return path
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error
  )
}

describe('readBuild', () => {
  it('says what inspectBuild says, for a build and for a refusal', async () => {
    for (const file of ['ios/development.ipa', 'android/release-v2v3.apk', 'android/bundle.aab']) {
      const path = join(FIXTURES, file)
      const name = file.split('/')[1]!
      expect(await readBuild(path, { name, now: NOW })).toEqual(
        await inspectBuild(path, { name, now: NOW })
      )
    }
    const wrong = join(FIXTURES, 'ios/development.ipa')
    const refused = await rejection(readBuild(wrong, { name: 'app.apk' }))
    const same = await rejection(inspectBuild(wrong, { name: 'app.apk' }))
    expect(refused).toBeInstanceOf(BrokenBuildError)
    expect(refused).toMatchObject({
      message: (same as Error).message,
      reason: (same as BrokenBuildError).reason,
      fix: (same as BrokenBuildError).fix
    })
  })

  it('refuses a number no property list holds, in Info.plist and in the profile', async () => {
    const inPlist = await ipa('real-plist.ipa', [
      { name: `${APP}/Info.plist`, data: xmlInfoPlist(undefined, [MILLION_DIGITS]) }
    ])
    const inProfile = await ipa('real-profile.ipa', [
      { name: `${APP}/Info.plist`, data: xmlInfoPlist() },
      { name: `${APP}/embedded.mobileprovision`, data: fakeProfile(undefined, [MILLION_DIGITS]) }
    ])
    for (const path of [inPlist, inProfile]) {
      const error = await rejection(readBuild(path, { name: 'app.ipa' }))
      expect(error).toBeInstanceOf(BrokenBuildError)
      expect((error as Error).message).toMatch(/an <real> longer than 64 characters/)
    }
  })

  it('refuses a read that meets the worker’s time, naming the build and the limit', async () => {
    const path = join(FIXTURES, 'android/release-v2v3.apk')
    const error = await rejection(
      readBuild(path, { name: 'app.apk', limits: { ...WORKER_LIMITS, ms: 1 } })
    )
    expect(error).toBeInstanceOf(BrokenBuildError)
    expect(error).toMatchObject({ reason: 'over-limit' })
    expect((error as Error).message).toMatch(/"app\.apk".*could not be read within 1 ms/)
  })

  it('refuses a read that meets the worker’s memory, naming the limit', async () => {
    // A plist of 3,000,000 characters of text, within the readers' own budgets: in a worker of
    // 4 MiB its strings cannot all be held.
    const big: [string, string] = ['A', `<string>${'a'.repeat(3_000_000)}</string>`]
    const path = await ipa('big.ipa', [
      { name: `${APP}/Info.plist`, data: xmlInfoPlist(undefined, [big]) }
    ])
    const limits = { ...WORKER_LIMITS, heapMb: 4, youngMb: 1 }
    const error = await rejection(readBuild(path, { name: 'app.ipa', limits }))
    expect(error).toBeInstanceOf(BrokenBuildError)
    expect((error as Error).message).toMatch(/could not be read within 4 MiB of memory/)
  })

  it('stops at once when aborted, before or during the read', async () => {
    const path = join(FIXTURES, 'ios/development.ipa')
    const before = new AbortController()
    before.abort()
    expect(
      await rejection(readBuild(path, { name: 'app.ipa', signal: before.signal }))
    ).toBeInstanceOf(AbortedError)
    const during = new AbortController()
    const read = rejection(readBuild(path, { name: 'app.ipa', signal: during.signal }))
    during.abort()
    expect(await read).toBeInstanceOf(AbortedError)
  })
})

describe('a worker started ahead of its read', () => {
  const apk = join(FIXTURES, 'android/release-v2v3.apk')
  const ipaFile = join(FIXTURES, 'ios/development.ipa')

  it('answers the first read as a worker started for it would, and only that one', async () => {
    warmReader()
    warmReader()
    const expected = await inspectBuild(apk, { name: 'app.apk', now: NOW })
    expect(await readBuild(apk, { name: 'app.apk', now: NOW })).toEqual(expected)
    expect(await readBuild(apk, { name: 'app.apk', now: NOW })).toEqual(expected)
    // A read with limits of its own takes no worker started with the default ones.
    warmReader()
    const error = await rejection(
      readBuild(apk, { name: 'app.apk', limits: { ...WORKER_LIMITS, ms: 1 } })
    )
    expect(error).toMatchObject({ reason: 'over-limit' })
    expect(await readBuild(ipaFile, { name: 'app.ipa', now: NOW })).toEqual(
      await inspectBuild(ipaFile, { name: 'app.ipa', now: NOW })
    )
  })

  it('keeps its bounds: its time, and a stop, end it as any read', async () => {
    warmReader()
    const stop = new AbortController()
    const read = rejection(readBuild(ipaFile, { name: 'app.ipa', signal: stop.signal }))
    stop.abort()
    expect(await read).toBeInstanceOf(AbortedError)
    warmReader()
    coolReader()
    expect(await readBuild(apk, { name: 'app.apk', now: NOW })).toEqual(
      await inspectBuild(apk, { name: 'app.apk', now: NOW })
    )
  })

  // [how the worker started ahead fails, whether the read takes it before its failure is known]
  const FAILED: [StartFailure, boolean][] = [
    ['throw', true],
    ['boot', true],
    ['boot', false],
    ['exit', true],
    ['exit', false]
  ]
  it.each(FAILED)(
    'one that fails to start (%s; taken first: %s) ends nothing: the read starts its own',
    async (how, takenFirst) => {
      const expected = await inspectBuild(apk, { name: 'app.apk', now: NOW })
      failNextStart(how)
      const started = lastStarted()
      warmReader()
      if (!takenFirst && lastStarted() !== started)
        await new Promise(ended => lastStarted()!.once('exit', ended))
      expect(await readBuild(apk, { name: 'app.apk', now: NOW })).toEqual(expected)
      // The next warm start is a sound one again, and answers.
      warmReader()
      expect(await readBuild(apk, { name: 'app.apk', now: NOW })).toEqual(expected)
    }
  )

  it('holds no process open: a step that warms it and reads nothing ends by itself', async () => {
    const module = pathToFileURL(await bundledReaderModule()).href
    const script = `const m = await import(${JSON.stringify(module)}); m.warmReader(); setTimeout(() => console.log('done'), 50)`
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>(done => {
      const child = execFile(
        process.execPath,
        ['--input-type=module', '--eval', script],
        { timeout: 20_000 },
        (error, out) =>
          done({ code: error ? ((error.code as number | null) ?? -1) : 0, stdout: out })
      )
      child.stdin?.end()
    })
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'done' })
  })
})
