/**
 * A deployment's name in every report: the check run's, the comment's
 * marker and row, the summary's heading, the JUnit suite, `--json`'s
 * `deployments`. One deployment is one build sent to one destination; two on
 * one commit must never share a check run or a comment (GitHub shows only
 * the newest check run of a name), so the default name says which it is:
 *
 *   Mobile tests (Android: com.example.shop, staging)
 *   Mobile tests (iOS: com.example.Shop)
 *   Mobile tests (staging)          a build that is no app, or no build at all
 *
 * the platform and the app id read from the build (two flavors of one
 * platform have two ids), then the static environment (else the deployment
 * type) when there is one. A `check-name` given wins; with several builds in
 * one step it is followed by each build's platform and app id. Within a
 * step, names that would still be alike (an APK beside its AAB, ABI splits,
 * two flavors keeping one app id) get what tells them apart, decided before
 * the first request, never by reading GitHub: the file's name, else where it
 * goes, else (for runs waited for) the run:
 *
 *   Mobile tests (Android: com.example.shop, staging, app-release.aab)
 */
import type { Frozen } from '../shared/frozen.js'
import { createHash } from 'node:crypto'
import type { BuildFacts } from '../inspect/facts.js'
import type { Platform } from '../shared/option-table.js'
import type { CheckIdentity, Deployment } from './facts.js'

export type { CheckIdentity }
import { PLATFORM_NAMES } from './words.js'

/** What a deployment's name is made of beside its build. */
export interface NameParts {
  checkName?: string | undefined
  environment?: string | undefined
  deploymentType?: string | undefined
}

/** A name as its head and the details in its parentheses. */
export interface Name {
  head: string
  details: string[]
}

/** The longest detail in a name's parentheses: a name stays readable, and within a check run's. */
const MAX_DETAIL = 45
/** The longest check-name: with the details a step adds (an app, an environment, two to tell apart, a place), a name stays within MAX_NAME_CHARACTERS. */
export const MAX_CHECK_NAME = 100

/** The app a name says: a build's platform and id, as read (or, for a skip, as expected). */
export type NamedApp = { platform: Platform; appId: string } | { platform: undefined }

/** Pure: a deployment's name by the rule above, as its parts; `several` when the step deploys more than one build. */
export function nameOf(parts: NameParts, build?: NamedApp, several = false): Name {
  const app = build?.platform
    ? `${PLATFORM_NAMES[build.platform]}: ${shorten(build.appId)}`
    : undefined
  if (parts.checkName) return { head: parts.checkName, details: several && app ? [app] : [] }
  const which = [app, parts.environment || parts.deploymentType].filter((part): part is string =>
    Boolean(part)
  )
  return { head: 'Mobile tests', details: which.map(shorten) }
}

/** Pure: a name's text: `head (detail, detail)`. */
export function joinName({ head, details }: Name): string {
  return details.length > 0 ? `${head} (${details.join(', ')})` : head
}

/** Pure: the deployment's name, by the rule above. */
export function deploymentName(parts: NameParts, build?: BuildFacts, several = false): string {
  return joinName(nameOf(parts, build, several))
}

/**
 * Pure: the names of a step's deployments, each unique in the step: where
 * two would be alike, each of them takes its next detail that tells it apart
 * (`apart`, in order of preference), and, should every one be alike too, its
 * place in the step.
 */
export function distinctNames(
  names: readonly Name[],
  apart: readonly (readonly (string | undefined)[])[]
): string[] {
  const details = names.map(name => [...name.details])
  const used = names.map(() => 0)
  const text = (i: number): string => joinName({ head: names[i]!.head, details: details[i]! })
  for (let round = 0; round < 3; round++) {
    const all = names.map((_name, i) => text(i))
    const alike = all.flatMap((name, i) => (all.indexOf(name) !== all.lastIndexOf(name) ? [i] : []))
    if (alike.length === 0) return all
    for (const i of alike) {
      const own = apart[i] ?? []
      while (used[i]! < own.length && !own[used[i]!]) used[i]!++
      details[i]!.push(used[i]! < own.length && round < 2 ? shorten(own[used[i]!++]!) : `#${i + 1}`)
    }
  }
  return names.map((_name, i) => text(i))
}

/**
 * A detail cut to MAX_DETAIL code units, its start and its end kept (a
 * file's extension shows), cut between code points: half of an emoji's pair
 * is no text a URL or a host can take.
 */
function shorten(detail: string): string {
  if (detail.length <= MAX_DETAIL) return detail
  const half = Math.floor((MAX_DETAIL - 1) / 2)
  const points = Array.from(detail)
  let head = ''
  for (const point of points) {
    if (head.length + point.length > half) break
    head += point
  }
  let tail = ''
  for (const point of points.reverse()) {
    if (tail.length + point.length > half) break
    tail = point + tail
  }
  return `${head}…${tail}`
}

const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:'

/** Pure: a short key of which build a deployment sent where, the same for every run of the same build. */
export function buildKey(deployment: Frozen<Pick<Deployment, 'build' | 'destination'>>): string {
  const build = deployment.build
  const app = build?.platform ? `${build.platform}|${build.appId}` : (build?.format ?? '')
  return createHash('sha256')
    .update(`${app}|${deployment.destination ?? ''}`)
    .digest('hex')
    .slice(0, 12)
}

/** Pure: the `external_id` of a deployment's check run: `mobile-build-deploy:<run>:<workflow run>:<build>[:<claim>]`, each part URI-encoded, `-` for none. */
export function externalId(identity: CheckIdentity): string {
  const part = (value: string | undefined): string => (value ? encodeURIComponent(value) : '-')
  const claim = identity.claim ? `:${part(identity.claim)}` : ''
  return `${EXTERNAL_ID_PREFIX}${part(identity.runId)}:${part(identity.workflowRunId)}:${part(identity.build)}${claim}`
}

/** Pure: what a check run's `external_id` says, when it is one of ours; undefined for any other. */
export function parseExternalId(id: string | null | undefined): CheckIdentity | undefined {
  if (!id?.startsWith(EXTERNAL_ID_PREFIX)) return undefined
  const parts = id.slice(EXTERNAL_ID_PREFIX.length).split(':')
  if (parts.length !== 3 && parts.length !== 4) return undefined
  try {
    const [runId, workflowRunId, build, claim] = parts.map(p =>
      p === '-' ? undefined : decodeURIComponent(p)
    )
    return { runId, workflowRunId, build: build ?? '', ...(claim ? { claim } : {}) }
  } catch {
    return undefined
  }
}
