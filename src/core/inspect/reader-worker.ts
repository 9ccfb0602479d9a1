/**
 * The build reader's worker: the only place a build's bytes are interpreted
 * (the zip's directory, the manifest, Info.plist, the profile, the signing
 * block). It reads one build and says what it is, or why it is refused, to
 * the thread that started it (read.ts), which bounds it from outside: a
 * heap and a stack it cannot outgrow, a time it cannot outlast, its console
 * never reaching the process's own.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { BrokenBuildError } from './broken.js'
import { inspectBuild } from './inspect.js'

/** What the worker is asked to read. */
export interface ReadRequest {
  path: string
  name: string
  /** The time a provisioning profile's expiry is measured against (epoch ms). */
  now: number
}

/** What it answers: the build's facts, a refusal, or an error of ours. */
export type ReadAnswer =
  | { facts: Awaited<ReturnType<typeof inspectBuild>> }
  | { broken: Pick<BrokenBuildError, 'file' | 'reason' | 'found' | 'fix'> }
  | { error: { message: string; stack?: string | undefined } }

const request = workerData as ReadRequest
let answer: ReadAnswer
try {
  answer = {
    facts: await inspectBuild(request.path, { name: request.name, now: new Date(request.now) })
  }
} catch (error) {
  answer =
    error instanceof BrokenBuildError
      ? { broken: { file: error.file, reason: error.reason, found: error.found, fix: error.fix } }
      : {
          error: {
            message: error instanceof Error ? error.message : String(error),
            stack: error instanceof Error ? error.stack : undefined
          }
        }
}
parentPort!.postMessage(answer)
