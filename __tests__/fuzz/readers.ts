/**
 * A mutation fuzz of the build reader over the real fixtures: each of the
 * fixtures' descriptors (binary XML, the bundle's protocol-buffer manifest,
 * XML and binary plists, a provisioning profile) and whole builds (APKs, the
 * AAB, IPAs), mutated by a seeded generator: bytes flipped, set to extreme
 * values, runs of bytes copied over others or repeated, cut short. Every
 * input must end in an answer or a refusal; the time of the slowest and the
 * process's peak memory are told, as one JSON line on stdout.
 *
 * Then `--long` builds with one long token each (__tests__/fuzz/long-tokens.ts:
 * numbers, strings, names, keys up to 1 MiB, where the readers meet them),
 * each read through readBuild as the packages carry it, in its worker: each
 * must end in an answer or a refusal of the readers' own, none by the
 * worker's limits; the slowest is told.
 *
 *   npx tsx __tests__/fuzz/readers.ts --count 5000 --long 500 --seed 7
 *
 * `npm run test:e2e` runs it for a fixed count (__tests__/e2e/fuzz.e2e.test.ts).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yauzl from 'yauzl'
import { readBinaryXml } from '../../src/core/inspect/axml.js'
import { BrokenBuildError } from '../../src/core/inspect/broken.js'
import { ReadBudget } from '../../src/core/inspect/budget.js'
import { inspectBuild } from '../../src/core/inspect/inspect.js'
import { parsePlistDictionary, profilePlist } from '../../src/core/inspect/plist.js'
import { readProtoXml } from '../../src/core/inspect/proto-xml.js'
import { bundledReader } from '../helpers/reader-thread.js'
import { writeZip } from '../../emulator/zip-writer.js'
import { longTokenBuild } from './long-tokens.js'
import { runsAsScript } from '../../script/entry.js'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'builds')
const args = process.argv.slice(2)
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

/** mulberry32: a small seeded generator, the same inputs for the same seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const below = (random: Random, n: number): number => Math.floor(random() * n)

/** One to four mutations of `input`, a copy. */
export function mutate(input: Buffer, random: Random): Buffer {
  let data = Buffer.from(input)
  const times = 1 + below(random, 4)
  for (let i = 0; i < times && data.length > 0; i++) {
    const at = below(random, data.length)
    switch (below(random, 7)) {
      case 0: // flip a bit
        data[at]! ^= 1 << below(random, 8)
        break
      case 1: // an extreme value in a 16- or 32-bit field, where counts and offsets live
        for (const [k, byte] of [0xff, 0xff, 0xff, 0x7f, 0x00, 0x80]
          .slice(0, 2 + below(random, 3))
          .entries())
          if (at + k < data.length) data[at + k] = below(random, 2) ? byte : 0
        break
      case 2: // a byte anything
        data[at] = below(random, 256)
        break
      case 3: {
        // a run copied over another place
        const length = 1 + below(random, 64)
        const from = below(random, data.length)
        data.copy(data, at, from, Math.min(data.length, from + length))
        break
      }
      case 4: {
        // a run repeated many times, where a count or a shared object multiplies
        const length = 1 + below(random, 16)
        const run = data.subarray(at, Math.min(data.length, at + length))
        const repeats = 1 + below(random, 2000)
        data = Buffer.concat([
          data.subarray(0, at),
          ...Array<Buffer>(repeats).fill(run),
          data.subarray(at)
        ])
        break
      }
      case 5: // cut short
        data = data.subarray(0, at)
        break
      default: // a run removed
        data = Buffer.concat([
          data.subarray(0, at),
          data.subarray(Math.min(data.length, at + 1 + below(random, 32)))
        ])
    }
  }
  return data
}

/** Every descriptor of the fixtures, with the reader it goes to. */
async function descriptors(): Promise<
  { name: string; data: Buffer; read: (data: Buffer) => unknown }[]
> {
  const axml = (data: Buffer) => readBinaryXml(data, new ReadBudget())
  const proto = (data: Buffer) => readProtoXml(data, new ReadBudget())
  const plist = (data: Buffer) => parsePlistDictionary(data, new ReadBudget())
  const found: { name: string; data: Buffer; read: (data: Buffer) => unknown }[] = [
    {
      name: 'axml/manifest.axml',
      data: await readFile(join(FIXTURES, 'axml/manifest.axml')),
      read: axml
    },
    {
      name: 'axml/sample.axml',
      data: await readFile(join(FIXTURES, 'axml/sample.axml')),
      read: axml
    },
    {
      name: 'axml/manifest.pb',
      data: await readFile(join(FIXTURES, 'axml/manifest.pb')),
      read: proto
    }
  ]
  for (const file of readdirSync(join(FIXTURES, 'ios')).filter(f => /\.(ipa|zip)$/.test(f))) {
    const zip = await yauzl.openPromise(join(FIXTURES, 'ios', file), { lazyEntries: true })
    for await (const entry of zip.eachEntry()) {
      if (!/^(Payload\/)?[^/]+\.app\/(Info\.plist|embedded\.mobileprovision)$/.test(entry.fileName))
        continue
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      const data = Buffer.concat(chunks)
      found.push({
        name: `${file}:${entry.fileName}`,
        data: profilePlist(data) ?? data,
        read: plist
      })
    }
    zip.close()
  }
  return found
}

