// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * The emulator's switches, as docs/development.md lists them: each key of
 * `npm run emulator` makes a deployment go the way the table says, seen
 * through the CLI's exit code and outputs; the runs list says how a run ended.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { standaloneWorkspaces } from '../../emulator/workspaces.js'
import { EXIT } from '../../src/cli/args.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { ROOT } from '../../emulator/github-runner.js'
import { writeArtifact } from '../helpers/harness.js'

const served = standaloneWorkspaces()
let emulator: Emulator
beforeAll(async () => {
  // The stages made instant (the endless one excepted), so that each verdict is the first answer.
  emulator = await startEmulator({
    workspaces: served.map(({ workspace }) => ({
      ...workspace,
      lifecycle: { initializingMs: 0, underReviewMs: 0, ...workspace.lifecycle }
    }))
  })
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

async function deploy(key: string, ...flags: string[]) {
  const { workspace: cwd } = await writeArtifact('app.apk', 1024)
  return runCli(['deploy', '--file', 'app.apk', '--json', '--max-attempts', '1', ...flags], {
    env: cliEnv(emulator, { SERVICE_API_KEY: key, MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1' }),
    cwd
  })
}

describe("the emulator's switches", () => {
  it.each([
    ['emulator-demo-key-0123456789', EXIT.success, 'passed'],
    ['emulator-failing-key', EXIT['run-failed'], 'failed'],
    ['emulator-canceled-key', EXIT.canceled, 'canceled']
  ])('%s: the run ends as the table says', async (key, exit, verdict) => {
    const result = await deploy(key, '--wait')
    expect(result.exitCode).toBe(exit)
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs.verdict).toBe(verdict)
    const listed = await fetch(`${emulator.baseUrl}/api/v0/runs`, {
      headers: { authorization: `Bearer ${key}` }
    })
    const { runs } = (await listed.json()) as { runs: { id: string; status: string }[] }
    expect(runs).toEqual([expect.objectContaining({ id: outputs.runId, status: verdict })])
  })

  it('emulator-failing-key: two blocking bugs and one not', async () => {
    const outputs = JSON.parse((await deploy('emulator-failing-key', '--wait')).stdout) as Record<
      string,
      string
    >
    expect([outputs.blockingBugsCount, outputs.nonBlockingBugsCount]).toEqual([2, 1])
  })

  it('emulator-endless-key: the wait ends at its timeout', async () => {
    const result = await deploy('emulator-endless-key', '--wait', '--wait-timeout-minutes', '0.02')
    expect(result.exitCode).toBe(EXIT['timed-out'])
    const listed = await fetch(`${emulator.baseUrl}/api/v0/runs`, {
      headers: { authorization: 'Bearer emulator-endless-key' }
    })
    expect(((await listed.json()) as { runs: { status: string }[] }).runs[0]?.status).toBe(
      'running'
    )
  })

  it.each([
    ['emulator-unavailable-key', /503/],
    ['emulator-no-such-key-000', /401|missing or invalid/],
    ['emulator-disabled-key', /403|disabled/]
  ])('%s: the deploy fails', async (key, words) => {
    const result = await deploy(key)
    expect(result.exitCode).toBe(EXIT['deploy-failed'])
    expect(result.stderr).toMatch(words)
  })

  it('docs/development.md lists every key the emulator serves', async () => {
    const text = await readFile(join(ROOT, 'docs/development.md'), 'utf8')
    const listed = [...text.matchAll(/^\| `(emulator-[a-z0-9-]+)` +\|/gm)].map(m => m[1])
    expect(listed).toEqual(served.map(s => s.key))
  })
})
