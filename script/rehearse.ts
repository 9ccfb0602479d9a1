/**
 * `npm run release:rehearse`: the whole release rehearsed against local
 * stand-ins (script/rehearse-steps.ts says what), in a folder of its own
 * that is removed whatever happens. The steps run in a process group of
 * their own, the registry and every command they start with them; this
 * process ends that group and removes the folder when the steps end, when
 * they fail, and on Ctrl-C or SIGTERM (then exiting 130 or 143), so that no
 * registry keeps running and no folder with an auth token in it stays
 * behind. It says the folder and the group's id first, for whoever checks
 * that both are gone. package.json runs it as `node --import tsx`, so that
 * this process gets a signal itself: tsx's own command relays one, and kills
 * a process that does not acknowledge it within 30 ms.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** How long the group is given to end after SIGTERM before it is killed. */
const GRACE_MS = 5_000
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const

const work = await mkdtemp(join(tmpdir(), 'rehearsal-'))
console.log(`Rehearsal folder: ${work}`)
// The steps under the same Node and loader as this script (tsx), in a group of their own.
const steps = spawn(
  process.execPath,
  [...process.execArgv, join(import.meta.dirname, 'rehearse-steps.ts'), work],
  { stdio: 'inherit', detached: true }
)
const group = steps.pid!
console.log(`Rehearsal process group: ${group}`)

let stoppedBy: keyof typeof SIGNAL_CODES | undefined
for (const signal of Object.keys(SIGNAL_CODES) as (keyof typeof SIGNAL_CODES)[])
  process.on(signal, () => {
    stoppedBy ??= signal
    signalGroup('SIGTERM')
  })

const code = await new Promise<number>(resolve => {
  steps.on('error', () => resolve(1))
  steps.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
})
await endGroup()
await rm(work, { recursive: true, force: true })
console.log(`Removed ${work}; the rehearsal's processes ended.`)
process.exit(stoppedBy ? SIGNAL_CODES[stoppedBy] : code)

/** Sends `signal` to the group; false when no process of it is left. */
function signalGroup(signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal)
    return true
  } catch {
    return false
  }
}

/** Ends what is left of the group (the registry, a command mid-way): SIGTERM, then SIGKILL after GRACE_MS. */
async function endGroup(): Promise<void> {
  signalGroup('SIGTERM')
  for (const stop = Date.now() + GRACE_MS; signalGroup(0) && Date.now() < stop;)
    await new Promise(resolve => setTimeout(resolve, 100))
  signalGroup('SIGKILL')
  for (const stop = Date.now() + GRACE_MS; signalGroup(0) && Date.now() < stop;)
    await new Promise(resolve => setTimeout(resolve, 100))
}