/** The whole builds of the fixtures. */
function builds(): string[] {
  return [
    ...readdirSync(join(FIXTURES, 'android'))
      .filter(f => /\.(apk|aab)$/.test(f))
      .map(f => join(FIXTURES, 'android', f)),
    ...readdirSync(join(FIXTURES, 'ios'))
      .filter(f => /\.(ipa|zip)$/.test(f))
      .map(f => join(FIXTURES, 'ios', f))
  ]
}

export interface FuzzSummary {
  seed: number
  inputs: number
  answered: number
  refused: number
  /** Refusals by the error's class: a reader's own, or a build refused. */
  refusals: Record<string, number>
  slowest: { ms: number; input: string; bytes: number }
  peakRssMiB: number
  /** The builds with a long token, read through the worker. */
  long: {
    inputs: number
    answered: number
    refused: number
    /** Refusals by the worker's limits (its time or memory): the readers' own budgets let one through. */
    overLimit: number
    slowest: { ms: number; input: string }
  }
}

async function fuzz(count: number, long: number, seed: number): Promise<FuzzSummary> {
  const random = generator(seed)
  const seeds = await descriptors()
  const files = builds()
  const summary: FuzzSummary = {
    seed,
    inputs: 0,
    answered: 0,
    refused: 0,
    refusals: {},
    slowest: { ms: 0, input: '', bytes: 0 },
    peakRssMiB: 0,
    long: { inputs: 0, answered: 0, refused: 0, overLimit: 0, slowest: { ms: 0, input: '' } }
  }
  const temp = await mkdtemp(join(tmpdir(), 'fuzz-'))
  try {
    for (let i = 0; i < count; i++) {
      // Nine in ten inputs a descriptor alone (quick), one in ten a whole build through the zip layer.
      const whole = i % 10 === 9
      const source = whole ? files[below(random, files.length)]! : undefined
      const picked = whole ? undefined : seeds[below(random, seeds.length)]!
      const input = mutate(whole ? await readFile(source!) : picked!.data, random)
      const label = `${whole ? source!.slice(FIXTURES.length + 1) : picked!.name} #${i}`
      const started = performance.now()
      try {
        if (whole) {
          const path = join(temp, `build${source!.slice(source!.lastIndexOf('.'))}`)
          await writeFile(path, input)
          await inspectBuild(path)
        } else picked!.read(input)
        summary.answered++
      } catch (error) {
        const kind = error instanceof Error ? error.name : typeof error
        if (whole && !(error instanceof BrokenBuildError))
          throw new Error(`${label}: ${kind} is no refusal of a build`, { cause: error })
        summary.refused++
        summary.refusals[kind] = (summary.refusals[kind] ?? 0) + 1
      }
      const ms = performance.now() - started
      if (ms > summary.slowest.ms)
        summary.slowest = { ms: Math.round(ms * 10) / 10, input: label, bytes: input.length }
      summary.inputs++
    }
    await fuzzLongTokens(long, random, temp, summary.long)
  } finally {
    await rm(temp, { recursive: true, force: true })
  }
  summary.peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024)
  return summary
}

/** `count` builds with a long token through readBuild's worker, told into `into`. */
async function fuzzLongTokens(
  count: number,
  random: () => number,
  temp: string,
  into: FuzzSummary['long']
): Promise<void> {
  const readBuild = await bundledReader()
  for (let i = 0; i < count; i++) {
    const build = longTokenBuild(random)
    const path = join(temp, `long${build.extension}`)
    await writeZip(path, { entries: build.entries.map(entry => ({ ...entry, deflate: true })) })
    const started = performance.now()
    try {
      await readBuild(path, { name: `fuzz${build.extension}` })
      into.answered++
    } catch (error) {
      // Across the worker, a refusal arrives as the error's name and fields, not its class.
      const refusal = error as { name?: string; reason?: string }
      if (refusal.name !== 'BrokenBuildError')
        throw new Error(`${build.label} #${i}: ${refusal.name} is no refusal of a build`, {
          cause: error
        })
      into.refused++
      if (refusal.reason === 'over-limit') into.overLimit++
    }
    const ms = performance.now() - started
    if (ms > into.slowest.ms)
      into.slowest = { ms: Math.round(ms * 10) / 10, input: `${build.label} #${i}` }
    into.inputs++
  }
}

if (runsAsScript('readers')) {
  const summary = await fuzz(option('count', 2000), option('long', 200), option('seed', 1))
  process.stdout.write(`${JSON.stringify(summary)}\n`)
}
