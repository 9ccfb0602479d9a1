/**
 * A code host's stand-in as a server (GitHub's, GitLab's, Bitbucket's): its
 * state answered by `answer`, served on `host:port`, and the API object a
 * test holds: the state itself, with the stand-in's address and controls
 * (its violations taken, faults armed, everything forgotten, closed).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { json } from './answers.js'
import { close, listen, readBody } from './http.js'

/** What every host's state has that the controls use. */
interface Controlled<Fault> {
  violations: string[]
  armed: { fault: Fault; left: number }[]
}

/** The controls a test holds beside a stand-in's state. */
export interface HostControls<Fault> {
  url: string
  /** The violations so far, forgotten by the emulator: for a test that breaks the rules on purpose. */
  takeViolations(): string[]
  faults: { add(...faults: (Fault & { times?: number })[]): void }
  reset(): void
  close(): Promise<void>
}

/** Serves `state` by `answer` (the request, its body read whole); `urlOf` gives the API's address from the server's. */
export async function serveHost<State extends Controlled<Fault>, Fault>(
  state: State,
  options: {
    host: string
    port: number
    reset(state: State): void
    answer(
      state: State,
      req: IncomingMessage,
      res: ServerResponse,
      raw: string,
      url: string
    ): Promise<void>
    /** Where the stand-in's objects of this process are kept while open (the harness reads their violations). */
    live: Set<State & HostControls<Fault>>
    urlOf?: (address: string) => string
  }
): Promise<State & HostControls<Fault>> {
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req)
      await options.answer(state, req, res, raw, api.url)
    })().catch(error => json(res, 500, { message: String(error) }))
  })
  const address = await listen(server, options.port, options.host)
  // The API is the state itself, with the stand-in's address and controls: a test reads and sets it in place.
  const api: State & HostControls<Fault> = Object.assign(state, {
    url: options.urlOf?.(address) ?? address,
    takeViolations: () => state.violations.splice(0),
    faults: {
      add(...faults: (Fault & { times?: number })[]) {
        for (const fault of faults) state.armed.push({ fault, left: fault.times ?? 1 })
      }
    },
    reset: () => options.reset(state),
    close() {
      options.live.delete(api)
      return close(server)
    }
  })
  options.live.add(api)
  return api
}
