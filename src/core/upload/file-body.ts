import { createHash } from 'node:crypto'
import { createReadStream, type ReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { DeployError, FileChangedError } from '../shared/errors.js'
import { fileName } from '../shared/names.js'
import { quote } from '../shared/text.js'

/** Bytes read from disk per chunk. */
export const CHUNK_BYTES = 1024 * 1024

/** What a FileBody sends and whom it tells. */
export interface FileBodyOptions {
  path: string
  /** The size announced in Content-Length: exactly this many bytes are sent, or the transfer fails. */
  size: number
  /**
   * Set when the request carries `Expect: 100-continue`: the body waits for the
   * store's go-ahead, and goes anyway after this long for a store that ignores it.
   */
  continueTimeoutMs?: number
  onProgress(sent: number): void
  /** A file that cannot be read or changes size; must abort the request so that it is never ended short. */
  onFailure(error: Error): void
}

/**
 * A request body that streams a file from disk through a hashing transform into
 * the request, so that memory stays flat whatever the file's size and the
 * digest is of the bytes sent. (A design with shared buffers and a hashing
 * thread was faster on raw loopback but no faster over a real link, where the
 * link sets the pace: see the README's Performance section.)
 *
 * It is handed to @actions/http-client, which pipes it into the request; `pipe`
 * is therefore the whole transfer. An answer before the go-ahead means not a
 * byte of the body is sent. A file that cannot be read or changes size goes to
 * `onFailure`; a request that fails or closes is the request's own failure and
 * just stops the transfer. `release` waits for that, so an attempt ends with
 * its file closed.
 */
export class FileBody extends Readable {
  private started = false
  private transfer?: Promise<string | undefined>
  private source?: ReadStream

  constructor(private readonly options: FileBodyOptions) {
    super()
  }

  override _read(): void {
    // Never read as a plain stream: `pipe` drives the transfer.
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    if (!this.started) {
      this.started = true
      this.transfer = goAhead(destination, this.options.continueTimeoutMs).then(go =>
        go ? this.send(destination) : undefined
      )
      this.transfer.catch((error: unknown) =>
        this.options.onFailure(error instanceof Error ? error : new Error(String(error)))
      )
    }
    return destination
  }

  /** Ends this body's use of the file: waits for a started transfer to stop; none may start after. */
  async release(): Promise<void> {
    this.started = true
    this.source?.destroy()
    this.destroy()
    await this.transfer?.catch(() => undefined)
  }

  /** The SHA-256 of the bytes sent, once the whole file was written. */
  async sha256(): Promise<string> {
    const digest = await this.transfer
    if (digest === undefined)
      throw new DeployError('The upload stopped before the whole file was sent.')
    return digest
  }

  /** Sends the file; resolves with its digest, or undefined when the request closed first (it reports why). */
  private send(destination: NodeJS.WritableStream): Promise<string | undefined> {
    const { path, size } = this.options
    const name = quote(fileName(path))
    const hash = createHash('sha256')
    let sent = 0
    const hashing = new Transform({
      transform: (chunk: Buffer, _encoding, next) => {
        if (sent + chunk.length > size) {
          next(
            new FileChangedError(`${name} grew while it was uploaded; rebuild it and deploy again.`)
          )
          return
        }
        hash.update(chunk)
        sent += chunk.length
        this.options.onProgress(sent)
        if (sent < size) return next(null, chunk)
        // Before the last byte goes out, make sure nothing follows it: a file
        // that grew must fail the request, not complete it.
        stat(path).then(
          info =>
            next(
              info.size > size
                ? new FileChangedError(
                    `${name} grew while it was uploaded; rebuild it and deploy again.`
                  )
                : null,
              chunk
            ),
          next
        )
      },
      flush: next =>
        next(
          sent < size
            ? new FileChangedError(
                `${name} shrank to ${sent} of ${size} bytes while it was uploaded; rebuild it and deploy again.`
              )
            : null
        )
    })
    const source = createReadStream(path, { start: 0, end: size - 1, highWaterMark: CHUNK_BYTES })
    this.source = source
    return new Promise((resolve, reject) => {
      const stop = (outcome: () => void): void => {
        source.destroy()
        hashing.destroy()
        destination.removeListener('close', closed)
        outcome()
      }
      // A request that closes before the end (its answer came, or it failed) reports that itself.
      const closed = (): void => stop(() => resolve(undefined))
      destination.once('close', closed)
      source.once('error', (error: NodeJS.ErrnoException) =>
        stop(() =>
          reject(
            new FileChangedError(
              `${name} could not be read (${error.code ?? error.message}); check that the build step wrote it.`
            )
          )
        )
      )
      hashing.once('error', error => stop(() => reject(error)))
      hashing.once('end', () => {
        destination.removeListener('close', closed)
        this.emit('close')
        resolve(hash.digest('hex'))
      })
      source.pipe(hashing).pipe(destination)
    })
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
