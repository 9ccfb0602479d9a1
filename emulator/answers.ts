import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** The emulated service's answers: malformed bodies, errors as the production service words them, JSON. */

/** Why a deploy body is malformed (the service answers 400), or undefined. */
export function bodyProblem(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return 'Body must be a JSON object'
  const b = body as Record<string, unknown>
  for (const field of [
    'deployment_type',
    'branch',
    'sha',
    'hosting_service',
    'commit_url',
    'deployment_url',
    'deduplication_key'
  ]) {
    if (b[field] !== undefined && typeof b[field] !== 'string') return `${field} must be a string`
  }
  if (b.variables !== undefined) {
    if (b.variables === null || typeof b.variables !== 'object' || Array.isArray(b.variables))
      return 'variables must be an object'
    for (const [k, v] of Object.entries(b.variables))
      if (typeof v !== 'string') return `variables.${k} must be a string`
  }
  if (b.ephemeral_environment !== undefined && typeof b.ephemeral_environment !== 'boolean')
    return 'ephemeral_environment must be a boolean'
  if (b.pull_request_number !== undefined && !Number.isInteger(b.pull_request_number))
    return 'pull_request_number must be an integer'
  if (b.merge_request_number !== undefined && !Number.isInteger(b.merge_request_number))
    return 'merge_request_number must be an integer'
  if (b.repository !== undefined) {
    // {name, owner} as documented; {name, namespace} as the published clients send for GitLab.
    const r = b.repository as Record<string, unknown> | null
    if (
      !r ||
      typeof r.name !== 'string' ||
      (typeof r.owner !== 'string' && typeof r.namespace !== 'string')
    )
      return 'repository must be {name, owner} or {name, namespace}'
  }
  return undefined
}

/** An error answer as the production service sends it (spec Part 3): code, message, an event id for support, and `error`. */
export function failure(res: ServerResponse, status: number, code: string, message: string): void {
  json(res, status, {
    error: message,
    failureCode: code,
    failureMessage: message,
    eventId: `evt_${randomBytes(6).toString('hex')}`
  })
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  if (res.headersSent) return
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body))
}
