import { describe, expect, it } from '@jest/globals'
import { ACTION_VOCABULARY } from '../../../../src/action/vocabulary.js'
import { verdictMessage as message } from '../../../../src/core/report/words.js'
import { render } from '../../../../src/core/options/vocabulary.js'
import { parseGreenlightAnswer } from '../../../../src/core/service/v0/greenlight.js'
import { ServiceClient } from '../../../../src/core/service/v0/client.js'
import { completeLog } from '../../../../src/core/shared/log.js'
import { Secrets } from '../../../../src/core/shared/redact.js'
import { MAX_RETRY_DELAY_MS } from '../../../../src/core/transport/retry.js'
import { DEFAULT_TIMEOUTS } from '../../../../src/core/transport/send.js'
import type { Clock } from '../../../../src/core/shared/clock.js'
import { pollVerdict } from '../../../../src/core/verdict/poll.js'
import type { Verdict } from '../../../../src/core/model.js'

const parseGreenlight = (json: object) => parseGreenlightAnswer(JSON.stringify(json))
const verdictMessage = (verdict: Verdict): string | undefined => {
  const text = message(verdict)
  return text === undefined ? undefined : render(text, ACTION_VOCABULARY)
}

describe('parseGreenlight', () => {
  it('reads an answer of the service', () => {
    const answer = parseGreenlight({
      runStage: 'underReview',
      greenlight: false,
      rootRunId: 'run_a',
      rootRunUrl: 'https://app.example.com/runs/run_a',
      relevantRunId: 'run_b',
      relevantRunUrl: 'https://app.example.com/runs/run_b',
      workflowsUnderInvestigationCount: 2,
      workflowsAutoRetryingCount: 1,
      blockingBugsCount: 1,
      nonBlockingBugsCount: 0,
      reproducedBugs: [
        {
          name: 'Crash',
          number: 7,
          priority: 'urgent',
          isBlocking: true,
          isNew: true,
          applicationUrl: 'https://app.example.com/bugs/7'
        },
        {
          name: 'Slow',
          priority: 'low',
          externalIssue: { applicationUrl: 'https://jira.example.com/X-1' }
        }
      ],
      otherBlockingBugsInEnvironment: [{ name: 'Old crash', priority: 'high' }]
    })
    expect(answer).toEqual({
      stage: 'underReview',
      greenlight: false,
      rootRunId: 'run_a',
      relevantRunId: 'run_b',
      runUrl: 'https://app.example.com/runs/run_b',
      bugsUrl: undefined,
      workflows: undefined,
      underInvestigation: 2,
      autoRetrying: 1,
      blockingBugsCount: 1,
      nonBlockingBugsCount: 0,
      bugs: [
        {
          name: 'Crash',
          number: 7,
          priority: 'urgent',
          blocking: true,
          new: true,
          url: 'https://app.example.com/bugs/7'
        },
        {
          name: 'Slow',
          number: undefined,
          priority: 'low',
          blocking: false,
          new: false,
          url: 'https://jira.example.com/X-1'
        }
      ],
      otherBlockingBugs: [
        {
          name: 'Old crash',
          number: undefined,
          priority: 'high',
          blocking: true,
          new: false,
          url: undefined
        }
      ]
    })
  })

  it.each([
    ['an unknown stage', { runStage: 'paused' }, { stage: undefined }],
    ['greenlight not a boolean', { greenlight: 'yes' }, { greenlight: false }],
    ['a javascript: URL', { relevantRunUrl: 'javascript:alert(1)' }, { runUrl: undefined }],
    ['a run id with a line break', { relevantRunId: 'run\n::x' }, { relevantRunId: undefined }],
    ['bugs not an array', { reproducedBugs: 'many' }, { bugs: [] }],
    ['a bug without a name', { reproducedBugs: [{ priority: 'high' }] }, { bugs: [] }],
    [
      'a bug with an unknown priority',
      { reproducedBugs: [{ name: 'b', priority: 'p0' }] },
      { bugs: [expect.objectContaining({ priority: 'unprioritized', blocking: true })] }
    ],
    ['a negative count', { blockingBugsCount: -1 }, { blockingBugsCount: undefined }]
  ])('%s is read without trusting it', (_title, json, expected) => {
    expect(parseGreenlight(json)).toMatchObject(expected)
  })
})

