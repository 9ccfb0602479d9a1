import { createHash, randomBytes } from 'node:crypto'
import { closeSync, createWriteStream, openSync, readSync, rmSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { UrlSigner } from './signing.js'

/** An object the store holds: its bytes live in a file under the store's directory. */
export interface StoredObject {
  key: string
  size: number
  /** The SHA-256 of the stored bytes, computed when first read (not while the upload streams in). */
  readonly sha256: string
  contentType: string
  path: string
  storedAt: string
}

/** The SHA-256 of a file, read in 1 MiB blocks. */
function hashFile(path: string): string {
  const hash = createHash('sha256')
  const block = Buffer.allocUnsafe(1024 * 1024)
  const fd = openSync(path, 'r')
  try {
    for (let n: number; (n = readSync(fd, block, 0, block.length, null)) > 0;)
      hash.update(block.subarray(0, n))
  } finally {
    closeSync(fd)
  }
  return hash.digest('hex')
}

/** Ways a store may misbehave, for fault injection. */
export interface StoreQuirks {
  /** Cut the connection after this many body bytes. */
  resetAfter?: number
  /** Never answer `Expect: 100-continue`, as servers that predate it: the client must send the body anyway. */
  ignoreExpect?: boolean
  /** Body bytes already read from the request (while a fault held its answer back). */
  prefix?: Buffer[]
}

/**
 * An S3-compatible object store for one bucket: PUT through a SigV4 signed URL
 * only, streamed to disk, with the errors a real store gives. It does no
 * hashing on the way, so that it takes bytes as fast as it can and a benchmark
 * measures the client more than the store.
 */
export class ObjectStore {
  readonly objects = new Map<string, StoredObject>()

  constructor(
    private readonly signer: UrlSigner,
    private readonly directory: string
  ) {}

  /** Forgets every object and deletes its bytes. */
  clear(): void {
    for (const object of this.objects.values()) rmSync(object.path, { force: true })
    this.objects.clear()
  }

  /** Handles one request to the store, misbehaving as `quirks` ask. */
  async handle(req: IncomingMessage, res: ServerResponse, quirks: StoreQuirks = {}): Promise<void> {
    const accepted = await this.accept(req)
    if ('code' in accepted) return xmlError(res, accepted.status, accepted.code, accepted.message)
    const { key, expected } = accepted
    // Only now, with the request accepted, does a client that asked for it get the go-ahead for the body.
    if (/100-continue/i.test(String(req.headers.expect ?? '')) && !quirks.ignoreExpect)
      res.writeContinue()
    const path = join(this.directory, `${randomBytes(8).toString('hex')}.part`)
    const { received, complete, writeError } = await receive(req, path, expected, quirks)
    if (writeError) {
      await rm(path, { force: true }).catch(() => undefined)
      return xmlError(
        res,
        500,
        'InternalError',
        `We encountered an internal error: the object could not be written (${writeError.code ?? 'error'}). Please try again.`
      )
    }
    if (!complete) {
      await rm(path, { force: true })
      if (!res.destroyed && !req.socket.destroyed)
        xmlError(res, 400, 'IncompleteBody', 'The request body was shorter than Content-Length')
      return
    }
    const finalPath = join(
      this.directory,
      `${createHash('sha256').update(key).digest('hex')}.object`
    )
    await rename(path, finalPath)
    let sha256: string | undefined
    this.objects.set(key, {
      key,
      size: received,
      get sha256() {
        return (sha256 ??= hashFile(finalPath))
      },
      contentType: String(req.headers['content-type']),
      path: finalPath,
      storedAt: new Date().toISOString()
    })
    res.writeHead(200, { etag: `"${randomBytes(16).toString('hex')}"` }).end()
  }

  /** The object's key and length, or the store's refusal: a bucket, a method, a signature or a length it does not take. */
  private async accept(
    req: IncomingMessage
  ): Promise<
    { key: string; expected: number } | { status: number; code: string; message: string }
  > {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
    const prefix = `/${this.signer.bucket}/`
    if (!url.pathname.startsWith(prefix))
      return { status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' }
    if (req.method !== 'PUT')
      return {
        status: 405,
        code: 'MethodNotAllowed',
        message: 'Only PUT through a signed URL is supported'
      }
    const verdict = await this.signer.verify('PUT', url, req.headers)
    if (!verdict.ok) return { status: 403, code: verdict.code, message: verdict.message }
    if (req.headers['content-length'] === undefined)
      return {
        status: 411,
        code: 'MissingContentLength',
        message: 'You must provide the Content-Length HTTP header.'
      }
    const expected = Number(req.headers['content-length'])
    if (!Number.isSafeInteger(expected) || expected < 0)
      return {
        status: 400,
        code: 'InvalidArgument',
        message: 'Content-Length is not a valid number'
      }
    return { key: decodeURIComponent(url.pathname.slice(prefix.length)), expected }
  }
}

/**
 * Writes the request's body to `path` (the bytes a stall already read
 * first): whether all `expected` bytes came, and the write's error, if any.
 * A full disk (ENOSPC) or any other write error is the store's failure (a
 * 500, never a crash): after one, the rest of the body is read and dropped,
 * so that the answer can go out.
 */
async function receive(
  req: IncomingMessage,
  path: string,
  expected: number,
  { resetAfter, prefix = [] }: StoreQuirks
): Promise<{ received: number; complete: boolean; writeError?: NodeJS.ErrnoException }> {
  // A deep write buffer keeps the socket flowing instead of pausing it at every 64 KiB chunk.
  const file = createWriteStream(path, { highWaterMark: 8 * 1024 * 1024 })
  let received = 0
  let writeError: NodeJS.ErrnoException | undefined
  file.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error))
  const drained = (): Promise<void> =>
    new Promise(resolve => {
      const done = (): void => {
        file.off('drain', done)
        file.off('error', done)
        resolve()
      }
      file.on('drain', done)
      file.on('error', done)
    })
  const complete = await (async (): Promise<boolean> => {
    try {
      for (const source of [prefix, req] as AsyncIterable<Buffer>[])
        for await (const chunk of source) {
          received += chunk.length
          if (resetAfter !== undefined && received >= resetAfter) {
            req.socket.destroy()
            return false
          }
          if (!writeError && !file.write(chunk)) await drained()
        }
      return received === expected && req.complete
    } catch {
      return false
    }
  })()
  await new Promise<void>(resolve => {
    if (file.closed) return resolve()
    file.once('close', resolve)
    if (writeError) file.destroy()
    else file.end()
  })
  return { received, complete, ...(writeError ? { writeError } : {}) }
}

export function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) return
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`
    )
}
