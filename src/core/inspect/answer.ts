/**
 * One read's answer, as the reader's worker gives it (reader-worker.ts):
 * the build's facts, a refusal, or an error of ours, each a plain value that
 * crosses a thread.
 */
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

/** Reads the build the request names; never throws. */
export async function answerRead(request: ReadRequest): Promise<ReadAnswer> {
  try {
    return {
      facts: await inspectBuild(request.path, { name: request.name, now: new Date(request.now) })
    }
  } catch (error) {
    return error instanceof BrokenBuildError
      ? { broken: { file: error.file, reason: error.reason, found: error.found, fix: error.fix } }
      : {
          error: {
            message: error instanceof Error ? error.message : String(error),
            stack: error instanceof Error ? error.stack : undefined
          }
        }
  }
}
