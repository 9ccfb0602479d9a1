import { describe, expect, it } from '@jest/globals'
import { statusWrite, stateOf, MAX_DESCRIPTION } from '../../../src/core/gitlab/status.js'
import type { Deployment } from '../../../src/core/report/facts.js'

const base: Deployment = { name: 'Mobile tests', failOnNoRun: true, warnings: [], runId: 'run_1' }
const origins = ['http://127.0.0.1:4010']

describe("a deployment's commit status", () => {
  it('says where a run stands in one line within GitLab’s 255 characters, whatever the service’s words', () => {
    for (const stage of ['x'.repeat(1000), '構'.repeat(400), `a\nb${'🚀'.repeat(300)}`]) {
      const write = statusWrite(
        { ...base, wait: { minutes: 60 }, stage },
        { completed: false, origins, pipelineId: 42 }
      )
      expect(write.state).toBe('running')
      expect(write.description!.length).toBeLessThanOrEqual(MAX_DESCRIPTION)
      expect(write.description).not.toMatch(/\n/)
      expect(write.pipelineId).toBe(42)
    }
  })

  it.each([
    [
      'a passed verdict',
      { verdict: 'passed' },
      { conclusion: 'success', cause: 'success' },
      'success'
    ],
    [
      'a failed one',
      { verdict: 'failed' },
      { conclusion: 'failure', cause: 'run-failed' },
      'failed'
    ],
    [
      'a canceled run',
      { verdict: 'canceled' },
      { conclusion: 'failure', cause: 'canceled' },
      'canceled'
    ],
    ['a wait that timed out', undefined, { conclusion: 'failure', cause: 'timed-out' }, 'failed'],
    ['no run, and none required', undefined, { conclusion: 'success', cause: 'success' }, 'skipped']
  ] as const)('%s reads %s', (_what, verdict, judgement, state) => {
    const deployment = {
      ...base,
      ...(verdict ? { verdict: { ...verdict, runId: 'run_1' } as Deployment['verdict'] } : {}),
      judgement
    }
    expect(stateOf(deployment)).toBe(state)
  })
})
