import { DeployError, ExpiredUrlError, FileChangedError, messageOf } from '../shared/errors.js'
import { formatBytes, formatDuration, formatRate } from '../shared/format.js'
import type { ProgressListener } from '../shared/log.js'
import { quote } from '../shared/text.js'
import { withRetry } from '../transport/retry.js'
import { describeNetworkError, labelOf, send } from '../transport/send.js'
import type { SignedUpload } from '../service/answers.js'
import { logRetry, type ServiceClient } from '../service/client.js'
import { storeStatusError } from '../service/statuses.js'
import type { Artifact } from './artifact.js'
import { FileBody } from './file-body.js'
import { ProgressReporter } from './progress.js'

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

/** Whom an upload tells what it learns as it goes. */
export interface UploadListeners {
  /** A signed URL arrived (also a fresh one after expiry). */
  onSigned(signed: SignedUpload): void
  /** The bytes sent so far by the current attempt. */
  onProgress?: ProgressListener
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
  service: ServiceClient,
  artifact: Artifact,
  destination: string,
  listeners: UploadListeners
): Promise<UploadReceipt> {
  const { config } = service
  const onSigned = listeners.onSigned
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
          onProgress: listeners.onProgress
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

/** One PUT of the whole file, streamed from disk and hashed on the way; returns the SHA-256 of what was sent. */
async function putFile(
  config: ServiceClient['config'],
  signedUrl: string,
  artifact: Artifact,
  attempt: number,
  { expectContinue, onProgress }: { expectContinue: boolean; onProgress?: ProgressListener }
): Promise<{ sha256: string; seconds: number }> {
  const label = labelOf('PUT', signedUrl)
  config.log.info(
    `${label} (${formatBytes(artifact.size)}, attempt ${attempt} of ${config.policy.maxAttempts})`
  )
  const started = Date.now()
  const local = new AbortController()
  const stop = config.policy.signal
  const signal = stop ? AbortSignal.any([stop, local.signal]) : local.signal
  const progress = new ProgressReporter(artifact.size, line => config.log.info(line))
  let sent = 0
  const body = new FileBody({
    path: artifact.path,
    size: artifact.size,
    continueTimeoutMs: expectContinue ? CONTINUE_TIMEOUT_MS : undefined,
    onProgress: total => {
      sent = total
      progress.update(total)
      onProgress?.(total, artifact.size)
    },
    onFailure: error =>
      local.abort(
        error instanceof DeployError
          ? error
          : new FileChangedError(
              `${quote(artifact.name)} could not be read: ${describeNetworkError(error)}`
            )
      )
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
    if (response.status === 417 && expectContinue)
      throw new ExpectationFailedError(`${label} answered 417 Expectation Failed.`)
    if (response.status < 200 || response.status >= 300)
      throw storeStatusError(label, response, signedUrl)
    if (sent !== artifact.size) {
      throw new DeployError(
        `${label} answered ${response.status} before the whole file was sent; deploy again.`
      )
    }
    const seconds = Math.max(0.001, (Date.now() - started) / 1000)
    config.log.info(
      `Uploaded ${formatBytes(artifact.size)} in ${formatDuration(seconds)} (${formatRate(artifact.size / seconds)}).`
    )
    return { sha256: await body.sha256(), seconds }
  } catch (error) {
    config.log.debug(`${label} failed: ${messageOf(error)}`)
    throw error
  } finally {
    await body.release()
  }
}
