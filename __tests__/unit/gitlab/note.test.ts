/**
 * A GitLab step's note reported later: the GitHub comment's composition
 * and a sealed facts line per deployment, read back whole by a collect, in
 * the step's order, each with where its status is; within GitLab's million
 * characters of a note at 64 deployments of the longest names and facts;
 * a line sealed under another key, or changed, is told as refused.
 */
import { describe, expect, it } from '@jest/globals'
import { MAX_NOTE_CHARACTERS, noteBody, noteStep } from '../../../src/core/gitlab/note.js'
import type { Deployment } from '../../../src/core/report/facts.js'
import { sealOf } from '../../../src/core/report/seal.js'

const seal = sealOf('demo-api-key-0123456789')
const status = { sha: 'c'.repeat(40), pipelineId: 4242, ref: 'feature/login' }
const context = {
  origins: [],
  pipelineUrl: 'https://gitlab.example.com/g/p/-/pipelines/4242',
  seal,
  status
}

function deployment(i: number, name = `Mobile tests ${i}`): Deployment {
  return {
    name,
    mode: 'deploy',
    outcome: 'success',
    runId: `run_${i}`,
    runUrl: `https://app.example.com/runs/run_${i}`,
    reportLater: true,
    failOnNoRun: true,
    warnings: [],
    git: { branch: 'feature/login', sha: 'c'.repeat(40), mergeRequestNumber: 7 }
  }
}

describe("a step's note reported later", () => {
  it('carries every deployment in the step’s order, read back with where its status is', () => {
    const body = noteBody([deployment(1), deployment(2)], context)
    const step = noteStep(body, seal)!
    expect(step.refused).toEqual([])
    expect(
      step.deployments.map(line => [line.deployment.name, line.deployment.runId, line.status])
    ).toEqual([
      ['Mobile tests 1', 'run_1', status],
      ['Mobile tests 2', 'run_2', status]
    ])
    expect(body).toMatch(/pending \(a scheduled collect brings it\)/)
  })

  it('carries no facts when nothing is reported later, or without the seal', () => {
    const waited = { ...deployment(1), reportLater: undefined }
    expect(noteStep(noteBody([waited], context), seal)).toBeUndefined()
    expect(
      noteStep(noteBody([deployment(1)], { ...context, seal: undefined }), seal)
    ).toBeUndefined()
  })

  it('stays within GitLab’s million characters at 64 deployments of the longest names, runs and bugs, each read back', () => {
    const long = (i: number): Deployment => {
      const name = `${'測'.repeat(300)}${String(i).padStart(4, '0')}`.slice(0, 320)
      const bugs = Array.from({ length: 10 }, (_, b) => ({
        name: `${'バ'.repeat(199)}${b}`,
        number: b,
        priority: 'urgent' as const,
        blocking: true,
        new: true,
        url: `https://app.example.com/${'b'.repeat(560)}/${b}`
      }))
      return {
        ...deployment(i, name),
        runId: `run_${String(i).padStart(3, '0')}${'r'.repeat(120)}`,
        destination: `${'d'.repeat(900)}.apk`,
        playgroundFileLocation: `${'p'.repeat(900)}.apk`,
        verdict: {
          verdict: 'failed',
          greenlight: false,
          runId: `run_${i}`,
          runUrl: `https://app.example.com/${'u'.repeat(580)}`,
          bugs,
          blockingBugs: bugs,
          timeoutMs: 3_600_000,
          answered: true
        }
      }
    }
    const deployments = Array.from({ length: 64 }, (_, i) => long(i))
    const body = noteBody(deployments, context)
    expect(body.length).toBeLessThanOrEqual(MAX_NOTE_CHARACTERS)
    const step = noteStep(body, seal)!
    expect(step.refused).toEqual([])
    expect(step.deployments.map(line => line.deployment.name)).toEqual(deployments.map(d => d.name))
  })

  it('tells a line sealed under another key, or changed, as refused', () => {
    const body = noteBody([deployment(1), deployment(2)], context)
    const other = noteStep(body, sealOf('another-workspace-key-0123'))!
    expect(other.deployments).toEqual([])
    expect(other.refused.map(r => r.otherKey)).toEqual([true, true])
    const changed = body.replace(
      /facts=([A-Za-z0-9_-])/,
      (_all, c: string) => `facts=${c === 'A' ? 'B' : 'A'}`
    )
    expect(noteStep(changed, seal)!.refused.map(r => r.problem)).toEqual([
      expect.stringMatching(/does not carry the seal/)
    ])
  })
})
