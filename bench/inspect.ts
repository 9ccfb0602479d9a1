/**
 * `npm run bench:inspect`: what reading a build costs (src/core/inspect), at
 * 4 GiB, in the form it ships: `readBuild`, bundled by ncc with the reader's
 * worker beside it (any chunk it splits off is loaded on first use, and
 * listed); each read starts a worker of its own, as each step does, and its
 * time and memory are in the figures. Each build is a real zip whose
 * big entry is a hole in a sparse file, so its central directory sits past
 * 4 GiB (Zip64) as in a large build; the readable entries are the fixtures'
 * own manifests and provisioning profile.
 *
 *   npm run bench:inspect                       # 4 GiB APK, AAB, IPA, IPA of 20,000 files; 7 runs each
 *   npm run bench:inspect -- --runs 9 --size-mib 8192
 *
 * Every run is a fresh Node process, so no run profits from another's warm
 * caches. In it: the bundle is imported; the build is read a first time,
 * with the growth of RSS and of the
 * peak RSS (getrusage's maxrss; 0 when the read stays below the peak the
 * import reached) across that read; then, after a collection, read
 * again, with the growth of RSS and of heap plus external memory (buffers,
 * before any collection) across it; then 5 more times (their median).
 * Medians over the runs.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ncc from '@vercel/ncc'
import yauzl from 'yauzl'
import { signingBlock, writeZip, type ZipEntrySpec } from '../emulator/zip-writer.js'
import { READER_FILE } from '../src/core/inspect/reader-thread.js'

const ROOT = join(import.meta.dirname, '..')
const FIXTURES = join(ROOT, '__tests__', 'fixtures', 'builds')
const MiB = 1024 * 1024
const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}

interface Sample {
  /** The first read of a step that warmed the reader at its start, its own code loading beside the worker's boot. */
  stepFirstMs: number
  /** How long that start-up took. */
  stepStartMs: number
  importMs: number
  firstMs: number
  againMs: number
  warmMs: number
  firstPeakRssKiB: number
  firstRssKiB: number
  againRssKiB: number
  heapAndExternalKiB: number
}

// The step's child: as the CLI's entry does, the reader is warmed, then the rest of the CLI loads
// beside its boot; the first read is timed from the moment the step asks for it.
const STEP_CHILD = `
const [main, path, step] = process.argv.slice(1)
const { readBuild, warmReader } = await import(main)
const t0 = performance.now()
warmReader()
await import(step)
const stepStartMs = performance.now() - t0
const t = performance.now()
const facts = await readBuild(path, { name: path.slice(path.lastIndexOf('/') + 1) })
const stepFirstMs = performance.now() - t
if (!('appId' in facts)) throw new Error(path + ' read as ' + facts.format + ', not an app')
console.log(JSON.stringify({ stepFirstMs, stepStartMs }))
`

// The child: plain Node on the bundle, as the action and the CLI run.
const CHILD = `
const [main, path] = process.argv.slice(1)
const t0 = performance.now()
const { readBuild } = await import(main)
const inspectBuild = path => readBuild(path, { name: path.slice(path.lastIndexOf('/') + 1) })
const importMs = performance.now() - t0
globalThis.gc()
const rssBeforeFirst = process.memoryUsage.rss()
const peakBeforeFirst = process.resourceUsage().maxRSS
let t = performance.now()
const facts = await inspectBuild(path)
const firstMs = performance.now() - t
const firstPeakRssKiB = process.resourceUsage().maxRSS - peakBeforeFirst
const firstRssKiB = (process.memoryUsage.rss() - rssBeforeFirst) / 1024
if (!('appId' in facts)) throw new Error(path + ' read as ' + facts.format + ', not an app')
globalThis.gc()
const before = process.memoryUsage()
t = performance.now()
await inspectBuild(path)
const againMs = performance.now() - t
const after = process.memoryUsage()
const warm = []
for (let i = 0; i < 5; i++) {
  t = performance.now()
  await inspectBuild(path)
  warm.push(performance.now() - t)
}
warm.sort((a, b) => a - b)
console.log(JSON.stringify({
  importMs, firstMs, againMs, warmMs: warm[2], firstPeakRssKiB, firstRssKiB,
  againRssKiB: (after.rss - before.rss) / 1024,
  heapAndExternalKiB: (after.heapUsed + after.external - before.heapUsed - before.external) / 1024
}))
`

