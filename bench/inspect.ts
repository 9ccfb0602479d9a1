/**
 * `npm run bench:inspect`: what reading a build costs (src/core/build), at
 * 4 GiB. Each build is a real zip whose big entry is a hole in a sparse file,
 * so the central directory sits past 4 GiB (Zip64) as in a large build; the
 * readable entries are the fixtures' own manifest, Info.plist and profile.
 *
 *   npm run bench:inspect                       # 4 GiB APK, AAB, IPA, IPA of 20,000 files; 7 runs each
 *   npm run bench:inspect -- --runs 9 --size-mib 8192
 *
 * Every run is a fresh Node process (tsx), so no run profits from another's
 * warm caches; in it, after the modules are loaded and one small build was
 * read, the build is read once cold and then `warm` more times. Reported:
 * median wall time of the first read and of the warm reads, the growth of
 * the peak RSS across the first read (getrusage's maxrss), and the growth of
 * heap plus external memory (buffers) right after it, before any collection.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { inspectBuild } from '../src/core/build/inspect.js'
import { signingBlock, writeZip, type ZipEntrySpec } from '../__tests__/helpers/zip-writer.js'

const ROOT = join(import.meta.dirname, '..')
const FIXTURES = join(ROOT, '__tests__', 'fixtures', 'builds')
const MiB = 1024 * 1024
const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}

interface Sample {
  coldMs: number
  warmMs: number
  peakRssKiB: number
  heapAndExternalKiB: number
}

if (args[0] === '--child') {
  console.log(JSON.stringify(await measureHere(args[1]!, Number(args[2]))))
} else {
  await main()
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '7'))
  const size = Number(option('size-mib', '4096')) * MiB
  // Sparse files in memory where they can be: a hole costs nothing there either.
  const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  const dir = await mkdtemp(join(scratch, 'bench-inspect-'))
  try {
    const builds = await writeBuilds(dir, size)
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}; builds sparse in ${scratch}; median of ${runs} runs, each a fresh process.\n`
    )
    console.log(
      '| build | size | entries | first read | warm read | peak RSS growth | heap + external growth |'
    )
    console.log('|---|---|---|---|---|---|---|')
    for (const build of builds) {
      const samples: Sample[] = []
      for (let i = 0; i < runs; i++) samples.push(await inChild(build.path))
      const ms = (values: number[]): string => `${median(values).toFixed(1)} ms`
      const kib = (values: number[]): string => `${(median(values) / 1024).toFixed(2)} MiB`
      console.log(
        `| ${[
          build.label,
          `${(size / MiB).toFixed(0)} MiB`,
          build.entries,
          ms(samples.map(s => s.coldMs)),
          ms(samples.map(s => s.warmMs)),
          kib(samples.map(s => s.peakRssKiB)),
          kib(samples.map(s => s.heapAndExternalKiB))
        ].join(' | ')} |`
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

interface Build {
  label: string
  path: string
  entries: number
}

/** The builds, each `size` bytes give or take its few real entries. */
async function writeBuilds(dir: string, size: number): Promise<Build[]> {
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
    await writeZip(path, spec)
    builds.push({ label: spec.label, path, entries: spec.entries.length })
  }
  return builds
}

async function inChild(path: string): Promise<Sample> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--expose-gc',
    join(ROOT, 'bench', 'inspect.ts'),
    '--child',
    path,
    '5'
  ])
  return JSON.parse(stdout.trim().split('\n').pop()!) as Sample
}

/** In the child: load, warm up on a small build, then measure the first read of `path` and `warm` more. */
async function measureHere(path: string, warm: number): Promise<Sample> {
  const gc = (globalThis as { gc?: () => void }).gc!
  await inspectBuild(join(FIXTURES, 'ios', 'development.ipa'))
  await inspectBuild(join(FIXTURES, 'android', 'bundle.aab'))
  gc()
  const peakBefore = process.resourceUsage().maxRSS
  const before = process.memoryUsage()
  const started = performance.now()
  const facts = await inspectBuild(path)
  const coldMs = performance.now() - started
  const after = process.memoryUsage()
  const peakRssKiB = process.resourceUsage().maxRSS - peakBefore
  if (!('appId' in facts)) throw new Error(`${path} read as ${facts.format}, not an app`)
  const warmTimes: number[] = []
  for (let i = 0; i < warm; i++) {
    const t = performance.now()
    await inspectBuild(path)
    warmTimes.push(performance.now() - t)
  }
  return {
    coldMs,
    warmMs: median(warmTimes),
    peakRssKiB,
    heapAndExternalKiB: (after.heapUsed + after.external - before.heapUsed - before.external) / 1024
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
