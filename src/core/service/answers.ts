import { ResponseError } from '../shared/errors.js'
import { asObject, asText, type JsonObject } from '../shared/json.js'
import { answeredPathProblem, httpUrl, isLoopback, safeId } from '../shared/names.js'
import { ref } from '../shared/option-refs.js'
import { redactShapes } from '../shared/redact.js'
import { oneLine } from '../shared/text.js'

/**
 * The one module that reads the service's answers: the signed upload, the
 * deploy answer, the verdict and error bodies. Each is read tolerantly (a
 * field missing, renamed or of another type is left out, never fatal), and
 * every value that becomes an output or a log line is checked as strictly as
 * the same value from the user.
 */

/** The service's words as one plain line with no credential in it. */
export function said(value: string): string {
  return oneLine(redactShapes(value))
}

function saidOrNone(value: string | undefined): string | undefined {
  return value === undefined ? undefined : said(value) || undefined
}

// ---------------------------------------------------------------- signed upload

/** The answer of the signed-URL endpoint (service spec 2.2). */
export interface SignedUpload {
  /** `<team_id>/<destination>`; empty when the service left it out. */
  fileLocation: string
  /** The destination without the team id: the value of the run variable. */
  playgroundFileLocation: string
  /** Where to PUT the bytes; a bearer credential until it expires. */
  signedUrl: string
}

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

/** Why a deployment created no run; each cause has its own advice. */
export type NoRunCause =
  /** No trigger matched: mobile triggers off, or the deployment type not the workspace's label. */
  | 'no-trigger'
  /** The answer names no environment: the file name matched none. */
  | 'no-environment'
  /** The service skipped the whole deployment, with its reason. */
  | 'skipped-deployment'
  /** A trigger was skipped, with its reason. */
  | 'trigger-skipped'
  /** Billing prevents runs. */
  | 'billing'
  /** A trigger failed for another reason. */
  | 'trigger-failed'

/** What a deploy notification led to, reduced as the service's own clients do. */
export interface DeployAnswer {
  /** `success`: a run exists, or a preview environment was answered without one. */
  outcome: 'success' | 'failed'
  /** The run's id when a run exists; empty otherwise. */
  runId: string
  /** True when the run already existed for this deployment (a repeated notification). */
  duplicate: boolean
  /** True for a preview environment answered with no results: no run, and no failure. */
  preview: boolean
  /** Why no run was created (with `outcome: failed`). */
  cause?: NoRunCause | undefined
  /** Why no run was created, in the service's words. */
  reason?: string | undefined
  /** A warning the service returned, to be shown. */
  warning?: string | undefined
  deploymentId?: string | undefined
  /** The environment's alias, or its name when the answer gives a string. */
  environment?: string | undefined
  /** The environment's id when the answer names one. */
  environmentId?: string | undefined
  /** Every run id the answer names, when several triggers matched. */
  runIds: string[]
}

/** One `results[]` entry, decided by `outcome` when it has a known one, else by its fields (spec Part 3). */
type Entry =
  | { kind: 'created'; runId?: string | undefined; duplicate: boolean }
  | { kind: 'failed'; detail: string; billing: boolean }
  | { kind: 'skipped'; detail?: string | undefined }
  | { kind: 'none'; outcome?: string | undefined }

