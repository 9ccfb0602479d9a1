import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ObjectStore } from './store.js'
import type { UrlSigner } from './signing.js'
import type { Workspace } from './workspaces.js'
import { bodyProblem, failure, json } from './answers.js'
import { DeployAnswer } from './deploy-answer.js'
import { emulatorNow } from './clock.js'
import { bugFields, stageAt } from './lifecycle.js'
import { runOf, type Run, type RunState } from './runs.js'

const ACCEPTED = ['.apk', '.aab', '.deb', '.ipa', '.zip', '.csv', '.pdf']
const SIGNED_URL_SECONDS = 900

export type { Run, RunState } from './runs.js'

interface Deployment {
  id: string
  identity: string
  runId?: string
}

/** The service's own endpoints: signed URLs, the deploy webhook, and the runs list. */
export class ServiceApi {
  readonly runs: Run[] = []
  private readonly deployments: Deployment[] = []
  private readonly terminated = new Set<string>()

  constructor(
    private readonly workspaces: Workspace[],
    private readonly signer: UrlSigner,
    private readonly store: ObjectStore
  ) {}

  /** The workspace of the request's key, or the answer that refuses it. */
  authenticate(req: IncomingMessage, res: ServerResponse): Workspace | undefined {
    const header = req.headers.authorization ?? ''
    const key = /^Bearer (.+)$/.exec(header)?.[1]
    const workspace = this.workspaces.find(w => w.apiKey === key)
    if (!workspace) {
      failure(res, 401, 'UNAUTHORIZED', 'API key missing or invalid')
      return undefined
    }
    if (!workspace.enabled) {
      failure(res, 403, 'WORKSPACE_DISABLED', 'This workspace is disabled')
      return undefined
    }
    if (workspace.unavailable) {
      failure(res, workspace.unavailable, 'SERVICE_UNAVAILABLE', 'The service is unavailable')
      return undefined
    }
    return workspace
  }

  async signedUrl(
    workspace: Workspace,
    url: URL,
    res: ServerResponse,
    expireAtOnce: boolean
  ): Promise<void> {
    const file = url.searchParams.get('file')
    if (!file) return failure(res, 400, 'BAD_REQUEST', "Missing required query parameter 'file'")
    if (!ACCEPTED.some(ext => file.toLowerCase().endsWith(ext))) {
      return failure(
        res,
        400,
        'BAD_REQUEST',
        `Unsupported file type; accepted: ${ACCEPTED.join(', ')}`
      )
    }
    if (file.startsWith('/') || file.split('/').includes('..'))
      return failure(res, 400, 'BAD_REQUEST', 'Invalid file path')
    const key = `${workspace.teamId}/${file}`
    const signedUrl = expireAtOnce
      ? await this.signer.sign(key, 1, new Date(Date.now() - 5000))
      : await this.signer.sign(key, SIGNED_URL_SECONDS)
    const location: Record<string, string> =
      workspace.locationFields === 'interactive'
        ? { interactiveRunFileLocation: file }
        : workspace.locationFields === 'both'
          ? { playgroundFileLocation: file, interactiveRunFileLocation: file }
          : { playgroundFileLocation: file }
    json(res, 200, { fileLocation: key, ...location, signedUrl })
  }

  deploy(workspace: Workspace, body: unknown, res: ServerResponse): void {
    const problem = bodyProblem(body)
    if (problem) return failure(res, 400, 'BAD_REQUEST', problem)
    const b = body as Record<string, unknown>
    const variables = (b.variables ?? {}) as Record<string, string>
    const deploymentId = `dep_${randomBytes(6).toString('hex')}`
    const answer = new DeployAnswer(
      workspace.answerShape ?? 'documented',
      deploymentId,
      workspace.warning
    )
    const runInputPath = variables.RUN_INPUT_PATH
    const environment = this.environmentOf(workspace, runInputPath)
    const ephemeral = b.ephemeral_environment === true || /-pr\d+$/.test(environment ?? '')

    if (workspace.skipDeployments)
      return json(res, 200, answer.skipped(workspace.skipDeployments, environment, ephemeral))
    const typeMatches = !workspace.deploymentType || workspace.deploymentType === b.deployment_type
    if (!workspace.mobileTriggersEnabled || !typeMatches)
      return json(res, 200, answer.noTrigger(environment, ephemeral))
    if (environment === undefined) return json(res, 200, answer.noEnvironment())
    if (workspace.triggerFailure)
      return json(res, 200, answer.failed(workspace.triggerFailure, environment, ephemeral))

    const branch = typeof b.branch === 'string' ? b.branch : undefined
    const deduplicationKey =
      typeof b.deduplication_key === 'string'
        ? b.deduplication_key
        : `${branch ?? ''}:${environment}`
    const identity = JSON.stringify([
      workspace.teamId,
      deduplicationKey,
      b.sha ?? null,
      runInputPath ?? null
    ])
    const earlier = this.deployments.find(d => d.identity === identity && d.runId)
    if (earlier) return json(res, 200, answer.created(earlier.runId!, true, environment, ephemeral))

    const id = `run_${randomBytes(8).toString('hex')}`
    this.supersede(workspace, deduplicationKey, id)
    const key = runInputPath ? `${workspace.teamId}/${runInputPath.replace(/^\/+/, '')}` : undefined
    const run = runOf(workspace, b, key ? this.store.objects.get(key) : undefined, {
      id,
      deploymentId,
      environment,
      variables,
      runInputPath,
      branch,
      deduplicationKey,
      missing: key !== undefined && !this.store.objects.has(key)
    })
    this.runs.push(run)
    this.deployments.push({ id: deploymentId, identity, runId: run.id })
    json(res, 200, answer.created(run.id, false, environment, ephemeral))
  }

