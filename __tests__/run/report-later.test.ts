// The product and the emulator run on one virtual clock here: waits cost no real time.
import '../helpers/virtual-time.js'
/**
 * Report-later only where its verdict can arrive: the check run a scheduled
 * collect completes is the only way the verdict reaches the pull request, so
 * a step that could never write it is refused before any request, and a
 * step whose check run GitHub refused or never answered for fails, saying
 * that the verdict will not arrive; no message claims it is anywhere else.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { READ_ONLY_TOKEN } from '../../emulator/github-api.js'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { EXIT } from '../../src/cli/args.js'
import { deployBuild } from '../../src/index.js'
import { cliEnv, runCli } from '../helpers/front-ends.js'
import { env, HEAD, pullRequest, run } from '../helpers/github-events.js'
import {
  DEMO_API_KEY,
  expectFailure,
  freshWorkspace,
  step,
  writeArtifact
} from '../helpers/harness.js'

let emulator: Emulator
let workspace: string
beforeAll(async () => {
  emulator = await startEmulator()
  workspace = await freshWorkspace()
  await writeArtifact('app.apk', 64 * 1024, workspace)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.reset())

const later = { file: 'app.apk', 'report-later': 'true', variables: run() }

describe('refused before any request where no check run can carry the verdict', () => {
  it('the action with check: false', async () => {
    const result = await step(
      emulator,
      { ...later, check: 'false' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, "Input 'check' is false", 'report-later', 'nothing would ever bring it')
    expect(emulator.requests).toEqual([])
    expect(emulator.github.requests).toEqual([])
  })

  it('the action without a token', async () => {
    const result = await step(
      emulator,
      { ...later, 'github-token': '' },
      { workspace, env, ...pullRequest(HEAD) }
    )
    expectFailure(result, "Input 'github-token' is empty", 'checks: write')
    expect(emulator.requests).toEqual([])
  })

  it('the CLI without a token or a repository, and the library alike', async () => {
    const cli = await runCli(
      ['deploy', '--file', 'app.apk', '--report-later', '--sha', 'a'.repeat(40)],
      {
        env: cliEnv(emulator),
        cwd: workspace
      }
    )
    expect(cli.exitCode).toBe(EXIT.usage)
    expect(cli.stderr).toMatch(
      /--github-token \(or GITHUB_TOKEN\) is empty, and --report-later writes the check run with it/
    )
    const library = await deployBuild({
      apiKey: DEMO_API_KEY,
      baseUrl: emulator.baseUrl,
      file: 'app.apk',
      workingDirectory: workspace,
      reportLater: true,
      githubToken: 'ghs_x0123456789abcdef',
      git: { sha: 'a'.repeat(40) }
    })
    expect(library).toMatchObject({ outcome: 'aborted', cause: 'usage' })
    expect(library.reason).toMatch(/githubRepository/)
    expect(emulator.requests).toEqual([])
  })
})

describe('a check run that cannot be written fails the step, saying the verdict will not arrive', () => {
  it('a read-only token: the run exists, the step fails naming checks: write', async () => {
    const result = await step(
      emulator,
      { ...later, 'github-token': READ_ONLY_TOKEN },
      { workspace, env, ...pullRequest(HEAD) }
    )
    const error = expectFailure(result, 'checks: write', 'will not reach')
    expect(error).toContain(result.outputs.runId!)
    expect(result.outputs.outcome).toBe('success')
    expect(result.stdout).not.toMatch(/The verdict is in the job summary and the outputs/)
  })

  it('GitHub unreachable: the step fails, saying so', async () => {
    const result = await step(emulator, later, {
      workspace,
      env: { ...env, GITHUB_API_URL: 'http://127.0.0.1:9' },
      ...pullRequest(HEAD)
    })
    expectFailure(result, 'GitHub check run could not be written', 'will not reach')
    expect(result.stdout).not.toMatch(/The verdict is in the job summary and the outputs/)
  })
})
