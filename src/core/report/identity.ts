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
 * one step it is followed by each build's platform and app id.
 */
import { createHash } from 'node:crypto'
import type { BuildFacts } from '../inspect/facts.js'
import type { Deployment } from './facts.js'
import { PLATFORM_NAMES } from './words.js'

/** What a deployment's name is made of beside its build. */
export interface NameParts {
  checkName?: string | undefined
  environment?: string | undefined
  deploymentType?: string | undefined
}

/** Pure: the deployment's name, by the rule above; `several` when the step deploys more than one build. */
export function deploymentName(parts: NameParts, build?: BuildFacts, several = false): string {
  const app = build?.platform ? `${PLATFORM_NAMES[build.platform]}: ${build.appId}` : undefined
  if (parts.checkName) return several && app ? `${parts.checkName} (${app})` : parts.checkName
  const which = [app, parts.environment || parts.deploymentType].filter(Boolean)
  return which.length > 0 ? `Mobile tests (${which.join(', ')})` : 'Mobile tests'
}

const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:'

/** What a check run of ours carries in its `external_id`: never the key, a token or a signed URL. */
export interface CheckIdentity {
  /** The service's run the check shows, when one was created. */
  runId?: string | undefined
  /** The workflow run that wrote it (GITHUB_RUN_ID). */
  workflowRunId?: string | undefined
  /** Which build it is, whatever its name: a short hash of its platform, app id and destination. */
  build: string
  /** The collect that is completing it (collect/claim): two collects at once never both complete it. */
  claim?: string | undefined
}

/** Pure: a short key of which build a deployment sent where, the same for every run of the same build. */
export function buildKey(deployment: Pick<Deployment, 'build' | 'destination'>): string {
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
