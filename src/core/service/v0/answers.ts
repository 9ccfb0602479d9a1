/**
 * The one module that reads the service's answers: the signed upload, the
 * deploy answer, the verdict and error bodies. Each is read tolerantly (a
 * field missing, renamed or of another type is left out, never fatal), and
 * every value that becomes an output or a log line is checked as strictly as
 * the same value from the user.
 */
import { ResponseError } from '../../shared/errors.js'
import { asObject, asText, type JsonObject } from '../../shared/json.js'
import { answeredPathProblem, isLoopback, safeId } from '../../shared/name-rules.js'
import { ref } from '../../shared/option-refs.js'
import { redactShapes } from '../../shared/redact.js'
import { bounded, oneLine } from '../../shared/text.js'
import type { DeployAnswer, NoRunCause, SignedUpload } from '../../model.js'

/** The service's words as one plain line with no credential in it, cut before they are read (OUTSIDE_TEXT_MAX). */
export function serviceWords(value: string): string {
  return oneLine(redactShapes(bounded(value)))
}

/**
 * A text field of an answer, cut to what a report can show where it comes in:
 * nothing after (a match, the redaction, a formatter) reads more of it.
 */
export function answerText(value: unknown): string | undefined {
  const text = asText(value)
  return text === undefined ? undefined : bounded(text)
}

function serviceWordsOrNone(value: string | undefined): string | undefined {
  return value === undefined ? undefined : serviceWords(value) || undefined
}

// ---------------------------------------------------------------- signed upload

const SIGNED_URL_ENDPOINT = 'The signed-URL endpoint'

