/**
 * The set-up the collect suites of the code hosts share (run/gitlab-collect,
 * run/bitbucket-collect, run/bitbucket-strangers): one emulator for the
 * file, serving the test workspaces; a workspace holding the builds named
 * (each of its size in KiB: two builds of one size are one build); before
 * each test the emulator reset and the host's open review (a merge or a pull
 * request) opened again. And the CLI's two runs such a suite makes, each
 * with the pipeline's variables it is given: a deploy that reports later,
 * and a collect.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { cliEnv, runCli, type CliResult } from './front-ends.js'
import { run } from './github-events.js'
import { freshWorkspace, writeArtifact } from './harness.js'
import { testWorkspaces } from './workspaces.js'

export interface CollectSuite {
  /** The file's emulator and workspace, there once the suite's first hook has run. */
  readonly emulator: Emulator
  readonly workspace: string
  /** `mobile-build-deploy deploy --report-later` of `files` in a pipeline of `env`, with a run's `variables`. */
  deployLater(files: string[], env: Record<string, string>, variables?: string): Promise<CliResult>
  /** `mobile-build-deploy collect` in a pipeline of `env`, with more flags. */
  collect(env: Record<string, string>, extra?: string[]): Promise<CliResult>
}

export function collectSuite(options: {
  builds: Record<string, number>
  review: (emulator: Emulator) => void
}): CollectSuite {
  const state: { emulator?: Emulator; workspace?: string } = {}
  const suite: CollectSuite = {
    get emulator() {
      return state.emulator!
    },
    get workspace() {
      return state.workspace!
    },
    deployLater: (files, env, variables = run()) =>
      runCli(
        [
          'deploy',
          ...files.flatMap(file => ['--file', file]),
          '--report-later',
          '--variables',
          variables
        ],
        { env: cliEnv(suite.emulator, env), cwd: suite.workspace }
      ),
    collect: (env, extra = []) =>
      runCli(['collect', ...extra], { env: cliEnv(suite.emulator, env), cwd: suite.workspace })
  }
  beforeAll(async () => {
    state.emulator = await startEmulator({ workspaces: testWorkspaces() })
    state.workspace = await freshWorkspace()
    for (const [name, kib] of Object.entries(options.builds))
      await writeArtifact(name, kib * 1024, state.workspace)
  })
  afterAll(() => state.emulator?.close())
  beforeEach(() => {
    suite.emulator.reset()
    options.review(suite.emulator)
  })
  return suite
}
