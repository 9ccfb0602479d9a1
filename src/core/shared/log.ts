/**
 * Where the core tells what it does. Each front end supplies its own: the
 * action's writes workflow commands, the CLI's writes plain lines to stderr,
 * the library's is the caller's (or silent). Every line reaches it rendered,
 * redacted and on one line (deploy/output-filter.ts).
 */
export interface Log {
  /** Progress a person follows. */
  info(message: string): void
  /** Request detail, for troubleshooting. */
  debug(message: string): void
  /** Something worth a look that does not stop the deploy. */
  notice(message: string, title?: string): void
  /** Something a person should act on. */
  warning(message: string, title?: string): void
  /** Hides a secret from every later line, where the front end can (a runner's mask). */
  mask(secret: string): void
  /** A named phase; its lines belong together. */
  group<T>(name: string, work: () => Promise<T>): Promise<T>
}

/** Told the bytes sent so far, and the total, as an upload goes. */
export type ProgressListener = (sent: number, total: number) => void

const ignore = (): void => undefined

/** A whole log from the parts a caller gave; the rest say nothing. */
export function completeLog(partial: Partial<Log> = {}): Log {
  const own = partial ?? {}
  return {
    info: own.info ?? ignore,
    debug: own.debug ?? ignore,
    notice: own.notice ?? ignore,
    warning: own.warning ?? ignore,
    mask: own.mask ?? ignore,
    group: own.group ?? ((_name, work) => work())
  }
}
