/**
 * The bundle run by GitHub's own local runner for actions,
 * `@github/local-action`, beside this project's runner emulation: the same
 * step (inputs, GitHub's variables, the event) deploys through each against
 * the service emulator, and the outputs each wrote to GITHUB_OUTPUT agree.
 *
 * local-action imports the entrypoint and calls its exported `run()`: the
 * bundle itself is the entrypoint, as action.yml names it (it runs the step
 * as it loads, and its `run()` answers with that step). Its own output table
 * shows only what its stand-in of @actions/core was told, which a bundle
 * (with core inlined) never calls, so the outputs are read from
 * GITHUB_OUTPUT, as the runner reads them.
 */
import { execFile, spawn } from 'node:child_process'
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { ROOT, runStep, withStep, type StepOptions } from '../../emulator/github-runner.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { DEMO_API_KEY, freshWorkspace, writeArtifact } from '../helpers/harness.js'
import { node24Binary } from '../helpers/tools.js'

const run = promisify(execFile)
const LOCAL_ACTION = '@github/local-action@7.0.1'

let emulator: Emulator
let tool: string
let node24: string

beforeAll(async () => {
  emulator = await startEmulator()
  node24 = await node24Binary()
  tool = await freshWorkspace()
  await run('npm', ['init', '-y'], { cwd: tool })
  await run('npm', ['install', '--no-audit', '--no-fund', '--silent', LOCAL_ACTION], {
    cwd: tool,
    env: { ...process.env, PATH: `${dirname(node24)}:${process.env.PATH ?? ''}` }
  })
}, 300_000)
afterAll(() => emulator.close())

/** A dotenv line: single quotes, which dotenv takes as they are. */
function dotenvLine(name: string, value: string): string {
  if (/['\n]/.test(value)) throw new Error(`${name} cannot be written to a dotenv file as it is`)
  return `${name}='${value}'`
}

it("local-action runs the bundle: the deployment and its outputs agree with the runner emulation's", async () => {
  const workspace = await freshWorkspace()
  const apk = await writeArtifact('app-release.apk', 64 * 1024, workspace)
  const options: StepOptions = {
    inputs: {
      'api-key': DEMO_API_KEY,
      'base-url': emulator.baseUrl,
      file: apk.path,
      'name-prefix': 'myapp',
      environment: 'staging',
      wait: 'true'
    },
    workspace,
    env: { MOBILE_DEPLOY_POLL_INTERVAL_SECONDS: '1', GITHUB_API_URL: emulator.github.url }
  }

  // The action as local-action reads it: action.yml and the bundle, as a checkout of the action holds them.
  const action = join(tool, 'action')
  await mkdir(action)
  await cp(join(ROOT, 'action.yml'), join(action, 'action.yml'))
  await cp(join(ROOT, 'dist'), join(action, 'dist'), { recursive: true })

  const before = emulator.runs.length
  const viaLocalAction = await withStep(options, async step => {
    await writeFile(
      join(tool, '.env'),
      [...Object.entries(step.env).map(([n, v]) => dotenvLine(n, v)), ''].join('\n')
    )
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve, reject) => {
        const child = spawn(
          node24,
          [
            join(tool, 'node_modules/@github/local-action/bin/local-action.js'),
            'run',
            'action',
            'dist/index.js',
            '.env'
          ],
          {
            cwd: tool,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              PATH: `${dirname(node24)}:${process.env.PATH ?? ''}`,
              HOME: process.env.HOME ?? tool,
              npm_config_offline: 'true'
            }
          }
        )
        let text = ''
        child.stdout.on('data', chunk => (text += chunk))
        child.stderr.on('data', chunk => (text += chunk))
        child.on('error', reject)
        child.on('close', exit => resolve({ code: exit, output: text }))
      }
    )
    if (code !== 0) console.log(output)
    expect(code).toBe(0)
    // The bundle ran to its end (local-action prints the inputs it was given itself, the key among them:
    // it is a tool for a developer's machine, never a runner's log).
    expect(output).toContain('Running Action')
    return (await step.written()).outputs
  })
  const viaEmulation = await runStep(options)
  expect(viaEmulation.exitCode).toBe(0)

  // Each uploaded the build and notified the service; the service answers a second deployment of the same
  // build on the same commit with the run the first started, so both name that run.
  const requests = emulator.requests.slice(before)
  expect(requests.filter(r => r.route === 'upload')).toHaveLength(2)
  expect(requests.filter(r => r.route === 'deploy')).toHaveLength(2)
  const [created] = emulator.runs.slice(before)
  expect(created).toMatchObject({ id: viaLocalAction.runId, runInputPath: 'myapp-staging.apk' })
  expect(viaLocalAction.verdict).toBe('passed')
  expect(viaLocalAction).toEqual(viaEmulation.outputs)
}, 300_000)
