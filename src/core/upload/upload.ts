import {
  DeployError,
  ExpiredUrlError,
  FileChangedError,
  messageOf,
  NetworkError
} from '../shared/errors.js'
import { formatBytes, formatDuration, formatRate } from '../shared/format.js'
import type { ProgressListener } from '../shared/log.js'
import { ref } from '../shared/option-refs.js'
import { quote } from '../shared/text.js'
import { withRetry } from '../transport/retry.js'
import { describeNetworkError, labelOf, send, type HttpResponse } from '../transport/send.js'
import type { SignedUpload } from '../model.js'
import { storeStatusError, type ServiceApi } from '../service/api.js'
import { logRetry } from '../transport/retry.js'
import type { Artifact } from './artifact.js'
import { FileBody } from './file-body.js'
import { ProgressReporter } from './progress.js'
import { clock } from '../shared/clock.js'

/**
 * How long a PUT waits for the store's 100 Continue before sending the body
 * anyway (curl waits as long). A store that refuses the request (an expired or
 * mismatched signature) answers first, and not a byte of the file is sent.
 */
const CONTINUE_TIMEOUT_MS = 1000

/** The store (or a proxy before it) refuses `Expect: 100-continue`; the body was not sent. */
class ExpectationFailedError extends DeployError {
  override name = 'ExpectationFailedError'
}

/** How patient an upload is, and whom it tells what it learns as it goes. */
export interface UploadOptions {
  /** The slowest upload still waited for: see {@link putTimeLimitMs}. */
  minBytesPerSecond: number
  /** A signed URL arrived (also a fresh one after expiry). */
  onSigned(signed: SignedUpload): void
  /** The bytes sent so far by the current attempt. */
  onProgress?: ProgressListener
}

/**
 * How long one PUT may take in all: the file's size at the slowest speed still
 * waited for, plus the request time limit (the connection, the store's go-ahead,
 * its answer after the last byte). The idle timer alone never ends a store that
 * keeps a byte moving now and then; this does, and the attempt is retried.
 */
export function putTimeLimitMs(
  size: number,
  minBytesPerSecond: number,
  allowanceMs: number
): number {
  return allowanceMs + Math.ceil((size / minBytesPerSecond) * 1000)
}

/** What a finished upload proves: where the bytes are and which bytes they were. */
export interface UploadReceipt {
  signed: SignedUpload
  sha256: string
  size: number
  seconds: number
}

/**
 * Gets a signed URL and PUTs the artifact to it under the retry policy. Every
 * attempt streams the whole file again from its first byte; an attempt refused
 * because the URL expired first asks the service for a fresh one.
 */
export async function uploadArtifact(
  service: ServiceApi,
  artifact: Artifact,
  destination: string,
  options: UploadOptions
): Promise<UploadReceipt> {
  const { config } = service
  const onSigned = options.onSigned
  let signed = await service.signedUpload(destination)
  onSigned(signed)
  let stale = false
  let expectContinue = true
  return withRetry(
    config.policy,
    async ({ number }) => {
      if (stale) {
        // One request within this attempt: a failure here costs this attempt, not a retry loop of its own.
        config.log.info('The signed URL expired; asking the service for a fresh one.')
        signed = await service.signedUpload(destination, false)
        onSigned(signed)
        stale = false
      }
      const put = (): Promise<{ sha256: string; seconds: number }> =>
        putFile(config, signed.signedUrl, artifact, number, {
          expectContinue,
          minBytesPerSecond: options.minBytesPerSecond,
          onProgress: options.onProgress
        })
      try {
        return { signed, size: artifact.size, ...(await put()) }
      } catch (error) {
        if (error instanceof ExpiredUrlError) stale = true
        if (!(error instanceof ExpectationFailedError)) throw error
        // As curl does: a store or proxy that refuses Expect gets the same PUT at once without it.
        config.log.info(`${error.message} Sending the file again without Expect.`)
        expectContinue = false
        return { signed, size: artifact.size, ...(await put()) }
      }
    },
    (error, attempt, delayMs) =>
      logRetry(config.log, error, attempt, config.policy.maxAttempts, delayMs)
  )
}

/**
 * One PUT of the whole file, streamed from disk and hashed on the way;
 * returns the SHA-256 of what was sent. Longer than the rest on purpose: the
 * request, its body, its four time limits and the store's answer share one
 * life cycle on one socket (an abort or a limit must end all of them at
 * once), which split into functions would pass every handle around.
 */
