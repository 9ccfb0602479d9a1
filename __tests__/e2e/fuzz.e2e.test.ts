/**
 * The build reader's mutation fuzz (__tests__/fuzz/readers.ts) for a fixed
 * count and seed, in a process of its own so that its peak memory is the
 * reader's: every input ends in an answer or a refusal, the slowest within
 * the reader's own time limit, the peak within a few hundred MiB.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from '@jest/globals'
import { ROOT } from '../../emulator/github-runner.js'
import { READ_LIMITS } from '../../src/core/inspect/budget.js'
import type { FuzzSummary } from '../fuzz/readers.js'

const run = promisify(execFile)
const COUNT = 20_000
const SEED = 20261125

describe('the build reader under a mutation fuzz', () => {
  it(`ends every one of ${COUNT} mutated descriptors and builds in an answer or a refusal, bounded`, async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, '__tests__/fuzz/readers.ts'),
        '--count',
        String(COUNT),
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
  }, 300_000)
})
