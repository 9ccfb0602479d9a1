import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { ActionError } from './errors.js'

/** The file changed (or could not be read) while it was sent: never sent short or long. Permanent. */
export class FileChangedError extends ActionError {
  override name = 'FileChangedError'
}

/** Bytes read from disk per chunk: large enough that the hash and the socket see few calls. */
export const CHUNK_BYTES = 1024 * 1024
/** Chunks in flight at once: one being read while the others are written. */
const SLOTS = 3

/**
 * A request body that streams a file from disk through a few reused buffers,
 * so memory stays flat whatever the file's size: a buffer is filled again only
 * after the socket has taken the bytes it held (the write callback). Every
 * chunk passes `onChunk` (hash, progress) before it is written.
 *
 * It is handed to @actions/http-client, which pipes it into the request and
 * ends the request on 'close'; `pipe` is therefore the whole transfer. It emits
 * 'close' only after every byte was written. A file that cannot be read or
 * changes size goes to `onFailure`, which must abort the request so that it is
 * never ended short; a write the request refuses is the request's own failure.
 */
export class FileBody extends Readable {
  private started = false

  constructor(
    private readonly path: string,
    private readonly size: number,
    private readonly onChunk: (chunk: Buffer, sent: number) => void,
    private readonly onFailure: (error: Error) => void
  ) {
    super()
  }

  override _read(): void {
    // Never read as a plain stream: `pipe` drives the transfer.
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    if (!this.started) {
      this.started = true
      this.transfer(destination).then(
        () => this.emit('close'),
        (error: unknown) =>
          this.onFailure(error instanceof Error ? error : new Error(String(error)))
      )
    }
    return destination
  }

  private async transfer(destination: NodeJS.WritableStream): Promise<void> {
    const name = this.path.split('/').pop()
    const file = await open(this.path, 'r').catch((error: { code?: string }) => {
      throw new FileChangedError(
        `${name} could not be opened (${error.code ?? 'error'}); check that the build step wrote it.`
      )
    })
    try {
      const buffers = Array.from({ length: SLOTS }, () => Buffer.allocUnsafeSlow(CHUNK_BYTES))
      const inFlight: Promise<boolean>[] = []
      let sent = 0
      for (let slot = 0; ; slot = (slot + 1) % SLOTS) {
        // A refused write means the request itself failed; it reports that, so the transfer just stops.
        if (inFlight.length === SLOTS - 1 && !(await inFlight.shift())) return
        // One byte past the expected size is asked for too, so that a file that grew is noticed.
        const wanted = Math.min(CHUNK_BYTES, this.size - sent + 1)
        const { bytesRead } = await file.read(buffers[slot]!, 0, wanted, sent)
        if (bytesRead === 0) break
        if (sent + bytesRead > this.size) {
          throw new FileChangedError(
            `${name} grew while it was uploaded; rebuild it and run the step again.`
          )
        }
        const chunk = buffers[slot]!.subarray(0, bytesRead)
        sent += bytesRead
        this.onChunk(chunk, sent)
        inFlight.push(write(destination, chunk))
      }
      if (sent !== this.size) {
        throw new FileChangedError(
          `${name} shrank from ${this.size} to ${sent} bytes while it was uploaded; rebuild it and run the step again.`
        )
      }
      if (!(await Promise.all(inFlight)).every(Boolean)) return
      this.emit('close')
    } finally {
      await file.close()
    }
  }
}

/** Resolves true once the destination has taken the chunk, false when it refused it. */
function write(destination: NodeJS.WritableStream, chunk: Buffer): Promise<boolean> {
  return new Promise(resolve => {
    destination.write(chunk, error => resolve(!error))
  })
}
