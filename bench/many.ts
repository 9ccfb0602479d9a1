/**
 * `npm run bench:many`: one step of the bundled action deploying many small
 * builds (50 APKs by default, one app told apart by file name) against the
 * emulator: wall time, peak RSS and the most file descriptors the step held
 * at once (sampled from /proc), median of the runs. Deliveries go a few at a
 * time (PARALLEL_DELIVERIES), so the descriptors stay flat whatever the count.
 *
 *   npm run bench:many                         # 50 builds of 256 KiB, 3 runs
 *   npm run bench:many -- --builds 64 --size-kib 1024 --runs 5
 */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, runStep } from '../emulator/github-runner.js'
import { startEmulator } from '../emulator/server.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'
import { writeBuild } from '../emulator/builds.js'
import { PARALLEL_DELIVERIES } from '../src/core/deploy/orchestrator.js'

const args = process.argv.slice(2)
const option = (name: string, fallback: string): number => {
  const i = args.indexOf(`--${name}`)
  return Number(i >= 0 && args[i + 1] ? args[i + 1] : fallback)
}
const count = option('builds', '50')
const sizeKiB = option('size-kib', '256')
const runs = option('runs', '3')

/** The open descriptors of a process and its children, from /proc; 0 once it is gone. */
function descriptors(pid: number): number {
  try {
    const own = readdirSync(`/proc/${pid}/fd`).length
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number)
    return own + children.reduce((sum, child) => sum + descriptors(child), 0)
  } catch {
    return 0
  }
}

const emulator = await startEmulator()
const dir = await mkdtemp(join(tmpdir(), 'bench-many-'))
try {
  const files: string[] = []
  for (let i = 0; i < count; i++) {
    const name = `app-${String(i).padStart(2, '0')}.apk`
    await writeBuild(join(dir, name), sizeKiB * 1024)
    files.push(name)
  }
  const samples: { ms: number; rssMiB: number; fds: number }[] = []
  for (let run = 0; run < runs; run++) {
    emulator.reset()
    const timeFile = join(dir, 'time.txt')
    let fds = 0
    let sampler: NodeJS.Timeout | undefined
    const started = performance.now()
    const result = await runStep({
      workspace: dir,
      node: '/usr/bin/time',
      nodeArgs: ['-f', '%M', '-o', timeFile, process.execPath],
      main: join(ROOT, 'dist', 'index.js'),
      inputs: {
        'api-key': DEMO_API_KEY,
        'base-url': emulator.baseUrl,
        file: files.join('\n'),
        'pr-comment': 'false'
      },
      onStart: child => {
        sampler = setInterval(() => (fds = Math.max(fds, descriptors(child.pid!))), 20)
      }
    })
    clearInterval(sampler)
    const ms = performance.now() - started
    if (result.exitCode !== 0) throw new Error(`the step failed:\n${result.stdout}`)
    if (emulator.runs.length !== count)
      throw new Error(`${emulator.runs.length} runs, not ${count}`)
    const kiB = Number((await readFile(timeFile, 'utf8')).trim().split('\n').pop())
    samples.push({ ms, rssMiB: Math.round(kiB / 1024), fds })
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  console.log(
    `${count} builds of ${sizeKiB} KiB in one step, ${PARALLEL_DELIVERIES} deliveries at a time, median of ${runs}:\n`
  )
  console.log('| wall time | peak RSS | most descriptors open |')
  console.log('|---|---|---|')
  console.log(
    `| ${(median(samples.map(s => s.ms)) / 1000).toFixed(2)} s | ${Math.max(...samples.map(s => s.rssMiB))} MiB | ${Math.max(...samples.map(s => s.fds))} |`
  )
} finally {
  await emulator.close()
  await rm(dir, { recursive: true, force: true })
}
