/**
 * The build reader's mutation fuzz (__tests__/fuzz/readers.ts) for a fixed
 * count and seed, in a process of its own so that its peak memory is the
 * reader's: every input ends in an answer or a refusal, the slowest within
 * the reader's own time limit, the peak within a few hundred MiB; then
 * builds with long tokens (up to 1 MiB) through the reader's worker, each
 * answered or refused by the readers themselves, never by the worker's
 * limits.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { READ_LIMITS } from '../../src/core/inspect/budget.js'
import { WORKER_LIMITS } from '../../src/core/inspect/read.js'
import type { FuzzSummary } from '../fuzz/readers.js'

const run = promisify(execFile)
const COUNT = 20_000
const LONG = 300
const SEED = 20261125

describe('the build reader under a mutation fuzz', () => {
  it(`ends every one of ${COUNT} mutated descriptors and builds and ${LONG} long-token builds in an answer or a refusal, bounded`, async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, '__tests__/fuzz/readers.ts'),
        '--count',
        String(COUNT),
        '--long',
        String(LONG),
        '--seed',
        String(SEED)
      ],
      { cwd: ROOT, maxBuffer: 1024 * 1024 }
    )
    const summary = JSON.parse(stdout.trim().split('\n').at(-1)!) as FuzzSummary
    expect(summary.inputs).toBe(COUNT)
    expect(summary.answered + summary.refused).toBe(COUNT)
    // Both outcomes occur: the mutations reach past the first check of each reader.
    expect(summary.answered).toBeGreaterThan(COUNT / 50)
    expect(summary.refusals.BrokenBuildError).toBeGreaterThan(0)
    // The bounds the reader keeps by its budget, whatever the input: never a hang, never a blow-up.
    expect(summary.slowest.ms).toBeLessThan(READ_LIMITS.milliseconds)
    expect(summary.peakRssMiB).toBeLessThan(400)
    // Long tokens through the worker: both outcomes, each by the readers' own checks.
    const { long } = summary
    expect(long.inputs).toBe(LONG)
    expect(long.answered + long.refused).toBe(LONG)
    expect([long.answered, long.refused].every(n => n > LONG / 10)).toBe(true)
    expect([long.overLimit, long.slowest]).toEqual([0, long.slowest])
    expect(long.slowest.ms).toBeLessThan(WORKER_LIMITS.ms)
  }, 300_000)
})
