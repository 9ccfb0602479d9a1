/**
 * A build's zip read by random access (yauzl): the end of central directory,
 * the central directory entry by entry, and only the entries asked for. No
 * byte of any other entry is read, so the cost follows the number of entries,
 * never the size of the file.
 */
import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { isError } from '../shared/errors.js'

/** The most any one descriptor (a manifest, an Info.plist, a profile) may hold, uncompressed. */
export const MAX_DESCRIPTOR_BYTES = 8 * 1024 * 1024

/** The central directory is read through one window of this size: one read per window, not two per entry. */
const WINDOW = 64 * 1024

/** The zip's structure could not be read; `truncated` when there is no end of central directory. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError'

  constructor(
    message: string,
    readonly truncated: boolean
  ) {
    super(message)
  }
}

export type ZipEntry = yauzl.Entry

/**
 * Serves yauzl's small reads of the central directory from one cached window,
 * and the entries it opens as streams of the file. The file handle stays the
 * caller's to close.
 */
class WindowedReader extends yauzl.RandomAccessReader {
  private window = Buffer.alloc(0)
  private windowStart = 0

  constructor(
    private readonly handle: FileHandle,
    private readonly size: number
  ) {
    super()
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void
  ): void {
    // Answered on a later tick: yauzl reads the next entry from its callback, and a long
    // central directory served from the window must not grow the stack entry by entry.
    const done = (err: Error | null, bytesRead?: number): void =>
      process.nextTick(callback, err, bytesRead)
    const inWindow =
      position >= this.windowStart && position + length <= this.windowStart + this.window.length
    if (inWindow) {
      this.window.copy(
        buffer,
        offset,
        position - this.windowStart,
        position - this.windowStart + length
      )
      done(null, length)
      return
    }
    if (length > WINDOW) {
      this.handle.read(buffer, offset, length, position).then(
        r => done(null, r.bytesRead),
        (e: Error) => done(e)
      )
      return
    }
    const want = Math.min(WINDOW, Math.max(0, this.size - position))
    const window = Buffer.allocUnsafe(want)
    this.handle.read(window, 0, want, position).then(
      r => {
        this.window = window.subarray(0, r.bytesRead)
        this.windowStart = position
        const got = Math.min(length, r.bytesRead)
        this.window.copy(buffer, offset, 0, got)
        done(null, got)
      },
      (e: Error) => done(e)
    )
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return new RangeStream(this.handle, start, end)
  }

  override close(callback: (err: Error | null) => void): void {
    setImmediate(callback, null)
  }
}

/**
 * The bytes from `start` to `end` of the file, read through the caller's handle. (fs streams
 * close the descriptor when destroyed, even with autoClose off, and the handle is not theirs.)
 */
class RangeStream extends Readable {
  constructor(
    private readonly handle: FileHandle,
    private position: number,
    private readonly end: number
  ) {
    super()
  }

  override _read(): void {
    const length = Math.min(WINDOW, this.end - this.position)
    if (length <= 0) {
      this.push(null)
      return
    }
    this.handle.read(Buffer.allocUnsafe(length), 0, length, this.position).then(
      ({ bytesRead, buffer }) => {
        this.position += bytesRead
        this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead))
      },
      (error: Error) => this.destroy(error)
    )
  }
}

export interface OpenZip {
  /** Where the central directory starts: the APK Signing Block ends just before it. */
  centralDirectoryOffset: number
  entryCount: number
  /** Visits every entry of the central directory in order; stops early when `visit` returns false. */
  forEachEntry(visit: (entry: ZipEntry) => boolean | void, signal?: AbortSignal): Promise<void>
  /** The entry's bytes, uncompressed; refused when it declares more than `max` bytes. */
  read(entry: ZipEntry, max?: number): Promise<Buffer>
  close(): void
}

/** Opens the zip in `handle` (of `size` bytes); a zip that cannot be read is a `ZipFormatError`. */
export async function openZip(handle: FileHandle, size: number): Promise<OpenZip> {
  const reader = new WindowedReader(handle, size)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true },
      (err, zipfile) => (err ? reject(formatError(err)) : resolve(zipfile))
    )
  )
  // yauzl starts its entry cursor at the central directory's offset, read from the (Zip64) end record.
  const centralDirectoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor
  return {
    centralDirectoryOffset,
    entryCount: zip.entryCount,
    forEachEntry: (visit, signal) => forEachEntry(zip, visit, signal),
    read: (entry, max = MAX_DESCRIPTOR_BYTES) => readEntry(zip, entry, max),
    close: () => zip.close()
  }
}

async function forEachEntry(
  zip: yauzl.ZipFile,
  visit: (entry: ZipEntry) => boolean | void,
  signal?: AbortSignal
): Promise<void> {
  signal?.throwIfAborted()
  try {
    for await (const entry of zip.eachEntry()) {
      signal?.throwIfAborted()
      if (visit(entry) === false) break
    }
  } catch (error) {
    throw signal?.aborted || !isError(error) ? error : formatError(error)
  }
}

async function readEntry(zip: yauzl.ZipFile, entry: ZipEntry, max: number): Promise<Buffer> {
  if (entry.uncompressedSize > max) {
    throw new ZipFormatError(
      `${entry.fileName} declares ${entry.uncompressedSize} bytes, more than the ${max} a descriptor may hold`,
      false
    )
  }
  try {
    const chunks: Buffer[] = []
    // yauzl checks the stream against the sizes the central directory declares.
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  } catch (error) {
    // Errors of Node's own (zlib's) may come from another realm: isError, not instanceof.
    throw isError(error) ? formatError(error) : error
  }
}

function formatError(err: Error): ZipFormatError {
  if (err instanceof ZipFormatError) return err
  const message = err.message
  return new ZipFormatError(
    message,
    /end of central directory record signature not found/i.test(message)
  )
}
