import { DeployError } from './errors.js'
import { quote } from './inert.js'
import { DEFAULT_TIMEOUTS, type Timeouts } from './http.js'
import { DEFAULT_POLL_INTERVAL_MS } from './wait.js'

/** Every time limit of the step; safe by default, tunable through the environment for unusual networks. */
export interface Limits {
  timeouts: Timeouts
  /** The longest the whole step may take. */
  stepMs: number
  /** The base interval between asks for a run's verdict. */
  pollIntervalMs: number
}

/** Far above any upload that keeps moving, and well under a job's six hours. */
export const DEFAULT_STEP_MS = 3 * 60 * 60 * 1000

/** The environment variables that tune the limits, with the unit each is given in. */
export const LIMIT_VARIABLES = {
  connect: 'MOBILE_DEPLOY_CONNECT_TIMEOUT_SECONDS',
  idle: 'MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS',
  step: 'MOBILE_DEPLOY_STEP_TIMEOUT_MINUTES',
  poll: 'MOBILE_DEPLOY_POLL_INTERVAL_SECONDS'
} as const

/**
 * Pure: the limits from the environment (e.g. a step's `env:`), the defaults
 * where a variable is unset; a value that is not a positive number fails the
 * step before any request, naming the variable.
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
    return Math.round(value * unitMs)
  }
  return {
    timeouts: {
      connectMs: read(LIMIT_VARIABLES.connect, 1000, DEFAULT_TIMEOUTS.connectMs),
      idleMs: read(LIMIT_VARIABLES.idle, 1000, DEFAULT_TIMEOUTS.idleMs)
    },
    stepMs: read(LIMIT_VARIABLES.step, 60_000, DEFAULT_STEP_MS),
    pollIntervalMs: read(LIMIT_VARIABLES.poll, 1000, DEFAULT_POLL_INTERVAL_MS)
  }
}

/** A signal that aborts whatever is under way when the step reaches its time limit, with a message saying so. */
export function stepDeadline(stepMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController()
  const minutes = Math.round(stepMs / 60_000)
  const timer = setTimeout(
    () =>
      controller.abort(
        new DeployError(
          `The step reached its time limit of ${minutes} minutes and stopped. Set ${LIMIT_VARIABLES.step} to allow more.`
        )
      ),
    stepMs
  )
  // The limit never keeps the process alive by itself.
  timer.unref()
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}