// eslint-disable-next-line max-lines-per-function -- one request's life cycle on purpose: the reason is above.
async function putFile(
  config: ServiceApi['config'],
  signedUrl: string,
  artifact: Artifact,
  attempt: number,
  {
    expectContinue,
    minBytesPerSecond,
    onProgress
  }: { expectContinue: boolean; minBytesPerSecond: number; onProgress?: ProgressListener }
): Promise<{ sha256: string; seconds: number }> {
  const label = labelOf('PUT', signedUrl)
  config.log.info(
    `${label} (${formatBytes(artifact.size)}, attempt ${attempt} of ${config.policy.maxAttempts})`
  )
  const started = clock.now()
  const local = new AbortController()
  const stop = config.policy.signal
  const signal = stop ? AbortSignal.any([stop, local.signal]) : local.signal
  const cut = cutAtTimeLimit(config, label, artifact.size, minBytesPerSecond, local)
  const progress = new ProgressReporter(artifact.size, line => config.log.info(line))
  let sent = 0
  let answer: NodeJS.Timeout | undefined
  const body = new FileBody({
    path: artifact.path,
    size: artifact.size,
    continueTimeoutMs: expectContinue ? CONTINUE_TIMEOUT_MS : undefined,
    onProgress: total => {
      progress.update((sent = total))
      onProgress?.(total, artifact.size)
      if (total === artifact.size) answer ??= cutAnswer(config, label, local)
    },
    onFailure: error => local.abort(unreadable(artifact, error))
  })
  try {
    const response = await send(
      {
        method: 'PUT',
        url: signedUrl,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(artifact.size),
          ...(expectContinue ? { expect: '100-continue' } : {})
        },
        body,
        label
      },
      config.transport,
      { signal }
    )
    checkStoreAnswer(response, {
      label,
      signedUrl,
      expectContinue,
      complete: sent === artifact.size
    })
    const seconds = Math.max(0.001, (clock.now() - started) / 1000)
    config.log.info(
      `Uploaded ${formatBytes(artifact.size)} in ${formatDuration(seconds)} (${formatRate(artifact.size / seconds)}).`
    )
    return { sha256: await body.sha256(), seconds }
  } catch (error) {
    throw logged(config, label, error)
  } finally {
    clearTimeout(cut)
    clearTimeout(answer)
    await body.release()
  }
}

/**
 * Once the last byte is sent, the store owes its whole answer within the
 * idle time limit, however large the file was: a store that trickles its
 * answer a byte at a time never trips the idle timer, and would otherwise
 * hold the attempt for the rest of the size-based allowance.
 */
function cutAnswer(
  config: ServiceApi['config'],
  label: string,
  local: AbortController
): NodeJS.Timeout {
  const { idleMs } = config.transport.timeouts
  return setTimeout(
    () =>
      local.abort(
        new NetworkError(
          `${label} sent the whole file, and the store's answer did not end within ${formatDuration(idleMs / 1000)} of the last byte`
        )
      ),
    idleMs
  )
}

/**
 * The PUT's own time limit: the build's size at the slowest speed still
 * waited for, plus the request time limit. The delivery's own limit still
 * ends everything sooner when it comes first (a timer runs ~24.8 days at most).
 */
function cutAtTimeLimit(
  config: ServiceApi['config'],
  label: string,
  size: number,
  minBytesPerSecond: number,
  local: AbortController
): NodeJS.Timeout {
  const allowanceMs = config.transport.timeouts.requestMs
  const limitMs = putTimeLimitMs(size, minBytesPerSecond, allowanceMs)
  return setTimeout(
    () =>
      local.abort(
        new NetworkError(
          `${label} did not finish within ${formatDuration(limitMs / 1000)}: the time ${formatBytes(size)} takes at ${ref('minUploadKibPerSecond')} (${minBytesPerSecond / 1024} KiB/s), plus the request time limit of ${formatDuration(allowanceMs / 1000)}. The store took longer to take the file or to answer; on a slow link, lower ${ref('minUploadKibPerSecond')}`
        )
      ),
    Math.min(limitMs, 2 ** 31 - 1)
  )
}

/** Why the file could not be sent: its own error (it changed), or one of reading it. */
function unreadable(artifact: Artifact, error: unknown): DeployError {
  return error instanceof DeployError
    ? error
    : new FileChangedError(
        `${quote(artifact.name)} could not be read: ${describeNetworkError(error)}`
      )
}

/** The store's answer to a PUT: a refusal, an Expect it does not take, or an answer before the whole file. */
function checkStoreAnswer(
  response: HttpResponse,
  {
    label,
    signedUrl,
    expectContinue,
    complete
  }: { label: string; signedUrl: string; expectContinue: boolean; complete: boolean }
): void {
  if (response.status === 417 && expectContinue)
    throw new ExpectationFailedError(`${label} answered 417 Expectation Failed.`)
  if (response.status < 200 || response.status >= 300)
    throw storeStatusError(label, response, signedUrl)
  if (!complete)
    throw new DeployError(
      `${label} answered ${response.status} before the whole file was sent; deploy again.`
    )
}

/** A failed PUT, told in the debug log before it is thrown on. */
function logged(config: ServiceApi['config'], label: string, error: unknown): unknown {
  config.log.debug(`${label} failed: ${messageOf(error)}`)
  return error
}