const runs = Number(option('runs', '7'))
const size = Number(option('size-mib', '4096')) * MiB
// Sparse files in memory where they can be: a hole costs nothing there either.
const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
const dir = await mkdtemp(join(scratch, 'bench-inspect-'))
try {
  const bundle = await bundleReader(join(dir, 'bundle'))
  const builds = await writeBuilds(dir)
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}; builds sparse in ${scratch}; median of ${runs} runs, each a fresh process.\n`
  )
  console.log(`Bundle (ncc): ${bundle.sizes}.\n`)
  console.log(
    '| build | size | entries | first read in a step | its start-up beside the boot | import | first read, cold | its RSS growth | its peak RSS growth | read again | its RSS growth | its heap + external growth | warm read |'
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const build of builds) {
    const samples: Sample[] = []
    for (let i = 0; i < runs; i++)
      samples.push({
        ...(await inChild(bundle.main, build.path)),
        ...(await inStep(bundle.main, build.path, bundle.step))
      })
    const ms = (pick: (s: Sample) => number): string => `${median(samples.map(pick)).toFixed(1)} ms`
    const mib = (pick: (s: Sample) => number): string =>
      `${(median(samples.map(pick)) / 1024).toFixed(2)} MiB`
    console.log(
      `| ${[
        build.label,
        build.bytes >= MiB
          ? `${(build.bytes / MiB).toFixed(0)} MiB`
          : `${(build.bytes / 1024).toFixed(0)} KiB`,
        build.entries,
        ms(s => s.stepFirstMs),
        ms(s => s.stepStartMs),
        ms(s => s.importMs),
        ms(s => s.firstMs),
        mib(s => s.firstRssKiB),
        mib(s => s.firstPeakRssKiB),
        ms(s => s.againMs),
        mib(s => s.againRssKiB),
        mib(s => s.heapAndExternalKiB),
        ms(s => s.warmMs)
      ].join(' | ')} |`
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}

/** The reader bundled as the action and the CLI bundle the core: its main file, its worker, their chunks; and the CLI's own code, the step's start-up. */
async function bundleReader(out: string): Promise<{ main: string; step: string; sizes: string }> {
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  const inspect = join(ROOT, 'src', 'core', 'inspect')
  for (const [entry, file] of [
    ['read.ts', 'index.js'],
    ['reader-worker.ts', READER_FILE]
  ] as const) {
    const { code, assets } = await ncc(join(inspect, entry), { quiet: true })
    await writeFile(join(out, file), code)
    for (const [name, asset] of Object.entries(assets))
      await writeFile(join(out, name), asset.source)
  }
  const stepDir = join(out, 'step')
  await mkdir(stepDir, { recursive: true })
  const cli = await ncc(join(ROOT, 'src', 'cli', 'process.ts'), { quiet: true })
  await writeFile(join(stepDir, 'index.js'), cli.code)
  for (const [name, asset] of Object.entries(cli.assets))
    await writeFile(join(stepDir, name), asset.source)
  const files = (await readdir(out)).filter(f => f.endsWith('.js')).sort()
  const sizes = await Promise.all(
    files.map(async f => `${f} ${((await stat(join(out, f))).size / 1024).toFixed(0)} KiB`)
  )
  return { main: join(out, 'index.js'), step: join(stepDir, 'index.js'), sizes: sizes.join(', ') }
}

interface Build {
  label: string
  path: string
  bytes: number
  entries: number
}

/** The builds, each `size` bytes give or take its few real entries. */
async function writeBuilds(dir: string): Promise<Build[]> {
  const fixture = (...path: string[]): Buffer => readFileSync(join(FIXTURES, ...path))
  const infoPlist = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.inspect</string><key>CFBundleShortVersionString</key><string>2.3.0</string><key>CFBundleVersion</key><string>230</string><key>MinimumOSVersion</key><string>15.0</string><key>DTPlatformName</key><string>iphoneos</string></dict></plist>\n`
  )
  const ipaEntries = (files: number): ZipEntrySpec[] => [
    { name: 'Payload/', data: Buffer.alloc(0) },
    { name: 'Payload/Inspect.app/Inspect', sparseSize: size },
    ...Array.from({ length: files }, (_, i) => ({
      name: `Payload/Inspect.app/Assets/image-${i}.png`,
      data: Buffer.from('png')
    })),
    { name: 'Payload/Inspect.app/Info.plist', data: infoPlist, deflate: true },
    {
      name: 'Payload/Inspect.app/embedded.mobileprovision',
      data: fixture('ios', 'development.mobileprovision'),
      deflate: true
    }
  ]
  const specs: { label: string; entries: ZipEntrySpec[]; beforeCentralDirectory?: Buffer }[] = [
    {
      label: 'APK (v2+v3 signing block)',
      entries: [
        { name: 'AndroidManifest.xml', data: fixture('axml', 'manifest.axml'), deflate: true },
        { name: 'lib/arm64-v8a/libapp.so', sparseSize: size }
      ],
      beforeCentralDirectory: signingBlock([0x7109871a, 0xf05368c0])
    },
    {
      label: 'AAB',
      entries: [
        {
          name: 'base/manifest/AndroidManifest.xml',
          data: fixture('axml', 'manifest.pb'),
          deflate: true
        },
        { name: 'base/lib/arm64-v8a/libapp.so', sparseSize: size }
      ]
    },
    { label: 'IPA', entries: ipaEntries(0) },
    { label: 'IPA, 20,000 files', entries: ipaEntries(20_000) }
  ]
  const builds: Build[] = []
  for (const [i, spec] of specs.entries()) {
    const path = join(dir, `build-${i}.${spec.label.slice(0, 3).toLowerCase()}`)
    const bytes = await writeZip(path, spec)
    builds.push({ label: spec.label, path, bytes, entries: spec.entries.length })
  }
  // The fixtures themselves: the first read costs the same at a few KiB as at 4 GiB.
  for (const [label, path] of [
    ['APK (fixture, v2+v3)', join(FIXTURES, 'android', 'release-v2v3.apk')],
    ['AAB (fixture)', join(FIXTURES, 'android', 'bundle.aab')],
    ['IPA (fixture)', join(FIXTURES, 'ios', 'development.ipa')]
  ] as const) {
    const zip = await yauzl.openPromise(path)
    zip.close()
    builds.push({ label, path, bytes: (await stat(path)).size, entries: zip.entryCount })
  }
  return builds
}

async function inStep(
  main: string,
  path: string,
  step: string
): Promise<Pick<Sample, 'stepFirstMs' | 'stepStartMs'>> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '--eval',
    STEP_CHILD,
    main,
    path,
    step
  ])
  return JSON.parse(stdout.trim().split('\n').pop()!) as Pick<Sample, 'stepFirstMs' | 'stepStartMs'>
}

async function inChild(main: string, path: string): Promise<Sample> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    '--input-type=module',
    '--eval',
    CHILD,
    main,
    path
  ])
  return JSON.parse(stdout.trim().split('\n').pop()!) as Sample
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