describe('verdictMessage', () => {
  const base: Verdict = {
    verdict: 'passed',
    greenlight: true,
    runId: 'run_1',
    runUrl: 'https://app.example.com/runs/run_1',
    bugs: [],
    blockingBugs: [],
    timeoutMs: 3_600_000,
    answered: true
  }

  it('says nothing for a pass', () => {
    expect(verdictMessage(base)).toBeUndefined()
  })

  it('names at most ten blocking bugs, with links', () => {
    const bugs = Array.from({ length: 12 }, (_, i) => ({
      name: `Bug ${i}`,
      number: i,
      priority: 'high' as const,
      blocking: true,
      new: false,
      url: `https://b.example.com/${i}`
    }))
    const message = verdictMessage({
      ...base,
      verdict: 'failed',
      greenlight: false,
      blockingBugs: bugs,
      blockingBugsCount: 12
    })!
    expect(message).toMatch(
      /^Run run_1 failed with 12 blocking bug\(s\): #0 "Bug 0" \(high\) https:\/\/b\.example\.com\/0; /
    )
    expect(message).toContain(', and 2 more.')
    expect(message).not.toContain('Bug 10')
  })

  it('tells how to wait again after a timeout, in the front end words', () => {
    const message = verdictMessage({
      ...base,
      verdict: 'timed-out',
      greenlight: false,
      timeoutMs: 150_000
    })!
    expect(message).toContain('timed out after 2.5 min; the run goes on at the service.')
    expect(message).toContain('run-id: run_1')
    expect(message).toContain('wait-timeout-minutes')
  })
})