  /** A new run supersedes the team's running runs of its deduplication key, as the service's do. */
  private supersede(workspace: Workspace, deduplicationKey: string, by: string): void {
    for (const run of this.runs)
      if (
        run.teamId === workspace.teamId &&
        run.deduplicationKey === deduplicationKey &&
        run.status === 'running'
      ) {
        run.status = 'superseded'
        run.supersededBy = by
      }
  }

  /** The run's verdict so far (spec Part 3), following superseding runs; 404 while it does not exist yet. */
  greenlight(workspace: Workspace, runId: string, baseUrl: string, res: ServerResponse): void {
    const root = this.runs.find(r => r.id === runId && r.teamId === workspace.teamId)
    if (!root || this.stageOf(root) === 'missing')
      return failure(res, 404, 'RUN_NOT_FOUND', `No run ${runId} (yet)`)
    let relevant = root
    while (relevant.supersededBy)
      relevant = this.runs.find(r => r.id === relevant.supersededBy) ?? relevant
    const stage = this.stageOf(relevant)
    const at = stage === 'missing' ? 'initializing' : stage
    const bugs = bugFields(relevant.lifecycle, at, baseUrl, relevant.id)
    json(res, 200, {
      runStage: at,
      greenlight:
        at === 'completed' && ('blockingBugsCount' in bugs ? bugs.blockingBugsCount : 0) === 0,
      rootRunId: root.id,
      rootRunUrl: `${baseUrl}/runs/${root.id}`,
      relevantRunId: relevant.id,
      relevantRunUrl: `${baseUrl}/runs/${relevant.id}`,
      relevantRunWithBugsUrl: `${baseUrl}/runs/${relevant.id}/bugs`,
      workflowsInRunCount: 3,
      workflowsDisabledAfterRunCount: 0,
      ...bugs
    })
  }

  /** Ends a preview environment (spec Part 3): 200 once, 409 after, 404 for one never seen. */
  terminate(workspace: Workspace, body: unknown, res: ServerResponse): void {
    const b = (body ?? {}) as Record<string, unknown>
    const named = ['environmentId', 'environmentAlias', 'deploymentUrl'].filter(
      k => typeof b[k] === 'string'
    )
    if (named.length !== 1)
      return failure(
        res,
        400,
        'BAD_REQUEST',
        'Give one of environmentId, environmentAlias, deploymentUrl'
      )
    const known = this.runsOf(workspace)
    const run = known.find(
      r =>
        `env_${r.environment}` === b.environmentId ||
        r.environment === b.environmentAlias ||
        (r.deploymentUrl !== undefined && r.deploymentUrl === b.deploymentUrl)
    )
    const environment =
      run?.environment ??
      workspace.environments.find(e => `env_${e}` === b.environmentId || e === b.environmentAlias)
    if (!environment) return failure(res, 404, 'ENVIRONMENT_NOT_FOUND', 'No such environment')
    const key = `${workspace.teamId}/${environment}`
    if (this.terminated.has(key))
      return failure(res, 409, 'ALREADY_TERMINATED', 'Environment already terminated')
    this.terminated.add(key)
    json(res, 200, { code: 'terminated', environmentId: `env_${environment}` })
  }

  /** Where a run is now. */
  stageOf(run: Run): ReturnType<typeof stageAt> {
    return stageAt(run.lifecycle, emulatorNow() - Date.parse(run.createdAt))
  }

  /** What the runs list says of a run now: a finished run by how it ended, not as still running. */
  stateOf(run: Run): RunState {
    if (run.status !== 'running') return run.status
    const stage = this.stageOf(run)
    if (stage === 'canceled') return 'canceled'
    if (stage === 'completed') return run.lifecycle.final === 'passed' ? 'passed' : 'failed'
    return 'running'
  }

  /** Forgets every run, deployment and ended environment. */
  reset(): void {
    this.runs.length = 0
    this.deployments.length = 0
    this.terminated.clear()
  }

  runsOf(workspace: Workspace): Run[] {
    return this.runs.filter(r => r.teamId === workspace.teamId)
  }

  /**
   * The environment a file name selects by the naming convention: a pull
   * request's preview environment, named (its alias) by the basename
   * `<prefix>-<owner>-<repo>-pr<N>`; a static one by `<prefix>-<environment>`;
   * the first environment otherwise.
   */
  environmentOf(workspace: Workspace, runInputPath: string | undefined): string | undefined {
    const fallback = workspace.environments[0]
    if (!runInputPath) return fallback
    const name = (runInputPath.split('/').pop() ?? '').replace(/\.[^.]+$/, '')
    const pr = /^.+-.+-.+-pr(\d+)$/.exec(name)
    if (pr && workspace.prTestingEnabled) return name
    return workspace.environments.find(env => name.endsWith(`-${env}`)) ?? fallback
  }
}
