/**
 * What a collect takes from a commit's check runs: only ours, sealed under
 * the API key, of this commit and run; a run id read from one is checked as
 * one given by hand.
 */
import { describe, expect, it } from '@jest/globals'
import type { CheckRun, GitHubClient } from '../../../src/core/github/client.js'
import { pendingChecks } from '../../../src/core/github/pending-checks.js'
import { externalId } from '../../../src/core/report/identity.js'
import { factsLine, rowKey } from '../../../src/core/report/pending.js'
import { sealOf } from '../../../src/core/report/seal.js'

const SHA = 'f'.repeat(40)
const seal = sealOf('the-workspace-api-key-0123')
const repo = { owner: 'octo-org', repo: 'octo-app' }

/** A check run of ours, sealed under the key, its facts those of `runId` on SHA. */
function sealed(id: number, runId: string, external = runId): CheckRun {
  const name = 'Mobile tests'
  const deployment = {
    name,
    runId,
    reportLater: true,
    failOnNoRun: true,
    warnings: [],
    git: { sha: SHA }
  }
  return {
    id,
    name,
    status: 'in_progress',
    app: 'github-actions',
    externalId: externalId({ runId: external, build: 'abc' }),
    summary: `facts\n\n${factsLine({ deployment, rows: [rowKey(name)], runs: [runId] }, seal)}`
  } as CheckRun
}

const client = (runs: CheckRun[]) =>
  ({ listCheckRuns: async () => runs }) as unknown as GitHubClient

describe('pendingChecks', () => {
  it('takes a sealed check of its own run and commit', async () => {
    const { pending, refused } = await pendingChecks(client([sealed(1, 'run_1')]), repo, SHA, seal)
    expect(pending.map(p => p.runId)).toEqual(['run_1'])
    expect(refused).toEqual([])
  })

  it.each(['.', '..'])('refuses a run id %j, as it would be refused given by hand', async runId => {
    const { pending, refused } = await pendingChecks(client([sealed(1, runId)]), repo, SHA, seal)
    expect(pending).toEqual([])
    expect(refused[0]!.problem).toMatch(/which is no run id/)
  })

  it('refuses facts sealed for another run than its external_id names', async () => {
    const { pending, refused } = await pendingChecks(
      client([sealed(1, 'run_failed', 'run_passed')]),
      repo,
      SHA,
      seal
    )
    expect(pending).toEqual([])
    expect(refused[0]!.problem).toMatch(
      /external_id names run run_passed, its sealed facts run run_failed/
    )
  })
})
