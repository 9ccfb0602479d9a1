/**
 * `npm run bench:several`: an APK and an IPA deployed by one step of the
 * bundled action (`file` with two lines) against the same two deployed by two
 * steps one after the other; wall time, peak RSS of each step, median of the
 * runs, alternating.
 *
 *   npm run bench:several                          # 512 MiB each, 3 runs, over a link shaped to 1gbit
 *   npm run bench:several -- --size 64 --runs 5 --rate none
 *
 * Over the shaped link both builds share one 1 Gbit/s, as two uploads from
 * one runner do: one step saves the second process start, read and
 * notification, never the link's time. `--rate none` measures raw loopback.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, runStep } from '../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'
import { writeBuild } from '../emulator/builds.js'
import { onShapedLink, shapedLinkProblem } from './link.js'

const MiB = 1024 * 1024
const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const sizeMiB = Number(option('size', '512'))
const runs = Number(option('runs', '3'))
const rate = option('rate', '1gbit')
const bundle = join(ROOT, 'dist', 'index.js')

interface Sample {
  ms: number
  rssMiB: number
}
interface Row {
  sizeMiB: number
  oneStep: Sample
  twoSteps: Sample
}

if (!args.includes('--inside') && rate !== 'none') {
  const problem = shapedLinkProblem()
  if (problem) throw new Error(`${problem}; or run with --rate none`)
  const out = await onShapedLink(rate, [
    process.execPath,
    '--import',
    'tsx',
    join(ROOT, 'bench', 'several.ts'),
    ...args,
    '--inside'
  ])
  print(JSON.parse(out.trim().split('\n').pop()!) as Row, `loopback shaped to ${rate}`)
} else {
  const row = await measure()
  if (args.includes('--inside')) console.log(JSON.stringify(row))
  else print(row, 'raw loopback')
}

async function measure(): Promise<Row> {
  // In memory where it can: disk writeback then sets the pace of neither.
  const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  const emulator = await startEmulator({ storeDirectory: scratch })
  const dir = await mkdtemp(join(scratch, 'bench-several-'))
  try {
    const builds = [join(dir, 'app-release.apk'), join(dir, 'MyApp.ipa')]
    for (const build of builds) await writeBuild(build, sizeMiB * MiB)
    const one: Sample[] = []
    const two: Sample[] = []
    for (let i = 0; i < runs; i++) {
      one.push(await timed(emulator, dir, [builds.join('\n')]))
      emulator.reset()
      two.push(await timed(emulator, dir, builds))
      emulator.reset()
    }
    return { sizeMiB, oneStep: medianOf(one), twoSteps: medianOf(two) }
  } finally {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** The steps one after the other, each with its `file`; the wall time of all and the highest peak RSS. */
async function timed(emulator: Emulator, dir: string, files: string[]): Promise<Sample> {
  const started = performance.now()
  let rssMiB = 0
  for (const file of files) {
    const timeFile = join(dir, 'time.txt')
    const result = await runStep({
      workspace: dir,
      node: '/usr/bin/time',
      nodeArgs: ['-f', '%M', '-o', timeFile, process.execPath],
      main: bundle,
      inputs: { 'api-key': DEMO_API_KEY, 'base-url': emulator.baseUrl, file, 'pr-comment': 'false' }
    })
    if (result.exitCode !== 0)
      throw new Error(`the step failed:\n${result.stdout}\n${result.stderr}`)
    const kiB = Number((await readFile(timeFile, 'utf8')).trim().split('\n').pop())
    rssMiB = Math.max(rssMiB, Math.round(kiB / 1024))
  }
  const stored = emulator.requests.filter(r => r.route === 'upload' && r.status === 200).length
  if (stored !== 2) throw new Error(`${stored} builds stored, not 2`)
  return { ms: performance.now() - started, rssMiB }
}

function medianOf(samples: Sample[]): Sample {
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  }
  return { ms: median(samples.map(s => s.ms)), rssMiB: Math.max(...samples.map(s => s.rssMiB)) }
}

function print(row: Row, link: string): void {
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  console.log(
    `An APK and an IPA of ${row.sizeMiB} MiB each, ${link}, median of ${runs} alternating runs:\n`
  )
  console.log('| shape | wall time | peak RSS (highest step) |')
  console.log('|---|---|---|')
  console.log(`| one step, two builds | ${s(row.oneStep.ms)} | ${row.oneStep.rssMiB} MiB |`)
  console.log(`| two steps, one build each | ${s(row.twoSteps.ms)} | ${row.twoSteps.rssMiB} MiB |`)
  console.log(`\nOne step / two steps: ${(row.oneStep.ms / row.twoSteps.ms).toFixed(2)}`)
}
