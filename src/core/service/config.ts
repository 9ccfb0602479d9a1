import type { Log } from '../shared/log.js'
import type { Secrets } from '../shared/redact.js'
import type { RetryPolicy } from '../transport/retry.js'
import type { Transport } from '../transport/send.js'

/** What every request needs: where, who, how patient, and where to tell about it. */
export interface ServiceConfig {
  baseUrl: string
  apiKey: string
  /** Attempts, backoff, the moment after which no attempt starts, and the stop signal. */
  policy: RetryPolicy
  transport: Transport
  log: Log
  /** Signed URLs are registered here the moment they arrive. */
  secrets: Secrets
}
