import { open, type FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { DeployError } from './errors.js'
import { ParallelHasher } from './hasher.js'
import { quote } from './inert.js'
import { fileName } from './naming.js'

/** The file changed (or could not be read) while it was sent: never sent short or long. Permanent. */
export class FileChangedError extends DeployError {
  override name = 'FileChangedError'
}

/** Bytes read from disk per chunk. */
export const CHUNK_BYTES = 1024 * 1024
/** Chunks in memory at once, each being read, hashed or written: 8 MiB in all, whatever the file's size. */
const SLOTS = 8

/**
 * The shared buffers one attempt streams through and the thread that hashes
 * them. Made before the attempt needs them, so that the thread starts while the
 * signed URL is still being asked for instead of holding up the first bytes.
 */
export class TransferBuffers {
  readonly memory = new SharedArrayBuffer(SLOTS * CHUNK_BYTES)
  readonly hasher = new ParallelHasher(this.memory)

  close(): Promise<number> {
    return this.hasher.close()
  }
}

/** What a FileBody sends and whom it tells. */
export interface FileBodyOptions {
  path: string
  /** The size announced in Content-Length: exactly this many bytes are sent, or the transfer fails. */
  size: number
  buffers: TransferBuffers
  /**
   * Set when the request carries `Expect: 100-continue`: the body waits for the
   * store's go-ahead, and goes anyway after this long for a store that ignores it.
   */
  continueTimeoutMs?: number
  onProgress(sent: number): void
  /** A file that cannot be read or changes size; must abort the request so that it is never ended short. */
  onFailure(error: Error): void
}

interface Chunk {
  slot: number
  position: number
  length: number
}

/**
 * A request body that streams a file from disk through a fixed set of buffers
 * in shared memory, so that memory stays flat whatever the file's size. Reads
 * run ahead of the socket; each chunk is written to the request and hashed on
 * another thread at the same time, and its buffer is filled again only when
 * both are done with it (the write callback and the hasher's answer).
 *
 * It is handed to @actions/http-client, which pipes it into the request and
 * ends the request on 'close'; `pipe` is therefore the whole transfer. It emits
 * 'close' only after every byte was written. An answer before the go-ahead
 * means not a byte of the body is sent. A file that cannot be read or changes
 * size goes to `onFailure`; a write the request refuses, or a request closed
 * before taking a write, is the request's own failure and just stops the
 * transfer. `release` waits for that, so an attempt ends with its thread and
 * file closed.
 */
export class FileBody extends Readable {
  private started = false
  private digestPromise?: Promise<string | undefined>

  constructor(private readonly options: FileBodyOptions) {
    super()
  }

  override _read(): void {
    // Never read as a plain stream: `pipe` drives the transfer.
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    if (!this.started) {
      this.started = true
      this.digestPromise = goAhead(destination, this.options.continueTimeoutMs).then(go =>
        go ? this.transfer(destination) : undefined
      )
      this.digestPromise.catch((error: unknown) =>
        this.options.onFailure(error instanceof Error ? error : new Error(String(error)))
      )
    }
    return destination
  }

  /** Ends this body's use of its buffers: waits for a started transfer to stop, then closes them; none may start after. */
  async release(): Promise<void> {
    this.started = true
    this.destroy()
    await this.digestPromise?.catch(() => undefined)
    await this.options.buffers.close()
  }

  /** The SHA-256 of the bytes sent, once the whole file was written. */
  async sha256(): Promise<string> {
    const digest = await this.digestPromise
    if (digest === undefined)
      throw new DeployError('The upload stopped before the whole file was sent.')
    return digest
  }

  /** Sends the file; resolves with its digest, or undefined when the request refused a write (it reports why). */
  private async transfer(destination: NodeJS.WritableStream): Promise<string | undefined> {
    const { path, size, buffers } = this.options
    const name = quote(fileName(path))
    const { memory, hasher } = buffers
    const file = await open(path, 'r').catch((error: { code?: string }) => {
      throw new FileChangedError(
        `${name} could not be opened (${error.code ?? 'error'}); check that the build step wrote it.`
      )
    })
    const buffer = Buffer.from(memory)
    // A request destroyed with writes pending may never call them back: its 'close' answers them all.
    let closed = (): void => undefined
    const destinationClosed = new Promise<boolean>(resolve => {
      closed = () => resolve(false)
      if ((destination as { destroyed?: boolean }).destroyed) closed()
    })
    destination.once('close', closed)
    try {
      const free = Array.from({ length: SLOTS }, (_, slot) => slot)
      const reads: Promise<Chunk>[] = []
      const busy = new Set<Promise<void>>()
      let writeRefused = false
      let next = 0
      let sent = 0

      while (true) {
        // Read ahead into every free buffer.
        while (free.length > 0 && next < size) {
          const wanted = Math.min(CHUNK_BYTES, size - next)
          reads.push(settledLater(readChunk(file, buffer, free.shift()!, next, wanted)))
          next += wanted
        }
        const chunk = await reads.shift()
        if (!chunk) break
        const expected = Math.min(CHUNK_BYTES, size - chunk.position)
        if (chunk.length < expected) {
          throw new FileChangedError(
            `${name} shrank to ${chunk.position + chunk.length} of ${size} bytes while it was uploaded; rebuild it and run the step again.`
          )
        }
        // Before the last byte goes out, make sure nothing follows it: a file that
        // grew must fail the request, not complete it.
        if (chunk.position + chunk.length === size && (await hasMoreThan(file, size))) {
          throw new FileChangedError(
            `${name} grew while it was uploaded; rebuild it and run the step again.`
          )
        }
        const offset = chunk.slot * CHUNK_BYTES
        const written = Promise.race([
          write(destination, buffer.subarray(offset, offset + chunk.length)),
          destinationClosed
        ])
        const hashed = hasher.update(offset, chunk.length)
        const done: Promise<void> = settledLater(
          Promise.all([written, hashed]).then(([ok]) => {
            writeRefused ||= !ok
            busy.delete(done)
            free.push(chunk.slot)
          })
        )
        busy.add(done)
        sent += chunk.length
        this.options.onProgress(sent)
        if (free.length === 0 && reads.length === 0) await Promise.race(busy)
        // A refused write means the request itself failed; it reports that, so the transfer just stops.
        if (writeRefused) return undefined
      }
      await Promise.all(busy)
      if (writeRefused) return undefined
      const digest = await hasher.digest()
      this.emit('close')
      return digest
    } finally {
      destination.removeListener('close', closed)
      await file.close()
    }
  }
}

/**
 * Resolves true when the body may go: at once without a wait, else on the
 * store's 100 Continue or when the wait is over; false when the request got its
 * answer or closed first, so the body is never sent.
 */
function goAhead(destination: NodeJS.WritableStream, waitMs: number | undefined): Promise<boolean> {
  if (waitMs === undefined) return Promise.resolve(true)
  return new Promise(resolve => {
    const go = (): void => finish(true)
    const stop = (): void => finish(false)
    const timer = setTimeout(go, waitMs)
    function finish(value: boolean): void {
      clearTimeout(timer)
      destination.removeListener('continue', go)
      destination.removeListener('response', stop)
      destination.removeListener('close', stop)
      resolve(value)
    }
    destination.once('continue', go)
    destination.once('response', stop)
    destination.once('close', stop)
  })
}

/** The same promise, marked as handled: it is awaited later, and a rejection before then is not unhandled. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

async function readChunk(
  file: FileHandle,
  buffer: Buffer,
  slot: number,
  position: number,
  length: number
): Promise<Chunk> {
  const { bytesRead } = await file.read(buffer, slot * CHUNK_BYTES, length, position)
  return { slot, position, length: bytesRead }
}

async function hasMoreThan(file: FileHandle, size: number): Promise<boolean> {
  const { bytesRead } = await file.read(Buffer.alloc(1), 0, 1, size)
  return bytesRead > 0
}

/** Resolves true once the destination has taken the chunk, false when it refused it. */
function write(destination: NodeJS.WritableStream, chunk: Buffer): Promise<boolean> {
  return new Promise(resolve => {
    destination.write(chunk, error => resolve(!error))
  })
}