describe('pollVerdict against answers in sequence', () => {
  /** A client whose requests go to a tiny in-process service answering from a script. */
  async function against(
    script: { status: number; body?: unknown; headers?: Record<string, string> }[],
    timeoutMs = 3_600_000,
    notFoundGraceMs = 100_000
  ) {
    const { createServer } = await import('node:http')
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(req.url ?? '')
      const next = script.shift() ?? { status: 500 }
      res
        .writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
        // A string is sent as written: a large body is stringified once, not for every answer.
        .end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body ?? {}))
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    const lines: string[] = []
    const service = new ServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      policy: {
        maxAttempts: 1,
        baseDelayMs: 1,
        maxDelayMs: MAX_RETRY_DELAY_MS,
        deadline: Infinity
      },
      transport: { timeouts: DEFAULT_TIMEOUTS, userAgent: 'test' },
      log: completeLog({ info: line => lines.push(line) }),
      secrets: new Secrets()
    })
    const slept: number[] = []
    // No test waits: the sleeps are recorded and move the clock on, not slept.
    let skipped = 0
    const clock: Clock = {
      now: () => Date.now() + skipped,
      sleep: async ms => {
        slept.push(ms)
        skipped += ms
      }
    }
    try {
      const verdict = await pollVerdict(service, {
        runId: 'run_a',
        timeoutMs,
        intervalMs: 30_000,
        notFoundGraceMs,
        clock
      })
      return { verdict, asked, lines, slept }
    } finally {
      server.close()
    }
  }

  it('asks sooner at first, then every interval, doubled under review', async () => {
    const answer = (runStage: string) => ({
      status: 200,
      body: { runStage, greenlight: runStage === 'completed' }
    })
    const { verdict, slept } = await against(
      [
        answer('initializing'),
        answer('initializing'),
        answer('underReview'),
        answer('initializing'),
        answer('underReview'),
        answer('completed')
      ],
      600_000
    )
    expect(verdict.verdict).toBe('passed')
    expect(slept).toEqual([10_000, 10_000, 20_000, 30_000, 60_000])
  })

  it('gives up after ten failures in a row, and counts from zero after an answer', async () => {
    const failing = Array.from({ length: 9 }, () => ({ status: 503 }))
    const { verdict, asked } = await against([
      ...failing,
      { status: 200, body: { runStage: 'initializing' } },
      ...failing,
      { status: 200, body: { runStage: 'canceled' } }
    ])
    expect(verdict.verdict).toBe('canceled')
    expect(asked).toHaveLength(20)
    await expect(against(Array.from({ length: 10 }, () => ({ status: 503 })))).rejects.toThrow(
      '503'
    )
  })

  it.each([
    ['seconds', '999999'],
    ['a date a year ahead', new Date(Date.now() + 365 * 86_400_000).toUTCString()]
  ])(
    'honours a 429 Retry-After of %s only up to the cap, and still gets the verdict',
    async (_title, retryAfter) => {
      const { verdict, slept, asked } = await against([
        { status: 200, body: { runStage: 'initializing' } },
        { status: 429, headers: { 'retry-after': retryAfter } },
        { status: 200, body: { runStage: 'completed', greenlight: true } }
      ])
      expect(verdict.verdict).toBe('passed')
      expect(asked).toHaveLength(3)
      expect(slept).toEqual([10_000, MAX_RETRY_DELAY_MS])
    }
  )

  it('names the last failure when the wait times out on it', async () => {
    const { verdict } = await against(
      [{ status: 429, headers: { 'retry-after': '999999' } }],
      30_000
    )
    expect(verdict).toMatchObject({ verdict: 'timed-out', answered: false })
    expect(verdictMessage(verdict)).toMatch(/The last asks got no usable answer: .*429/)
  })

  it('waits a shorter Retry-After as given', async () => {
    const { slept } = await against([
      { status: 503, headers: { 'retry-after': '7' } },
      { status: 200, body: { runStage: 'canceled' } }
    ])
    expect(slept).toEqual([7_000])
  })

  it('asks again only on what the retry policy calls transient: a 501 stops at once', async () => {
    await expect(against([{ status: 501 }])).rejects.toThrow('501')
    const { verdict, asked } = await against([
      { status: 502 },
      { status: 504 },
      { status: 500 },
      { status: 200, body: { runStage: 'canceled' } }
    ])
    expect(verdict.verdict).toBe('canceled')
    expect(asked).toHaveLength(4)
  })

  it('asks again after an answer too large to read, and gets the verdict', async () => {
    // Written once: twelve answers of 9 MiB each.
    const huge = JSON.stringify({ runStage: 'initializing', padding: 'x'.repeat(9 * 1024 * 1024) })
    // More oversize answers in a row than failures are allowed: the service is there, so none counts.
    const oversize = Array.from({ length: 12 }, () => ({ status: 200, body: huge }))
    const { verdict, lines, slept } = await against([
      ...oversize,
      { status: 200, body: { runStage: 'completed', greenlight: true } }
    ])
    expect(verdict.verdict).toBe('passed')
    expect(slept.every(ms => ms === 30_000)).toBe(true)
    expect(lines[0]).toMatch(/could not be read \(.* larger than 8 MiB/)
  })

  it('names an answer too large to read when the wait times out on it', async () => {
    const huge = { runStage: 'initializing', padding: 'x'.repeat(9 * 1024 * 1024) }
    const { verdict } = await against(
      [
        { status: 200, body: { runStage: 'initializing' } },
        { status: 200, body: huge }
      ],
      15_000
    )
    expect(verdict).toMatchObject({ verdict: 'timed-out', answered: true })
    expect(verdict.problem).toMatch(/larger than 8 MiB/)
    expect(verdictMessage(verdict)).toMatch(
      /timed out after 15 s; .*The last asks got no usable answer: .*larger than 8 MiB/
    )
  })

  it('stops at once on a 403 and on a 410', async () => {
    await expect(against([{ status: 403 }])).rejects.toThrow('403 Forbidden')
    await expect(against([{ status: 410 }])).rejects.toThrow('too old')
  })

  it('ends with timed-out at the deadline, the last answer kept', async () => {
    const { verdict } = await against(
      [{ status: 200, body: { runStage: 'underReview', greenlight: false, blockingBugsCount: 2 } }],
      5_000
    )
    expect(verdict).toMatchObject({ verdict: 'timed-out', greenlight: false, blockingBugsCount: 2 })
  })

  it('follows a superseding run and says so', async () => {
    const { verdict, asked, lines } = await against([
      {
        status: 200,
        body: { runStage: 'initializing', rootRunId: 'run_a', relevantRunId: 'run_b' }
      },
      {
        status: 200,
        body: {
          runStage: 'completed',
          greenlight: true,
          rootRunId: 'run_b',
          relevantRunId: 'run_b'
        }
      }
    ])
    expect(verdict).toMatchObject({ verdict: 'passed', runId: 'run_b' })
    expect(asked).toEqual(['/api/v0/ci-greenlight/run_a', '/api/v0/ci-greenlight/run_b'])
    expect(lines[0]).toBe(
      'Run run_a was superseded by run run_b (a newer deployment with the same deduplication key); following it.'
    )
  })

  it('follows a superseding run at the normal pace, not at once', async () => {
    const { slept } = await against([
      { status: 200, body: { runStage: 'initializing', relevantRunId: 'run_b' } },
      { status: 200, body: { runStage: 'completed', greenlight: true, relevantRunId: 'run_b' } }
    ])
    expect(slept).toEqual([30_000])
  })

  it('stops a chain of supersedings that comes back to a run, naming the runs', async () => {
    const promise = against([
      { status: 200, body: { runStage: 'initializing', relevantRunId: 'run_b' } },
      { status: 200, body: { runStage: 'initializing', relevantRunId: 'run_a' } },
      { status: 200, body: { runStage: 'initializing', relevantRunId: 'run_b' } }
    ])
    await expect(promise).rejects.toThrow(/run_a → run_b → run_a/)
    await expect(promise).rejects.toThrow(/go round in circles/)
  })

  it('stops a chain that never ends', async () => {
    const chain = Array.from({ length: 40 }, (_, i) => ({
      status: 200,
      body: { runStage: 'initializing', relevantRunId: `run_${i + 1}` }
    }))
    await expect(against([...chain], 6_000_000)).rejects.toThrow(/superseded 21 times/)
  })

  it('gives up on a run the service never knows, naming the run-id option', async () => {
    const notFound = Array.from({ length: 30 }, () => ({ status: 404 }))
    // The grace is counted in time; with no time passing in the fake sleeps, a tiny grace ends it at once.
    const result = against(notFound, 60_000, 0)
    await expect(result).rejects.toThrow(
      /knows no run run_a in this workspace, or the verdict endpoint .* is not available for this workspace\. Check \{\{runId\}\}/
    )
  })
})
