// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * A report target over the network, through the reporter seam: the step's
 * result posted as JSON to a URL the user gives, from the action, the CLI
 * and the library alike; retried by the one retry rule, stopped by the
 * caller's stop, its URL a secret, and never the step's failure.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { deployBuild } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, run } from '../helpers/github-events.js'
import {
  DEMO_API_KEY,
  expectFailure,
  freshWorkspace,
  step,
  writeArtifact
} from '../helpers/harness.js'

interface Received {
  method: string
  path: string
  type: string | undefined
  body: string
}

/** What a step printed, but the lines that register a secret with the runner. */
const printed = (text: string): string =>
  text
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')

let emulator: Emulator
let workspace: string
let hook: Server
let hookUrl: string
const received: Received[] = []
/** The statuses the hook answers with, in turn; 200 once they are used up. */
let answers: number[] = []
let hang = false

beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 16 * 1024, workspace)
  hook = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', chunk => (body += chunk))
    req.on('end', () => {
      received.push({
        method: req.method!,
        path: req.url!,
        type: req.headers['content-type'],
        body
      })
      if (hang) return
      res.writeHead(answers.shift() ?? 200).end('ok')
    })
  })
  await new Promise<void>(resolve => hook.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/services/T0123/B0456/sEcReTtOkEnXyZ`
})
afterAll(async () => {
  hook.closeAllConnections()
  hook.close()
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
  received.length = 0
  answers = []
  hang = false
})

describe("the step's result posted to a webhook", () => {
  it('the action: the result as JSON, once judged; the URL masked everywhere', async () => {
    const result = await step(
      emulator,
      { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    expect(result.exitCode).toBe(0)
    expect(received).toHaveLength(1)
    const [posted] = received
    expect([posted!.method, posted!.path, posted!.type]).toEqual([
      'POST',
      '/services/T0123/B0456/sEcReTtOkEnXyZ',
      'application/json'
    ])
    const body = JSON.parse(posted!.body)
    expect(body).toMatchObject({
      outcome: 'success',
      conclusion: 'success',
      runId: result.outputs.runId,
      deployments: [expect.objectContaining({ runId: result.outputs.runId })]
    })
    // Its path is the secret: masked, while another link to the same host stays readable.
    expect(printed(result.stdout)).not.toContain('sEcReTtOkEnXyZ')
    expect(printed(result.stdout)).not.toContain('/services/T0123')
    expect(result.summary).not.toContain('sEcReTtOkEnXyZ')
  })

  it('the CLI and the library post the same object their own result is', async () => {
    const cli = await runCli(
      ['deploy', '--file', 'app.apk', '--result-webhook', hookUrl, '--json', '--variables', run()],
      {
        env: cliEnv(emulator),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(EXIT.success)
    expect(JSON.parse(received[0]!.body)).toEqual(JSON.parse(cli.stdout))
    const library = await deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: 'app.apk',
      workingDirectory: workspace,
      resultWebhook: hookUrl,
      variables: run()
    })
    expect(JSON.parse(received[1]!.body)).toEqual(JSON.parse(JSON.stringify(library)))
  })

  it('a 503 is retried by the one retry rule; a webhook that keeps failing is a warning, never the step', async () => {
    answers = [503]
    const retried = await step(
      emulator,
      { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    expect(retried.exitCode).toBe(0)
    expect(received).toHaveLength(2)
    answers = [404]
    const refused = await step(
      emulator,
      { file: 'app.apk', 'result-webhook': hookUrl, variables: run() },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    expect(refused.exitCode).toBe(0)
    expect(refused.stdout).toMatch(
      /::warning::The result webhook \(result-webhook\) could not be written: POST http:\/\/127\.0\.0\.1:\d+\*\*\* answered 404/
    )
  })

  it("the caller's stop ends a webhook that never answers at once", async () => {
    hang = true
    const stop = new AbortController()
    const result = deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: 'app.apk',
      workingDirectory: workspace,
      resultWebhook: hookUrl,
      variables: run(),
      signal: stop.signal
    })
    while (received.length === 0) await new Promise(resolve => setTimeout(resolve, 5))
    const stopped = Date.now()
    stop.abort(new Error('the caller stopped'))
    await result
    expect(Date.now() - stopped).toBeLessThan(2000)
    expect(received).toHaveLength(1)
  })

  it('plain http to a remote host is refused before any request, the URL not quoted back', async () => {
    const result = await step(
      emulator,
      { file: 'app.apk', 'result-webhook': 'http://hooks.example.com/services/sEcReT' },
      { workspace, env, eventName: 'workflow_dispatch' }
    )
    expectFailure(result, "Input 'result-webhook'", 'https URL')
    expect(printed(result.stdout)).not.toContain('sEcReT')
    expect(emulator.requests).toEqual([])
  })
})
