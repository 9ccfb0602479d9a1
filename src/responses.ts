import { asObject, asText, type JsonObject } from './json.js'
import { ActionError } from './errors.js'
import { isLoopback } from './inputs.js'
import { hasControlCharacter } from './naming.js'
import { redactQueryStrings } from './http.js'

/** The answer of the signed-URL endpoint (service spec 2.2). */
export interface SignedUpload {
  /** `<team_id>/<destination>`; empty when the service left it out. */
  fileLocation: string
  /** The destination without the team id: the value of RUN_INPUT_PATH. */
  playgroundFileLocation: string
  /** Where to PUT the bytes; a bearer credential until it expires. */
  signedUrl: string
}

/** What a deploy notification led to, reduced as the service's own clients do. */
export interface DeployResult {
  outcome: 'success' | 'failed'
  /** The run's id when a run exists; empty otherwise. */
  runId: string
  /** True when the run already existed for this deployment (a repeated notification). */
  duplicate: boolean
  /** Why no run was created, in the service's words. */
  reason?: string
  /** A warning the service returned, to be shown. */
  warning?: string
  deploymentId?: string
  environment?: string
  /** Every run id the answer names, when several triggers matched. */
  runIds: string[]
}

/** The service answered, but with a body the action cannot use. */
export class ResponseError extends ActionError {
  override name = 'ResponseError'
}

// Ids reach outputs, logs and the summary: letters, digits and a few separators only.
const SAFE_ID = /^[\w.:-]{1,200}$/

/** Parses the body of a 200 from the signed-URL endpoint; tolerant of extra and renamed fields. */
export function parseSignedUpload(body: string): SignedUpload {
  const json = parseObject(body, 'the signed-URL endpoint')
  const playground = asText(json.playgroundFileLocation) ?? asText(json.interactiveRunFileLocation)
  const signedUrl = asText(json.signedUrl) ?? asText(json.uploadUrl)
  if (!playground) {
    throw new ResponseError(
      'The signed-URL endpoint answered without playgroundFileLocation (or interactiveRunFileLocation). Check that base-url points at the service; contact support if it persists.'
    )
  }
  if (hasControlCharacter(playground) || playground.length > 1024) {
    throw new ResponseError(
      'The signed-URL endpoint answered with a playgroundFileLocation that has control characters or is too long. Contact support.'
    )
  }
  if (!signedUrl) {
    throw new ResponseError(
      'The signed-URL endpoint answered without signedUrl. Check that base-url points at the service; contact support if it persists.'
    )
  }
  let url: URL | undefined
  try {
    url = new URL(signedUrl)
  } catch {
    url = undefined
  }
  if (
    !url ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))
  ) {
    throw new ResponseError(
      `The signed-URL endpoint answered with a signedUrl that is not an https URL (${url ? url.protocol : 'unparsable'}), so the build was not sent. Contact support.`
    )
  }
  return {
    fileLocation: asText(json.fileLocation) ?? '',
    playgroundFileLocation: playground,
    signedUrl
  }
}

/** Parses the body of a 200 from the deploy webhook (service spec Part 2). */
export function parseDeployResponse(body: string): DeployResult {
  const json = parseObject(body, 'the deploy webhook')
  const results = Array.isArray(json.results) ? json.results.map(asObject) : []
  const created = results.filter(r => r.outcome === 'created')
  const runIds = created
    .map(r => id(r.created_suite_id) ?? id(r.duplicate_suite_id))
    .filter(isString)
  const common = {
    warning: asText(json.warning),
    deploymentId: id(json.deployment_id),
    environment: asText(json.environment),
    runIds
  }
  if (created.length > 0) {
    const first = created[0]!
    return {
      ...common,
      outcome: 'success',
      runId: runIds[0] ?? '',
      duplicate:
        id(first.created_suite_id) === undefined && id(first.duplicate_suite_id) !== undefined
    }
  }
  return {
    ...common,
    outcome: 'failed',
    runId: '',
    duplicate: false,
    reason: noRunReason(json, results)
  }
}

/** Why a deployment created no run, from the most specific part of the answer. */
function noRunReason(json: JsonObject, results: JsonObject[]): string {
  const skipped = asObject(json.skipped_deployment)
  const whole = [asText(skipped.message), asText(skipped.reason)].filter(isString)
  if (json.skipped_deployment !== undefined) {
    return `the service skipped the deployment${whole.length ? `: ${whole.join(' — ')}` : ''}`
  }
  const reasons = results.map(r => {
    if (r.outcome === 'failed') {
      const detail = [asText(r.failure_code), asText(r.failure_message)].filter(isString).join(': ')
      return `a trigger failed${detail ? ` (${detail})` : ''}`
    }
    if (r.outcome === 'skipped') {
      const reason = asText(r.skip_reason)
      return `a trigger was skipped${reason ? ` (${reason})` : ''}`
    }
    return `a trigger answered ${JSON.stringify(String(r.outcome ?? 'nothing'))}`
  })
  if (reasons.length > 0) return reasons.join('; ')
  return 'no trigger matched this deployment: mobile triggers may not be enabled for the workspace, or deployment-type does not match its label'
}

/**
 * A short, printable description of an error body: JSON `error`,
 * `failureCode`/`failureMessage` or `message`; an XML store error's Code and
 * Message; an HTML page's title; else the start of the text.
 */
export function describeErrorBody(body: string): string {
  const trimmed = body.trim()
  if (!trimmed) return ''
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch {
    parsed = undefined
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const json = parsed as JsonObject
    const code = asText(json.failureCode) ?? asText(json.code) ?? asText(asObject(json.error).code)
    const message =
      asText(json.failureMessage) ??
      asText(json.error) ??
      asText(json.message) ??
      asText(asObject(json.error).message)
    const joined = [code, message].filter(isString).join(': ')
    if (joined) return clean(joined)
  }
  const xmlCode = /<Code>([^<]*)<\/Code>/i.exec(trimmed)?.[1]
  if (xmlCode) {
    const xmlMessage = /<Message>([^<]*)<\/Message>/i.exec(trimmed)?.[1]
    return clean(xmlMessage ? `${xmlCode}: ${xmlMessage}` : xmlCode)
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]
  if (title) return clean(`an HTML page titled "${title.trim()}"`)
  if (/^</.test(trimmed)) return 'an HTML or XML page'
  return clean(trimmed)
}

/** One line, no control characters, no query strings, at most 300 characters. */
function clean(value: string): string {
  const line = redactQueryStrings(value)
    .split('')
    .map(c => (hasControlCharacter(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}

function parseObject(body: string, source: string): JsonObject {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    const what = describeErrorBody(body)
    throw new ResponseError(
      `${capitalize(source)} answered 200 with a body that is not JSON${what ? ` (${what})` : ''}. Check that base-url points at the service, not at a proxy or a web page.`
    )
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ResponseError(
      `${capitalize(source)} answered 200 with JSON that is not an object. Contact support if it persists.`
    )
  }
  return parsed as JsonObject
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** An id as a string (the service may send strings or numbers); anything else, or an id with odd characters, is no id. */
function id(value: unknown): string | undefined {
  const candidate = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : undefined
}

function isString(value: string | undefined): value is string {
  return value !== undefined
}
