import { describe, expect, it } from '@jest/globals'
import { CLI_VOCABULARY } from '../../../../src/cli/vocabulary.js'
import { OutputFilter } from '../../../../src/core/deploy/output-filter.js'
import { Reporting } from '../../../../src/core/deploy/reporting.js'
import type { StepFacts } from '../../../../src/core/report/facts.js'
import type { Reporter } from '../../../../src/core/report/reporter.js'

describe("the step's reporters", () => {
  it('a target refused while it prepares is never handed the facts; the others are', async () => {
    const finished: string[] = []
    const reporter = (name: string, refuse = false): Reporter => ({
      name,
      prepare() {
        if (refuse) throw new Error(`${name} names an http:// address`)
      },
      finish() {
        finished.push(name)
      }
    })
    const reporting = new Reporting(new OutputFilter(CLI_VOCABULARY, {}, []), [
      reporter('the summary file'),
      reporter('a webhook', true),
      reporter('the JUnit report')
    ])
    await expect(reporting.prepare()).rejects.toThrow(/http:\/\//)
    const facts = {
      deployments: [],
      warnings: [],
      judgement: { conclusion: 'failure', cause: 'usage' }
    }
    await reporting.finish(facts as StepFacts)
    expect(finished).toEqual(['the summary file', 'the JUnit report'])
  })
})
