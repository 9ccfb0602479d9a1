/**
 * `readBuild`: what a build is, read in a worker that a stranger's file
 * cannot outlast. The readers inside hold counted budgets of their own (the
 * first line); the worker is the guarantee: its heap and stack are capped,
 * a timer terminates it mid-read whatever it runs (a pattern that backtracks,
 * a loop), its console is dropped, and this thread's event loop stays free
 * all along, so that Ctrl-C and SIGTERM end the step at once. A read that
 * meets a limit is a refusal naming the build and the limit, before any
 * request.
 */
import { formatMinutes } from '../shared/format.js'
import { abortError } from '../shared/clock.js'
import { DeployError } from '../shared/errors.js'
import { BrokenBuildError } from './broken.js'
import type { BuildFacts } from './facts.js'
import type { ReadAnswer, ReadRequest } from './answer.js'
import type { Worker } from 'node:worker_threads'
import { startReader } from './reader-thread.js'

/** The limits of one read: a real build reads in milliseconds (a 4 GiB IPA of 20,000 files in 0.2 s). */
export const WORKER_LIMITS: WorkerLimits = {
  /** The longest a read may take, whatever it runs. */
  ms: 5_000,
  /** The worker's heap (old and young generations) and stack. */
  heapMb: 192,
  youngMb: 32,
  stackMb: 4
}

export interface WorkerLimits {
  ms: number
  heapMb: number
  youngMb: number
  stackMb: number
}

export interface ReadOptions {
  /** The name the build goes by (its extension says what it must be). */
  name: string
  /** Stops the read at once: the worker is terminated, and the read rejects with the reason. */
  signal?: AbortSignal | undefined
  /** The time a provisioning profile's expiry is measured against; now by default. */
  now?: Date | undefined
  /** WORKER_LIMITS unless given (a test meets them with a small build). */
  limits?: WorkerLimits | undefined
}

/**
 * A worker started ahead of its read, with the default limits: the step's
 * start-up goes on beside its boot (tens of milliseconds), and the first
 * read takes it. It waits for its request as a message, holds the process
 * open for nothing while it waits, and is used once. It is listened to from
 * the moment it exists: a worker that cannot start (no thread left, too
 * little memory to boot) or ends before it is used never ends the step;
 * the read then starts its own, as it would with none started ahead.
 */
interface Warm {
  worker: Worker
  /** It runs its own code: a failure from now on may be the read's. */
  online: boolean
}
let warm: Warm | undefined

/** Starts the next read's worker now, where a step knows it will read a build; a second call keeps the first. */
export function warmReader(): void {
  if (warm) return
  let worker: Worker
  try {
    worker = startBounded(undefined, WORKER_LIMITS)
  } catch {
    // A worker that cannot start now is the read's to start, and to report.
    return
  }
  const started: Warm = { worker, online: false }
  warm = started
  worker.unref()
  worker.once('online', () => (started.online = true))
  // A worker that fails or ends before it is used (a stop, a boot that failed) is no longer warm.
  const discard = (): void => {
    if (warm === started) warm = undefined
  }
  worker.on('error', discard)
  worker.once('exit', discard)
}

/** Ends a worker started ahead that no read took: a step that read nothing leaves no thread behind. */
export function coolReader(): void {
  const unused = warm
  warm = undefined
  void unused?.worker.terminate()
}

/** Reads the build at `path` in a worker of its own; see the module's comment. */
export function readBuild(path: string, options: ReadOptions): Promise<BuildFacts> {
  const { name, signal, limits = WORKER_LIMITS } = options
  if (signal?.aborted) return Promise.reject(abortError(signal))
  const request: ReadRequest = { path, name, now: (options.now ?? new Date()).getTime() }
  const bounds = { name, signal, limits }
  const taken = limits === WORKER_LIMITS ? takeWarm(request) : undefined
  if (!taken) return answerOf(startBounded(request, limits), bounds)
  // A worker started ahead that fails before it answers, unless it met its memory reading, leaves the read to one of its own.
  const own = (): Promise<BuildFacts> =>
    signal?.aborted
      ? Promise.reject(abortError(signal))
      : answerOf(startBounded(request, limits), bounds)
  return answerOf(taken.worker, { ...bounds, instead: { own, online: () => taken.online } })
}

