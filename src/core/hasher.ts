import { Worker } from 'node:worker_threads'

/**
 * The worker's whole program, as CommonJS source: it hashes the regions of the
 * shared memory it is told about, in the order it is told, and answers each.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const memory = Buffer.from(workerData)
const hash = createHash('sha256')
parentPort.on('message', ([offset, length]) => {
  if (length < 0) parentPort.postMessage(hash.digest('hex'))
  else {
    hash.update(memory.subarray(offset, offset + length))
    parentPort.postMessage(offset)
  }
})
`

/**
 * SHA-256 computed on another thread over shared memory, so that hashing a
 * multi-gigabyte upload runs beside the socket writes instead of between them.
 * Regions are hashed in the order `update` is called.
 */
export class ParallelHasher {
  private readonly worker: Worker
  private readonly waiting: ((answer: unknown) => void)[] = []
  private failure?: Error

  constructor(memory: SharedArrayBuffer) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: memory })
    // Answers come back in the order of the requests.
    this.worker.on('message', answer => this.waiting.shift()?.(answer))
    this.worker.on('error', error => this.fail(error))
    this.worker.on('exit', () => this.fail(new Error('the hashing thread stopped')))
  }

  /** Hashes `length` bytes at `offset`; resolves when the region may be reused. */
  update(offset: number, length: number): Promise<void> {
    return this.ask(offset, length).then(() => undefined)
  }

  /** The hex digest of everything hashed; no update may follow. */
  async digest(): Promise<string> {
    return String(await this.ask(0, -1))
  }

  close(): Promise<number> {
    return this.worker.terminate()
  }

  private ask(offset: number, length: number): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.waiting.push(answer => (answer instanceof Error ? reject(answer) : resolve(answer)))
      this.worker.postMessage([offset, length])
    })
  }

  private fail(error: Error): void {
    this.failure ??= error
    for (const settle of this.waiting.splice(0)) settle(error)
  }
}
