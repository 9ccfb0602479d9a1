/** The emulator's routes a fault can be aimed at. */
export type Route = 'signed-url' | 'upload' | 'deploy' | 'greenlight' | 'terminate'

/** Something to do instead of (or before) the normal answer, for the next `times` requests of a route. */
export interface Fault {
  route: Route
  /** How many requests it applies to; default 1. */
  times?: number
  /** Answer with this status (and body and headers) instead of the normal answer. */
  status?: number
  body?: string | Buffer
  headers?: Record<string, string>
  /** With `status`: answer at once, then neither read the rest of the request nor close the connection. */
  hold?: boolean
  /** Wait this long before answering (or before the fault's own answer), or until the client closes the connection. */
  delayMs?: number
  /** Destroy the connection: at once, or for an upload after this many body bytes. */
  reset?: true | { afterBytes: number }
  /** With `status`: a body that echoes the request back (its URL with the query, and every header), as a careless server does. */
  echo?: boolean
  /**
   * With `echo`: the body begins with the request's bearer token as this
   * returns it, as a careless server's logging changes it (its case, line
   * breaks, an encoding, a cut).
   */
  echoToken?: (token: string) => string
  /** Take the request whole (for an upload, the file), then answer `status` (200 by default) with a body that never ends: one space every this many milliseconds. */
  trickleMs?: number
  /** upload only: never answer `Expect: 100-continue`, as a store that predates it. */
  ignoreExpect?: boolean
  /** signed-url only: the URL it hands out is already expired. */
  expireUrl?: boolean
}

/** The queue of armed faults; each request takes the first that matches its route. */
export class FaultPlan {
  private readonly armed: { fault: Fault; left: number }[] = []

  add(...faults: Fault[]): void {
    for (const fault of faults) this.armed.push({ fault, left: fault.times ?? 1 })
  }

  clear(): void {
    this.armed.length = 0
  }

  /** The fault for this request, if one is armed; it is used up by one. */
  take(route: Route): Fault | undefined {
    const entry = this.armed.find(e => e.fault.route === route && e.left > 0)
    if (!entry) return undefined
    entry.left--
    if (entry.left === 0) this.armed.splice(this.armed.indexOf(entry), 1)
    return entry.fault
  }

  get pending(): number {
    return this.armed.reduce((n, e) => n + e.left, 0)
  }
}
