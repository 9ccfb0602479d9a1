/**
 * What bounds a code host's client (GitHub's, GitLab's): every request of
 * a step's writes stops at once with its signal, none runs past its
 * deadline, and a collect's budget is asked before each one.
 */

/** What bounds the client's requests: a signal that stops every one at once, and the moment all must be over by. */
export interface ClientLimits {
  signal: AbortSignal
  /** Epoch ms; no request or retry runs past it (the reporter's final budget), or undefined for none beyond each request's own. */
  deadline(): number | undefined
  /** Asked before every request, each page and each retry included: throws to send no more (a collect's budget). */
  beforeRequest?: (() => void) | undefined
}

/** Per call: a signal that stops only this call (a write a newer one replaces). */
export interface CallOptions {
  signal?: AbortSignal | undefined
}