/** Parses the body of a 200 from the signed-URL endpoint; tolerant of extra and renamed fields, strict on the values it uses. */
export function parseSignedUpload(body: string): SignedUpload {
  const json = parseObject(body, SIGNED_URL_ENDPOINT)
  const playground = asText(json.playgroundFileLocation) ?? asText(json.interactiveRunFileLocation)
  const fileLocation = asText(json.fileLocation) ?? ''
  const signedUrl = asText(json.signedUrl) ?? asText(json.uploadUrl)
  if (!playground) {
    throw new ResponseError(
      `${SIGNED_URL_ENDPOINT} answered without playgroundFileLocation (or interactiveRunFileLocation). Check that ${ref('baseUrl')} points at the service; contact support if it persists.`
    )
  }
  for (const [name, value] of [
    ['playgroundFileLocation', playground],
    ['fileLocation', fileLocation]
  ] as const) {
    const problem = answeredPathProblem(value)
    if (problem)
      throw new ResponseError(
        `${SIGNED_URL_ENDPOINT} answered with a ${name} that ${problem}, so nothing was uploaded. Contact support.`
      )
  }
  if (!signedUrl) {
    throw new ResponseError(
      `${SIGNED_URL_ENDPOINT} answered without signedUrl. Check that ${ref('baseUrl')} points at the service; contact support if it persists.`
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
  )
    throw new ResponseError(
      `${SIGNED_URL_ENDPOINT} answered with a signedUrl that is not an https URL (${url ? url.protocol : 'unparsable'}), so the build was not sent. Contact support.`
    )
  return { fileLocation, playgroundFileLocation: playground, signedUrl }
}

// ---------------------------------------------------------------- deploy answer

/** One `results[]` entry, decided by `outcome` when it has a known one, else by its fields (spec Part 3). */
type Entry =
  | { kind: 'created'; runId?: string | undefined; duplicate: boolean }
  | { kind: 'failed'; detail: string; billing: boolean }
  | { kind: 'skipped'; detail?: string | undefined }
  | { kind: 'none'; outcome?: string | undefined }

function classify(r: JsonObject): Entry {
  const outcome = answerText(r.outcome)
  const created = safeId(r.created_suite_id)
  const duplicate = safeId(r.duplicate_suite_id)
  const failure = [
    answerText(r.failure_code),
    answerText(r.failure_message),
    answerText(r.failure_reason)
  ]
    .filter(isString)
    .filter((part, i, all) => all.indexOf(part) === i)
  const failed = (): Entry => ({
    kind: 'failed',
    detail: serviceWords(failure.join(': ')),
    billing: failure.some(part => /billing/i.test(part))
  })
  if (outcome === 'failed') return failed()
  if (outcome === 'skipped')
    return { kind: 'skipped', detail: serviceWordsOrNone(answerText(r.skip_reason)) }
  if (outcome === 'created')
    return { kind: 'created', runId: created ?? duplicate, duplicate: !created && !!duplicate }
  // No outcome (or one this client does not know): the published client's order.
  if (failure.length > 0) return failed()
  if (duplicate) return { kind: 'created', runId: duplicate, duplicate: true }
  if (created) return { kind: 'created', runId: created, duplicate: false }
  return { kind: 'none', outcome }
}

/** Parses the body of a 200 from the deploy webhook, in the documented shape (Part 2) or the one the published client reads (Part 3). */
export function parseDeployAnswer(body: string): DeployAnswer {
  const json = parseObject(body, 'The deploy webhook')
  const results = Array.isArray(json.results) ? json.results.map(asObject) : []
  const entries = results.map(classify)
  const environment = readEnvironment(json.environment)
  const created = entries.filter(e => e.kind === 'created')
  const runIds = created.map(e => e.runId).filter(isString)
  const common = {
    warning: serviceWordsOrNone(answerText(json.warning)),
    deploymentId: safeId(json.deployment_id),
    environment: environment.name,
    environmentId:
      environment.id ?? results.map(r => safeId(r.environment_id)).find(isString) ?? undefined,
    runIds,
    runId: '',
    duplicate: false,
    preview: false
  }
  if (created.length > 0) {
    const first = created[0]!
    return { ...common, outcome: 'success', runId: runIds[0] ?? '', duplicate: first.duplicate }
  }
  if (
    results.length === 0 &&
    environment.isStatic === false &&
    json.skipped_deployment === undefined
  )
    return { ...common, outcome: 'success', preview: true }
  return { ...common, outcome: 'failed', ...noRun(json, entries, environment) }
}

interface AnsweredEnvironment {
  name?: string | undefined
  id?: string | undefined
  isStatic?: boolean | undefined
}

/** `environment` as the documented string or the published client's `{id, alias, isStatic}`. */
function readEnvironment(value: unknown): AnsweredEnvironment {
  if (typeof value === 'string') return { name: serviceWordsOrNone(answerText(value)) }
  const object = asObject(value)
  return {
    name: serviceWordsOrNone(answerText(object.alias) ?? answerText(object.name)),
    id: safeId(object.id),
    isStatic: typeof object.isStatic === 'boolean' ? object.isStatic : undefined
  }
}

/** Why a deployment created no run, from the most specific part of the answer. */
function noRun(
  json: JsonObject,
  entries: Entry[],
  environment: AnsweredEnvironment
): { cause: NoRunCause; reason: string } {
  if (json.skipped_deployment !== undefined) {
    const skipped = asObject(json.skipped_deployment)
    const words = [answerText(skipped.message), answerText(skipped.reason)].filter(isString)
    return {
      cause: 'skipped-deployment',
      reason: `the service skipped the deployment${words.length ? `: ${serviceWords(words.join(' — '))}` : ''}`
    }
  }
  const failed = entries.filter(e => e.kind === 'failed')
  if (failed.length > 0) {
    return {
      cause: failed.some(e => e.billing) ? 'billing' : 'trigger-failed',
      reason: failed.map(e => `a trigger failed${e.detail ? ` (${e.detail})` : ''}`).join('; ')
    }
  }
  const parts = entries.map(e =>
    e.kind === 'skipped'
      ? `a trigger was skipped${e.detail ? ` (${e.detail})` : ''}`
      : e.kind === 'none' && e.outcome
        ? `a trigger answered ${JSON.stringify(serviceWords(e.outcome))}`
        : undefined
  )
  const details = parts.filter(isString).join('; ')
  // The published client's reading of results without any environment.
  if (entries.length > 0 && !environment.name && !environment.id) {
    return {
      cause: 'no-environment',
      reason: `no environment matched this deployment${details ? ` (${details})` : ''}`
    }
  }
  if (entries.some(e => e.kind === 'skipped')) return { cause: 'trigger-skipped', reason: details }
  return { cause: 'no-trigger', reason: details || 'no trigger matched this deployment' }
}

// ---------------------------------------------------------------- errors

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
    const code =
      answerText(json.failureCode) ?? answerText(json.code) ?? answerText(asObject(json.error).code)
    const message =
      answerText(json.failureMessage) ??
      answerText(json.error) ??
      answerText(json.message) ??
      answerText(asObject(json.error).message)
    const joined = [code, message].filter(isString).join(': ')
    if (joined) return serviceWords(joined)
  }
  const xmlCode = /<Code>([^<]*)<\/Code>/i.exec(trimmed)?.[1]
  if (xmlCode) {
    const xmlMessage = /<Message>([^<]*)<\/Message>/i.exec(trimmed)?.[1]
    return serviceWords(xmlMessage ? `${xmlCode}: ${xmlMessage}` : xmlCode)
  }
  // `[^<>]`, not `[^>]`: a run of `<title` with no `>` is then read once, not once per `<title`.
  const title = /<title[^<>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]
  if (title) return serviceWords(`an HTML page titled "${title.trim()}"`)
  if (/^</.test(trimmed)) return 'an HTML or XML page'
  return serviceWords(trimmed)
}

/** The `eventId` an error body carries for support (spec Part 3), when it has a usable one. */
export function eventIdOf(body: string): string | undefined {
  try {
    return safeId(asObject(JSON.parse(body)).eventId)
  } catch {
    return undefined
  }
}

export function parseObject(body: string, source: string): JsonObject {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    const what = describeErrorBody(body)
    throw new ResponseError(
      `${source} answered 200 with a body that is not JSON${what ? ` (${what})` : ''}. Check that ${ref('baseUrl')} points at the service, not at a proxy or a web page.`
    )
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ResponseError(
      `${source} answered 200 with JSON that is not an object. Contact support if it persists.`
    )
  }
  return parsed as JsonObject
}

function isString(value: string | undefined): value is string {
  return value !== undefined
}
