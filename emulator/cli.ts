/**
 * `npm run emulator`: the service emulator on fixed loopback ports until
 * Ctrl-C. PORT (default 4010) and STORE_PORT (default PORT + 1) change the
 * ports, STORE_DIR where the store keeps its bytes (a temporary folder,
 * removed on exit, by default). Prints the key of each workspace it serves.
 */
import { startEmulator } from './server.js'
import { DEMO_API_KEY, standaloneWorkspaces } from './workspaces.js'

const port = Number(process.env.PORT ?? 4010)
const storePort = Number(process.env.STORE_PORT ?? port + 1)
const served = standaloneWorkspaces()
const emulator = await startEmulator({
  port,
  storePort,
  storeDirectory: process.env.STORE_DIR,
  workspaces: served.map(s => s.workspace)
})

console.log(`Service emulator ready.
  base-url:     ${emulator.baseUrl}
  object store: ${emulator.storeUrl}
  runs list:    curl -H 'Authorization: Bearer ${DEMO_API_KEY}' ${emulator.baseUrl}/api/v0/runs
  api-key for each workspace:`)
for (const { key, what } of served) console.log(`    ${key.padEnd(30)} ${what}`)
console.log('Press Ctrl-C to stop.')

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
