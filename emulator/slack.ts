/**
 * A Slack incoming webhook, as strict as Slack is with a message of blocks
 * (https://docs.slack.dev/reference/block-kit/blocks): it answers 200 `ok`
 * to a message it would post, and 400 with Slack's error words to one it
 * would refuse: not JSON (`invalid_payload`), no text and no blocks
 * (`no_text`), more than 50 blocks, a block of a type a message may not
 * hold or a text object that is not one, a header over 150 characters or
 * not plain_text, a section's text over 3,000, a context of more than 10
 * elements (`invalid_blocks`), blocks over 13,000 characters in all
 * (`msg_blocks_too_long`, measured where Slack refuses them). Every message
 * it took is kept, parsed, for the test to read.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SlackStandIn {
  /** The webhook's URL: its path reads as Slack's (`/services/T…/B…/<token>`). */
  url: string
  /** Every message it took, in order. */
  messages: { text?: string; blocks?: Record<string, unknown>[] }[]
  /** Every refusal it answered, Slack's words. */
  refused: string[]
  /** Statuses to answer with before looking at the message, in turn. */
  answers: number[]
  close(): Promise<void>
}

/** Slack's limits on a message's blocks. */
const BLOCKS = 50
const HEADER = 150
const SECTION = 3000
const CONTEXT_ELEMENTS = 10
const TEXT = 3000
const ALL_BLOCKS = 13_000

/** Pure: Slack's words for why it refuses `body`, or undefined when it would post it. */
export function slackRefusal(body: string): string | undefined {
  let message: unknown
  try {
    message = JSON.parse(body)
  } catch {
    return 'invalid_payload'
  }
  if (typeof message !== 'object' || message === null) return 'invalid_payload'
  const { text, blocks } = message as { text?: unknown; blocks?: unknown }
  if (blocks === undefined) return typeof text === 'string' && text ? undefined : 'no_text'
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > BLOCKS)
    return 'invalid_blocks'
  for (const block of blocks as Record<string, unknown>[]) {
    const problem = blockProblem(block)
    if (problem) return `invalid_blocks: ${problem}`
  }
  if (JSON.stringify(blocks).length > ALL_BLOCKS) return 'msg_blocks_too_long'
  return undefined
}

function blockProblem(block: Record<string, unknown>): string | undefined {
  const text = block.text as { type?: unknown; text?: unknown } | undefined
  switch (block.type) {
    case 'header':
      if (text?.type !== 'plain_text') return 'a header takes plain_text'
      return textProblem(text, HEADER)
    case 'section':
      if (text?.type !== 'mrkdwn' && text?.type !== 'plain_text') return 'a section takes a text'
      return textProblem(text, SECTION)
    case 'context': {
      const elements = block.elements
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > CONTEXT_ELEMENTS)
        return 'a context takes 1 to 10 elements'
      for (const element of elements as { type?: unknown; text?: unknown }[]) {
        if (element.type !== 'mrkdwn' && element.type !== 'plain_text')
          return 'a context element is a text'
        const problem = textProblem(element, TEXT)
        if (problem) return problem
      }
      return undefined
    }
    case 'divider':
      return undefined
    default:
      return `no block of type ${String(block.type)} here`
  }
}

function textProblem(text: { text?: unknown }, max: number): string | undefined {
  if (typeof text.text !== 'string' || text.text.length === 0) return 'a text is empty'
  return text.text.length > max ? `a text is over ${max} characters` : undefined
}

/** A Slack incoming webhook on a loopback port. */
export async function startSlack(): Promise<SlackStandIn> {
  const messages: SlackStandIn['messages'] = []
  const refused: string[] = []
  const answers: number[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', chunk => (body += chunk))
    req.on('end', () => {
      const status = answers.shift()
      if (status !== undefined) return void res.writeHead(status).end('service_unavailable')
      const refusal = req.method === 'POST' ? slackRefusal(body) : 'invalid_method'
      if (refusal) {
        refused.push(refusal)
        return void res.writeHead(400, { 'content-type': 'text/plain' }).end(refusal)
      }
      messages.push(JSON.parse(body) as SlackStandIn['messages'][number])
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/services/T0SLACK01/B0SLACK02/s1ackWebh00kT0kenXyZ0123`,
    messages,
    refused,
    answers,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    }
  }
}
