import { DeployError } from '../shared/errors.js'
import { quote } from '../shared/text.js'
import { DEFAULT_TIMEOUTS, type Timeouts } from '../transport/send.js'

/**
 * The time limits that tune the transport for unusual networks, read from
 * the environment by every front end alike; safe by default. (The wait's own
 * timeout and the poll interval are options.)
 */
export interface Limits {
  timeouts: Timeouts
  /** The longest the upload and the notification may take together; a wait has its own timeout. */
  deliveryMs: number
}

/** Far above any upload that keeps moving, and well under a job's six hours. */
export const DEFAULT_DELIVERY_MS = 3 * 60 * 60 * 1000

/** The environment variables that tune the limits, with the unit each is given in. */
export const LIMIT_VARIABLES = {
  connect: 'MOBILE_DEPLOY_CONNECT_TIMEOUT_SECONDS',
  idle: 'MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS',
  request: 'MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS',
  delivery: 'MOBILE_DEPLOY_STEP_TIMEOUT_MINUTES'
} as const

/**
 * Pure: the limits from the environment, the defaults where a variable is
 * unset; a value that is not a positive number fails before any request,
 * naming the variable.
 */
export function limitsFromEnv(env: Record<string, string | undefined>): Limits {
  const read = (name: string, unitMs: number, fallbackMs: number): number => {
    const raw = env[name]?.trim()
    if (!raw) return fallbackMs
    const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN
    if (!(value > 0) || value * unitMs > 2 ** 31 - 1) {
      throw new DeployError(
        `Environment variable ${name} is ${quote(raw)}, which is not a positive number in range. Remove it for the default, or give a number such as 60.`
      )
    }
    return Math.max(1, Math.round(value * unitMs))
  }
  return {
    timeouts: {
      connectMs: read(LIMIT_VARIABLES.connect, 1000, DEFAULT_TIMEOUTS.connectMs),
      idleMs: read(LIMIT_VARIABLES.idle, 1000, DEFAULT_TIMEOUTS.idleMs),
      requestMs: read(LIMIT_VARIABLES.request, 1000, DEFAULT_TIMEOUTS.requestMs)
    },
    deliveryMs: read(LIMIT_VARIABLES.delivery, 60_000, DEFAULT_DELIVERY_MS)
  }
}
