import { jest } from '@jest/globals'
import { withStep, type StepOptions, type StepResult } from '../../emulator/github-runner.js'
import { run } from '../../src/action/main.js'
import { clock } from '../../src/core/shared/clock.js'

/**
 * Runs the action's `run()` in this process, exactly as the bundle's entry
 * does, with the environment a runner gives a step: INPUT_* with action.yml's
 * defaults, GITHUB_*, the event file and the file commands. The step's log is
 * captured as the runner captures it; the environment and the exit code are
 * restored afterwards. Quicker than a process per step; its duration is read
 * on the product's clock (virtual where a suite made it so). The bundle itself is
 * run by the end-to-end suite.
 */
export async function runStepInProcess(options: StepOptions): Promise<StepResult> {
  if (options.user || options.node || options.main || options.onStart)
    throw new Error(
      'A step as another user, or with another binary, runs as a process: use the bundle.'
    )
  return withStep(options, async ({ env, written }) => {
    const saved = process.env
    const savedExitCode = process.exitCode
    let stdout = ''
    let stderr = ''
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
      stdout += String(chunk)
      return true
    })
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(chunk => {
      stderr += String(chunk)
      return true
    })
    const started = clock.now()
    process.env = { ...env }
    process.exitCode = undefined
    let exitCode: number
    try {
      await run(undefined, process.env)
      exitCode = Number(process.exitCode ?? 0)
    } finally {
      process.env = saved
      process.exitCode = savedExitCode
      out.mockRestore()
      err.mockRestore()
    }
    return { exitCode, stdout, stderr, ...(await written()), durationMs: clock.now() - started }
  })
}
