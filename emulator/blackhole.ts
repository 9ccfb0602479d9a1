import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'

/**
 * A loopback port where no connection ever completes, as behind a firewall that
 * drops packets: a process listens with a two-place accept queue, fills it and
 * then never accepts, so the kernel drops every later SYN and the client waits
 * for its connect timeout. (Loopback otherwise refuses or answers at once.)
 */
export interface Blackhole {
  url: string
  close(): Promise<void>
}

// The listener's whole program: it stops its own event loop once the port is known, so nothing is accepted.
const LISTENER = `
const server = require('node:net').createServer()
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  require('node:fs').writeSync(1, server.address().port + '\\n')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
})
`

const QUEUE_PLACES = 2

export async function startBlackhole(): Promise<Blackhole> {
  const listener = spawn(process.execPath, ['-e', LISTENER], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const [line] = (await once(listener.stdout, 'data')) as [Buffer]
  const port = Number(line.toString().trim())
  const fillers: Socket[] = []
  const connected: Promise<unknown>[] = []
  for (let i = 0; i < QUEUE_PLACES; i++) {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => undefined)
    fillers.push(socket)
    connected.push(once(socket, 'connect'))
  }
  await Promise.all(connected)
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of fillers) socket.destroy()
      listener.kill('SIGKILL')
      if (listener.exitCode === null && listener.signalCode === null) await once(listener, 'exit')
    }
  }
}