/** The worker started ahead, asked `request`; undefined when there is none. */
function takeWarm(request: ReadRequest): Warm | undefined {
  const taken = warm
  warm = undefined
  if (!taken) return undefined
  const { worker } = taken
  // Its listeners give way to the read's, attached before this turn ends: an error still finds one.
  worker.removeAllListeners('exit')
  worker.removeAllListeners('error')
  worker.ref()
  drain(worker)
  worker.postMessage(request)
  return taken
}

/** A worker bounded from outside: its heap and stack, none of the process's flags, its console dropped; asked `request`, or waiting for one. */
function startBounded(request: ReadRequest | undefined, limits: WorkerLimits): Worker {
  const worker = startReader({
    workerData: request,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: limits.youngMb,
      stackSizeMb: limits.stackMb
    },
    // None of the process's own flags: the worker is plain JavaScript, and some (`--input-type`,
    // which `node --eval` callers pass) make a worker refuse to start.
    execArgv: [],
    // The worker's console is its own: whatever a reader or a library in it would print is dropped.
    stdout: true,
    stderr: true
  })
  // A worker started ahead drops its console once taken: a console read holds the process open.
  if (request) drain(worker)
  return worker
}

/** Drops what the worker's console prints. */
function drain(worker: Worker): void {
  worker.stdout.resume()
  worker.stderr.resume()
}

/**
 * The worker's answer, within the read's time: a stop or a limit settles at
 * once; an answer settles once the worker has gone (a few ms), so that the
 * step that asked holds no thread or port of it after the read. A worker
 * started ahead that errs or ends before it answers (it could not boot, or
 * ended) hands the read to a worker of its own, `instead`; only its memory
 * met once it ran its code is the build's doing, and refused as any read's.
 */
function answerOf(
  worker: Worker,
  { name, signal, limits, instead }: Bounds & { instead?: Instead | undefined }
): Promise<BuildFacts> {
  return new Promise<BuildFacts>((resolve, reject) => {
    let settled = false
    const end = (settle: () => void, afterExit = false): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      const gone = worker.terminate()
      if (afterExit) void gone.then(settle, settle)
      else settle()
    }
    const overLimit = (what: string): void =>
      end(() =>
        reject(
          new BrokenBuildError(
            name,
            'over-limit',
            `a file that could not be read ${what}`,
            OVER_LIMIT_FIX
          )
        )
      )
    const within = limits.ms < 1000 ? `${limits.ms} ms` : formatMinutes(limits.ms / 60_000)
    const timer = setTimeout(() => overLimit(`within ${within}`), limits.ms)
    const stop = (): void => end(() => reject(abortError(signal!)))
    const own =
      instead &&
      ((): void => end(() => void Promise.resolve().then(instead.own).then(resolve, reject)))
    signal?.addEventListener('abort', stop, { once: true })
    worker.once('message', (answer: ReadAnswer) =>
      end(() => settleWith(answer, resolve, reject), true)
    )
    // Listened to with `on`: a second error after the first must find a listener too.
    worker.on('error', error => {
      const memory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
      if (own && !(memory && instead.online())) own()
      else if (memory) overLimit(`within ${limits.heapMb} MiB of memory`)
      else end(() => reject(error))
    })
    worker.once('exit', code =>
      own
        ? own()
        : end(() =>
            reject(
              new DeployError(`The build reader ended (exit code ${code}) before it answered.`)
            )
          )
    )
  })
}

interface Bounds {
  name: string
  signal?: AbortSignal | undefined
  limits: WorkerLimits
}

/** For a worker started ahead: the read in a worker of its own, and whether the one started ahead was running its code. */
interface Instead {
  own: () => Promise<BuildFacts>
  online: () => boolean
}

const OVER_LIMIT_FIX =
  'A real build reads in well under a second: check that the file is the build your pipeline made'

function settleWith(
  answer: ReadAnswer,
  resolve: (facts: BuildFacts) => void,
  reject: (error: unknown) => void
): void {
  if ('facts' in answer) return resolve(answer.facts)
  if ('broken' in answer) {
    const { file, reason, found, fix } = answer.broken
    return reject(new BrokenBuildError(file, reason, found, fix))
  }
  const error = new Error(answer.error.message)
  if (answer.error.stack) error.stack = answer.error.stack
  reject(error)
}
