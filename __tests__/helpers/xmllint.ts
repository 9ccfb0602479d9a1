/**
 * Runs xmllint (xmllint-wasm's libxml2) in one thread kept for the whole test process
 * (xmllint-thread.mjs). xmllint-wasm's `validateXML` starts a thread and compiles its WebAssembly for
 * every run, about 0.24 s of CPU each, nine seconds of the loop's; here thirty runs cost 0.55 s of CPU
 * where they cost 7.2 s. The program, its files and its arguments are the ones `validateXML` gives it.
 */
import { Worker } from 'node:worker_threads'

/** A file the program reads, by the name its arguments give. */
export interface InputFile {
  fileName: string
  contents: string
}

/** What one run of the program left: its exit code (-1 for an abort) and what it printed. */
export interface Ran {
  exitCode: number
  stdout: string
  stderr: string
}

interface Asked {
  resolve: (ran: Ran) => void
  reject: (error: Error) => void
}

let thread: { worker: Worker; asked: Map<number, Asked> } | undefined
let runs = 0

/** The thread, started on first use; it never keeps the process alive, and one that fails fails what it was asked. */
function started(): NonNullable<typeof thread> {
  if (thread) return thread
  const worker = new Worker(new URL('./xmllint-thread.mjs', import.meta.url))
  const asked = new Map<number, Asked>()
  const ended = (error: Error): void => {
    if (thread?.worker === worker) thread = undefined
    for (const { reject } of asked.values()) reject(error)
    asked.clear()
  }
  worker.on('message', (ran: Ran & { run: number }) => {
    asked.get(ran.run)?.resolve(ran)
    asked.delete(ran.run)
    if (asked.size === 0) worker.unref()
  })
  worker.on('error', ended)
  worker.on('exit', code => ended(new Error(`xmllint's thread ended (exit code ${code})`)))
  worker.unref()
  return (thread = { worker, asked })
}

/** One run of xmllint over `inputFiles` with `args` (as on its command line). */
export function xmllint(inputFiles: InputFile[], args: string[]): Promise<Ran> {
  const { worker, asked } = started()
  const run = runs++
  return new Promise<Ran>((resolve, reject) => {
    asked.set(run, { resolve, reject })
    // Kept alive while a run is asked: a test waits on it.
    worker.ref()
    worker.postMessage({ run, inputFiles, args })
  })
}
