import { asObject, asText, type JsonObject } from './json.js'
import { DeployError } from './errors.js'
import { isLoopback } from './validate.js'
import { hasControlCharacter } from './naming.js'
import { clean, cleanOrNone, describeErrorBody, safeId } from './service-text.js'

/** The answer of the signed-URL endpoint (service spec 2.2). */
export interface SignedUpload {
  /** `<team_id>/<destination>`; empty when the service left it out. */
  fileLocation: string
  /** The destination without the team id: the value of RUN_INPUT_PATH. */
  playgroundFileLocation: string
  /** Where to PUT the bytes; a bearer credential until it expires. */
  signedUrl: string
}

/** Why a deployment created no run; each cause has its own advice. */
export type NoRunCause =
  /** No trigger matched: mobile triggers off, or deployment-type not the workspace's label. */
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
export interface DeployResult {
  /** `success`: a run exists, or a preview environment was answered without one. */
  outcome: 'success' | 'failed'
  /** The run's id when a run exists; empty otherwise. */
  runId: string
  /** True when the run already existed for this deployment (a repeated notification). */
  duplicate: boolean
  /** True for a preview environment answered with no results: no run, and no failure. */
  preview: boolean
  /** Why no run was created (with `outcome: failed`). */
  cause?: NoRunCause
  /** Why no run was created, in the service's words. */
  reason?: string
  /** A warning the service returned, to be shown. */
  warning?: string
  deploymentId?: string
  /** The environment's alias, or its name when the answer gives a string. */
  environment?: string
  /** The environment's id when the answer names one. */
  environmentId?: string
  /** Every run id the answer names, when several triggers matched. */
  runIds: string[]
}

/** The service answered, but with a body the action cannot use. */
export class ResponseError extends DeployError {
  override name = 'ResponseError'
}

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

/** One `results[]` entry, decided by `outcome` when it has a known one, else by its fields (spec Part 3). */
type Entry =
  | { kind: 'created'; runId?: string; duplicate: boolean }
  | { kind: 'failed'; detail: string; billing: boolean }
  | { kind: 'skipped'; detail?: string }
  | { kind: 'none'; outcome?: string }

function classify(r: JsonObject): Entry {
  const outcome = asText(r.outcome)
  const created = safeId(r.created_suite_id)
  const duplicate = safeId(r.duplicate_suite_id)
  const failure = [asText(r.failure_code), asText(r.failure_message), asText(r.failure_reason)]
    .filter(isString)
    .filter((part, i, all) => all.indexOf(part) === i)
  const failed = (): Entry => ({
    kind: 'failed',
    detail: clean(failure.join(': ')),
    billing: failure.some(part => /billing/i.test(part))
  })
  if (outcome === 'failed') return failed()
  if (outcome === 'skipped') return { kind: 'skipped', detail: cleanOrNone(asText(r.skip_reason)) }
  if (outcome === 'created')
    return { kind: 'created', runId: created ?? duplicate, duplicate: !created && !!duplicate }
  // No outcome (or one this client does not know): the published client's order.
  if (failure.length > 0) return failed()
  if (duplicate) return { kind: 'created', runId: duplicate, duplicate: true }
  if (created) return { kind: 'created', runId: created, duplicate: false }
  return { kind: 'none', outcome }
}

/** Parses the body of a 200 from the deploy webhook, in the documented shape (Part 2) or the one the published client reads (Part 3). */
export function parseDeployResponse(body: string): DeployResult {
  const json = parseObject(body, 'the deploy webhook')
  const results = Array.isArray(json.results) ? json.results.map(asObject) : []
  const entries = results.map(classify)
  const environment = readEnvironment(json.environment)
  const created = entries.filter(e => e.kind === 'created')
  const runIds = created.map(e => e.runId).filter(isString)
  const common = {
    warning: cleanOrNone(asText(json.warning)),
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
  name?: string
  id?: string
  isStatic?: boolean
}

/** `environment` as the documented string or the published client's `{id, alias, isStatic}`. */
function readEnvironment(value: unknown): AnsweredEnvironment {
  if (typeof value === 'string') return { name: cleanOrNone(asText(value)) }
  const object = asObject(value)
  return {
    name: cleanOrNone(asText(object.alias) ?? asText(object.name)),
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
    const said = [asText(skipped.message), asText(skipped.reason)].filter(isString)
    return {
      cause: 'skipped-deployment',
      reason: `the service skipped the deployment${said.length ? `: ${clean(said.join(' — '))}` : ''}`
    }
  }
  const failed = entries.filter(e => e.kind === 'failed')
  if (failed.length > 0) {
    return {
      cause: failed.some(e => e.billing) ? 'billing' : 'trigger-failed',
      reason: failed.map(e => `a trigger failed${e.detail ? ` (${e.detail})` : ''}`).join('; ')
    }
  }
  const said = entries.map(e =>
    e.kind === 'skipped'
      ? `a trigger was skipped${e.detail ? ` (${e.detail})` : ''}`
      : e.kind === 'none' && e.outcome
        ? `a trigger answered ${JSON.stringify(clean(e.outcome))}`
        : undefined
  )
  const details = said.filter(isString).join('; ')
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

function isString(value: string | undefined): value is string {
  return value !== undefined
}
