/**
 * `npm run emulator`: the service emulator on fixed loopback ports until
 * Ctrl-C. PORT and STORE_PORT change the ports; the demo workspace's key is ready.
 */
import { startEmulator } from './server.js'
import { DEMO_API_KEY } from './workspaces.js'

const port = Number(process.env.PORT ?? 4010)
const storePort = Number(process.env.STORE_PORT ?? port + 1)
const emulator = await startEmulator({ port, storePort, storeDirectory: process.env.STORE_DIR })

console.log(`Service emulator ready.
  base-url:     ${emulator.baseUrl}
  api-key:      ${DEMO_API_KEY}
  object store: ${emulator.storeUrl}
  runs list:    curl -H 'Authorization: Bearer ${DEMO_API_KEY}' ${emulator.baseUrl}/api/v0/runs
Press Ctrl-C to stop.`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0))
  })
}

// Prints each request as it is answered, so a person can follow what an action run does.
let shown = 0
setInterval(() => {
  for (; shown < emulator.requests.length; shown++) {
    const r = emulator.requests[shown]!
    console.log(`${new Date().toISOString()} ${r.method} ${r.path} -> ${r.status}`)
  }
}, 250)
