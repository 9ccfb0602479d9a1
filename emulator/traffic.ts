/**
 * When the emulator is idle: no request being handled and none on its way.
 * A connection whose request has not been read yet belongs to the test that
 * opened it, not to the next one; once its request is read, the request is
 * counted until it is answered.
 */
import type { Socket } from 'node:net'

export class Traffic {
  private inFlight = 0
  private arriving = 0
  private readonly waiting = new WeakSet<Socket>()
  private readonly onIdle: (() => void)[] = []

  /** A connection opened: a request is on its way until it is read or the connection closes. */
  readonly connected = (socket: Socket): void => {
    this.arriving++
    this.waiting.add(socket)
    socket.once('close', () => this.arrived(socket))
  }

  /** A request read from `socket`: handled until `answered`. */
  begin(socket: Socket): void {
    this.inFlight++
    this.arrived(socket)
  }

  answered(): void {
    this.inFlight--
    this.settled()
  }

  /** Resolves once nothing is handled or on its way. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.arriving === 0) return Promise.resolve()
    return new Promise(resolve => this.onIdle.push(resolve))
  }

  private arrived(socket: Socket): void {
    if (!this.waiting.delete(socket)) return
    this.arriving--
    this.settled()
  }

  private settled(): void {
    if (this.inFlight === 0 && this.arriving === 0)
      for (const resolve of this.onIdle.splice(0)) resolve()
  }
}
