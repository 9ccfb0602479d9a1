/**
 * Every reporter is handed the step's facts read-only all the way down: a
 * reporter that wrote them would change what the reporters after it show
 * (one step, one set of facts, every report the same). A write at any depth
 * does not compile: each `@ts-expect-error` below fails `npm run typecheck`
 * the day the write would compile, and a reporter declared over mutable
 * facts is not a Reporter.
 */
import { describe, expect, it } from '@jest/globals'
import type { Deployment, Frozen, Reporter, StepFacts } from '../../../../src/core/index.js'

/** Writes that must not compile; never run. */
export const writer: Reporter = {
  name: 'a reporter that writes',
  onEvent(_event, deployments) {
    // @ts-expect-error a deployment's field is read-only
    deployments[0]!.outcome = 'success'
    // @ts-expect-error the list of deployments is read-only
    deployments.pop()
  },
  finish(facts) {
    // @ts-expect-error the step's judgement is read-only
    facts.judgement = { conclusion: 'success', cause: 'success' }
    // @ts-expect-error a verdict's bugs are read-only
    facts.deployments[0]!.verdict?.bugs.pop()
    // @ts-expect-error the warnings are read-only
    facts.warnings.push('another')
  }
}

// @ts-expect-error a reporter whose facts it may write is no Reporter
export const mutable: Reporter = { name: 'mutable', finish: (facts: StepFacts) => void facts }

describe("a reporter's facts", () => {
  it('are read-only by their type, and a step hands its own to every reporter', () => {
    const deployment: Deployment = { name: 'app', failOnNoRun: true, warnings: [] }
    const seen: Frozen<Deployment>[] = [deployment]
    expect(seen[0]).toBe(deployment)
    expect(typeof writer.finish).toBe('function')
  })
})
