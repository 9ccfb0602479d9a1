/** A test run of the emulated service: what it is, and how a notification starts one. */
import { emulatorNow } from './clock.js'
import { lifecycleOf, type Lifecycle } from './lifecycle.js'
import type { StoredObject } from './store.js'
import type { Workspace } from './workspaces.js'

/** A run as the runs list shows it: its recorded status, or how it ended once it has. */
export type RunState = Run['status'] | 'passed' | 'failed' | 'canceled'

/** A test run the emulated service started. */
export interface Run {
  id: string
  teamId: string
  deploymentId: string
  environment: string
  /** `running` until superseded; `artifact-not-found` when RUN_INPUT_PATH names nothing in the store. */
  status: 'running' | 'superseded' | 'artifact-not-found'
  error?: string
  runInputPath?: string
  artifact?: { key: string; size: number; sha256: string }
  variables: Record<string, string>
  branch?: string
  sha?: string
  deploymentType?: string
  deduplicationKey: string
  pullRequestNumber?: number
  mergeRequestNumber?: number
  hostingService?: string
  repository?: Record<string, string>
  ephemeral: boolean
  createdAt: string
  /** How the run goes toward its verdict. */
  lifecycle: Lifecycle
  /** The newer run that superseded this one (same deduplication key). */
  supersededBy?: string
  deploymentUrl?: string
}

/** What a notification's run is known by as it starts. */
interface RunStart {
  id: string
  deploymentId: string
  environment: string
  variables: Record<string, string>
  runInputPath: string | undefined
  branch: string | undefined
  deduplicationKey: string
  /** The notification names a build the store does not hold. */
  missing: boolean
}

/** A new run of the notification `b`, on the build `object` it names (if stored). */
export function runOf(
  workspace: Workspace,
  b: Record<string, unknown>,
  object: StoredObject | undefined,
  { missing, ...start }: RunStart
): Run {
  const text = (field: string): string | undefined =>
    typeof b[field] === 'string' ? (b[field] as string) : undefined
  const number = (field: string): number | undefined =>
    typeof b[field] === 'number' ? (b[field] as number) : undefined
  return {
    ...start,
    teamId: workspace.teamId,
    status: missing ? 'artifact-not-found' : 'running',
    error: missing ? `Artifact not found: ${start.runInputPath}` : undefined,
    artifact: object ? { key: object.key, size: object.size, sha256: object.sha256 } : undefined,
    sha: text('sha'),
    deploymentType: text('deployment_type'),
    pullRequestNumber: number('pull_request_number'),
    mergeRequestNumber: number('merge_request_number'),
    hostingService: text('hosting_service'),
    repository: b.repository as Record<string, string> | undefined,
    ephemeral: b.ephemeral_environment === true,
    createdAt: new Date(emulatorNow()).toISOString(),
    lifecycle: lifecycleOf(workspace.lifecycle, start.variables, start.runInputPath),
    deploymentUrl: text('deployment_url')
  }
}
