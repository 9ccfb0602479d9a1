import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { DeployError, FileChangedError } from '../shared/errors.js'
import { fileName } from '../shared/name-rules.js'
import { quote } from '../shared/text.js'

/** Bytes read from disk per chunk, and the buffers that carry them: at most this many chunks are on their way. */
export const CHUNK_BYTES = 1024 * 1024
const BUFFERS = 4

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
 * A request body that reads a file from disk into a few reused buffers, hashes
 * each chunk and writes it into the request, so that memory stays flat
 * whatever the file's size and the digest is of the bytes sent. (A design with
 * a hashing thread was faster on raw loopback but no faster over a real link,
 * where the link sets the pace: see docs/development.md, Performance.)
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
  /** Stops a transfer under way, as if the request had closed. */
  private stopTransfer?: () => void

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
    this.stopTransfer?.()
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

  /**
   * Sends the file; resolves with its digest, or undefined when the request
   * closed first (it reports why). The bytes go through a few buffers used
   * over and over, each filled again only once its last chunk went out: no
   * garbage piles up between collections, so memory stays flat at any size.
   * Longer than the rest on purpose: the read loop, the buffer pool, the
   * socket's back-pressure and the hash are one hot path that a 4 GiB upload
   * runs a million times; split, its state would travel through closures.
   */
  // eslint-disable-next-line max-lines-per-function -- one hot path on purpose: the reason is above.
  private async send(destination: NodeJS.WritableStream): Promise<string | undefined> {
    const { path, size } = this.options
    const name = quote(fileName(path))
    const unreadable = (error: unknown): FileChangedError =>
      new FileChangedError(
        `${name} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check that the build wrote it.`
      )
    let closed = false
    let wake: () => void = () => undefined
    const gone = new Promise<void>(resolve => (wake = resolve))
    const onClose = (): void => {
      closed = true
      wake()
    }
    destination.once('close', onClose)
    this.stopTransfer = onClose
    const handle = await open(path, 'r').catch((error: unknown) => {
      destination.removeListener('close', onClose)
      throw unreadable(error)
    })
    const hash = createHash('sha256')
    const buffers = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafe(CHUNK_BYTES))
    const written: Promise<void>[] = buffers.map(() => Promise.resolve())
    let sent = 0
    try {
      for (let i = 0; sent < size; i++) {
        const slot = i % BUFFERS
        // The buffer is free once its last chunk went out, or the request is gone.
        await Promise.race([written[slot], gone])
        if (closed) return undefined
        const want = Math.min(CHUNK_BYTES, size - sent)
        const { bytesRead } = await handle
          .read(buffers[slot]!, 0, want, sent)
          .catch((error: unknown) => {
            throw unreadable(error)
          })
        if (closed) return undefined
        if (bytesRead === 0)
          throw new FileChangedError(
            `${name} shrank to ${sent} of ${size} bytes while it was uploaded; rebuild it and deploy again.`
          )
        const chunk = buffers[slot]!.subarray(0, bytesRead)
        hash.update(chunk)
        sent += bytesRead
        this.options.onProgress(sent)
        // Before the last byte goes out, make sure nothing follows it: a file that grew must fail the request, not complete it.
        if (sent === size && (await handle.stat()).size > size)
          throw new FileChangedError(
            `${name} grew while it was uploaded; rebuild it and deploy again.`
          )
        written[slot] = new Promise(resolve => destination.write(chunk, () => resolve()))
      }
      await Promise.race([Promise.all(written), gone])
      if (closed) return undefined
      // @actions/http-client ends the request when its body closes.
      this.emit('close')
      return hash.digest('hex')
    } finally {
      destination.removeListener('close', onClose)
      await handle.close().catch(() => undefined)
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
