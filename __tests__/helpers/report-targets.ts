/**
 * The report targets a wrapper reaches from its CI's secret variables, for
 * the wrappers' end-to-end suites: Slack (the stand-in, as strict as Slack)
 * and a result webhook that keeps each JSON body it is sent. `variables` are
 * what a CI's secret variables would hold; `close` ends both. And what each
 * suite checks of them after a step, with the in-toto statement it wrote.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect } from '@jest/globals'
import { startSlack, type SlackStandIn } from '../../emulator/slack.js'
import { inTotoProblems } from './in-toto.js'

export interface ReportTargets {
  slack: SlackStandIn
  /** Every body the result webhook was sent, parsed. */
  results: Record<string, unknown>[]
  variables: { SLACK_WEBHOOK_URL: string; RESULT_WEBHOOK_URL: string }
  close(): Promise<void>
}

export async function startReportTargets(): Promise<ReportTargets> {
  const slack = await startSlack()
  const results: Record<string, unknown>[] = []
  const hook = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      results.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
      response.end('ok')
    })
  })
  await new Promise<void>(resolve => hook.listen(0, '127.0.0.1', resolve))
  const port = (hook.address() as AddressInfo).port
  return {
    slack,
    results,
    variables: {
      SLACK_WEBHOOK_URL: slack.url,
      // A path segment that reads as a token: masked wherever it would stand.
      RESULT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/T0123/sEcReTtOkEn0123456789`
    },
    close: async () => {
      await slack.close()
      hook.closeAllConnections()
      await new Promise<void>(resolve => hook.close(() => resolve()))
    }
  }
}

/** The in-toto statement a step wrote into `folder`, with its problems by in-toto's definitions. */
export async function attestationIn(
  folder: string
): Promise<{ problems: string[]; result: unknown }> {
  const statement = JSON.parse(await readFile(join(folder, 'statement.json'), 'utf8')) as {
    predicate?: { result?: unknown }
  }
  return { problems: inTotoProblems(statement), result: statement.predicate?.result }
}

/**
 * What every wrapper's suite checks of one step that waited for `verdict`:
 * Slack got one message naming it, the webhook one result, neither URL in
 * the log, the statement valid.
 */
export async function expectReported(
  targets: ReportTargets,
  output: string,
  folder: string,
  verdict: 'passed' | 'failed'
): Promise<void> {
  expect(targets.slack.refused).toEqual([])
  expect(targets.slack.messages).toHaveLength(1)
  expect(JSON.stringify(targets.slack.messages[0])).toContain(verdict)
  expect(targets.results).toHaveLength(1)
  expect(JSON.stringify(targets.results[0])).toContain(`"verdict":"${verdict}"`)
  for (const url of Object.values(targets.variables)) expect(output).not.toContain(url)
  expect(output).not.toContain('sEcReTtOkEn')
  const attestation = await attestationIn(folder)
  expect(attestation.problems).toEqual([])
  expect(attestation.result).toBe(verdict === 'passed' ? 'PASSED' : 'FAILED')
}
