/**
 * `npm run bench:collect`: what one scheduled collect costs over many open
 * pull requests, against the emulator's GitHub. Each of N pull requests
 * (default 50) gets a deploy of the bundled action with an APK and an IPA in
 * one step and `report-later` (two check runs in progress); then collects of
 * the bundle run as a schedule does: one while every run is under way, one
 * after every run has ended (the emulator's clock moved two hours on), as
 * many more as the request budget needs, and one with nothing left. For each:
 * GitHub requests (reads, writes), wall time, check runs completed.
 *
 *   npm run bench:collect
 *   npm run bench:collect -- --pulls 10 --max-requests 5000
 *
 * It also times a report-later deploy step against the hour its run takes:
 * the runner's time spent waiting is the step's time after the notification.
 */
import { rm, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { useEmulatorClock } from '../emulator/clock.js'
import { ROOT, runStep, type StepResult } from '../emulator/github-runner.js'
import { startEmulator } from '../emulator/server.js'
import { DEMO_API_KEY } from '../emulator/workspaces.js'
import { writeBuild } from '../emulator/builds.js'

const args = process.argv.slice(2)
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const pulls = Number(option('pulls', '50'))
const maxRequests = option('max-requests', '300')
const bundle = join(ROOT, 'dist', 'index.js')
const HOUR = 60 * 60 * 1000
const MAIN_TIP = '9'.repeat(40)

let ahead = 0
const restore = useEmulatorClock(() => Date.now() + ahead)
const emulator = await startEmulator()
const dir = await mkdtemp(join(tmpdir(), 'bench-collect-'))
try {
  await writeBuild(join(dir, 'app-release.apk'), 64 * 1024)
  await writeBuild(join(dir, 'MyApp.ipa'), 64 * 1024)
  emulator.github.repository.commits.push(MAIN_TIP)
  const deploySeconds: number[] = []
  for (let number = 1; number <= pulls; number++) {
    const head = number.toString(16).padStart(40, 'c')
    emulator.github.pulls.push({
      number,
      state: 'open',
      head: { ref: `feature/${number}`, sha: head, owner: 'octo-org' }
    })
    const started = performance.now()
    const result = await runStep({
      workspace: dir,
      main: bundle,
      eventName: 'pull_request',
      ref: `refs/pull/${number}/merge`,
      sha: '1'.repeat(40),
      event: { number, pull_request: { number, head: { ref: `feature/${number}`, sha: head } } },
      env: { GITHUB_API_URL: emulator.github.url },
      inputs: {
        'api-key': DEMO_API_KEY,
        'base-url': emulator.baseUrl,
        file: 'app-release.apk\nMyApp.ipa',
        'report-later': 'true',
        variables: JSON.stringify({
          EMULATOR_RUN: JSON.stringify({ initializingMs: HOUR / 2, underReviewMs: HOUR / 2 })
        })
      }
    })
    deploySeconds.push((performance.now() - started) / 1000)
    if (result.exitCode !== 0) throw new Error(`deploy ${number} failed:\n${result.stdout}`)
  }
  const pending = emulator.github.checkRuns.filter(c => c.status === 'in_progress').length
  console.log(
    `${pulls} pull requests, ${pending} check runs in progress; each report-later deploy step took ${median(deploySeconds).toFixed(2)} s (median) for a run of an hour: no runner time spent waiting.\n`
  )
  console.log('| collect | GitHub reads | GitHub writes | completed | left pending | wall time |')
  console.log('|---|---|---|---|---|---|')
  await collect('runs under way')
  ahead = 2 * HOUR
  for (let i = 1; emulator.github.checkRuns.some(c => c.status === 'in_progress'); i++) {
    if (i > 20) throw new Error('the collects never completed every check run')
    await collect(`runs ended, #${i}`)
  }
  await collect('nothing left')
} finally {
  restore()
  await emulator.close()
  await rm(dir, { recursive: true, force: true })
}

async function collect(label: string): Promise<StepResult> {
  const before = emulator.github.requests.length
  const completedBefore = completed()
  const started = performance.now()
  const result = await runStep({
    workspace: dir,
    main: bundle,
    eventName: 'schedule',
    ref: 'refs/heads/main',
    sha: MAIN_TIP,
    env: { GITHUB_API_URL: emulator.github.url },
    inputs: {
      'api-key': DEMO_API_KEY,
      'base-url': emulator.baseUrl,
      collect: 'true',
      'collect-max-requests': maxRequests,
      'wait-timeout-minutes': '360'
    }
  })
  const seconds = (performance.now() - started) / 1000
  if (result.exitCode !== 0) throw new Error(`the collect failed:\n${result.stdout}`)
  const requests = emulator.github.requests.slice(before)
  const reads = requests.filter(r => r.method === 'GET').length
  const left = emulator.github.checkRuns.filter(c => c.status === 'in_progress').length
  console.log(
    `| ${label} | ${reads} | ${requests.length - reads} | ${completed() - completedBefore} | ${left} | ${seconds.toFixed(1)} s |`
  )
  return result
}

function completed(): number {
  return emulator.github.checkRuns.filter(c => c.status === 'completed').length
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