function classify(r: JsonObject): Entry {
  const outcome = asText(r.outcome)
  const created = safeId(r.created_suite_id)
  const duplicate = safeId(r.duplicate_suite_id)
  const failure = [asText(r.failure_code), asText(r.failure_message), asText(r.failure_reason)]
    .filter(isString)
    .filter((part, i, all) => all.indexOf(part) === i)
  const failed = (): Entry => ({
    kind: 'failed',
    detail: said(failure.join(': ')),
    billing: failure.some(part => /billing/i.test(part))
  })
  if (outcome === 'failed') return failed()
  if (outcome === 'skipped') return { kind: 'skipped', detail: saidOrNone(asText(r.skip_reason)) }
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
    warning: saidOrNone(asText(json.warning)),
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
  if (typeof value === 'string') return { name: saidOrNone(asText(value)) }
  const object = asObject(value)
  return {
    name: saidOrNone(asText(object.alias) ?? asText(object.name)),
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
    const words = [asText(skipped.message), asText(skipped.reason)].filter(isString)
    return {
      cause: 'skipped-deployment',
      reason: `the service skipped the deployment${words.length ? `: ${said(words.join(' — '))}` : ''}`
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
        ? `a trigger answered ${JSON.stringify(said(e.outcome))}`
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

// ---------------------------------------------------------------- verdict

/** Where a run is (spec Part 3): `underReview` means its failures are being investigated. */
export type RunStage = 'initializing' | 'underReview' | 'completed' | 'canceled'

/** A bug the run found, as the outputs and the summary show it. */
export interface Bug {
  name: string
  number?: number | undefined
  priority: 'urgent' | 'high' | 'medium' | 'low' | 'unprioritized'
  blocking: boolean
  new: boolean
  url?: string | undefined
}

/** One answer of `GET /api/v0/ci-greenlight/{runId}`, read tolerantly. */
export interface GreenlightAnswer {
  stage?: RunStage | undefined
  greenlight: boolean
  rootRunId?: string | undefined
  relevantRunId?: string | undefined
  /** The page of the run that decides (a superseding run's, when there is one). */
  runUrl?: string | undefined
  bugsUrl?: string | undefined
  workflows?: number | undefined
  underInvestigation?: number | undefined
  autoRetrying?: number | undefined
  blockingBugsCount?: number | undefined
  nonBlockingBugsCount?: number | undefined
  /** The run's reproduced bugs. */
  bugs: Bug[]
  /** Blocking bugs of the environment found by other workflows. */
  otherBlockingBugs: Bug[]
}

const STAGES: RunStage[] = ['initializing', 'underReview', 'completed', 'canceled']
const PRIORITIES: Bug['priority'][] = ['urgent', 'high', 'medium', 'low', 'unprioritized']
const MAX_BUGS = 500

/** Parses the body of a 200 from the verdict endpoint. */
export function parseGreenlightAnswer(body: string): GreenlightAnswer {
  const json = parseObject(body, 'The verdict endpoint')
  const stage = STAGES.find(s => s === json.runStage)
  return {
    stage,
    greenlight: json.greenlight === true,
    rootRunId: safeId(json.rootRunId),
    relevantRunId: safeId(json.relevantRunId),
    runUrl: httpUrl(json.relevantRunUrl) ?? httpUrl(json.rootRunUrl),
    bugsUrl: httpUrl(json.relevantRunWithBugsUrl),
    workflows: count(json.workflowsInRunCount),
    underInvestigation: count(json.workflowsUnderInvestigationCount),
    autoRetrying: count(json.workflowsAutoRetryingCount),
    blockingBugsCount: count(json.blockingBugsCount),
    nonBlockingBugsCount: count(json.nonBlockingBugsCount),
    bugs: bugsOf(json.reproducedBugs),
    otherBlockingBugs: bugsOf(json.otherBlockingBugsInEnvironment)
  }
}

function bugsOf(value: unknown): Bug[] {
  if (!Array.isArray(value)) return []
  return value
    .slice(0, MAX_BUGS)
    .map(asObject)
    .flatMap(raw => {
      const name = said(asText(raw.name) ?? '')
      if (!name) return []
      const priority = PRIORITIES.find(p => p === raw.priority) ?? 'unprioritized'
      const bug: Bug = {
        name,
        number: count(raw.number),
        priority,
        // As the service decides when it does not say: high, urgent or unset priority blocks.
        blocking:
          typeof raw.isBlocking === 'boolean'
            ? raw.isBlocking
            : priority === 'urgent' || priority === 'high' || priority === 'unprioritized',
        new: raw.isNew === true,
        url: httpUrl(raw.applicationUrl) ?? httpUrl(asObject(raw.externalIssue).applicationUrl)
      }
      return [bug]
    })
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

// ---------------------------------------------------------------- terminate

/** Parses the 200 of the environment_terminated webhook; the status says it all, the body only names the environment. */
export function parseTerminateAnswer(body: string): { environmentId?: string | undefined } {
  try {
    return { environmentId: safeId(asObject(JSON.parse(body)).environmentId) }
  } catch {
    return {}
  }
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
    const code = asText(json.failureCode) ?? asText(json.code) ?? asText(asObject(json.error).code)
    const message =
      asText(json.failureMessage) ??
      asText(json.error) ??
      asText(json.message) ??
      asText(asObject(json.error).message)
    const joined = [code, message].filter(isString).join(': ')
    if (joined) return said(joined)
  }
  const xmlCode = /<Code>([^<]*)<\/Code>/i.exec(trimmed)?.[1]
  if (xmlCode) {
    const xmlMessage = /<Message>([^<]*)<\/Message>/i.exec(trimmed)?.[1]
    return said(xmlMessage ? `${xmlCode}: ${xmlMessage}` : xmlCode)
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]
  if (title) return said(`an HTML page titled "${title.trim()}"`)
  if (/^</.test(trimmed)) return 'an HTML or XML page'
  return said(trimmed)
}

/** The `eventId` an error body carries for support (spec Part 3), when it has a usable one. */
export function eventIdOf(body: string): string | undefined {
  try {
    return safeId(asObject(JSON.parse(body)).eventId)
  } catch {
    return undefined
  }
}

function parseObject(body: string, source: string): JsonObject {
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
